"""`manage.py demo`: demo users, a matter, the offline demo corpus and one fully verified sample review.

Safe to run twice: users, matter and snapshots are reused, and the sample review is made only once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand

from verifier.ingest import ingest_path
from workbench import services, worker
from workbench.corpus import import_corpus
from workbench.models import Matter, Review

DEMO_DIR = Path(settings.BASE_DIR) / "demo"
SAMPLE_TITLE = "Sample review: cross-border data memo"
USERS = (("associate", "associate"), ("partner", "partner"))


class Command(BaseCommand):
    help = "Create the demo users, matter, offline corpus and a verified sample review."

    def handle(self, *args: Any, **options: Any) -> None:
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
