from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from workbench import audit_keys


class Command(BaseCommand):
    help = (
        "Start making audit events with a new key (var/audit/keys); older keys are kept so that the events "
        "made with them still verify."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.WORKBENCH_AUDIT_KEY:
            raise CommandError(
                "WORKBENCH_AUDIT_KEY gives the key: rotate by setting a new one (keep the old one's events "
                "verifiable by moving it into var/audit/keys/ under the id its events name)."
            )
        self.stdout.write(f"Audit events are now made with key {audit_keys.rotate()}.")
