"""A club's members list as a file: written as CSV or XLSX, read back from the same shape.

Columns: Name, Lady or gentleman, Member number, Email, Phone, Active ("yes"/"no"), Initials only
("yes"/"no": public results and exports show the member as "J. S."). A file of just names (and kinds)
also reads: the other columns may be missing. An empty or missing Initials only leaves a known
member's choice as it is (a new member: no); anything but yes or no is refused, naming its row.
The headings are English words in every language (a machine shape, read back by the import); the
import also takes them in French, German and Dutch, in any order, a first name and surname in two
columns joined (tournaments/rules/headers.py).
"""

import csv
import io

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from openpyxl import Workbook

from tournaments.files import uploads
from tournaments.printing.workbook import put_row
from tournaments.rules import kinds
from tournaments.services.members import MemberRow

HEADINGS = ["Name", "Lady or gentleman", "Member number", "Email", "Phone", "Active", "Initials only"]
NO_WORDS = {"no", "n", "false", "0", "archived", "non", "nein", "nee"}
YES_WORDS = {"yes", "y", "true", "1", "oui", "ja"}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _row_values(member) -> list[str]:
    return [
        member.name,
        member.kind,
        member.number,
        member.email,
        member.phone,
        "yes" if member.active else "no",
        "yes" if member.initials_only else "no",
    ]


def members_csv(members) -> bytes:
    out = io.StringIO()
    # Every cell quoted: the "'" of a guarded value is then never taken for a quote when read back.
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(HEADINGS)
    for member in members:
        # A value that starts like a formula is written as text: a spreadsheet never runs it.
        writer.writerow(["'" + v if v.startswith(FORMULA_STARTS) else v for v in _row_values(member)])
    return ("\ufeff" + out.getvalue()).encode()


def members_xlsx(members) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Members"))
    put_row(sheet, HEADINGS)
    for member in members:
        put_row(sheet, _row_values(member))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _cell(row, index: int) -> str:
    return row[index].strip() if len(row) > index and row[index] else ""


def _unquoted(value: str) -> str:
    """The export's guard against formulas ('=1) taken off again."""
    return value[1:] if value.startswith("'") and value[1:2] in FORMULA_STARTS else value


def member_rows(filename: str, data: bytes) -> list[MemberRow]:
    """The file's rows as MemberRows, each with the spreadsheet's own row number. A bad kind is a
    message naming its row; the whole file is refused when any row is bad."""
    rows = uploads.read_rows(filename, data, wording=uploads.MEMBERS)
    problems, out = [], []
    for row in rows:
        line = getattr(row, "line", 0)
        kind = kinds.kind_from_word(_cell(row, 1))
        if kind is None:
            problems.append(
                _("Row %(line)s: “%(word)s” is neither lady nor gentleman.") % {"line": line, "word": _cell(row, 1)}
            )
            continue
        initials = _cell(row, 6).lower()
        if initials and initials not in YES_WORDS | NO_WORDS:
            problems.append(
                _("Row %(line)s: “%(word)s” under Initials only is neither yes nor no.")
                % {"line": line, "word": _cell(row, 6)}
            )
            continue
        out.append(
            MemberRow(
                line=line,
                name=_unquoted(_cell(row, 0)),
                kind=kind,
                number=_unquoted(_cell(row, 2)),
                email=_cell(row, 3),
                phone=_unquoted(_cell(row, 4)),
                active=_cell(row, 5).lower() not in NO_WORDS,
                initials_only=(initials in YES_WORDS) if initials else None,
            )
        )
    if problems:
        raise ValidationError(problems)
    return out
