"""French typography in the French catalogue: a narrow no-break space (U+202F) before ; : ! ? and the
typographic apostrophe (’) in every elision, one style everywhere (issue 25, item 10)."""

import re
from pathlib import Path

import polib

FRENCH = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
# A space of any kind before the high punctuation: only the narrow no-break space is right.
WRONG_SPACE = re.compile(r"[ \u00a0\t]([;:!?])")
# A straight apostrophe between two letters is an elision typed the typewriter's way.
STRAIGHT_ELISION = re.compile(r"(?<=\w)'(?=\w)")


def french_texts():
    for entry in polib.pofile(str(FRENCH)):
        if entry.obsolete:
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if text:
                yield entry.msgid, text


def test_high_punctuation_takes_a_narrow_no_break_space():
    wrong = [(msgid, text) for msgid, text in french_texts() if WRONG_SPACE.search(text)]
    assert wrong == [], f"{len(wrong)} French strings with another space before ; : ! ? e.g. {wrong[:3]}"


def test_apostrophes_are_typographic():
    wrong = [(msgid, text) for msgid, text in french_texts() if STRAIGHT_ELISION.search(text)]
    assert wrong == [], f"{len(wrong)} French strings with a straight apostrophe, e.g. {wrong[:3]}"


def test_a_french_page_reads_the_narrow_space_and_the_apostrophe():
    """Read back through gettext as a French page reads them, from the compiled catalogue."""
    from django.utils import translation

    with translation.override("fr"):
        said = translation.gettext("Row %(line)s: “%(word)s” is neither lady nor gentleman.")
    assert said == "Ligne %(line)s\u202f: « %(word)s » n’est ni dame ni monsieur."
