"""The export formats by name: what each writes, its file name ending and its media type."""

from collections.abc import Callable

from django.utils.translation import gettext_lazy

from tournaments.files.interchange.bridgewebs import bridgewebs_bytes
from tournaments.files.interchange.data import Results
from tournaments.files.interchange.pbn import pbn_bytes
from tournaments.files.interchange.usebio import usebio_bytes

WRITERS: dict[str, Callable[[Results], bytes]] = {
    "usebio": usebio_bytes,
    "bridgewebs": bridgewebs_bytes,
    "pbn": pbn_bytes,
}
ENDINGS = {"usebio": "usebio.xml", "bridgewebs": "bridgewebs.csv", "pbn": "pbn"}
MEDIA_TYPES = {
    "usebio": "application/xml; charset=utf-8",
    "bridgewebs": "text/csv; charset=utf-8",
    "pbn": "text/plain; charset=utf-8",
}

# A knockout places only each match's winner, not every player by a score: its deals go as PBN alone.
KNOCKOUT_FORMATS = ("pbn",)
KNOCKOUT_ONLY_PBN = gettext_lazy(
    "A knockout has no ranking of every player for USEBIO or a ranking CSV: export its deals as PBN."
)
