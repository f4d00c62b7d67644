"""Refunds from the treasurer's view for every kind of event (issue 44): a party night, a knockout, a Towie
table, a Boston table and a card evening. Each night: Jane Smith (a member, 10.00 on her balance) pays her 3.00
from it and a visitor pays 5.00 cash; where a player can leave (a party's guest removed, a knockout's pair
withdrawn, an evening's entry cancelled) Jane leaves after paying. The treasurer credits Jane's 3.00 back to her
balance (10.00 again) and gives the visitor 2.00 back in cash: the night then holds cash 3.00, balance 0.00,
total 3.00."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_party
from tests.knockout.helpers import make_knockout
from tests.towie.conftest import make_table
from tournaments.models import Membership, MoneyRow
from tournaments.presentation.treasury import night_urls
from tournaments.selectors.event_players import Player, money_event, players
from tournaments.selectors.ledger import balance_from_rows, balance_of
from tournaments.services import boston, entries, evening, ledger
from tournaments.services import knockout as knockout_services
from tournaments.services.party import guest_remove

pytestmark = pytest.mark.django_db


def _party(director, member):
    party = make_party(tables=1, user=director, draw=False)
    jane, visitor = party.guests.order_by("name")[:2]
    jane.name, jane.member = "Jane Smith", member
    jane.save()
    return "party", party.pk, jane.pk, visitor.pk, lambda: guest_remove(guest=jane)


def _knockout(director, member):
    knockout = make_knockout(pairs=2, user=director, draw=False)
    pair = knockout.pairs.order_by("pk").first()
    pair.member_a = member
    pair.save()
    return "knockout", knockout.pk, pair.pk * 2, pair.pk * 2 + 1, lambda: knockout_services.pair_remove(pair=pair)


def _towie(director, member):
    table = make_table(("Jane Smith", "Ben", "Cid"), user=director, draw=False)
    jane, ben = table.players.get(name="Jane Smith"), table.players.get(name="Ben")
    jane.member = member
    jane.save()
    return "towie", table.pk, jane.pk, ben.pk, None


def _boston(director, member):
    table = boston.boston_table_create(
        name="Tuesday Boston", date=datetime.date(2026, 11, 28), variant="english",
        players=["Jane Smith", "Ben", "Cid", "Dan"], pool_feed=10, pool_limit=100, user=director,
        picked={"jane smith": member.pk},
    )  # fmt: skip
    return "boston", table.pk, 1, 2, None


def _evening(director, member):
    night = evening.evening_save(
        club=member.club, name="Winter whist", date=datetime.date(2026, 12, 4), game="boston", tables=1,
        variant="english", pool_feed=10, pool_limit=100,
    )  # fmt: skip
    entry_list = entries.entry_list_save(event=night, open=True)
    jane = entries.entry_add(entry_list=entry_list, name="Jane Smith", email="j@example.org")
    jane.member = member
    jane.save()
    yann = entries.entry_add(entry_list=entry_list, name="Yann Roy", email="y@example.org")
    return "evening", night.pk, jane.pk * 2, yann.pk * 2, lambda: entries.entry_cancel(entry=jane, by_hostess=True)


KINDS = {"party": _party, "knockout": _knockout, "towie": _towie, "boston": _boston, "evening": _evening}


@pytest.fixture
def rated(club):
    club.member_rate, club.visitor_rate = 300, 500
    club.save()
    return club


def _pay(kind, event_id, player_id, amount, method, director):
    event = money_event(kind, event_id, user=director)
    player = next(p for p in players(event) if p.pk == player_id)
    assert isinstance(player, Player)
    ledger.player_paid(event=event, player=player, amount=amount, method=method, by=director)


@pytest.mark.parametrize("which", list(KINDS))
def test_the_treasurer_refunds_and_credits_at_every_kind_of_event(which, rated, member, director, client_in):
    ledger.top_up(club=rated, member=member, amount=1000, method="cash", by=director)
    kind, event_id, jane, visitor, leave = KINDS[which](director, member)
    _pay(kind, event_id, jane, 300, "balance", director)
    _pay(kind, event_id, visitor, 500, "cash", director)
    assert balance_of(member) == 700
    if leave is not None:
        leave()  # Jane leaves after paying: her 3.00 stays in the books, offered back
        money = client_in.get(reverse("event_money", args=[kind, event_id])).content.decode()
        assert '<bdi class="person">Jane Smith</bdi> paid €3.00.' in money
    today = timezone.localdate(timezone=rated.zone)
    treasury = client_in.get(reverse("treasury"), {"start": today - datetime.timedelta(days=40), "end": today})
    refunds = night_urls(kind, event_id)[1]
    assert f'href="{refunds}"' in treasury.content.decode()
    page = client_in.get(refunds).content.decode()
    assert "Jane Smith (€3.00)" in page and "(€5.00)" in page

    back = client_in.post(refunds, {"guest": jane, "amount": "3", "method": "balance", "reason": "Went home ill"})
    assert back.status_code == 302
    credit = MoneyRow.objects.get(kind="refund", guest_id=jane)
    assert (credit.amount, credit.balance_change, credit.member_id, credit.event_kind) == (-300, 300, member.pk, kind)
    assert balance_of(member) == balance_from_rows(member) == 1000

    too_much = client_in.post(refunds, {"guest": visitor, "amount": "5.01", "method": "cash", "reason": "Fee down"})
    assert too_much.status_code == 400 and "Only €5.00 was paid for the night." in too_much.content.decode()
    client_in.post(refunds, {"guest": visitor, "amount": "2", "method": "cash", "reason": "Fee down"})
    assert MoneyRow.objects.get(kind="refund", guest_id=visitor, event_kind=kind).amount == -200

    treasury = client_in.get(reverse("treasury"), {"start": today - datetime.timedelta(days=40), "end": today})
    row = treasury.content.decode().split(f'href="{refunds}"')[0].rsplit("<tr>", 1)[1]
    # Cash 5.00 - 2.00, card and transfer nothing, balance 3.00 - 3.00: 3.00 in all.
    assert "<td>€3.00</td><td>€0.00</td><td>€0.00</td><td>€0.00</td><td>€3.00</td>" in row


def test_a_director_who_is_not_treasurer_gets_403_on_any_kinds_refunds(rated, member, director, client_in):
    kind, event_id, *_rest = _towie(director, member)
    Membership.objects.filter(user=director).update(role="director", treasurer=False)
    assert client_in.get(reverse("event_money_refunds", args=[kind, event_id])).status_code == 403
