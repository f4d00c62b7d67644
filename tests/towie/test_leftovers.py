"""Leftovers from the run-throughs: a negative stake refused aloud, who pays whom in order, the six-or-more hint."""

import datetime
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from tests.towie.conftest import post_deal, sheet
from tests.towie.test_settlement import four_totals_ending_in_40_50_and_150
from tournaments.models import TowieTable
from tournaments.selectors import towie as towie_selectors
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

BELOW_NOTHING = "A stake is money per hundred points: it cannot be below nothing."


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


# --- a negative stake --------------------------------------------------------------------------


def test_a_negative_stake_on_the_settle_up_page_is_refused_aloud(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"], stake="0.10")
    post_deal(client_in, table, "A", "4S", 10)
    response = client_in.get(reverse("towie_settlement", args=[table.pk]), {"stake": "-0.50"})
    assert response.status_code == 200
    assert BELOW_NOTHING in text(response)
    assert "the settlement is shown at the table's stake" in text(response)
    assert response.context["page"].settlement.stake == Decimal("0.10")  # the stake tried is not used
    assert TowieTable.objects.get(pk=table.pk).stake == Decimal("0.10")  # and nothing is saved


def test_a_negative_stake_in_the_settings_saves_nothing(client_in, towie_factory):
    table = towie_factory(["A", "B", "C"], stake="0.10")
    data = {"name": "Renamed", "date": "2026-11-29", "stake": "-1", "player_1": "A", "player_2": "B", "player_3": "C"}
    response = client_in.post(reverse("towie_edit", args=[table.pk]), data)
    assert response.status_code == 200
    assert response.context["form"].errors["stake"] == [BELOW_NOTHING]
    assert BELOW_NOTHING in text(response)
    saved = TowieTable.objects.get(pk=table.pk)
    assert (saved.name, saved.date, saved.stake) == ("Towie night", datetime.date(2026, 11, 28), Decimal("0.10"))


def test_a_negative_stake_on_a_new_table_makes_no_table(client_in):
    data = {"name": "New", "date": "2026-11-29", "stake": "-0.01", "player_1": "A", "player_2": "B", "player_3": "C"}
    response = client_in.post(reverse("towie_create"), data)
    assert response.status_code == 200 and BELOW_NOTHING in text(response)
    assert not TowieTable.objects.exists()


def test_the_service_refuses_a_negative_stake_too(director, towie_factory):
    with pytest.raises(ValidationError) as refused:
        towie_services.towie_table_create(
            name="T", date=datetime.date(2026, 1, 1), players=["A", "B", "C"], stake="-2", user=director
        )
    assert refused.value.message_dict == {"stake": [BELOW_NOTHING]}
    assert not TowieTable.objects.exists()
    table = towie_factory(["A", "B", "C"], stake="0.25")
    with pytest.raises(ValidationError) as refused:
        towie_services.towie_table_update(
            table=table, name="Other", date=table.date, stake=Decimal("-0.25"), players=["A", "B", "C"]
        )
    assert refused.value.message_dict == {"stake": [BELOW_NOTHING]}
    saved = TowieTable.objects.get(pk=table.pk)
    assert (saved.name, saved.stake) == ("Towie night", Decimal("0.25"))


# --- who pays whom, in order -------------------------------------------------------------------

# A 200, B 700, C 700, D 100 rounded, seated A, B, C, D by the draw.
IN_ORDER = [("D", "B", 600), ("D", "C", 600), ("A", "B", 500), ("A", "C", 500), ("D", "A", 100)]


def test_who_pays_whom_is_largest_first_then_by_the_payers_seat(client_in, towie_factory):
    table = towie_factory(["A", "B", "C", "D"], stake="0.25")
    four_totals_ending_in_40_50_and_150(client_in, table)
    page = sheet(client_in, table)
    assert [(p.payer, p.payee, p.points) for p in page.payments] == IN_ORDER
    for name in ("towie_sheet", "towie_settlement"):
        html = client_in.get(reverse(name, args=[table.pk])).content.decode()
        lines = [html.index(f"<li>{payer} pays {payee} <strong>{points}</strong>") for payer, payee, points in IN_ORDER]
        assert lines == sorted(lines), name
    printed = towie_selectors.towie_print(TowieTable.objects.get(pk=table.pk))
    assert [(p.payer, p.payee, p.points) for p in printed.payments] == IN_ORDER
    pdf = client_in.get(reverse("towie_pdf", args=[table.pk])).content
    words = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    found = [words.index(f"{payer} pays {payee} {points:,}") for payer, payee, points in IN_ORDER]
    assert found == sorted(found)


def test_equal_payments_follow_the_seat_order_not_the_names(client_in, towie_factory):
    # Drawn in this order: Zed deals first, then Amy, then Max.
    table = towie_factory(["Zed", "Amy", "Max"])
    post_deal(client_in, table, "Amy", "4S", 10)  # Amy 620 -> 600: Zed and Max pay her 600 each
    page = sheet(client_in, table)
    assert [(p.payer, p.payee, p.points) for p in page.payments] == [("Zed", "Amy", 600), ("Max", "Amy", 600)]


# --- the separate Towie form's hint ------------------------------------------------------------


def test_the_separate_towie_form_says_six_or_more_form_two_tables(client_in, towie_factory):
    hint = "Six or more: form two tables, each of three to five."
    assert hint in text(client_in.get(reverse("towie_create")))
    table = towie_factory(["A", "B", "C"])
    html = text(client_in.get(reverse("towie_edit", args=[table.pk])))
    assert hint in html and 'aria-describedby="id_player_5_helptext"' in html and 'id="id_player_5_helptext"' in html
