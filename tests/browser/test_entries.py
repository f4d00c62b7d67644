"""Entering a party from a 375 px phone in the real browser: the form fits the screen, its honeypot is out of
sight, the Content-Security-Policy is kept, and the waiting list moves up when an entrant cancels."""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Entry, Membership
from tournaments.services import entries as services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True}
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


@pytest.fixture
def contexts(browser, live_server):
    """Browser contexts closed before the live server stops."""
    opened = []

    def new(**options):
        context = browser.new_context(**options)
        context.add_init_script(RECORD_VIOLATIONS)
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()


def enter_from_phone(page, url: str, name: str, kind: str, email: str) -> None:
    page.goto(url)
    page.fill("#id_name", name)
    page.check(f"input[name=kind][value={kind}]")
    page.fill("#id_email", email)
    page.click("text=Send my entry")
    page.wait_for_selector(".entry-state")


def test_two_phones_enter_the_second_waits_and_moves_up_when_the_first_cancels(contexts, live_server):
    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=4, mixed=True, user=director, draw=False, name="Winter party")
    party.guests.all().delete()
    entry_list = services.entry_list_save(event=party, open=True)
    for i in range(1, 9):
        services.entry_add(entry_list=entry_list, name=f"Gent {i}", kind="gentleman", email=f"g{i}@example.org")
    for i in range(1, 8):
        services.entry_add(entry_list=entry_list, name=f"Lady {i}", kind="lady", email=f"l{i}@example.org")
    url = f"{live_server.url}/enter/{entry_list.token}/"

    first = contexts(**PHONE).new_page()
    first.goto(url)
    # The form fits the phone's width, and the honeypot is nowhere a person could see or tap it.
    assert first.evaluate("document.documentElement.scrollWidth") <= 375
    box = first.locator("#id_website").bounding_box()
    assert box is None or box["x"] + box["width"] <= 0
    enter_from_phone(first, url, "Ann Smith", "lady", "ann@example.org")
    assert "Ann Smith, your entry is confirmed: you have a place." in first.inner_text("main")
    assert first.evaluate("document.documentElement.scrollWidth") <= 375

    second = contexts(**PHONE).new_page()
    enter_from_phone(second, url, "Bea Jones", "lady", "bea@example.org")
    assert "you are on the waiting list at place 1." in second.inner_text("main")

    first.on("dialog", lambda dialog: dialog.accept())
    first.click("text=Cancel my entry")
    first.wait_for_selector(".entry-state.cancelled")
    second.reload()
    assert "Bea Jones, your entry is confirmed: you have a place." in second.inner_text("main")
    assert Entry.objects.get(name="Bea Jones").state == "confirmed"
    assert [first.evaluate("window.__violations"), second.evaluate("window.__violations")] == [[], []]


def test_the_lady_and_gentleman_choices_line_up_with_their_labels_at_375_pixels(contexts, live_server, tmp_path):
    director = get_user_model().objects.create_user("dora")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, mixed=True, user=director, draw=False, name="Winter party")
    entry_list = services.entry_list_save(event=party, open=True)
    page = contexts(**PHONE).new_page()
    page.goto(f"{live_server.url}/enter/{entry_list.token}/")
    page.screenshot(path=tmp_path / "entry-form-375.png", full_page=True)
    rows = []
    for value in ("lady", "gentleman"):
        radio = page.locator(f"input[name=kind][value={value}]")
        words = page.evaluate(WORDS_BOXES, radio.get_attribute("id"))
        rows.append((radio.bounding_box(), words))
    for radio, words in rows:
        # The box and its words on one line: the words start just right of the box, their middles level.
        assert len({round(box["top"]) for box in words}) == 1, words
        assert radio["x"] + radio["width"] <= words[0]["left"] <= radio["x"] + radio["width"] + 20, (radio, words)
        middle = (words[0]["top"] + words[0]["bottom"]) / 2
        assert abs(radio["y"] + radio["height"] / 2 - middle) <= 4, (radio, words)
    # The two choices one under the other, their boxes in one column.
    (first, _), (second, _) = rows
    assert abs(first["x"] - second["x"]) <= 1 and second["y"] >= first["y"] + first["height"]


# The boxes of a label's words (its text, not its input), one per line they take.
WORDS_BOXES = """id => {
  const range = document.createRange();
  const boxes = [];
  for (const node of document.querySelector(`label[for=${id}]`).childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0) boxes.push({top: r.top, bottom: r.bottom, left: r.left});
  }
  return boxes;
}"""
