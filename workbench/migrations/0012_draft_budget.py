# Issue 18 §2: an uploaded draft is read by the worker under a budget; the review keeps why it failed and
# whether it was truncated at the citation limit.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("workbench", "0011_finding_messages"),
    ]

    operations = [
        migrations.AddField(
            model_name="review",
            name="draft_unread",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="review",
            name="failure",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="review",
            name="truncated",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
