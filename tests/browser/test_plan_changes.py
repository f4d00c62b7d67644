"""Changes of plan in the real browser (issue 46): the hostess adds a table through the preview, and the
phone of a table that a later change closes says so by itself at its next poll."""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Membership, Party, TableToken
from tournaments.selectors import plan_changes as plan_selectors
from tournaments.services import party as party_services
from tournaments.services import plan_changes as plan_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long party password"


def test_a_table_joins_through_the_preview_and_a_leaving_tables_phone_follows(browser, live_server):
    director = get_user_model().objects.create_user("dora", password=PASSWORD)
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, rounds=3, user=director)
    first = party.rounds.get(number=1)
    for table in (1, 2):
        result_services.result_record(round_=first, table=table, net=(100, -100), by_user=director)
    round_services.round_close(round_=first)
    party_services.guests_add(party=party, entries=[(f"New {i}", "") for i in range(1, 5)])

    context = browser.new_context()
    try:
        room = context.new_page()
        room.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/changes/")
        room.fill("#id_username", "dora")
        room.fill("#id_password", PASSWORD)
        room.click("button[type=submit]")
        for box in room.locator("#plan-join input[type=checkbox]").all():
            box.check()
        room.click("#plan-join button[type=submit]")
        room.wait_for_selector("#plan-moves")
        assert "Round 2 is played at 3 tables." in room.inner_text("#plan-tables")
        room.click("text=Confirm the change")
        room.wait_for_selector("text=The change is made")
        assert Party.objects.get(pk=party.pk).tables == 3

        token = TableToken.objects.get(party=party, table=3, revoked_at__isnull=True).token  # the new table's
        phone = context.new_page()
        phone.goto(f"{live_server.url}/t/{token}/")
        phone.wait_for_selector("#entry h2:has-text('Deal 1')")
        # Table 2 of round 1 goes home: two tables are left, numbered 1 and 2, and the phone of table 3, left
        # open, redraws itself at its next poll.
        plan_services.plan_apply(party=party, leaving=plan_selectors.table_guests(plan_selectors.break_get(party), 2))
        phone.wait_for_selector("#table-gone", timeout=30_000)
        assert "Table 3 does not play in round 2." in phone.inner_text("#table-gone")
        assert phone.locator("#entry").count() == 0
    finally:
        context.close()
