"""A member who asked for initials only keeps it on every way in (Add member, the members file, a merge), and
appears as initials in every file made to be published (USEBIO, the ranking CSV, PBN), as on the public page."""

import csv
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from tests.conftest import make_party
from tournaments.files import members as member_files
from tournaments.models import Club, Member, Seat
from tournaments.rules.initials import private_initial
from tournaments.services import members as member_services
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


def asked(club) -> dict[str, bool]:
    return dict(Member.objects.filter(club=club).values_list("name", "initials_only"))


# --- kept on every way in ------------------------------------------------------------------------------------------


def test_add_member_with_the_box_ticked_keeps_it(client_in, club):
    response = client_in.post(
        reverse("member_create"), {"name": "Mary Jane Watson", "kind": "lady", "initials_only": "on"}
    )
    assert response.status_code == 302
    assert asked(club) == {"Mary Jane Watson": True}


def test_add_member_without_the_box_is_full_name(client_in, club):
    client_in.post(reverse("member_create"), {"name": "Peter Parker", "kind": "gentleman"})
    assert asked(club) == {"Peter Parker": False}


def test_the_service_keeps_it_on_create(club):
    assert member_services.member_create(club=club, name="Ann Lee", initials_only=True).initials_only is True


def test_the_members_file_writes_and_reads_initials_only(club):
    member_services.member_create(club=club, name="Mary Jane Watson", kind="lady", initials_only=True)
    member_services.member_create(club=club, name="Peter Parker", kind="gentleman")
    members = list(Member.objects.filter(club=club).order_by("name"))
    text = member_files.members_csv(members).decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(text))) == [
        ["Name", "Lady or gentleman", "Member number", "Email", "Phone", "Active", "Initials only"],
        ["Mary Jane Watson", "lady", "", "", "", "yes", "yes"],
        ["Peter Parker", "gentleman", "", "", "", "yes", "no"],
    ]
    sheet = load_workbook(io.BytesIO(member_files.members_xlsx(members))).active
    assert sheet is not None  # the file has its one sheet
    assert [cell.value for cell in sheet[1]][-1] == "Initials only" and sheet["G2"].value == "yes"
    Member.objects.filter(club=club).delete()
    rows = member_files.member_rows("members.csv", text.encode())
    assert [(r.name, r.initials_only) for r in rows] == [("Mary Jane Watson", True), ("Peter Parker", False)]
    assert member_services.members_import(club=club, rows=rows) == member_services.Imported(2, 0)
    assert asked(club) == {"Mary Jane Watson": True, "Peter Parker": False}


def test_an_import_sets_initials_only_on_a_known_member_and_an_empty_cell_leaves_it(club):
    member_services.member_create(club=club, name="Ann Lee", number="1")
    member_services.member_create(club=club, name="Bea Roe", number="2", initials_only=True)
    data = "Name,Kind,Number,Email,Phone,Active,Initials only\nAnn Lee,lady,1,,,yes,yes\nBea Roe,lady,2,,,yes,\n"
    rows = member_files.member_rows("m.csv", data.encode())
    assert member_services.members_import(club=club, rows=rows) == member_services.Imported(0, 2)
    assert asked(club) == {"Ann Lee": True, "Bea Roe": True}
    # A file without the column (an older export) leaves everyone's choice as it was.
    rows = member_files.member_rows("m.csv", b"Name,Kind,Number\nAnn Lee,lady,1\nCid Poe,gentleman,3\n")
    member_services.members_import(club=club, rows=rows)
    assert asked(club) == {"Ann Lee": True, "Bea Roe": True, "Cid Poe": False}


def test_an_initials_cell_that_is_neither_yes_nor_no_is_refused_by_its_row(club):
    data = "Name,Kind,Number,Email,Phone,Active,Initials only\nAnn Lee,lady,1,,,yes,maybe\n"
    with pytest.raises(ValidationError) as refused:
        member_files.member_rows("m.csv", data.encode())
    assert refused.value.messages == ["Row 2: “maybe” under Initials only is neither yes nor no."]
    assert asked(club) == {}


def test_the_members_upload_keeps_initials_only(client_in, club):
    upload = SimpleUploadedFile(
        "m.csv", b"Name,Kind,Number,Email,Phone,Active,Initials only\nAnn Lee,lady,1,,,yes,yes\n"
    )
    response = client_in.post(reverse("members_import"), {"file": upload})
    assert response.status_code == 302
    assert asked(club) == {"Ann Lee": True}


@pytest.mark.parametrize("keep_asked, drop_asked", [(False, True), (True, False), (True, True)])
def test_a_merge_keeps_initials_only_when_either_record_asked(club, keep_asked, drop_asked):
    keep = member_services.member_create(club=club, name="Mary Watson", initials_only=keep_asked)
    drop = member_services.member_create(club=club, name="M. J. Watson", number="9", initials_only=drop_asked)
    member_services.member_merge(keep=keep, drop=drop)
    assert asked(club) == {"Mary Watson": True}


