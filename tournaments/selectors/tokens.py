from django.http import HttpRequest

from tournaments.http.site_url import site_url
from tournaments.models import Party, TableToken


def table_links(party: Party, request: HttpRequest | None = None) -> dict[int, str]:
    """Each table's entry link (live tokens only): one query."""
    base = site_url(request)
    tokens = TableToken.objects.filter(party=party, revoked_at__isnull=True).values_list("table", "token")
    return {table: f"{base}/t/{token}/" for table, token in tokens}
