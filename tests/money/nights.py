"""Three nights of table money in November 2026, worked out by hand (tests/money/test_treasury.py and the exports).

Club rates: a member 3.00, a visitor 5.00 (Night 19 sets its visitor's rate to 6.00). Each night has four guests.
- Night 5: Player 001 (a member) 3.00 from balance; two pay 5.00 cash; one 5.00 by card; then one of the cash
  payers is given 2.00 back in cash. Takings: balance 3.00, cash 8.00, card 5.00 = 16.00; owed 2.00; free 0.
- Night 12: Player 001 plays free; three pay 5.00 cash; one of them is reversed (taken twice by mistake).
  Takings: cash 10.00; owed 5.00; free 1.
- Night 19: one pays 2.40 by transfer of 6.00; the other three nothing. Takings: transfer 2.40; owed
  3.60 + 3 x 6.00 = 21.60; free 0.
Period: balance 3.00, cash 18.00, card 5.00, transfer 2.40 = 28.40; free 1; owed 28.60.
Not counted: a top-up of 50.00 (money for a balance), an October night's 5.00, another club's November 5.00.
"""

import datetime

from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Member, Membership, Party
from tournaments.services import ledger


def dated(user, name: str, day: datetime.date, club: Club | None = None) -> Party:
    party = make_party(tables=1, user=user, draw=False, name=name, **({"club": club} if club else {}))
    Party.objects.filter(pk=party.pk).update(date=day)
    party.refresh_from_db()
    return party


def three_nights(club: Club, member: Member, director) -> list[Party]:
    Club.objects.filter(pk=club.pk).update(member_rate=300, visitor_rate=500)
    club.refresh_from_db()
    nights = [dated(director, f"Night {d}", datetime.date(2026, 11, d)) for d in (5, 12, 19)]
    ledger.top_up(club=club, member=member, amount=5000, method="transfer", by=director)
    first, second, third = ([g for g in night.guests.order_by("name")] for night in nights)
    first[0].member = member
    first[0].save()
    ledger.fee_paid(club=club, guest=first[0], amount=300, method="balance", by=director)
    for guest in first[1:3]:
        ledger.fee_paid(club=club, guest=guest, amount=500, method="cash", by=director)
    ledger.fee_paid(club=club, guest=first[3], amount=500, method="card", by=director)
    ledger.refund(club=club, guest=first[1], amount=200, method="cash", reason="left early", by=director)
    ledger.free_place_set(guest=second[0], free=True, by=director)
    paid = [ledger.fee_paid(club=club, guest=g, amount=500, method="cash", by=director) for g in second[1:]]
    ledger.correct(row=paid[2], reason="taken twice", by=director)
    ledger.party_fee_save(party=nights[2], member_rate=None, visitor_rate=600)
    ledger.fee_paid(club=club, guest=third[0], amount=240, method="transfer", by=director)
    october = dated(director, "October night", datetime.date(2026, 10, 29))
    ledger.fee_paid(club=club, guest=october.guests.order_by("pk")[0], amount=500, method="cash", by=director)
    bob = get_user_model().objects.create_user("bob")
    other = Club.objects.create(name="Bramley")
    Membership.objects.create(club=other, user=bob, role="owner")
    theirs = dated(bob, "Bramley night", datetime.date(2026, 11, 12), club=other)
    ledger.fee_paid(club=other, guest=theirs.guests.order_by("pk")[0], amount=500, method="cash", by=bob)
    return nights
