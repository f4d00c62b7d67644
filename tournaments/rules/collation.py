"""Names in the order people expect: the Unicode Collation Algorithm with its default table (DUCET), by pyuca.

Code points put every accented capital after "Z" ("Éloïse" after "Zoé", "Łukasz" after "Marc"); the collation
puts "Éloïse" with the E's and "Łukasz" between "Luc" and "Marc". For English, French, German and Dutch the
CLDR has no tailoring that moves a Latin letter from where the root order puts it, so one order serves the four
languages (docs/collation.md says what was checked). Plain Python, no Django: the rules' own orders (equal
totals listed by name) use it as the pages do.

pyuca's own table is a trie of Python objects, about 11 MB in every web worker that ever sorted a name; the
same table is held here in a few arrays (under 1 MB), read from pyuca's file by pyuca's own pattern and
looked up as pyuca's trie is, so every key is pyuca's (tests/rules/test_name_order.py compares them).
"""

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

from pyuca import Collator  # type: ignore[import-untyped]  # pyuca ships no types
from pyuca.collator import COLL_ELEMENT_PATTERN  # type: ignore[import-untyped]

T = TypeVar("T")

Elements = list[tuple[int, ...]]
SEEN = 4096  # characters whose entries CompactTable keeps unpacked


class CompactTable:
    """pyuca's table of collation elements, with its trie's one lookup (find_prefix), in arrays: the single
    characters' code points in order, where each one's weights start, and every weight (three per element, each
    under 0x10000 as the file writes them); the few hundred contractions (keys of several characters) in a
    dict, with every shorter start of one (the trie's inner nodes)."""

    def __init__(self) -> None:
        self.codes = array("I")
        self.starts = array("I", [0])
        self.weights = array("H")
        self.longer: dict[tuple[int, ...], Elements] = {}
        self.inner: set[tuple[int, ...]] = set()
        self.seen: dict[int, tuple[bool, Elements | None]] = {}

    def read(self, filename: str, implicit_weights: list[list[int]]) -> None:
        """The file's entries, as pyuca's Collator.load reads them (its @implicitweights lines too)."""
        codes, starts, weights = array("I"), array("I"), array("H")
        with open(filename, encoding="utf-8") as keys_file:
            for raw in keys_file:
                line = raw.split("#", 1)[0].rstrip()
                if not line or line.startswith("@version"):
                    continue
                if line.startswith("@implicitweights"):
                    span, base = line[len("@implicitweights") :].split(";")
                    first, last = span.split("..")
                    implicit_weights.append([int(first, 16), int(last, 16), int(base, 16)])
                    continue
                chars, elements = line.split(";", 1)
                key = tuple(int(code, 16) for code in chars.split())
                found = [tuple(int(w, 16) for w in m.groups()) for m in COLL_ELEMENT_PATTERN.finditer(elements.strip())]
                if len(key) > 1:
                    self.longer[key] = found
                    self.inner.update(key[:n] for n in range(1, len(key)))
                else:
                    codes.append(key[0])
                    starts.append(len(weights) // 3)
                    for element in found:
                        weights.extend(element)
        ends = [*starts[1:], len(weights) // 3]
        for at in sorted(range(len(codes)), key=codes.__getitem__):
            if self.codes and self.codes[-1] == codes[at]:  # a later line for the same character wins
                self.codes.pop()
                del self.weights[self.starts[-2] * 3 :]
                self.starts.pop()
            self.codes.append(codes[at])
            self.weights.extend(weights[starts[at] * 3 : ends[at] * 3])
            self.starts.append(len(self.weights) // 3)

    def _single(self, code: int) -> tuple[bool, Elements | None]:
        """Whether the trie has a node for the one character, and its value (None when none ends there); the
        answers for the characters met most recently kept (a club's names use a few hundred)."""
        found = self.seen.get(code)
        if found is None:
            at = bisect_left(self.codes, code)
            if at < len(self.codes) and self.codes[at] == code:
                w = self.weights[self.starts[at] * 3 : self.starts[at + 1] * 3]
                found = True, [tuple(w[i : i + 3]) for i in range(0, len(w), 3)]
            else:
                found = (code,) in self.inner, None
            if len(self.seen) < SEEN:
                self.seen[code] = found
        return found

    def find_prefix(self, key: list[int]) -> tuple[list[int], Elements | None, list[int]]:
        """pyuca's Trie.find_prefix: the longest start of `key` with a (non-empty) value, the value, the rest."""
        exists, value = self._single(key[0]) if key else (False, None)
        success_index, success_value = (1, value) if value else (0, None)
        if exists and (key[0],) in self.inner:  # a contraction starts with it: walk on
            for i in range(2, len(key) + 1):
                start = tuple(key[:i])
                value = self.longer.get(start)
                if value is None and start not in self.inner:
                    break
                if value:
                    success_index, success_value = i, value
        return key[:success_index], success_value, key[success_index:]


class CompactCollator(Collator):  # type: ignore[misc]  # pyuca ships no types
    """pyuca's Collator (the DUCET of Python's Unicode version) with its table in a CompactTable."""

    def load(self, filename: str) -> None:
        table = CompactTable()
        table.read(filename, self.implicit_weights)
        self.table = table


@lru_cache(maxsize=1)
def _collator() -> CompactCollator:
    return CompactCollator()  # reads its table once (a tenth of a second), on the first name sorted


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
