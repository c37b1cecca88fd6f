"""The matter's citation-form setting (POST, CSRF, a partner of the matter)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from workbench.form.services import set_citation_style
from workbench.models import Matter
from workbench.refusals import refusal_text
from workbench.reviews.permissions import matters_of


@require_POST
def matter_citation_style(request: HttpRequest, matter_id: int) -> HttpResponse:
    try:
        matter = matters_of(request.user).get(pk=matter_id)
    except Matter.DoesNotExist:
        raise Http404("No such matter.") from None
    try:
        set_citation_style(user=request.user, matter=matter, style=request.POST.get("style", ""))
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            _("Citations of this matter are now written in the %(form)s.")
            % {"form": matter.get_citation_style_display()},
        )
    return redirect("matter", matter_id=matter.pk)
