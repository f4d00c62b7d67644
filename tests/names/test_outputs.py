"""docs/names.md walked row by row: every output names a member who asked for initials ("Margaret Jane Whitfield",
linked) as the table says, in full or "M. J. W.", and a linked member who did not ("Bob Carter") in full.

Each row is rendered as its reader gets it: the page's HTML, the PDF read back with pypdf, the workbook with
openpyxl, the file's text, the mail's text."""

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.names.conftest import HER, HERS, HIM, publish
from tests.towie.conftest import make_table
from tournaments.models import BostonTable, OutgoingMail, TableToken, TowiePlayer
from tournaments.presentation.names import FORMS, Form, Where, initials, name_for, pair_name_for
from tournaments.selectors.public import shown_name
from tournaments.services import ledger
from tournaments.services import results_mail as mail_services

pytestmark = pytest.mark.django_db

TABLE = Path(__file__).resolve().parents[2] / "docs" / "names.md"


def documented() -> dict[str, str]:
    """docs/names.md's table: each output's `Where` and its form."""
    rows = re.findall(r"^\|[^|]*\|[^|]*\| `([^`]+)` \| (full|chosen) \|$", TABLE.read_text(), flags=re.M)
    return dict(rows)


# --- the rule itself --------------------------------------------------------------------------------------------


def test_the_table_in_the_docs_is_the_table_in_the_code():
    assert documented() == {str(where): str(form) for where, form in FORMS.items()}
    assert set(RENDER) == set(Where)  # and this test renders every one of them
    assert len(documented()) == len(Where) == 30


def test_the_rule():
    assert initials(HER) == HERS and shown_name(HER, True) == HERS and shown_name(HER, False) == HER
    assert name_for(Where.RESULTS_PDF, HER, True) == HERS and name_for(Where.TALLY_CARDS, HER, True) == HER
    assert name_for(Where.RESULTS_PDF, HER, None) == HER
    pair = f"{HER} & Ann Lee"
    assert pair_name_for(Where.PUBLIC_PAGE, pair, HER, "Ann Lee", True, False) == f"{HERS} & Ann Lee"
    assert pair_name_for(Where.KNOCKOUT_SCORE_PADS, pair, HER, "Ann Lee", True, False) == pair
    assert pair_name_for(Where.PUBLIC_PAGE, pair, HER, "Ann Lee", False, None) == pair


# --- reading each output ----------------------------------------------------------------------------------------


def pdf_text(content: bytes, pages: Callable[[str], bool] = lambda text: True) -> str:
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]
    return "\n".join(text for text in texts if pages(text))


def xlsx_text(content: bytes) -> str:
    book = load_workbook(io.BytesIO(content))
    return "\n".join(str(v) for sheet in book for row in sheet.iter_rows(values_only=True) for v in row if v)


def body(response) -> bytes:
    assert response.status_code == 200
    return b"".join(response) if response.streaming else response.content


def page(response) -> str:
    # The big screen's short names keep an initial and its surname together by a no-break space.
    return body(response).decode().replace("\u00a0", " ").replace("&nbsp;", " ")


def mail_to(address: str, kind: str) -> str:
    return OutgoingMail.objects.get(to=address, kind=kind).text


def not_a_pad(text: str) -> bool:
    return "score pad" not in text


def a_pad(text: str) -> bool:
    return "score pad" in text


def _towie(director, members) -> str:
    table = make_table([HER, HIM, "Cid Poe"], user=director)
    for player in TowiePlayer.objects.filter(table=table, name__in=members):
        player.member = members[player.name]
        player.save()
    return reverse("towie_card_pdf", args=[table.pk])


def _boston(club, members) -> str:
    table = BostonTable.objects.create(
        club=club, name="Friday Boston", date="2026-12-04", variant="fontainebleau", player_1=HER, player_2=HIM,
        player_3="Cat Lee", player_4="Dan Poe", member_1=members[HER], member_2=members[HIM],
    )  # fmt: skip
    return reverse("boston_pdf", args=[table.pk])


class Events:
    """The test's events, each made the first time an output asks for it; `get` the director's client."""

    def __init__(self, request) -> None:
        self.fixture = request.getfixturevalue
        self.get = self.fixture("client_in").get

    def __getattr__(self, name: str):
        return self.fixture(name)

    def knockout_round_pdf(self) -> str:
        round_ = self.knockout.rounds.get()
        return reverse("knockout_round_pdf", args=[round_.knockout_id, round_.bracket, round_.number])


def _pdf(url: Callable[[Events], str], pages: Callable[[str], bool] = lambda text: True) -> Callable[[Events], str]:
    return lambda e: pdf_text(body(e.get(url(e))), pages)


def _xlsx(url: Callable[[Events], str]) -> Callable[[Events], str]:
    return lambda e: xlsx_text(body(e.get(url(e))))


def _page(url: Callable[[Events], str]) -> Callable[[Events], str]:
    return lambda e: page(e.get(url(e)))


def _party_mail(e: Events, to: str) -> str:
    mail_services.party_results_mail(party=e.party, site="http://club.example")
    return mail_to(to, "results")


def _knockout_mail(e: Events) -> str:
    mail_services.knockout_results_mail(knockout=e.knockout, site="http://club.example")
    return mail_to("bob@example.org", "knockout_results")  # Bob's mail names his opponents


