"""Add the demo events to a club (safe to run again): `demo --club "CLUB NAME"`."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Club
from tournaments.services import clubs as club_services
from tournaments.services.demo import demo_add


class Command(BaseCommand):
    help = "Add the demo events (a small mixed party, partly played) to a club; safe to run again."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="The club's name (made if new). Optional when there is only one club.")

    def handle(self, *args, club=None, **options):
        if club:
            club_obj, created = club_services.club_get_or_create(name=club)
            if created:
                self.stdout.write(
                    _("Made the club “%(club)s” (add its directors with director_add).") % {"club": club_obj.name}
                )
        else:
            clubs = list(Club.objects.all()[:2])
            if len(clubs) != 1:
                raise CommandError(_('Name the club: demo --club "CLUB NAME".'))
            club_obj = clubs[0]
        added = demo_add(club=club_obj)
        if added:
            self.stdout.write(
                _("Added to “%(club)s”: %(events)s.") % {"club": club_obj.name, "events": ", ".join(added)}
            )
        else:
            self.stdout.write(_("“%(club)s” has the demo events already: nothing added.") % {"club": club_obj.name})
