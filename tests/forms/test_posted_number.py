"""forms.common.posted_number: every whole number a view reads from a form or an address itself, cleaned
one way: a number or None, never an exception (a 500)."""

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments.forms.common import posted_number
from tournaments.models import ResultChange, TableResult, TableToken


@given(st.one_of(st.text(), st.none(), st.integers()))
def test_anything_sent_is_a_number_or_none(value):
    number = posted_number(value)
    text = str(value if value is not None else "").strip()
    if number is None:
        assert not (text.isascii() and text.isdecimal()) or len(text) > 18
    else:
        assert str(number) == text.lstrip("0").rjust(1, "0") and 0 <= number < 2**63


def test_by_hand():
    assert [posted_number(v) for v in ("7", " 12 ", "007", "0", "999999999999999999")] == [7, 12, 7, 0, 10**18 - 1]
    for refused in ("²", "٣", "３", "-1", "+1", "1.5", "1e3", "", None, "9" * 19, "9" * 5000, "x"):
        assert posted_number(refused) is None


BAD = ["²", "9" * 5000]


@pytest.mark.django_db
@pytest.mark.parametrize("version", BAD)
def test_a_phones_crafted_version_is_refused_not_a_500(client, party_factory, version):
    party = party_factory(tables=2)
    token = TableToken.objects.get(party=party, table=1, revoked_at__isnull=True)
    deal = {"d1-level": "P"}
    response = client.post(reverse("table_page", args=[token.token]), {"round": 1, "version": version, **deal})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "The form was damaged: reload the page and enter again." in page
    assert not TableResult.objects.exists() and not ResultChange.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("value", BAD)
def test_a_directors_crafted_numbers_are_no_500(client_in, party_factory, value):
    """A version on the director's table form, a club to switch to, a party to list Towie tables of."""
    party = party_factory(tables=2)
    table_form = reverse("table_enter", args=[party.pk, 1, 1])
    answers = [
        client_in.post(table_form, {"version": value, "mode": "net", "ns": "100", "ew": "-100"}).status_code,
        client_in.post(reverse("club_switch"), {"club": value}).status_code,
        client_in.get(reverse("towie_list"), {"party": value}).status_code,
    ]
    assert all(code < 500 for code in answers), answers
