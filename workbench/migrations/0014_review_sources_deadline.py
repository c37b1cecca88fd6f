from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("workbench", "0013_review_as_of")]

    operations = [
        migrations.AddField(
            model_name="review",
            name="sources_deadline",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
