import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.transfer import party_export
from tournaments.models import Party


class Command(BaseCommand):
    help = (
        "Write a whole party (everything entered, history included) as JSON to standard output or a file. "
        "The tables' phone links are left out unless --with-links."
    )

    def add_arguments(self, parser):
        parser.add_argument("party_id", type=int)
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")
        parser.add_argument(
            "--with-links",
            action="store_true",
            help="include the tables' live phone links: whoever has the file can enter the tables' results "
            "(an import issues new links all the same)",
        )

    def handle(self, *args, party_id, output=None, with_links=False, **options):
        party = Party.objects.filter(pk=party_id).first()
        if party is None:
            raise CommandError(_("There is no party %(id)s.") % {"id": party_id})
        text = json.dumps(party_export(party, with_links=with_links), indent=1, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stdout.write(_("%(name)s written to %(path)s.") % {"name": party.name, "path": output})
        else:
            self.stdout.write(text)
