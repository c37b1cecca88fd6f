"""The workbench's records: matters and their people, reviews of drafts, findings, source snapshots,
decisions, sign-offs and the hash-chained audit trail.

State changes go through `workbench.reviews.services`, which writes the audit event of each change; views and
tasks do not save these models directly.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from verifier.model import (
    HARD_BLOCKS,
    OFFICIAL_PASSES,
    RISK_ORDER,
    STATUS_ICON,
    clears_official_block,
    is_hard_block,
)
from verifier.model import Status as VerifierStatus

# the statuses that block sign-off until fixed or overridden (verifier.model.HARD_BLOCKS), as stored
HARD_BLOCK_STATUSES = tuple(sorted(s.value for s in HARD_BLOCKS))
# what the official source may say of a claim checked against a supplied source that a partner clears only
# with a written reason (verifier.model.clears_official_block), as stored
OFFICIAL_BLOCKING_STATUSES = tuple(sorted(s.value for s in VerifierStatus if s not in OFFICIAL_PASSES))


class Matter(models.Model):
    """A client matter. Only its members see its reviews."""

    name = models.CharField(_("name"), max_length=200)
    reference = models.CharField(_("reference"), max_length=64, unique=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="matters", blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class CitationStyle(models.TextChoices):
        FULL = "full", _("full form")
        SHORT = "short", _("short form")

    # The form the firm writes this matter's citations in (issue 29): the form notes, the PDF report and the
    # table of authorities read each citation in it; set by a partner (form/services.py), with its event.
    citation_style = models.CharField(
        _("citation form"), max_length=8, choices=CitationStyle.choices, default=CitationStyle.FULL
    )

    class Meta:
        ordering: ClassVar = ["name"]

    def __str__(self) -> str:
        return f"{self.reference} {self.name}"


def upload_path(instance: Any, filename: str) -> str:
    # Random names outside the web root: a file name from a user is display data, never a path.
    return f"drafts/{uuid.uuid4().hex}"


class Review(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        EXTRACTING = "extracting", _("extracting citations")
        RESOLVING = "resolving", _("resolving sources")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    matter = models.ForeignKey(Matter, on_delete=models.PROTECT, related_name="reviews")
    title = models.CharField(_("title"), max_length=300)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    # The current draft version; older versions live in DraftVersion.
    version = models.PositiveIntegerField(default=1)
    draft_name = models.CharField(max_length=255)
    draft_format = models.CharField(max_length=16)
    draft_text = models.TextField()
    draft_sha256 = models.CharField(max_length=64)
    draft_parts = models.JSONField(default=list, blank=True)  # [[start, end, origin], ...]
    # What ingestion could not read (pages without a text layer, undecodable characters…): shown, never lost.
    draft_warnings = models.JSONField(default=list, blank=True)
    original_file = models.FileField(upload_to=upload_path, blank=True)
    # The uploaded file of the current version is still to be read by the worker (workbench.pipeline.drafts):
    # the web request only stores it, so until then draft_text is empty.
    draft_unread = models.BooleanField(default=False)
    # Why the review failed, as a keyed message rendered in the reader's language (workbench.pipeline.drafts);
    # `error` holds the same in English for logs. {} for a review that did not fail that way.
    failure = models.JSONField(default=dict, blank=True)
    # The draft had more citations than one review checks: {"limit", "found", "last", "next"} (the origins of
    # the last checked and the first unchecked citation). {} when every citation was checked.
    truncated = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=8, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    progress_total = models.PositiveIntegerField(default=0)
    progress_done = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    dispatched_at = models.DateTimeField(null=True, blank=True)
    # Until when the review's look-ups may wait for upstream (WORKBENCH_REVIEW_SOURCE_BUDGET from the start
    # of its checks, or of a retry): past it, what has not arrived ends ⛔ "retry now".
    sources_deadline = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The review's reference date (the as-of date): the law is checked as it stood on this day — the date of
    # the facts, of the contract or of filing. Changing it re-verifies the current version.
    as_of = models.DateField(
        _("as of"), default=timezone.localdate, help_text=_("the date the law is checked on")
    )

    class Meta:
        ordering: ClassVar = ["-created_at"]

    def __str__(self) -> str:
        return self.title

    @property
    def is_running(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.EXTRACTING, self.Status.RESOLVING)

    @property
    def waits_for_worker(self) -> bool:
        """Saved and queued, but the broker could not take its task: it runs when the worker is back."""
        return self.status == self.Status.QUEUED and self.dispatched_at is None

    @property
    def is_signed_off(self) -> bool:
        return hasattr(self, "signoff")


class DraftVersion(models.Model):
    """Every version of a review's draft, kept so that what changed between versions can be shown."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=255)
    format = models.CharField(max_length=16)
    text = models.TextField()
    sha256 = models.CharField(max_length=64)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering: ClassVar = ["number"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["review", "number"], name="unique_version_per_review")
        ]

    def __str__(self) -> str:
        return f"{self.review_id} v{self.number}"


