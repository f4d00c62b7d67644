"""A save answered while the phone's part is already on its way (Debian's chromium, on the party's plain-HTTP
Wi-Fi, party.test): the part on its way was drawn by the laptop before that save, so the phone does not draw
it but asks for the part again, and shows the saves' own words on the part with deal 2 in, instead of dropping
them and showing deal 2 still to play until the next poll. Meanwhile the form never goes back to a deal this
phone has saved, and the choices made for the next deal are kept."""

import pytest

from tests.browser.test_phone_offline import any_host, enter_deal, party_browser, tap, wait_for_deal_form  # noqa: F401
from tests.conftest import make_party
from tournaments.models import TableToken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone's own fetch, wrapped: while `slowSave` is set a save's answer comes 2.5 s late (a slow Wi-Fi:
# the form moves on to the next deal meanwhile), and the first part asked for without a validator (a redraw,
# not a poll) is held, once fetched, until the test releases it.
SLOW_WIFI = """() => {
  const fetched = window.fetch;
  window.slowSave = true;
  window.holdPart = true;
  window.fetch = function (url, options) {
    const answer = fetched.apply(this, arguments);
    const headers = (options && options.headers) || {};
    if (options && options.method === "POST" && window.slowSave) {
      return answer.then((r) => new Promise((done) => setTimeout(() => done(r), 2500)));
    }
    if (String(url).includes("part=1") && !headers["If-None-Match"] && window.holdPart) {
      window.holdPart = false;
      return answer.then((r) => new Promise((done) => { window.releasePart = () => done(r); }));
    }
    return answer;
  };
}"""


def test_a_save_answered_while_the_part_is_on_its_way_is_drawn_after_it_with_its_words(
    party_browser,  # noqa: F811
    any_host,  # noqa: F811
    live_server,
):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    north = party_browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
    north.goto(f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/")
    north.evaluate(SLOW_WIFI)

    # Deal 1, answered late: the form moves on to deal 2 meanwhile; the answer asks for the part (the
    # round's first deal), which the laptop draws with deal 1 in and which is held on its way.
    enter_deal(north, level="4", strain="S", declarer="N", tricks=10)
    wait_for_deal_form(north, 2)
    north.wait_for_function("() => typeof window.releasePart === 'function'", timeout=15_000)
    assert not north.query_selector("#deal-1.entered")

    # Deal 2, answered at once, while that part is still on its way: the page's validator is the one from
    # before deal 1, so the answer has no patch and asks for the part too.
    north.evaluate("() => { window.slowSave = false; }")
    with north.expect_response(lambda r: r.request.method == "POST", timeout=15_000) as saved:
        enter_deal(north, level="3", strain="N", declarer="E", tricks=8)
    assert saved.value.json()["ok"] is True
    # The answer read: the outbox emptied, and (in the same turn) the part asked for again behind the held one.
    north.wait_for_function("() => !document.querySelector('#outbox li.pending')", timeout=15_000)
    # The guest goes straight on to deal 3: two choices made before the part arrives.
    wait_for_deal_form(north, 3)
    tap(north, "levels", "2")
    tap(north, "strains", "H")
    north.evaluate("() => window.releasePart()")

    # The held part (deal 1 in, not deal 2) is older than the answer to deal 2: it is not drawn (it would
    # put the form back on deal 2, already saved, and drop the choices made for deal 3); the part is asked
    # for again at once: deal 2 shows as entered with its save's words well before the next poll (5 s).
    north.wait_for_selector("#deal-2.entered", timeout=3_000)
    # Both saves' words on the one part drawn (the held one, which would have said deal 1's, was not).
    assert north.inner_text("#phone-message", timeout=5_000) == "Deal 1 saved. Deal 2 saved."
    assert "3NT by E −1" in " ".join(north.inner_text("#deal-2").split())
    wait_for_deal_form(north, 3)
    checked = (
        "() => [...document.querySelectorAll('#entry .choice-buttons input:checked')].map(i => i.name + '=' + i.value)"
    )
    assert sorted(north.evaluate(checked)) == ["deal-doubled=", "deal-level=2", "deal-strain=H"]
    tap(north, "declarers", "S")
    tap(north, "tricks", "8")
    north.click("#entry button[name=save]")
    north.wait_for_selector("#deal-3.entered", timeout=15_000)
    assert "2♥ by S =" in " ".join(north.inner_text("#deal-3").split())


# As SLOW_WIFI, and a save of deal 3 held (once its answer is in) until the test releases it.
HOLD_DEAL_3 = """() => {
  const fetched = window.fetch;
  window.fetch = function (url, options) {
    const answer = fetched.apply(this, arguments);
    if (options && options.method === "POST" && String(options.body).includes("number=3")) {
      return answer.then((r) => new Promise((done) => { window.releaseSave = () => done(r); }));
    }
    return answer;
  };
}"""


def test_a_part_older_than_a_save_drawn_mid_send_moves_the_form_past_the_deal_saved(
    party_browser,  # noqa: F811
    any_host,  # noqa: F811
    live_server,
):
    """Deals 2 and 3 go in one send: deal 2's answer is in, deal 3's held, when a part asked for before deal 2
    was saved arrives. It is drawn (nothing has asked for the part again yet), showing deal 2 still to play:
    the form stays past it, on deal 4, with the choices made there; once deal 3's answer is in, the part is
    drawn again with both."""
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    north = party_browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True).new_page()
    north.goto(f"http://party.test:{live_server.url.rsplit(':', 1)[1]}/t/{token.token}/")
    north.evaluate(SLOW_WIFI)
    north.evaluate(HOLD_DEAL_3)

    enter_deal(north, level="4", strain="S", declarer="N", tricks=10)  # deal 1, answered late; its part held
    wait_for_deal_form(north, 2)
    north.wait_for_function("() => typeof window.releasePart === 'function'", timeout=15_000)
    enter_deal(north, level="3", strain="N", declarer="E", tricks=8)  # deal 2, answered 2.5 s late
    wait_for_deal_form(north, 3)
    enter_deal(north, level="1", strain="C", declarer="W", tricks=7)  # deal 3, queued behind it, then held
    wait_for_deal_form(north, 4)
    north.wait_for_function("() => typeof window.releaseSave === 'function'", timeout=15_000)
    north.wait_for_function(  # deal 2's answer read: only deal 3 waits
        "() => document.querySelectorAll('#outbox li.pending').length === 1", timeout=15_000
    )
    tap(north, "levels", "2")
    north.evaluate("() => window.releasePart()")  # the part with deal 1 in, not deal 2

    north.wait_for_selector("#deal-1.entered", timeout=5_000)
    assert not north.query_selector("#deal-2.entered")  # the older part, drawn
    wait_for_deal_form(north, 4)  # not back on deal 2 (saved) nor 3 (waiting)
    checked = "() => [...document.querySelectorAll('#entry .levels input:checked')].map(i => i.value)"
    assert north.evaluate(checked) == ["2"]

    north.evaluate("() => window.releaseSave()")
    north.wait_for_selector("#deal-3.entered", timeout=5_000)
    assert north.query_selector("#deal-2.entered")
    wait_for_deal_form(north, 4)
    assert north.evaluate(checked) == ["2"]
