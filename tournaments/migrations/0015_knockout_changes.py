from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_entry_mail"),
    ]

    operations = [
        migrations.AddField(
            model_name="knockout",
            name="changes",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
    ]
