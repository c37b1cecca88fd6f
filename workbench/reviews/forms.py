from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from verifier.ingest import IngestedDocument, IngestError, ingest_text
from verifier.ingest.files import check_upload
from workbench.models import Decision, Matter
from workbench.pipeline import drafts
from workbench.reviews.asof import as_of_problem
from workbench.security import throttle


class ThrottledLoginMixin:
    """Refuses further attempts for a username+address after too many recent failures
    (workbench.security.throttle); the attempt is counted before the password is checked, and becomes a
    failure if the password was wrong."""

    throttled_message = _("Too many failed attempts. Wait a few minutes and try again.")

    def clean(self) -> dict[str, Any]:
        form: Any = self
        # Field cleaning ran first: this is the username exactly as authentication will read it.
        username = str(form.cleaned_data.get("username") or "")
        address = throttle.client_address(form.request)
        if username and not throttle.reserve(username, address):
            raise forms.ValidationError(self.throttled_message, code="throttled")
        try:
            cleaned: dict[str, Any] = super().clean()  # type: ignore[misc]
        except forms.ValidationError:
            if username:
                throttle.failed(username, address)
            raise
        if username:
            throttle.succeeded(username, address)
        return cleaned


class ThrottledLoginForm(ThrottledLoginMixin, AuthenticationForm):
    pass


class ThrottledAdminLoginForm(ThrottledLoginMixin, AdminAuthenticationForm):
    pass


class UploadTextForm(forms.Form):
    """Paste or upload a text — a draft, a revised draft, or the source document of a finding — read into one
    IngestedDocument (`self.document`), with the refusal of a bad file shown at the field.

    An uploaded file is never parsed in this (web) process: it is only checked cheaply (size, type by content)
    and kept as `self.upload` for the worker to read under its budget (a draft: workbench.pipeline.drafts; a
    finding's source: workbench.supplied.reading). Pasted text is taken as it is, within the budget on
    characters."""

    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 6}), label=_("Paste the text")
    )
    file = forms.FileField(
        required=False,
        label=_("…or upload it (.txt, .md, .docx, .pdf)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.md,.docx,.pdf"}),
    )
    nothing_given = _("Paste the text or upload a file.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.document: IngestedDocument | None = None
        self.original: bytes | None = None
        self.upload: drafts.Upload | None = None

    @property
    def draft(self) -> dict[str, Any]:
        """What `services.create_review` / `add_version` take of this form."""
        return {"document": self.document, "original": self.original, "upload": self.upload}

    def pasted_name(self, data: dict[str, Any]) -> str:
        return "pasted text"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        text = (data.get("text") or "").strip("\ufeff")
        upload = data.get("file")
        if upload and text.strip():
            raise forms.ValidationError(_("Paste the text or upload a file, not both."))
        if upload:
            if upload.size > settings.WORKBENCH_MAX_UPLOAD_BYTES:
                self.add_error(
                    "file",
                    _("The file is larger than the %(mb)d MB limit.")
                    % {"mb": settings.WORKBENCH_MAX_UPLOAD_BYTES // (1024 * 1024)},
                )
                return data
            raw = upload.read(settings.WORKBENCH_MAX_UPLOAD_BYTES + 1)
            try:
                kind = check_upload(raw, upload.name, max_bytes=settings.WORKBENCH_MAX_UPLOAD_BYTES)
            except IngestError as exc:
                self.add_error("file", drafts.ingest_error_text(exc))
                return data
            self.upload = drafts.Upload.of(raw, upload.name, kind)
        elif text.strip():
            if len(text) > settings.WORKBENCH_MAX_DRAFT_CHARS:
                self.add_error("text", drafts.too_long_text(len(text)))
                return data
            self.document = ingest_text(text.replace("\r\n", "\n"), name=self.pasted_name(data))
        elif "file" not in self.errors:  # an empty or broken upload already has its own message
            self.add_error("text", self.nothing_given)
        return data


AS_OF_LABEL = _("Law as of")
AS_OF_HELP = _(
    "The date the law is checked on: the date of the facts, of the contract or of the filing. The wording in "
    "force on that day is the one checked. Default: today."
)


def as_of_field(*, required: bool) -> forms.DateField:
    return forms.DateField(
        required=required,
        label=AS_OF_LABEL,
        help_text=AS_OF_HELP,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        input_formats=["%Y-%m-%d"],
        error_messages={
            "required": _("Give the date the law is checked on."),
            "invalid": _("Give the date as YYYY-MM-DD, for example 2015-03-01."),
        },
    )


def clean_as_of_value(value: date | None) -> date:
    """A plausible as-of date; none given (a form posted without the field) is today."""
    if value is None:
        return timezone.localdate()
    problem = as_of_problem(value)
    if problem:
        raise forms.ValidationError(problem, code="implausible")
    return value


class AsOfForm(forms.Form):
    """The review's as-of date, changed on an existing review (the review is checked again)."""

    as_of = as_of_field(required=True)

    def clean_as_of(self) -> date:
        return clean_as_of_value(self.cleaned_data["as_of"])


class DraftVersionForm(UploadTextForm):
    """A revised draft: an uploaded file is read by the worker, as for a new review."""


class AttachSourceForm(UploadTextForm):
    """A finding's source: pasted text is attached at once; a file is stored and read by the worker."""


class NewReviewForm(UploadTextForm):
    matter = forms.ModelChoiceField(queryset=Matter.objects.none(), label=_("Matter"))
    title = forms.CharField(max_length=300, required=False, label=_("Title"))
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        label=_("Paste the draft"),
    )
    as_of = as_of_field(required=False)  # left empty: today
    field_order = ("matter", "title", "as_of", "text", "file")
    nothing_given = _("Paste a draft or upload a file.")

    def __init__(self, *args: Any, matters: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["as_of"].initial = timezone.localdate()
        self.fields["as_of"].widget.attrs["aria-describedby"] = "id_as_of-help"  # the help the page shows
        field = self.fields["matter"]
        field.queryset = matters  # type: ignore[attr-defined]
        only = list(matters[:2])
        if len(only) == 1:
            # One matter: nothing to choose, and an unchosen field made the first submit fail.
            field.initial = only[0].pk
            field.empty_label = None  # type: ignore[attr-defined]

    def pasted_name(self, data: dict[str, Any]) -> str:
        return str(data.get("title") or "pasted text")

    def clean_as_of(self) -> date:
        return clean_as_of_value(self.cleaned_data["as_of"])


class ProposalForm(forms.Form):
    action = forms.ChoiceField(
        choices=[
            (Decision.Action.ACCEPT, _("Accept as is")),
            (Decision.Action.SOFTEN, _("Accept with softened wording")),
            (Decision.Action.CORRECT, _("Corrected quote")),
        ]
    )
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}), label=_("Wording"))
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}), label=_("Comment"))


class DecisionForm(forms.Form):
    action = forms.ChoiceField(
        choices=[
            (Decision.Action.APPROVE, _("Approve")),
            (Decision.Action.REJECT, _("Reject")),
            (Decision.Action.OVERRIDE, _("Override hard block")),
        ]
    )
    comment = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}), label=_("Reason"))
