"""Files a whole-event import does not take, known by their first bytes: results for other bridge software
(USEBIO, PBN, a CSV) and spreadsheets. Each is named plainly, with what the import takes instead."""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

HEAD_BYTES = 4096  # enough to see a file's kind: its first lines
_PBN_TAG = re.compile(rb'\[[A-Za-z]\w*\s+"')
_CSV_LINE = re.compile(rb"^[^\r\n{}\[\]]*[,;\t][^\r\n]*$", re.MULTILINE)


def foreign_kind(raw: bytes) -> str | None:
    """'usebio', 'xml', 'pbn', 'csv' or 'xlsx' when the bytes are one of these, else None (JSON, or nothing known)."""
    head = raw[:HEAD_BYTES].lstrip(b"\xef\xbb\xbf \t\r\n")
    if _PBN_TAG.match(head):  # before JSON's "[": a tag line is "[Event "…"]", never JSON
        return "pbn"
    if head.startswith((b"{", b"[")):
        return None
    if head.startswith(b"PK\x03\x04"):
        return "xlsx"
    if head.startswith(b"<"):
        return "usebio" if b"<USEBIO" in head.upper() else "xml"
    if head.startswith(b"%"):  # PBN's comment and "% PBN 2.1" line
        return "pbn"
    if head.startswith(b"#") or _CSV_LINE.match(head):
        return "csv"
    return None


def _names() -> dict[str, str]:
    return {
        "usebio": gettext("a USEBIO results file (XML)"),
        "xml": gettext("an XML file"),
        "pbn": gettext("a PBN file (deals and results)"),
        "csv": gettext("a CSV file"),
        "xlsx": gettext("a spreadsheet (XLSX)"),
    }


def takes() -> str:
    return gettext("a Club Director event file (.json), as “Export everything (JSON)” writes it")


def foreign_refused(kind: str) -> ValidationError:
    return ValidationError(
        gettext("This is %(kind)s. The import takes %(takes)s; nothing was imported.")
        % {"kind": _names()[kind], "takes": takes()}
    )