def test_a_merge_of_two_full_names_stays_full(club):
    keep = member_services.member_create(club=club, name="Mary Watson")
    drop = member_services.member_create(club=club, name="M. J. Watson", number="9")
    member_services.member_merge(keep=keep, drop=drop)
    assert asked(club) == {"Mary Watson": False}


# --- honoured by every export --------------------------------------------------------------------------------------

DEALS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]


@pytest.fixture
def party(director, club):
    """One table: North is a member who asked for initials, South a member who did not."""
    party = make_party(tables=1, rounds=1, user=director)
    seats = {s.seat: s.guest for s in Seat.objects.filter(round__party=party).select_related("guest")}
    seats["N"].name, seats["S"].name = "Mary Jane Watson", "Peter Parker"
    seats["N"].member = member_services.member_create(
        club=club, name="Mary Jane Watson", number="EBU1", initials_only=True
    )
    seats["S"].member = member_services.member_create(club=club, name="Peter Parker", number="EBU2")
    for guest in (seats["N"], seats["S"]):
        guest.save()
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=DEALS, by_user=director)
    return party


def download(client_in, party, fmt: str) -> bytes:
    response = client_in.get(reverse("results_export", args=[party.pk, fmt]))
    assert response.status_code == 200
    return b"".join(response) if response.streaming else response.content


def test_usebio_writes_initials(client_in, party):
    data = download(client_in, party, "usebio")
    assert b"<PLAYER_NAME>M. J. W.</PLAYER_NAME>" in data and b"Mary Jane" not in data
    assert b"<PLAYER_NAME>Peter Parker</PLAYER_NAME>" in data
    assert b"<NATIONAL_ID_NUMBER>EBU1</NATIONAL_ID_NUMBER>" in data  # the national body still knows who it is


def test_the_ranking_csv_writes_initials(client_in, party):
    text = download(client_in, party, "bridgewebs").decode()
    rows = [(row[0], row[2], row[3]) for row in csv.reader(io.StringIO(text)) if len(row) == 4]
    assert ("1", "M. J. W.", "20") in rows and ("1", "Peter Parker", "20") in rows
    assert "Mary" not in text


def test_pbn_writes_initials_at_every_deal(client_in, party):
    text = download(client_in, party, "pbn").decode()
    assert text.count('[North "M. J. W."]') == 4 and text.count('[South "Peter Parker"]') == 4
    assert "Mary" not in text


def test_a_knockouts_pbn_writes_initials(director, club, tmp_path):
    from django.core.management import call_command

    from tests.knockout.helpers import make_knockout
    from tournaments.services import knockout as knockout_services

    knockout = make_knockout(pairs=2, user=director, name="Cup final")
    match = knockout.rounds.get().matches.get()
    pair = match.ns
    pair.member_a = member_services.member_create(club=club, name=pair.player_a, initials_only=True)
    pair.save()
    knockout_services.match_deal_record(match=match, number=1, contract="4S", declarer="N", tricks=10)
    out = tmp_path / "ko.pbn"
    call_command("export_results", str(knockout.pk), "--knockout", "--format", "pbn", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    initials = " ".join(private_initial(part) for part in pair.player_a.split())  # "N. 0": rules/initials.py
    assert f'[North "{initials}"]' in text and pair.player_a not in text
    assert f'[South "{pair.player_b}"]' in text


def test_a_knockouts_public_page_shows_initials(client, director, club):
    from tests.knockout.helpers import make_knockout
    from tournaments.services import knockout as knockout_services
    from tournaments.services import public as public_services

    knockout = make_knockout(pairs=2, user=director, name="Cup final")
    match = knockout.rounds.get().matches.get()
    pair, other = match.ns, match.ew
    pair.member_a = member_services.member_create(club=club, name=pair.player_a, initials_only=True)
    pair.save()
    knockout_services.match_totals_record(match=match, ns=1250, ew=400)
    page = client.get(f"/r/{public_services.publish(event=knockout).token}/").content.decode()
    # "North 01": a letter's initial takes a full stop, a figure's none (tournaments/rules/initials.py).
    initials = " ".join(private_initial(part) for part in pair.player_a.split())
    assert initials == "N. 0"
    # The pair's cell and the winner's cell: initials for the member who asked, the partner in full.
    assert page.count(f'<td><bdi class="person">{initials} &amp; {pair.player_b}</bdi></td>') == 2
    assert pair.player_a not in page
    assert f"""<td><bdi class="person">{other.name.replace("&", "&amp;")}</bdi></td>""" in page
