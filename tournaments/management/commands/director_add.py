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
                    user = club_services.account_create(username=username, password=password)
                    account = "made the account"
                else:
                    account = "found the account"
                membership, added = club_services.membership_add(club=club_obj, user=user, role=role)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        name, role_word = user.get_username(), membership.get_role_display().lower()
        said = [f"Made the club “{club_obj.name}”." if club_made else f"Found the club “{club_obj.name}”."]
        said.append(f"{account.capitalize()} “{user.get_username()}”.")
        if added:
            said.append(f"Added “{name}” to “{club_obj.name}” as {role_word}.")
        else:
            said.append(f"“{name}” was already in “{club_obj.name}”: {role_word}.")
        self.stdout.write(" ".join(said))

    def _password(self) -> str:
        password = os.environ.get("DIRECTOR_PASSWORD")
        if password:
            return password
        first = getpass.getpass("Password: ")
        if first != getpass.getpass("The password again: "):
            raise CommandError("The two passwords differ: nothing was changed.")
        return first
