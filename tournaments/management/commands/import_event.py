from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.transfer import MAX_FILE_BYTES, event_import
from tournaments.models import Club


class Command(BaseCommand):
    help = (
        "Create a party or a knockout from its JSON export (see export_party and export_knockout). The whole file "
        "is checked first, every score recomputed by the rules: a damaged or tampered one is refused with one plain "
        "message and nothing is created. A party's tables get new phone links, never the ones an export may carry. "
        "It takes a Club Director event file (.json): a USEBIO, PBN or CSV results file is named as such and refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--club", help="The club it belongs to (by name); optional when there is only one club.")

    def handle(self, *args, path, club=None, **options):
        try:
            with open(path, "rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)  # a larger file is refused, never read whole
        except OSError as error:
            raise CommandError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": error}) from None
        notes: list[str] = []
        try:
            created = event_import(raw, club=_club(club), notes=notes)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(_("Imported %(name)s (id %(id)s).") % {"name": created.name, "id": created.id})
        for note in notes:
            self.stdout.write(note)


def _club(name: str | None) -> Club:
    if name:
        club = Club.objects.filter(name=name).first()
        if club is None:
            raise CommandError(_("There is no club called “%(club)s” (make it with director_add).") % {"club": name})
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) != 1:
        raise CommandError(_('Name the club it goes to: import_event FILE --club "CLUB NAME".'))
    return clubs[0]