def _export(fmt: str) -> Callable[[Events], str]:
    return lambda e: body(e.get(reverse("results_export", args=[e.party.pk, fmt]))).decode("utf-8", "replace")


def _members_file(e: Events) -> str:
    assert e.members
    return body(e.get(reverse("members_csv"))).decode("utf-8-sig")


def _transfer(e: Events) -> str:
    return json.dumps(json.loads(body(e.get(reverse("party_export", args=[e.party.pk])))), ensure_ascii=False)


def _ledger(e: Events) -> str:
    """Margaret and Bob pay their table money; the ledger command's CSV."""
    for guest in e.party.guests.filter(member__isnull=False):
        ledger.fee_paid(club=e.club, guest=guest, amount=300, method="cash", by=e.director)
    out = io.StringIO()
    call_command("ledger", "--club", e.club.name, "--format", "csv", stdout=out)
    return out.getvalue()


def _phone(e: Events) -> str:
    return reverse("table_page", args=[TableToken.objects.get(party=e.party, table=1, revoked_at=None).token])


BIG = "?projector=1"
# Each output of docs/names.md, rendered as its reader gets it, as text.
RENDER: dict[Where, Callable[[Events], str]] = {
    Where.DIRECTOR_PAGES: _page(lambda e: reverse("party_standings", args=[e.party.pk])),
    Where.TABLE_PHONE: _page(_phone),
    Where.TALLY_CARDS: _pdf(lambda e: reverse("tallies_pdf", args=[e.party.pk])),
    Where.SCORE_CARDS: _pdf(lambda e: reverse("score_cards_pdf", args=[e.party.pk, 1])),
    Where.KNOCKOUT_SCORE_PADS: _pdf(Events.knockout_round_pdf, a_pad),
    Where.TOWIE_CARD: _pdf(lambda e: _towie(e.director, e.members)),
    Where.BOSTON_SHEET: _pdf(lambda e: _boston(e.club, e.members)),
    # Her own mail: the greeting, her own name.
    Where.OWN_MAIL: lambda e: _party_mail(e, "mjw@example.org").split("\n", 1)[0],
    Where.MEMBERS_FILE: _members_file,
    Where.EVENT_TRANSFER: _transfer,
    Where.PUBLIC_PAGE: _page(lambda e: publish(e.client_in, "party", e.party)),
    Where.RESULTS_PDF: _pdf(lambda e: reverse("results_pdf", args=[e.party.pk])),
    Where.RESULTS_XLSX: _xlsx(lambda e: reverse("results_xlsx", args=[e.party.pk])),
    Where.MOVEMENT_PDF: _pdf(lambda e: reverse("movement_pdf", args=[e.party.pk, 1])),
    Where.STANDINGS_BIG_SCREEN: _page(lambda e: reverse("party_standings", args=[e.party.pk]) + BIG),
    Where.ROUND_BIG_SCREEN: _page(lambda e: reverse("round_detail", args=[e.party.pk, 1]) + BIG),
    Where.KNOCKOUT_BRACKET_BIG_SCREEN: _page(lambda e: reverse("knockout_bracket", args=[e.knockout.pk]) + BIG),
    Where.KNOCKOUT_BRACKET_PDF: _pdf(lambda e: reverse("knockout_bracket_pdf", args=[e.knockout.pk]), not_a_pad),
    Where.KNOCKOUT_WALL_PDF: _pdf(lambda e: reverse("knockout_bracket_wall_pdf", args=[e.knockout.pk])),
    Where.KNOCKOUT_DRAW_PDF: _pdf(Events.knockout_round_pdf, not_a_pad),
    Where.KNOCKOUT_XLSX: _xlsx(lambda e: reverse("knockout_results_xlsx", args=[e.knockout.pk])),
    Where.SEASON_PDF: _pdf(lambda e: reverse("series_pdf", args=[e.series.pk])),
    Where.SEASON_XLSX: _xlsx(lambda e: reverse("series_xlsx", args=[e.series.pk])),
    Where.SEASON_BIG_SCREEN: _page(lambda e: reverse("series_detail", args=[e.series.pk]) + BIG),
    Where.RESULTS_MAIL: lambda e: _party_mail(e, "bob@example.org"),  # Bob's mail names his partner Margaret
    Where.KNOCKOUT_RESULTS_MAIL: _knockout_mail,
    Where.USEBIO: _export("usebio"),
    Where.BRIDGEWEBS: _export("bridgewebs"),
    Where.PBN: _export("pbn"),
    Where.LEDGER_FILE: _ledger,
}


@pytest.mark.parametrize("where", list(Where), ids=str)
def test_each_output_names_the_member_as_the_table_says(where, request):
    text = RENDER[where](Events(request))
    if where is Where.OWN_MAIL:  # her own mail: only she is named
        assert HER in text and HERS not in text
        return
    if where is Where.MEMBERS_FILE:
        assert HER in text and HIM in text and HERS not in text
        return
    # Bob asked for nothing: in full everywhere (his surname: a PDF may break a line inside a name).
    assert "Carter" in text, where
    if FORMS[where] is Form.FULL:
        assert "Whitfield" in text and HERS not in text, where
    else:
        assert HERS in text and "Margaret" not in text and "Whitfield" not in text, where
