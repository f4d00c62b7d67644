"""In the real browser, a name's RIGHT-TO-LEFT OVERRIDE cannot reverse the words printed after it.

The party is named "\u202eevil" and so is a guest: the round page's heading reads "evil: round 1" and the
phone's seat list prints the guest. Each character's place on screen is measured: "round 1" must run left
to right after the name (with the override loose, it read "1 dnuor :live").
"""

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import make_party
from tournaments.models import Club, Guest, Membership

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVIL = "\u202eevil"
# The x of each character of the element's text, in the order written (not as shown).
PLACES = """(selector) => {
  const element = document.querySelector(selector);
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const places = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) places.push([node.data[i], box.left]);
    }
  }
  return places;
}"""


def reads_left_to_right(places, text: str) -> bool:
    """The characters of `text` (found in order among the element's) stand left to right on screen."""
    written = "".join(character for character, _ in places)
    start = written.index(text)
    xs = [x for _, x in places[start : start + len(text)]]
    return xs == sorted(xs)


def test_an_override_in_a_name_leaves_the_words_after_it_in_order(browser, live_server):
    director = get_user_model().objects.create_user("dora", password="a long party password")
    Membership.objects.create(club=Club.objects.create(name="Dora's club"), user=director, role="owner")
    party = make_party(tables=2, user=director, name=EVIL)
    Guest.objects.filter(pk=party.guests.order_by("pk").first().pk).update(name=EVIL)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/?next=/parties/{party.id}/rounds/1/")
        page.fill("#id_username", "dora")
        page.fill("#id_password", "a long party password")
        page.click("button[type=submit]")
        page.wait_for_selector("#table-2")
        heading = page.evaluate(PLACES, "main h1")
        assert "".join(c for c, _ in heading).startswith("evil: round 1")
        assert reads_left_to_right(heading, "evil: round 1")
    finally:
        context.close()
