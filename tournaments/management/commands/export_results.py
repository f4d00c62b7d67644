"""`python manage.py export_results PARTY_ID --format usebio|bridgewebs|pbn [-o FILE]`

A party's results for other bridge software: USEBIO XML for a national body or a results site, BridgeWebs'
CSV upload (ranking and travellers) for a club's website, PBN records of every deal entered
(docs/formats.md). Standard output without -o.

`--knockout` reads the id as a knockout's: its deals as PBN. USEBIO and the ranking CSV place every
player of a field by a score; a knockout places only who won each match, so for a knockout those two
are refused with a plain message.
"""

import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.interchange import formats
from tournaments.models import Knockout, Party
from tournaments.selectors.interchange import knockout_results, party_results


class Command(BaseCommand):
    help = "Write a party's results as USEBIO XML, BridgeWebs' CSV upload or PBN deal records."

    def add_arguments(self, parser):
        parser.add_argument("party_id", type=int)
        parser.add_argument("--knockout", action="store_true", help="the id is a knockout's (PBN only)")
        parser.add_argument("--format", "-f", required=True, choices=sorted(formats.WRITERS))
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, party_id, format, output=None, knockout=False, **options):
        event, read = self._event(party_id, knockout, format)
        try:
            data = formats.WRITERS[format](read(event))
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        if output:
            with open(output, "wb") as handle:
                handle.write(data)
            self.stdout.write(_("%(party)s written to %(file)s.") % {"party": event.name, "file": output})
        else:
            self.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()

    def _event(self, event_id: int, knockout: bool, format: str):
        if not knockout:
            party = Party.objects.select_related("club").filter(pk=event_id).first()
            if party is None:
                raise CommandError(_("There is no party %(id)s.") % {"id": event_id})
            return party, party_results
        found = Knockout.objects.select_related("club").filter(pk=event_id).first()
        if found is None:
            raise CommandError(_("There is no knockout %(id)s.") % {"id": event_id})
        if format not in formats.KNOCKOUT_FORMATS:
            raise CommandError(str(formats.KNOCKOUT_ONLY_PBN))
        return found, knockout_results
