"""The hostess's table money in the real browser, then the treasurer's view of the night, in English and once in
French ("3,50 €"). Each tap is one button; every figure below is worked out by hand.

Club rates: a member 3.50, a visitor 5.00. Player 001 is the member Jane Smith, with 10.00 on her balance; the
other three are visitors. The hostess taps Cash for Player 002 (one tap: he is paid), From balance for Jane,
Card for Player 003; the unpaid list then holds Player 004 alone (5.00); "Everyone paid cash" pays him in one
step. The night: cash 5.00 + 5.00 = 10.00, card 5.00, transfer 0.00, from balance 3.50, total 18.50, no free
place, nothing owed; Jane's balance 6.50.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Membership, MoneyRow
from tournaments.selectors.ledger import balance_of
from tournaments.services import ledger
from tournaments.services.members import member_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})

EN = {"style": "", "locale": "en-GB", "member": "€3.50", "visitor": "€5.00",
      "night": ["€10.00", "€5.00", "€0.00", "€3.50", "€18.50", "0", "€0.00"]}  # fmt: skip
FR = {"style": "fr", "locale": "fr-FR", "member": "3,50 €", "visitor": "5,00 €",
      "night": ["10,00 €", "5,00 €", "0,00 €", "3,50 €", "18,50 €", "0", "0,00 €"]}  # fmt: skip


def text(locator) -> str:
    return locator.inner_text().translate(SPACES)


@pytest.mark.parametrize("words", [EN, FR], ids=["en", "fr"])
def test_the_hostess_marks_the_night_paid_and_the_treasurer_sees_its_takings(browser, live_server, words):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Club de Passy", language="fr" if words is FR else "")
    club.member_rate, club.visitor_rate, club.format_style = 350, 500, words["style"]
    club.save()
    Membership.objects.create(club=club, user=director, role="owner")  # an owner is the club's treasurer
    party = make_party(tables=1, user=director, name="Spring night", draw=False)
    jane = member_create(club=club, name="Jane Smith")
    ledger.top_up(club=club, member=jane, amount=1000, method="cash", by=director)
    guests = {g.name: g for g in party.guests.all()}
    guests["Player 001"].member = jane
    guests["Player 001"].save()

    context = browser.new_context(locale=words["locale"], viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/money/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.wait_for_load_state("load")

        def unpaid() -> str:
            return text(page.locator("#unpaid"))

        def tap(guest: str, method: str) -> None:
            form = page.locator(f"form:has(input[name=guest][value='{guests[guest].pk}'])").filter(
                has=page.locator("button[name=method]")
            )
            with page.expect_navigation():
                form.locator(f"button[value={method}]").click()

        # Everyone owes at first: Jane the member's rate, the visitors theirs.
        assert f"Player 001: {words['member']}" in unpaid() and f"Player 004: {words['visitor']}" in unpaid()
        tap("Player 002", "cash")  # one tap
        assert "Player 002" not in unpaid()
        assert MoneyRow.objects.get(guest_id=guests["Player 002"].pk).method == "cash"
        tap("Player 001", "balance")
        tap("Player 003", "card")
        lines = [line.strip() for line in unpaid().splitlines() if line.strip()]
        assert lines == [f"Player 004: {words['visitor']}"]

        with page.expect_navigation():
            page.click("form[action$='/all-cash/'] button[type=submit]")  # everyone still owing, in one step
        assert page.locator("ul#unpaid").count() == 0 and page.locator("p#unpaid").count() == 1
        assert balance_of(jane) == 650

        page.goto(f"{live_server.url}/club/treasury/?start={party.date:%Y-%m-%d}&end={party.date:%Y-%m-%d}")
        row = page.locator("#nights tbody tr", has_text="Spring night")
        cells = [text(cell).strip() for cell in row.locator("td").all()]
        assert cells[1:8] == words["night"]
        total = [text(cell).strip() for cell in page.locator("#period-total th").all()]
        assert total[1:8] == words["night"]
    finally:
        context.close()
