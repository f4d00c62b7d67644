"""One cleaning for every name that comes in, however it comes (typed, pasted, a CSV or XLSX file, a members
file, an entry, an import), and the keys two names are compared by.

A name is kept as the person wrote it, less what only makes trouble: the bidi controls (U+202A-U+202E,
U+2066-U+2069) that would reverse the text after it (tournaments/http/bidi.py), the spaces doubled or at
the ends, and the form of its accents (NFC: "é" as one character, as a keyboard types it, not "e" and a
combining accent, as some spreadsheets keep it). A name cleaned twice is the same name.

Plain Python, no Django.
"""

import re
import unicodedata

BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def clean_name(text: object) -> str:
    """The name as it is stored: no bidi controls, NFC, single spaces, none at the ends; "" for nothing."""
    if text is None:
        return ""
    # The controls go first: one between a letter and its accent would keep the two from composing.
    plain = unicodedata.normalize("NFC", BIDI_CONTROLS.sub("", str(text)))
    return " ".join(plain.split())


def same_name_key(text: object) -> str:
    """Two names with one key are one name written two ways (case, spaces, accents composed or not)."""
    return unicodedata.normalize("NFC", clean_name(text).casefold())


def unaccented_key(text: object) -> str:
    """Two names with one key differ at most by accents ("Helene", "Hélène"): the same person, perhaps."""
    spread = unicodedata.normalize("NFD", same_name_key(text))
    return "".join(ch for ch in spread if not unicodedata.combining(ch))
