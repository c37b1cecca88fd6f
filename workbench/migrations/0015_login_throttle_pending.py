from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("workbench", "0014_review_sources_deadline")]

    operations = [
        migrations.AddField(
            model_name="loginthrottle",
            name="pending",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
