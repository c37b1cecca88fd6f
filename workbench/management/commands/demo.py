"""`manage.py demo`: demo users, a matter, the offline demo corpus and one fully verified sample review.

Safe to run twice: users, matter and snapshots are reused, and the sample review is made only once.

The demo users have documented passwords (associate/associate, partner/partner), so the demo loads only into
the embedded default database (no DATABASE_URL), or into another one when asked with --force. The sample
review is checked against the offline corpus only: loading the demo never sends a request anywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from verifier.ingest import ingest_path
from workbench.management.database import ensure_database
from workbench.models import Matter, Review
from workbench.pipeline import worker
from workbench.pipeline.corpus import import_corpus
from workbench.reviews import services

DEMO_DIR = Path(settings.BASE_DIR) / "demo"
SAMPLE_TITLE = "Sample review: cross-border data memo"
USERS = (("associate", "associate"), ("partner", "partner"))


class Command(BaseCommand):
    help = (
        "Create the demo users (associate/associate, partner/partner), a matter, the offline corpus and a "
        "verified sample review; on the embedded default database only, unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="load the demo, with its documented passwords, into the database DATABASE_URL names",
        )
        parser.add_argument(
            "--if-embedded",
            action="store_true",
            help="on any other database than the embedded default, say so and do nothing (make run)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.EMBEDDED_DEFAULT_DATABASE and not options["force"]:
            reason = (
                "the demo creates users with documented passwords (associate/associate, partner/partner) and "
                "loads only into the embedded default database; DATABASE_URL names another one"
            )
            if options["if_embedded"]:
                self.stdout.write(f"Demo not loaded: {reason} (make run DEMO=1 loads it there).")
                return
            raise CommandError(f"{reason}. Pass --force to load it there anyway.")
        ensure_database()
        # The sample review is checked against the offline corpus only: no request leaves the machine.
        with override_settings(WORKBENCH_LOCAL_ONLY=True):
            self.load()

    def load(self) -> None:
        user_model = get_user_model()
        people = {}
        for name, role in USERS:
            user, created = user_model.objects.get_or_create(username=name)
            if created:
                user.set_password(name)
                user.save()
            user.groups.add(Group.objects.get_or_create(name=role)[0])
            people[name] = user
        matter, _ = Matter.objects.get_or_create(reference="DEMO-001", defaults={"name": "Demo client"})
        matter.members.add(*people.values())
        added, existing = import_corpus(DEMO_DIR / "corpus")
        self.stdout.write(f"Demo corpus: {added} documents imported, {existing} already there.")
        if not Review.objects.filter(matter=matter, title=SAMPLE_TITLE).exists():
            document = ingest_path(DEMO_DIR / "sample-memo.md")
            review = services.create_review(
                user=people["associate"], matter=matter, title=SAMPLE_TITLE, document=document, enqueue=False
            )
            # Verified here, in this process, so the review is complete on the first visit.
            worker.verify_findings(worker.extract_findings(review.pk))
            review.refresh_from_db()
            self.stdout.write(
                f"Sample review #{review.pk}: {review.progress_total} citations, {review.status}."
            )
        self.stdout.write("Demo logins: associate/associate and partner/partner.")
