import json

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.transfer import party_import


class Command(BaseCommand):
    help = "Create a party from a JSON export (see export_party)."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, *args, path, **options):
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, json.JSONDecodeError) as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        try:
            party = party_import(data)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(f"Imported {party.name} as party {party.id}.")