class SourceSnapshot(models.Model):
    """A source exactly as it was judged against: text, structure, where and when it was fetched."""

    key = models.CharField(max_length=255, db_index=True)  # the anchor key it answers (kr:law:민법 …)
    source_id = models.CharField(max_length=255)
    origin = models.CharField(max_length=32)  # law.go.kr, saos, eli, cellar, corpus, upload
    jurisdiction = models.CharField(max_length=8)
    kind = models.CharField(max_length=32)
    title = models.TextField()
    url = models.TextField(blank=True)  # public URL, never carrying a secret
    version = models.CharField(max_length=128, blank=True)
    sha256 = models.CharField(max_length=64)
    fetched_at = models.DateTimeField()
    text = models.TextField()
    number = models.CharField(max_length=128, blank=True)
    date = models.CharField(max_length=10, blank=True)
    court = models.CharField(max_length=255, blank=True)
    parties = models.JSONField(default=list, blank=True)
    units = models.JSONField(default=list, blank=True)
    summary = models.TextField(blank=True)
    meta = models.JSONField(default=dict, blank=True)
    retries = models.PositiveIntegerField(default=0)
    # None = kept for good (bodies are keyed by version); set for search-like results.
    expires_at = models.DateTimeField(null=True, blank=True)
    # Uploads are visible only inside their matter.
    matter = models.ForeignKey(Matter, null=True, blank=True, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["key", "source_id", "sha256", "matter"], name="unique_snapshot"),
        ]
        indexes: ClassVar = [models.Index(fields=["key", "fetched_at"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.origin}, {self.sha256[:12]})"


class SourceMiss(models.Model):
    """A definitive "no such source" from upstream, remembered for a while (WORKBENCH_NOT_FOUND_TTL_SECONDS)
    so that re-running a draft does not ask again at once. Only NotFound is kept: a transient failure
    (⛔) is always retried, and an attached source or a search hit always wins over a remembered miss."""

    key = models.CharField(max_length=255, db_index=True)
    reason = models.TextField()
    suggestions = models.JSONField(default=list, blank=True)
    checked_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: not found at {self.checked_at:%Y-%m-%d %H:%M}"


class Finding(models.Model):
    """One citation of a review's draft and its verdict (every field of CONTRACT §2), plus review state."""

    class Progress(models.TextChoices):
        PENDING = "pending"
        CLAIMED = "claimed"
        DONE = "done"

    class State(models.TextChoices):
        OPEN = "open", _("open")
        PROPOSED = "proposed", _("proposed")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")
        OVERRIDDEN = "overridden", _("overridden")

    STATUS_CHOICES: ClassVar = [(s.value, s.value) for s in VerifierStatus]

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="findings")
    version = models.PositiveIntegerField(default=1)
    ordinal = models.PositiveIntegerField()  # draft order; the id shown is C<ordinal>
    span_start = models.PositiveIntegerField()
    span_end = models.PositiveIntegerField()
    citation = models.TextField()
    jurisdiction = models.CharField(max_length=8)
    kind = models.CharField(max_length=32)
    claim_type = models.CharField(max_length=32)
    claim_text = models.TextField()
    claim_start = models.PositiveIntegerField(default=0)
    claim_end = models.PositiveIntegerField(default=0)
    quote = models.TextField(blank=True)
    quote_start = models.IntegerField(null=True, blank=True)
    quote_end = models.IntegerField(null=True, blank=True)
    origin = models.CharField(max_length=64, blank=True)
    # how the extraction read the sentence around the citation (quotes that are someone else's, who owns the
    # sentence's quote, a named amendment, the provision it is read with): a claim verified again from its
    # row must be read as the draft was, or the workbench and `verify` would judge the same words apart
    reading = models.JSONField(default=dict, blank=True)
    anchor = models.JSONField(default=dict, blank=True)  # the parsed anchor, to resolve again
    anchor_key = models.CharField(max_length=255, blank=True)
    problem = models.TextField(blank=True)  # why it could not be parsed (not_checked)
    required_level = models.CharField(max_length=16)
    achieved_level = models.CharField(max_length=16, blank=True)
    status = models.CharField(max_length=24, choices=STATUS_CHOICES, blank=True)
    rationale = models.TextField(blank=True)
    # the rationale and notes as messages (verifier.rationales.Message.to_json), rendered in the reader's
    # language; `rationale` and `notes` are the draft's-language texts the findings JSON carries
    reason = models.JSONField(null=True, blank=True)
    note_messages = models.JSONField(default=list, blank=True)
    supporting_urls = models.JSONField(default=list, blank=True)
    snapshot = models.ForeignKey(
        SourceSnapshot, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    match = models.JSONField(null=True, blank=True)
    notes = models.JSONField(default=list, blank=True)
    suggestions = models.JSONField(default=list, blank=True)
    nearest = models.JSONField(default=list, blank=True)
    coverage = models.FloatField(null=True, blank=True)
    risk = models.PositiveSmallIntegerField(default=9)  # RISK_ORDER of the status, for sorting in SQL
    progress = models.CharField(max_length=8, choices=Progress.choices, default=Progress.PENDING)
    claimed_at = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(max_length=32, blank=True)  # the claiming task's token
    dispatched_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=State.choices, default=State.OPEN)
    # A source a user supplied that this finding is checked against (evidence, not authority): chosen for it,
    # or a matter source a partner marked; None = the official source only.
    supplied_source = models.ForeignKey(
        "SuppliedSource", null=True, blank=True, on_delete=models.SET_NULL, related_name="findings"
    )
    # Checked against a supplied source: the status the official source gives the same claim.
    official_status = models.CharField(max_length=24, choices=STATUS_CHOICES, blank=True)
    # The version and treatment check on the review's as-of date (verifier.model.HistoryCheck.to_json);
    # None: the claim has no provision or judgment history to ask about.
    history = models.JSONField(null=True, blank=True)
    # The citation as its practice writes it and where the draft differs, in the full form
    # (verifier.form.FormNote.to_json); None: no official source, or no form rule for it. Never a status.
    form = models.JSONField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["ordinal"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["review", "version", "ordinal"], name="unique_finding_ordinal"),
        ]
        indexes: ClassVar = [
            models.Index(fields=["review", "progress"]),
            models.Index(fields=["review", "status"]),
        ]

    def __str__(self) -> str:
        return f"{self.finding_id} {self.citation}"

    @property
    def finding_id(self) -> str:
        return f"C{self.ordinal}"

    @property
    def icon(self) -> str:
        return STATUS_ICON[VerifierStatus(self.status)] if self.status else "…"

    @property
    def is_hard_block(self) -> bool:
        """`verifier.model.is_hard_block`: it blocks sign-off until a partner acts with a written reason."""
        return bool(self.status) and is_hard_block(self.status, self.official_status or None)

    @property
    def needs_override(self) -> bool:
        """A 🔴/⛔: a partner overrides it with a reason (the others are approved)."""
        return self.status in HARD_BLOCK_STATUSES

    @staticmethod
    def risk_of(status: str) -> int:
        return RISK_ORDER[VerifierStatus(status)] if status else 9

    @property
    def clears_official_block(self) -> bool:
        """Passes only against a supplied source, where the official source blocks the claim, words it
        otherwise or could not be had: a partner approves it with a written reason, like an override."""
        return bool(self.status) and clears_official_block(self.status, self.official_status or None)


