import json

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext as _

from tournaments.files.transfer import knockout_export
from tournaments.models import Knockout


class Command(BaseCommand):
    help = "Write a whole knockout (pairs, draws, every match and deal) as JSON to standard output or a file."

    def add_arguments(self, parser):
        parser.add_argument("knockout_id", type=int)
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, knockout_id, output=None, **options):
        knockout = Knockout.objects.filter(pk=knockout_id).first()
        if knockout is None:
            raise CommandError(_("There is no knockout %(id)s.") % {"id": knockout_id})
        text = json.dumps(knockout_export(knockout), indent=1, ensure_ascii=False, cls=DjangoJSONEncoder)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stdout.write(_("%(name)s written to %(path)s.") % {"name": knockout.name, "path": output})
        else:
            self.stdout.write(text)
