"""The review's "Retry all": every ⛔ finding looked up again at once (`workbench.reviews.retry_all`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from workbench.models import Finding
from workbench.refusals import refusal_text
from workbench.reviews.notices import after_sending
from workbench.reviews.permissions import review_for
from workbench.reviews.retry_all import retry_all


@require_POST
def review_retry_all(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    try:
        findings = retry_all(user=request.user, review=review)
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        pks = [f.pk for f in findings]
        waiting = Finding.objects.filter(pk__in=pks, dispatched_at__isnull=True).exists()
        sent = ngettext(
            "Looking the source of %(n)d finding up again.",
            "Looking the sources of %(n)d findings up again.",
            len(findings),
        ) % {"n": len(findings)}
        after_sending(request, waiting=waiting, sent=sent, review=False)
    return redirect("review", review_id=review.pk)
