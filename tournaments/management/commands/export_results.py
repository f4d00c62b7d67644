"""`python manage.py export_results PARTY_ID --format usebio|bridgewebs|pbn [-o FILE]`

A party's results for other bridge software: USEBIO XML for a national body, a BridgeWebs-style
CSV ranking for a club's website, PBN records of every deal entered. Standard output without -o.
"""

import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.interchange import formats
from tournaments.models import Party
from tournaments.selectors.interchange import party_results


class Command(BaseCommand):
    help = "Write a party's results as USEBIO XML, a BridgeWebs CSV ranking or PBN deal records."

    def add_arguments(self, parser):
        parser.add_argument("party_id", type=int)
        parser.add_argument("--format", "-f", required=True, choices=sorted(formats.WRITERS))
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, party_id, format, output=None, **options):
        party = Party.objects.select_related("club").filter(pk=party_id).first()
        if party is None:
            raise CommandError(_("There is no party %(id)s.") % {"id": party_id})
        try:
            data = formats.WRITERS[format](party_results(party))
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        if output:
            with open(output, "wb") as handle:
                handle.write(data)
            self.stdout.write(_("%(party)s written to %(file)s.") % {"party": party.name, "file": output})
        else:
            self.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
