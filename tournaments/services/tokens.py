"""Writes for the tables' entry links."""

from django.db import transaction
from django.utils import timezone

from tournaments.models import Party, TableToken


@transaction.atomic
def tokens_ensure(*, party: Party) -> None:
    """Every table has one live token (after the party is created or its tables change)."""
    live = set(TableToken.objects.filter(party=party, revoked_at__isnull=True).values_list("table", flat=True))
    TableToken.objects.bulk_create(
        TableToken(party=party, table=t) for t in range(1, party.tables + 1) if t not in live
    )


@transaction.atomic
def token_reissue(*, party: Party, table: int) -> TableToken:
    """Revoke the table's link (its printed QR code stops working) and issue a new one."""
    TableToken.objects.filter(party=party, table=table, revoked_at__isnull=True).update(revoked_at=timezone.now())
    return TableToken.objects.create(party=party, table=table)
