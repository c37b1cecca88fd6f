# Issue 17: the review's as-of date and each finding's version/treatment check.

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("workbench", "0011_finding_messages"),
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
    ]
