"""A whole mixed party through the pages: set up from a guest list, four rounds, results printed.

Totals are checked by following each player round by round on the movement pages and adding up
the table results the test itself entered: an account kept apart from the standings code.
"""

import io
import re

import pytest
from django.urls import reverse
from openpyxl import Workbook, load_workbook
from pypdf import PdfReader

from tournaments.models import Party, Seat

pytestmark = pytest.mark.django_db


# Net figures for table t in round r: N-S win odd-numbered tables, E-W even, by 100 x (t + r).
def figures(round_number: int, table: int) -> tuple[int, int]:
    swing = 100 * (table + round_number)
    return (swing, -swing) if table % 2 else (-swing, swing)


def guest_list_xlsx() -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet.append(["Name", "Lady or gentleman"])
    for i in range(1, 11):
        sheet.append([f"Mrs {i:02d}", "lady"])
        sheet.append([f"Mr {i:02d}", "gentleman"])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def seating(party: Party, number: int) -> dict[tuple[int, str], str]:
    return {
        (s.table, s.seat): s.guest.name
        for s in Seat.objects.filter(round__party=party, round__number=number).select_related("guest")
    }


def test_a_five_table_mixed_party_from_guest_list_to_results(client_in):
    response = client_in.post(
        reverse("party_create"),
        {
            "name": "Winter mixed",
            "date": "2026-12-12",
            "tables": 5,
            "mixed": "on",
            "rounds_planned": 4,
            "round_minutes": 30,
            "rules": "modern",
            "tally_mode": "net",
        },
    )
    party = Party.objects.get(name="Winter mixed")
    assert response["Location"] == reverse("party_guests", args=[party.id])

    upload = io.BytesIO(guest_list_xlsx())
    upload.name = "guests.xlsx"
    client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload})
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert "20 of 20 guests" in page and "10 ladies, 10 gentlemen" in page and "The numbers fit" in page

    client_in.post(reverse("party_seats", args=[party.id]), {"pins": "1 N Mrs 01\n1 S Mr 01"})
    first = seating(party, 1)
    assert first[(1, "N")] == "Mrs 01" and first[(1, "S")] == "Mr 01"

    tallies = PdfReader(io.BytesIO(client_in.get(reverse("tallies_pdf", args=[party.id])).content))
    text = "\n".join(page.extract_text() for page in tallies.pages)
    assert "Mrs 01" in text and "Mr 10" in text and "LADY" in text and "GENTLEMAN" in text

    totals: dict[str, int] = {}
    for number in range(1, 5):
        seats = seating(party, number)
        assert len(set(seats.values())) == 20
        for table in range(1, 6):
            ns, ew = figures(number, table)
            url = reverse("table_enter", args=[party.id, number, table])
            client_in.post(url, {"mode": "net", "ns": ns, "ew": ew, "version": 0})
            for seat, value in (("N", ns), ("S", ns), ("E", ew), ("W", ew)):
                totals[seats[(table, seat)]] = totals.get(seats[(table, seat)], 0) + value
            # Every partnership a lady and a gentleman, every round.
            assert seats[(table, "N")].startswith("Mrs") and seats[(table, "S")].startswith("Mr ")
            assert seats[(table, "E")].startswith("Mrs") and seats[(table, "W")].startswith("Mr ")
        response = client_in.post(reverse("round_close", args=[party.id, number]))
        assert response.status_code == 302
        if number < 4:
            following = seating(party, number + 1)
            # Table 1's winners (N-S, odd table) stay; its losers go to table 5.
            assert following[(1, "N")] == seats[(1, "N")]
            assert {seats[(1, "E")], seats[(1, "W")]} <= {following[(5, s)] for s in "NESW"}
            # Table 2's winners (E-W) move up to table 1; table 2's losers (N-S) stay.
            assert {seats[(2, "E")], seats[(2, "W")]} <= {following[(1, s)] for s in "NESW"}
            assert {seats[(2, "N")], seats[(2, "S")]} <= {following[(2, s)] for s in "NESW"}

    page = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    for name, total in totals.items():
        shown = f"+{total:,}" if total > 0 else (f"−{abs(total):,}" if total < 0 else "0")
        # The name in its box (presentation/name_box.py), then the total in the next cell.
        row = re.search(rf"<td[^>]*><bdi[^>]*>{re.escape(name)}</bdi>.*?</td>\s*<td[^>]*>([^<]+)</td>", page, re.S)
        assert row and row.group(1).strip() == shown, name
    best = max(totals.values())
    leaders = sorted(n for n, t in totals.items() if t == best)
    assert leaders[0] in page

    sheet = PdfReader(io.BytesIO(client_in.get(reverse("results_pdf", args=[party.id])).content))
    text = "\n".join(p.extract_text() for p in sheet.pages)
    assert all(name in text for name in totals)
    book = load_workbook(io.BytesIO(client_in.get(reverse("results_xlsx", args=[party.id])).content))
    standings = book["Standings"]
    header = [c.value for c in standings[1]]
    name_col, total_col = header.index("Name"), header.index("Total")
    rows = {row[name_col]: row[total_col] for row in standings.iter_rows(min_row=2, values_only=True) if row[name_col]}
    assert rows == totals


