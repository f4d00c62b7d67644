"""A French hostess's evening in the real browser: the club speaks French, she types French words.

She pastes her guests with one mistake (the text stays, the panel stays open, the line is named), corrects
it; fixes a seat as "2 O" (shown back as "2 O"); finds round 1 "pas commencé" until she starts it; and
deleting the demo party asks her first. Screenshots go to $SCREENSHOTS when it is set (to look at them).
"""

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Dialog

from tests.conftest import make_party
from tournaments.models import Club, Membership, Party
from tournaments.services.demo import demo_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASTED = (
    "Marie Dupont, dame\nJean Dupont, monsieur\nClaire Petit, Mme\nLuc Petit, M.\n"
    "Anne Roy, femme\nPaul Roy, homme\nUte Graf, Frau\nHans Graf, Herr"
)


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def test_a_french_hostess_evening(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Club de Passy", language="fr")
    Membership.objects.create(club=club, user=director, role="owner")
    party = make_party(tables=2, mixed=True, user=director, name="Soirée de printemps", draw=False)
    party.guests.all().delete()
    demo_add(club=club, user=director)
    context = browser.new_context(locale="fr-FR", viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/guests/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.wait_for_load_state("load")

        # A list with a mistake on its last line: nothing added, the text kept, the panel open.
        page.click("details:has(#id_names) summary")  # not the header's own menu
        page.fill("#id_names", PASTED + "\nLéa Roux, dama")
        with page.expect_navigation():
            page.click("form[action$='/guests/paste/'] button[type=submit]")
        assert page.locator("details:has(#id_names)").evaluate("d => d.open")
        assert page.input_value("#id_names") == PASTED + "\nLéa Roux, dama"
        assert "Ligne 9" in page.inner_text("body")
        shot(page, "1-paste-mistake")
        assert party.guests.count() == 0

        # Corrected in the box: eight guests, each of the right kind.
        page.fill("#id_names", PASTED)
        with page.expect_navigation():
            page.click("form[action$='/guests/paste/'] button[type=submit]")
        assert "8 invités ajoutés." in page.inner_text("body")
        kinds = dict(party.guests.values_list("name", "kind"))
        assert [n for n, k in kinds.items() if k == "lady"] == ["Anne Roy", "Claire Petit", "Marie Dupont", "Ute Graf"]

        # A seat fixed as "2 O" (Ouest) is shown back as "2 O".
        page.goto(f"{live_server.url}/parties/{party.id}/seats/")
        page.fill("#id_pins", "2 O Paul Roy")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.input_value("#id_pins") == "2 O Paul Roy"
        party.refresh_from_db()
        assert party.pins == [[2, "W", "Paul Roy"]]

        # Round 1: not started until she starts it; then the clock runs.
        page.goto(f"{live_server.url}/parties/{party.id}/rounds/1/")
        clock = page.inner_text(".clock")
        assert "pas commencé" in clock and "30:00" in clock
        shot(page, "2-round-not-started")
        with page.expect_navigation():
            page.click("text=Commencer le tour 1")
        assert "Le tour 1 a commencé" in page.inner_text("body")
        page.wait_for_function("() => document.querySelector('.clock .clock-time').textContent !== '30:00'")
        assert "pas commencé" not in page.inner_text(".clock")
        shot(page, "3-round-started")

        # Deleting the demo party asks first: "Annuler" keeps it, "OK" deletes it.
        page.goto(f"{live_server.url}/")
        questions: list[str] = []

        def answer(dialog: Dialog) -> None:
            questions.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", answer)
        page.click("text=Supprimer les événements de démonstration")
        page.wait_for_timeout(500)
        assert questions == ["Supprimer les événements de démonstration et tout ce qui y a été saisi\u202f?"]
        assert Party.objects.filter(demo=True).exists()
        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_navigation():
            page.click("text=Supprimer les événements de démonstration")
        assert "Les épreuves de démonstration sont supprimées." in page.inner_text("body")
        assert not Party.objects.filter(demo=True).exists() and Party.objects.filter(pk=party.pk).exists()
    finally:
        context.close()


def test_with_javascript_off_deleting_asks_on_a_page_of_its_own(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    club = Club.objects.create(name="Club de Passy", language="fr")
    Membership.objects.create(club=club, user=director, role="owner")
    demo_add(club=club, user=director)
    context = browser.new_context(locale="fr-FR", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        page.click("text=Supprimer les événements de démonstration")
        page.wait_for_load_state("load")
        assert "tout ce qui y a été saisi" in page.inner_text("h1")
        shot(page, "4-delete-asks-without-javascript")
        assert Party.objects.filter(demo=True).exists()
        page.click("main button[type=submit]")
        page.wait_for_load_state("load")
        assert not Party.objects.filter(demo=True).exists()
    finally:
        context.close()


def test_a_phone_shows_the_round_not_started_and_its_clock_runs_once_the_round_starts(browser, live_server):
    from tournaments.models import TableToken
    from tournaments.services import rounds as round_services

    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Club de Passy", language="fr"), user=director)
    party = make_party(tables=2, user=director)
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    context = browser.new_context(locale="fr-FR", viewport={"width": 375, "height": 812}, is_mobile=True)
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/t/{token.token}/")
        assert "(pas commencé)" in phone.inner_text(".clock") and "30:00" in phone.inner_text(".clock")
        phone.wait_for_timeout(1500)
        assert phone.inner_text(".clock .clock-time") == "30:00"  # still, before the start
        shot(phone, "5-phone-not-started")
        phone.evaluate("() => { window.drawnOnce = true; }")  # gone if the page were drawn again
        round_services.round_start(round_=party.rounds.get(number=1))
        # The phone's poll (every 5 s) learns it, and the clock runs where it stands: no reload.
        phone.wait_for_function(
            "() => document.querySelector('.clock .clock-time').textContent !== '30:00'", timeout=15_000
        )
        assert "pas commencé" not in phone.inner_text(".clock")
        assert phone.evaluate("() => window.drawnOnce === true")
    finally:
        context.close()
