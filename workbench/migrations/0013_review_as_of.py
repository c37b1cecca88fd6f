# Issue 17: the review's as-of date and each finding's version/treatment check.

import django.utils.timezone
from django.db import migrations, models


def as_of_from_creation(apps, schema_editor):  # type: ignore[no-untyped-def]
    """A review made before the as-of date existed was checked against the law of the day it was made: its
    creation day (in TIME_ZONE) is its as-of date, not the day of the migration."""
    Review = apps.get_model("workbench", "Review")
    for pk, created_at in Review.objects.values_list("pk", "created_at").iterator():
        Review.objects.filter(pk=pk).update(as_of=django.utils.timezone.localdate(created_at))


class Migration(migrations.Migration):
    dependencies = [
        ("workbench", "0012_draft_budget"),
    ]

    operations = [
        migrations.AddField(
            model_name="review",
            name="as_of",
            field=models.DateField(
                default=django.utils.timezone.localdate,
                help_text="the date the law is checked on",
                verbose_name="as of",
            ),
        ),
        migrations.AddField(
            model_name="finding",
            name="history",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(as_of_from_creation, migrations.RunPython.noop),
    ]