def test_a_bad_deal_entry_shows_the_message_and_saves_nothing(client_in, party_factory):
    party = party_factory(tables=2)
    url = reverse("table_enter", args=[party.id, 1, 1])
    data = {"mode": "deals", "version": 0, "d1-level": "7", "d1-strain": "S", "d1-declarer": "N", "d1-tricks": "14"}
    for n in (2, 3, 4):
        data[f"d{n}-level"] = "P"
    page = client_in.post(url, data).content.decode()
    assert "Deal 1: Tricks taken are 0 to 13." in page
    assert "Nothing was saved" in page
    data["d1-tricks"] = "13"
    data["d1-declarer"] = "Q"
    page = client_in.post(url, data).content.decode()
    assert "Deal 1: The declarer is one of the four players at the table." in page
    assert "Nothing was saved" in page
    assert not party.rounds.get(number=1).results.exists()


def test_the_live_preview_scores_each_deal_with_the_cap(client_in, party_factory):
    party = party_factory(tables=1)
    url = reverse("table_enter", args=[party.id, 1, 1])
    data = {"preview": "1", "d1-level": "4", "d1-strain": "S", "d1-doubled": "X", "d1-declarer": "E", "d1-tricks": "6"}
    data |= {"d2-level": "4", "d2-strain": "H", "d2-doubled": "X", "d2-declarer": "E", "d2-tricks": "6"}
    page = client_in.post(url, data).content.decode()
    # Deal 1, nobody vulnerable: 4 down doubled = 800. Deal 2, E-W vulnerable: 1,100, N-S credited 1,000.
    assert "+800" in page and "+1,000" in page and "−1,100" in page
    # The badge marks the side whose credit was cut: N-S, next to its +1,000.
    assert re.search(r"\+1,000<br><span class=\"badge\">capped</span>", page)
    assert "So far" in page and "+1,800" in page and "−1,900" in page
    assert not party.rounds.get(number=1).results.exists()


def test_pages_need_a_login(client, party_factory):
    party = party_factory(tables=1)
    for name, args in [
        ("party_dashboard", [party.id]),
        ("round_detail", [party.id, 1]),
        ("party_standings", [party.id]),
        ("tallies_pdf", [party.id]),
    ]:
        response = client.get(reverse(name, args=args))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_standings_sort_by_any_column(client_in, party_factory, director):
    from tournaments.services import results as result_services

    party = party_factory(tables=2)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(400, -400), by_user=director)
    result_services.result_record(round_=first, table=2, net=(-100, 100), by_user=director)
    url = reverse("party_standings", args=[party.id])

    def totals(query: str) -> list[str]:
        page = client_in.get(url + query).content.decode()
        body = page.split("<tbody>", 1)[1]
        return re.findall(r'<td class="num">([+−]?[\d,]+)</td>\s*<td><svg class="spark"', body)

    assert totals("") == ["+400", "+400", "+100", "+100", "−100", "−100", "−400", "−400"]
    assert totals("?sort=total") == ["−400", "−400", "−100", "−100", "+100", "+100", "+400", "+400"]
    page = client_in.get(url + "?sort=name").content.decode()
    names = re.findall(r"<td>(Player \d+)", page)
    assert names == sorted(names)


def test_the_standings_draw_each_players_running_total(client_in, party_factory, director):
    from tournaments.services import results as result_services
    from tournaments.services import rounds as round_services

    party = party_factory(tables=1, rounds=3)
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(400, -400), by_user=director)
    second = round_services.round_close(round_=first)
    assert second is not None  # round 2 follows
    result_services.result_record(round_=second, table=1, net=(-100, 100), by_user=director)
    page = client_in.get(reverse("party_standings", args=[party.id])).content.decode()
    labels = re.findall(r'aria-label="Running total after each round: ([^"]*)"', page)
    # One table, partners change: after round 1 two players are +400 and two −400; round 2 adds
    # −100 or +100 to each depending on the side each sat.
    assert len(labels) == 4 and all(len(label.split(", ")) == 2 for label in labels)
    firsts = sorted(label.split(", ")[0] for label in labels)
    assert firsts == ["+400", "+400", "−400", "−400"]
