"""The workbook's seating sheet names both sitters of a seat a reserve took during a round (issue 46)."""

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from tests.conftest import make_party
from tournaments.models import Member, Seat
from tournaments.printing.workbook import results_xlsx
from tournaments.selectors import prints as print_selectors
from tournaments.services import midround as midround_services
from tournaments.services import party as party_services
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

DEALS = [("3NT", "N", 9), ("2H", "N", 7), ("4S", "N", 10), ("1NT", "E", 7)]


def replaced(director, *, chain: bool = False):
    """North goes home after deal 2 of round 1, Zoe sits from deal 3 (and with `chain` Kim from deal 4)."""
    party = make_party(tables=1, rounds=2, user=director)
    zoe, kim = party_services.guests_add(party=party, entries=[("Zoe Reserve", ""), ("Kim Late", "")])
    first = party.rounds.get(number=1)
    result_record(round_=first, table=1, deals=DEALS[:2], complete=False, by_user=director)
    midround_services.seat_replace_mid_round(round_=first, table=1, seat="N", guest=zoe, user=director)
    if chain:
        result_record(round_=first, table=1, deals=DEALS[:3], complete=False, by_user=director)
        midround_services.seat_replace_mid_round(round_=first, table=1, seat="N", guest=kim, user=director)
    result_record(round_=first, table=1, deals=DEALS, by_user=director)
    party.refresh_from_db()
    return party


def seating_cells(party, language: str = "en") -> dict[str, str]:
    with translation.override(language):
        _name, _kind, content = results_xlsx(print_selectors.workbook(party))
    sheet = load_workbook(io.BytesIO(content)).worksheets[1]
    rows = list(sheet.iter_rows(values_only=True))
    row = next(r for r in rows[1:] if r[:2] == (1, 1))
    return {seat: str(cell) for seat, cell in zip("NESW", row[2:6], strict=True)}


def test_the_seating_sheet_names_the_player_who_left_and_the_reserve(director):
    party = replaced(director)
    south = Seat.objects.get(round__party=party, round__number=1, table=1, seat="S")
    cells = seating_cells(party)
    left = party.guests.get(left_after=1).name
    assert cells["N"] == f"{left} → Zoe Reserve from deal 3"
    assert cells["S"] == south.guest.name  # the partner's seat is as it was
    assert "→" not in cells["E"] and "→" not in cells["W"]
    assert seating_cells(party, "fr")["N"] == f"{left} → Zoe Reserve à partir de la donne 3"
    assert seating_cells(party, "de")["N"] == f"{left} → Zoe Reserve ab Spiel 3"
    assert seating_cells(party, "nl")["N"] == f"{left} → Zoe Reserve vanaf spel 3"


def test_a_reserve_who_went_home_too_is_followed_by_the_next(director):
    party = replaced(director, chain=True)
    left = party.guests.get(left_after=1, name__startswith="Player").name
    assert seating_cells(party)["N"] == f"{left} → Zoe Reserve from deal 3 → Kim Late from deal 4"


def test_the_names_are_as_the_members_chose(director):
    party = replaced(director)
    zoe = party.guests.get(name="Zoe Reserve")
    zoe.member = Member.objects.create(club=party.club, name="Zoe Reserve", initials_only=True)
    zoe.save()
    left = party.guests.get(left_after=1).name
    assert seating_cells(party)["N"] == f"{left} → Z. R. from deal 3"


def test_a_party_without_a_replacement_shows_one_name_a_seat(director):
    party = make_party(tables=1, rounds=2, user=director)
    result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    cells = seating_cells(party)
    assert all(cell and "→" not in cell for cell in cells.values())
    assert cells["N"] == Seat.objects.get(round__party=party, round__number=1, table=1, seat="N").guest.name