class SuppliedSource(models.Model):
    """A file or text a user supplied as the source of findings of one review: evidence, not authority.

    It serves the finding it was attached to and the findings of the same review the user chose to apply it
    to (`Finding.supplied_source`), never the other citations of the same act. Later reviews of the matter use
    it only while a partner keeps it marked as a matter source."""

    class Form(models.TextChoices):
        FILE = "file", _("file")
        PASTE = "paste", _("pasted text")

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="supplied_sources")
    key = models.CharField(max_length=255, db_index=True)  # the anchor key it was supplied for
    snapshot = models.ForeignKey(SourceSnapshot, on_delete=models.PROTECT, related_name="+")
    form = models.CharField(max_length=8, choices=Form.choices)
    name = models.CharField(max_length=255)
    sha256 = models.CharField(max_length=64)  # of the text as it came in
    supplied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )  # None: stored before supplied sources were scoped, by someone the records do not name
    supplied_at = models.DateTimeField(default=timezone.now)
    matter_source = models.BooleanField(default=False)
    matter_source_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    matter_source_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["supplied_at", "pk"]
        indexes: ClassVar = [models.Index(fields=["key", "matter_source"])]

    def __str__(self) -> str:
        return f"{self.name} for {self.key} ({self.form}, review {self.review_id})"


