"""`director_add USERNAME --club "CLUB NAME" [--owner]`: a director (new or existing) into a club.

The club is made if new. A new account's password comes from DIRECTOR_PASSWORD, else it is asked
twice; Django's password validators apply. An existing account is added with its password unchanged.
"""

import getpass
import os

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Role
from tournaments.services import clubs as club_services


class Command(BaseCommand):
    help = "Add a director to a club (the club and the account are made if new)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--club", required=True, help="The club's name.")
        parser.add_argument("--owner", action="store_true", help="An owner also manages the club's directors.")

    def handle(self, *args, username, club, owner, **options):
        role = Role.OWNER if owner else Role.DIRECTOR
        user = get_user_model().objects.filter(username=username).first()
        password = None if user else self._password()
        try:
            with transaction.atomic():
                club_obj, club_made = club_services.club_get_or_create(name=club)
                if user is None:
                    assert password is not None  # asked for just above whenever there is no such account
                    user = club_services.account_create(username=username, password=password)
                    made_account = True
                else:
                    made_account = False
                membership, added = club_services.membership_add(club=club_obj, user=user, role=role)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        names = {"name": user.get_username(), "club": club_obj.name}
        said = [_("Made the club “%(club)s”.") if club_made else _("Found the club “%(club)s”.")]
        said.append(_("Made the account “%(name)s”.") if made_account else _("Found the account “%(name)s”."))
        owner = membership.role == Role.OWNER
        if added:
            said.append(
                _("Added “%(name)s” to “%(club)s” as owner.")
                if owner
                else _("Added “%(name)s” to “%(club)s” as director.")
            )
        else:
            said.append(
                _("“%(name)s” was already in “%(club)s”: owner.")
                if owner
                else _("“%(name)s” was already in “%(club)s”: director.")
            )
        self.stdout.write(" ".join(sentence % names for sentence in said))

    def _password(self) -> str:
        password = os.environ.get("DIRECTOR_PASSWORD")
        if password:
            return password
        first = getpass.getpass(_("Password: "))
        if first != getpass.getpass(_("The password again: ")):
            raise CommandError(_("The two passwords differ: nothing was changed."))
        return first
