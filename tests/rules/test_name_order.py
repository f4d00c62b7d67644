"""Names sort as people expect (rules/collation.py: the Unicode Collation Algorithm, pyuca's DUCET), not by
code point: "Éloïse" with the E's, "Łukasz" between "Luc" and "Marc", "Øyvind" among the O's. Checked where
people read lists of names: the guest list, the movement sheet (page and PDF), the members list, the
standings' ties (equal totals listed by name), the booby prize's names.

The order worked out by hand from the DUCET table (allkeys): Ł is L with a secondary mark (stroke) and Ø is O
with one, É is E with an acute; only the letters (primary weights) decide between different names:
  Éloïse Durand < Jean-Pierre Roux < Luc Besson < Łukasz Nowak (l-u-k after l-u-c) < Marc Petit
  < Otto Weber < Øyvind Berg (o-y after o-t) < Zoé Martin.
By code point every one of É, Ł, Ø comes after Z.
"""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.conftest import make_party
from tournaments.models import Member
from tournaments.rules import standings as ranking
from tournaments.rules.collation import name_key, names_sorted
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import standings as standings_selectors

IN_ORDER = [
    "Éloïse Durand",
    "Jean-Pierre Roux",
    "Luc Besson",
    "Łukasz Nowak",
    "Marc Petit",
    "Otto Weber",
    "Øyvind Berg",
    "Zoé Martin",
]
SHUFFLED = [IN_ORDER[i] for i in (7, 3, 0, 6, 1, 5, 2, 4)]


def test_the_collation_order():
    assert names_sorted(SHUFFLED) == IN_ORDER
    assert sorted(SHUFFLED) != IN_ORDER  # code points would not do it
    # Same letters: the plain one first, then the marked (secondary), then case (tertiary).
    assert names_sorted(["Łukasz", "lukasz", "Lukasz"]) == ["lukasz", "Lukasz", "Łukasz"]
    assert names_sorted(["Ölaf", "Ole", "Oscar"]) == ["Ölaf", "Ole", "Oscar"]  # o-l-a before o-l-e


def test_names_the_collation_finds_equal_still_come_in_one_order():
    assert name_key("Ann") != name_key("Ann\u200b")
    assert names_sorted(["Ann\u200b", "Ann"]) == names_sorted(["Ann", "Ann\u200b"])


def test_ties_in_the_ranking_and_the_booby_prize():
    totals = {name: 0 for name in SHUFFLED} | {"Zoé Martin": 100}
    placed = ranking.rank(totals)
    assert [p.name for p in placed] == ["Zoé Martin", *IN_ORDER[:-1]]
    assert [p.label for p in placed] == ["1", *["=2"] * 7]
    assert ranking.booby(totals) == IN_ORDER[:-1]


def _party(director):
    party = make_party(tables=2, user=director, draw=False)
    for guest, name in zip(party.guests.order_by("id"), SHUFFLED, strict=True):
        guest.name = name
        guest.save()
    from tournaments.services import seating as seating_services

    seating_services.seats_draw(party=party, seed=7)
    return party


@pytest.mark.django_db
def test_the_guest_list(client_in, director):
    party = _party(director)
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    places = [page.index(name) for name in IN_ORDER]
    assert places == sorted(places)


@pytest.mark.django_db
def test_the_movement_sheet_page_and_pdf(client_in, director):
    party = _party(director)
    round_ = party.rounds.get(number=1)
    assert [move.name for move in round_selectors.movement_sheet(round_)] == IN_ORDER
    answer = client_in.get(reverse("movement_pdf", args=[party.id, 1]))
    assert _first_column(answer.content) == IN_ORDER


def _first_column(content: bytes) -> list[str]:
    """The names in the sheet's first column (the players; the partners are in the last), top to bottom."""
    (page,) = PdfReader(io.BytesIO(content)).pages
    found: list[tuple[float, str]] = []

    def seen(text, cm, tm, font, size):
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        if text.strip() in IN_ORDER and x < float(page.mediabox.width) / 3:
            found.append((y, text.strip()))

    page.extract_text(visitor_text=seen)
    return [name for _, name in sorted(found, reverse=True)]


