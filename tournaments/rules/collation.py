"""Names in the order people expect: the Unicode Collation Algorithm with its default table (DUCET), by pyuca.

Code points put every accented capital after "Z" ("Éloïse" after "Zoé", "Łukasz" after "Marc"); the collation
puts "Éloïse" with the E's and "Łukasz" between "Luc" and "Marc". For English, French, German and Dutch the
CLDR has no tailoring that moves a Latin letter from where the root order puts it, so one order serves the four
languages (docs/collation.md says what was checked). Plain Python, no Django: the rules' own orders (equal
totals listed by name) use it as the pages do.
"""

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

from pyuca import Collator  # type: ignore[import-untyped]  # pyuca ships no types

T = TypeVar("T")


@lru_cache(maxsize=1)
def _collator() -> Collator:
    return Collator()  # reads its table once (a fifth of a second), on the first name sorted


@lru_cache(maxsize=16384)
def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """What a name sorts by: its collation key, then the name itself, so names the collation finds equal
    still come in one fixed order. Kept for the names seen lately (a page sorts the same names again)."""
    key: tuple[int, ...] = _collator().sort_key(name)
    return key, name


def by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """The items in the order of their names."""
    return sorted(items, key=lambda item: name_key(name(item)))


def names_sorted(names: Iterable[str]) -> list[str]:
    """The names in collation order."""
    return sorted(names, key=name_key)
