"""A whole party (or knockout) as one JSON document, and back: everything entered, history included.

The export names rows by their place (round number, table, seat) rather than database ids,
so it imports into any database. Users are named by user name; on import a change is linked
to the user of that name when there is one.

An export carries no live phone link unless asked (`with_links`): whoever has the file could
otherwise enter results for the tables. An import always issues new links, even from a file that
carries old ones; the history keeps which table's phone made a change, never its secret.

An import checks the whole file against the models before it writes anything (choices, lengths,
number ranges, dates, references, what the database holds unique, and rounds and results that
agree); a damaged file gets one plain message naming its first problem and creates nothing.

The package: party.py and knockout.py (each format's export and import), common.py (the checks and the
writer both share), limits.py (sizes and counts); here, a file's bytes read as JSON and the public names.
"""

import json

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from tournaments.files.transfer.common import _damaged
from tournaments.files.transfer.foreign import foreign_kind, foreign_refused, takes
from tournaments.files.transfer.knockout import KNOCKOUT_FORMAT, KNOCKOUT_FORMATS, knockout_export, knockout_import
from tournaments.files.transfer.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_FILE_MB, _too_deep
from tournaments.files.transfer.party import FORMAT, FORMATS, party_export, party_import

__all__ = [
    "FORMAT",
    "KNOCKOUT_FORMAT",
    "MAX_FILE_BYTES",
    "event_import",
    "export_read",
    "knockout_export",
    "knockout_import",
    "party_export",
    "party_import",
]


def export_read(raw: bytes):
    """An export file's bytes as JSON, refused plainly when it is larger or nests deeper than any export, or is
    another kind of file (USEBIO, PBN, CSV, a spreadsheet: named as what it is)."""
    if len(raw) > MAX_FILE_BYTES:
        raise ValidationError(
            gettext("The file is larger than %(most)s MB: no export of a party or a knockout is that large.")
            % {"most": MAX_FILE_MB}
        )
    too_deep = _damaged(
        gettext("it nests lists and objects more than %(most)s deep (an export nests %(depth)s deep)")
        % {"most": MAX_DEPTH, "depth": 6}
    )
    kind = foreign_kind(raw)
    if kind is not None:
        raise foreign_refused(kind)
    if _too_deep(raw):
        raise too_deep
    try:
        return json.loads(raw)
    except RecursionError:  # unclosed, and deeper than the parser goes
        raise too_deep from None
    except ValueError as error:
        raise ValidationError(gettext("The file is not JSON: %(error)s") % {"error": error}) from None


def event_import(raw: bytes, *, user=None, club=None, notes: list[str] | None = None):
    """A party or a knockout from its export file's bytes (the command's and the import page's one way in);
    anything else refused with one plain ValidationError, nothing created."""
    data = export_read(raw)
    kind = data.get("format") if isinstance(data, dict) else None
    if kind in FORMATS:
        return party_import(data, user=user, club=club, notes=notes)
    if kind in KNOCKOUT_FORMATS:
        return knockout_import(data, user=user, club=club, notes=notes)
    raise ValidationError(
        gettext("This is not %(takes)s: it is JSON, but no party's or knockout's export.") % {"takes": takes()}
    )