@pytest.mark.django_db
def test_the_standings_ties(client_in, director):
    party = _party(director)
    standings = standings_selectors.party_standings(party)
    assert [line.name for line in standings.players] == IN_ORDER  # nothing played: all equal, by name
    page = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    assert _rows(page) == IN_ORDER
    # Sorted by the Name column, the collation's order too (the key made only then).
    page = client_in.get(reverse("party_standings", args=[party.id]), {"sort": "-name"}).content.decode()
    assert _rows(page) == IN_ORDER[::-1]


def _rows(page: str) -> list[str]:
    """The standings' rows: each row's place, then its name."""
    return re.findall(r'<tr[^>]*><td class="num">=?\d+</td><td>(?:<bdi class="person[^"]*">)?([^<]+)<', page)


@pytest.mark.django_db
def test_the_members_list(client_in, director):
    club = director.memberships.get().club
    for number, name in enumerate(SHUFFLED, start=1):
        Member.objects.create(club=club, name=name, number=str(number))
    page = client_in.get(reverse("member_list")).content.decode()
    places = [page.index(name) for name in IN_ORDER]
    assert places == sorted(places)


@pytest.mark.django_db
def test_the_members_picked_by_a_few_letters(director):
    from tournaments.selectors import members as member_selectors

    club = director.memberships.get().club
    for name in ["Zoé Lunel", "Éloïse Lunel", "Luc Lunel", "Łukasz Lunel"]:
        Member.objects.create(club=club, name=name)
    found = [row["name"] for row in member_selectors.member_search(club, "lunel")]
    assert found == ["Éloïse Lunel", "Luc Lunel", "Łukasz Lunel", "Zoé Lunel"]
    # Those starting with the letters typed still come first ("Łu" does not start with "lu": Ł is its own letter).
    found = [row["name"] for row in member_selectors.member_search(club, "lu")]
    assert found == ["Luc Lunel", "Éloïse Lunel", "Łukasz Lunel", "Zoé Lunel"]


@pytest.mark.django_db
def test_a_pair_is_named_in_the_alphabets_order(director):
    party = make_party(tables=2, user=director, draw=False, keep_partners=True)
    for guest, name in zip(party.guests.order_by("id"), SHUFFLED, strict=True):
        guest.name = name
        guest.save()
    from tournaments.services import seating as seating_services

    seating_services.seats_draw(party=party, seed=7)
    pairs = [pair.name.split(" & ") for pair in standings_selectors.party_standings(party).pairs]
    assert len(pairs) == 4
    assert all(IN_ORDER.index(first) < IN_ORDER.index(second) for first, second in pairs), pairs


def test_the_compact_table_gives_pyucas_own_keys():
    """rules/collation.py holds pyuca's table in arrays: every key is still pyuca's own (checked once for every
    code point and every contraction; here the first planes' every 7th character and every contraction)."""
    from pyuca import Collator  # type: ignore[import-untyped]

    from tournaments.rules.collation import _collator

    ours, pyucas = _collator(), Collator()
    assert ours.implicit_weights == pyucas.implicit_weights
    strings = [chr(code) for code in range(0, 0x30000, 7) if not 0xD800 <= code <= 0xDFFF]
    for key in ours.table.longer:
        text = "".join(map(chr, key))
        strings += [text, text + "\u0301", "a" + text + "b", text[:-1] + "\u0301" + text[-1]]
    strings += [*IN_ORDER, "Ǆemal", "ﬁona", "l·l", "Nguyễn Thị", "สมชาย", "李小龍", "Ann\u200b"]
    assert [ours.sort_key(s) for s in strings] == [pyucas.sort_key(s) for s in strings]
