"""The books name people through presentation/names.py (docs/names.md): a member who asked for initials only
(a choice about what is published) is in full in the ledger's file, as in the club's own books (issue 44), and
on the director's and the treasurer's pages; an erased member's rows stay, under the label that replaced the
name; a player of any kind of event is named from that event (a knockout's player is never taken for the party
guest of the same number)."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tournaments.models import MoneyRow
from tournaments.selectors.event_players import money_event, players
from tournaments.services import ledger
from tournaments.services.erasure import member_erase
from tournaments.services.members import member_create

pytestmark = pytest.mark.django_db

HER, HERS = "Margaret Jane Whitfield", "M. J. W."


@pytest.fixture
def books(club, party, member, director):
    """Margaret (initials only) pays 3.00 cash; Jane Smith tops up 10.00 and pays 3.00 from it, then is erased;
    a knockout's first player, a visitor, pays 5.00 cash."""
    margaret = member_create(club=club, name=HER, initials_only=True)
    guests = list(party.guests.order_by("name"))
    guests[0].member = member
    guests[0].save()
    guests[1].name, guests[1].member = HER, margaret
    guests[1].save()
    ledger.fee_paid(club=club, guest=guests[1], amount=300, method="cash", by=director)
    ledger.top_up(club=club, member=member, amount=1000, method="cash", by=director)
    ledger.fee_paid(club=club, guest=guests[0], amount=300, method="balance", by=director)
    knockout = make_knockout(pairs=2, user=director, draw=False)
    event = money_event("knockout", knockout.pk, user=director)
    first = next(p for p in players(event) if p.pk % 2 == 0)
    ledger.player_paid(event=event, player=first, amount=500, method="cash", by=director)
    member_erase(member=member)
    return {"party": party, "label": f"Erased player {member.pk}", "knockout_player": first.name}


def test_the_ledger_file_names_in_full_and_keeps_the_erased_rows(club, books):
    out = io.StringIO()
    call_command("ledger", "--club", club.name, "--format", "csv", stdout=out)
    who = [line.split(",")[1] for line in out.getvalue().splitlines()[1:]]
    label = books["label"]
    assert who == [HER, label, label, books["knockout_player"]]
    assert HERS not in out.getvalue() and "Jane Smith" not in out.getvalue()
    assert MoneyRow.objects.count() == 4  # the erased member's top-up and fee stay


def test_the_treasurers_rows_page_names_in_full_and_the_erased_by_the_label(client_in, books):
    page = client_in.get(reverse("treasury_rows") + "?start=2000-01-01&end=2100-12-31").content.decode()
    assert f'<bdi class="person">{HER}</bdi>' in page
    assert page.count(f'<bdi class="person">{books["label"]}</bdi>') == 2
    assert f'<bdi class="person">{books["knockout_player"]}</bdi>' in page
    assert "Jane Smith" not in page and HERS not in page


def test_the_money_page_names_in_full_and_the_erased_by_the_label(client_in, books):
    page = client_in.get(reverse("party_money", args=[books["party"].pk])).content.decode()
    assert f'<td><bdi class="person">{HER}</bdi></td>' in page
    assert f'<td><bdi class="person">{books["label"]}</bdi></td>' in page
    assert "Jane Smith" not in page and HERS not in page