def source_file_path(instance: Any, filename: str) -> str:
    # Random names, as for drafts: the user's file name is display data, never a path.
    return f"sources/{uuid.uuid4().hex}"


class SourceFile(models.Model):
    """A file a user attached as a finding's source, from the web request that stored it until the worker has
    read it (in the parse sandbox, as a draft) and attached it (`supplied_source`), or failed to.

    The web request only stores the bytes (0600, under MEDIA_ROOT) and queues the read: a small PDF can cost
    seconds of CPU, and the web server's workers are for pages."""

    class State(models.TextChoices):
        QUEUED = "queued", _("waiting to be read")
        READING = "reading", _("being read")
        READ = "read", _("read")
        FAILED = "failed", _("could not be read")

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="source_files")
    finding = models.ForeignKey(Finding, on_delete=models.CASCADE, related_name="source_files")
    also = models.JSONField(default=list, blank=True)  # the other findings of the act the user chose
    name = models.CharField(max_length=255)  # as the user named it: display only
    format = models.CharField(max_length=16)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to=source_file_path)
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    # why a read failed, as a keyed message rendered in the reader's language (workbench.supplied.reading)
    failure = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)  # the reader's own sentence
    supplied_source = models.ForeignKey(
        SuppliedSource, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    dispatched_at = models.DateTimeField(null=True, blank=True)  # None: never handed to the broker
    claimed_at = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(max_length=32, blank=True)  # the reading task's token
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar = ["created_at", "pk"]
        indexes: ClassVar = [models.Index(fields=["state", "dispatched_at"])]

    def __str__(self) -> str:
        return f"{self.name} for finding {self.finding_id} ({self.state})"

    @property
    def pending(self) -> bool:
        return self.state in (self.State.QUEUED, self.State.READING)


class Decision(models.Model):
    """An associate's proposal or a partner's approval, rejection or override of one finding."""

    class Action(models.TextChoices):
        ACCEPT = "accept", _("accept as is")
        SOFTEN = "soften", _("accept with softened wording")
        CORRECT = "correct", _("corrected quote")
        APPROVE = "approve", _("approve")
        REJECT = "reject", _("reject")
        OVERRIDE = "override", _("override hard block")

    finding = models.ForeignKey(Finding, on_delete=models.CASCADE, related_name="decisions")
    action = models.CharField(max_length=16, choices=Action.choices)
    text = models.TextField(blank=True)  # softened wording / corrected quote
    comment = models.TextField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    created_at = models.DateTimeField(default=timezone.now)
    carried_over = models.BooleanField(default=False)

    class Meta:
        ordering: ClassVar = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action} by {self.user_id}"


class SignOff(models.Model):
    review = models.OneToOneField(Review, on_delete=models.PROTECT, related_name="signoff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    signed_at = models.DateTimeField(default=timezone.now)
    comment = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"sign-off of {self.review_id} by {self.user_id}"


class AuditEventQuerySet(models.QuerySet):  # type: ignore[type-arg]
    def update(self, **kwargs: Any) -> int:
        raise PermissionError("Audit events are append-only.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise PermissionError("Audit events are append-only.")


class AuditEvent(models.Model):
    """One link of a review's hash chain. Written only by `workbench.audit`; never changed."""

    review = models.ForeignKey(Review, on_delete=models.PROTECT, related_name="audit_events", null=True)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=48)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    # The audit key the hash was made with (workbench.audit_keys); "" for events from before keying.
    key_id = models.CharField(max_length=40, blank=True, default="")

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        ordering: ClassVar = ["review_id", "seq"]
        constraints: ClassVar = [models.UniqueConstraint(fields=["review", "seq"], name="unique_audit_seq")]

    def __str__(self) -> str:
        return f"{self.review_id}#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise PermissionError("Audit events are append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise PermissionError("Audit events are append-only.")


class Profile(models.Model):
    """Per-user preferences: the interface language (blank = the browser's)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user_id} {self.language or 'browser'}"


class LoginThrottle(models.Model):
    """Failed logins, and those whose password is being checked right now, of one username from one address
    in the window (workbench.security.throttle)."""

    username = models.CharField(max_length=150)
    address = models.CharField(max_length=64)
    failures = models.PositiveIntegerField(default=0)
    pending = models.PositiveIntegerField(default=0)
    since = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["username", "address"], name="login_throttle_pair")]

    def __str__(self) -> str:
        return f"{self.username} {self.address} {self.failures}"
