from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_member_changes"),
    ]

    operations = [
        migrations.AddField(
            model_name="knockout",
            name="changes",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
    ]
