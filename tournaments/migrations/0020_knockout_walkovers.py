import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_start_times"),
    ]

    operations = [
        migrations.AddField(
            model_name="knockoutmatch",
            name="conceded_by",
            field=models.ForeignKey(
                blank=True,
                help_text="The pair that withdrew and conceded the match: its opponents won by a walkover.",
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="+",
                to="tournaments.knockoutpair",
            ),
        ),
    ]
