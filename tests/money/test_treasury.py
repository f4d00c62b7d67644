"""The treasurer's view (issue 44 item 6): three nights' figures worked out by hand, its page, who sees it."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.money.nights import three_nights
from tournaments.models import Membership
from tournaments.selectors.treasury import this_month, treasury

pytestmark = pytest.mark.django_db

NOVEMBER = {"start": "2026-11-01", "end": "2026-11-30"}


def test_three_nights_and_the_period_by_hand(club, member, director):
    three_nights(club, member, director)
    period = treasury(club, datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))
    assert [(n.name, n.by_method, n.total, n.free, n.owed) for n in period.nights] == [
        ("Night 5 2026-11-05", {"balance": 300, "cash": 800, "card": 500}, 1600, 0, 200),
        ("Night 12 2026-11-12", {"cash": 1000}, 1000, 1, 500),
        ("Night 19 2026-11-19", {"transfer": 240}, 240, 0, 2160),
    ]
    total = period.sum
    assert (total.by_method, total.total, total.free, total.owed) == (
        {"balance": 300, "cash": 1800, "card": 500, "transfer": 240}, 2840, 1, 2860,
    )  # fmt: skip


def test_a_night_in_the_period_with_no_money_still_shows_what_is_owed(club, director):
    from tests.money.nights import dated

    dated(director, "Quiet night", datetime.date(2026, 11, 3))
    club.visitor_rate = 450
    club.save()
    (night,) = treasury(club, datetime.date(2026, 11, 1), datetime.date(2026, 11, 30)).nights
    assert (night.by_method, night.owed, night.free) == ({}, 4 * 450, 0)


def test_the_default_period_is_this_month():
    assert this_month(datetime.date(2026, 2, 14)) == (datetime.date(2026, 2, 1), datetime.date(2026, 2, 28))
    assert this_month(datetime.date(2026, 12, 31)) == (datetime.date(2026, 12, 1), datetime.date(2026, 12, 31))


def test_the_page_shows_the_figures_in_the_clubs_style(client, club, member, director):
    three_nights(club, member, director)
    client.force_login(director)
    page = client.get(reverse("treasury"), NOVEMBER).content.decode()
    assert "Night 12 2026-11-12" in page and "October night" not in page and "Bramley" not in page
    footer = page[page.index('id="period-total"') :]
    footer = footer[: footer.index("</tr>")]
    # cash, card, transfer, from balance, total, free places, still owed
    assert [cell.split("</th>")[0] for cell in footer.split("<th>")[2:]] == [
        "€18.00",
        "€5.00",
        "€2.40",
        "€3.00",
        "€28.40",
        "1",
        "€28.60",
        "",
    ]


def test_a_director_who_is_not_treasurer_gets_403_and_a_treasurer_gets_the_page(client, club, director):
    carol = get_user_model().objects.create_user("carol")
    membership = Membership.objects.create(club=club, user=carol, role="director")
    client.force_login(carol)
    for name in ("treasury", "treasury_xlsx", "treasury_csv", "treasury_rows"):
        assert client.get(reverse(name)).status_code == 403, name
    membership.treasurer = True
    membership.save()
    assert client.get(reverse("treasury")).status_code == 200
