"""Changing a review's as-of date (the law is checked as it stood that day): the page's form posts here; the
review is checked again."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from workbench.refusals import refusal_text
from workbench.reviews import services
from workbench.reviews.forms import AsOfForm
from workbench.reviews.permissions import ASSOCIATE, PARTNER, require_role, review_for


@require_POST
def review_as_of(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)  # a review of one of the user's matters, or 404
    require_role(request.user, ASSOCIATE, PARTNER)
    form = AsOfForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect("review", review_id=review.pk)
    try:
        services.change_as_of(user=request.user, review=review, as_of=form.cleaned_data["as_of"])
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            _("The law is now checked as of %(date)s: every citation of this version is being checked again.")
            % {"date": form.cleaned_data["as_of"].isoformat()},
        )
    return redirect("review", review_id=review.pk)
