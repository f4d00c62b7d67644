"""A given name cut to its initial, in the name's own script (docs/names.md, "Initials in every script").

Scripts that abbreviate a name by its first letter and a full stop (Latin, Greek, Cyrillic, Armenian,
Georgian) get "M."; Hebrew marks an abbreviation with the geresh ("מ׳"), never a Latin full stop. Arabic and
the scripts of Chinese, Japanese and Korean names have no initials of their own: where the name is cut only to
save room (the knockout's big screen) the given name stays whole; where a member asked not to be named in full
(initials only), the first letter stands alone, with no Latin full stop after it ("س", not "س.").
"""

import unicodedata

DOTTED = frozenset({"LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "GEORGIAN"})
GERESH = "\u05f3"


def script(char: str) -> str:
    """The script of a letter by its Unicode name's first word ("ARABIC LETTER SEEN" -> "ARABIC")."""
    return unicodedata.name(char, "").split(" ", 1)[0]


def initial(word: str) -> str | None:
    """The word's initial as its script writes one, or None when its script has no initials."""
    if not word:
        return None
    first = word[0]
    kind = script(first)
    if kind in DOTTED:
        return first + "."
    if kind == "HEBREW":
        return first + GERESH
    return None


def shortened_given(word: str) -> str:
    """A given name shortened for room: its initial, or the word whole in a script without initials."""
    return initial(word) or word


def private_initial(word: str) -> str:
    """A given name hidden by the member's choice: its initial, or its first letter alone."""
    return initial(word) or word[:1]
