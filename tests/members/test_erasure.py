"""A member's own data: the copy downloaded as a zip, and erasure (the name a label everywhere, every figure kept,
the contact details gone), for a member and for a guest who never became one; another club reaches neither."""

import csv
import datetime
import io
import json
import zipfile

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.conftest import make_party
from tournaments.models import (
    BostonTable,
    Club,
    Entry,
    EntryList,
    Guest,
    KnockoutMatch,
    MailRecipient,
    Member,
    OutgoingMail,
    ResultChange,
    Seat,
    TowiePlayer,
)
from tournaments.selectors import seasons as season_selectors
from tournaments.services import boston as boston_services
from tournaments.services import clubs as club_services
from tournaments.services import knockout as knockout_services
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.services import public as public_services
from tournaments.services import results as result_services
from tournaments.services import results_mail
from tournaments.services import seasons as season_services
from tournaments.services import seating as seating_services
from tournaments.services import towie as towie_services

pytestmark = pytest.mark.django_db

NAME = "Zebedee Quixotic"
# 4♠ by N making 10 (420 to N-S), 3NT by E making 9 (400 to E-W): N-S +20, E-W −20 net.
NS_WINS = [("4S", "N", 10), ("PASS", "", 0), ("3N", "E", 9), ("PASS", "", 0)]
# 3NT by E making 10 (430 to E-W) and 2♠ by N making 8 (110 to N-S): E-W +320.
EW_WINS = [("2S", "N", 8), ("PASS", "", 0), ("3N", "E", 10), ("PASS", "", 0)]
DAY = datetime.date(2026, 11, 28)


@pytest.fixture
def club(director) -> Club:
    return Club.objects.get(memberships__user=director)


def night(director, name: str, deals, guests: list[str], member: Member | None = None):
    """A one-table night with `guests` drawn into N, E, S, W by a fixed seed; `member` picked for their guest,
    the other members found by name."""
    party = make_party(tables=1, rounds=1, user=director, name=name, draw=False)
    party.guests.all().delete()
    party_services.guests_add(party=party, entries=[(g, "") for g in guests])
    for guest in party.guests.all():  # each member by name, `member` as picked from the list
        picked = member.pk if member is not None and guest.name == member.name else None
        member_services.guest_pick_member(guest=guest, member_id=picked)
    seating_services.seats_draw(party=party, seed=1)
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=deals, by_user=director)
    return party


def seat_of(party, name: str) -> str:
    return Seat.objects.get(round__party=party, guest__name=name).seat


def side_points(party, name: str, ns: int) -> int:
    return ns if seat_of(party, name) in "NS" else -ns


@pytest.fixture
def world(club, director):
    """The member at two nights of a season, a knockout, a Towie and a Boston table, with an entry, a pinned
    seat, results mailed (to them and to another member) and a line in the admin's log."""
    member = member_services.member_create(
        club=club, name=NAME, kind="gentleman", number="EBU 777", email="zq@example.org", phone="07700 900123"
    )
    member_services.member_create(club=club, name="Bob Other", email="bob@example.org")
    one = night(director, "October", NS_WINS, [NAME, "Bob Other", "Cid", "Dee"], member)
    two = night(director, "November", EW_WINS, [NAME, "Bob Other", "Cid", "Eve"], member)
    one.pins = [[1, seat_of(one, NAME), NAME]]
    one.save(update_fields=["pins"])
    series = season_services.series_save(club=club, name="Winter", parties=[one, two])
    knockout = knockout_services.knockout_create(
        name="Cup", date=DAY, user=director, club=club,
        pairs=[[NAME, "Pat Partner"], ["Ann A", "Ben B"], ["Cat C", "Dan D"], ["Eli E", "Fay F"]],
    )  # fmt: skip
    knockout_services.knockout_draw(knockout=knockout, seed=3)
    for number, match in enumerate(KnockoutMatch.objects.filter(round__knockout=knockout).order_by("table")):
        knockout_services.match_totals_record(match=match, ns=900 + 10 * number, ew=300)
    first = knockout.rounds.get(bracket="main", number=1)
    knockout_services.round_close(round_=first)
    towie = towie_services.towie_table_create(
        name="Towie night", date=DAY, players=[NAME, "Gus G", "Hal H"], user=director, club=club
    )
    boston = boston_services.boston_table_create(
        name="Boston night", date=DAY, variant="english", players=[NAME, "Ivy I", "Jo J", "Kit K"], user=director,
        pool_feed=1, pool_unlimited=True, club=club,
    )  # fmt: skip
    entries = EntryList.objects.create(club=club, party=one, tables=1)
    Entry.objects.create(
        entry_list=entries, name=NAME, email="zq@example.org", phone="07700 900123", member=member,
        state=Entry.State.CONFIRMED, partner="Bob Other", address="abc123",
    )  # fmt: skip
    Entry.objects.create(entry_list=entries, name="Bob Other", partner=NAME, state=Entry.State.CONFIRMED)
    results_mail.party_results_mail(party=one, site="https://club.example")
    LogEntry.objects.create(
        user=director, content_type=ContentType.objects.get_for_model(Member), object_id=str(member.pk),
        object_repr=NAME, action_flag=ADDITION,
    )  # fmt: skip
    for event in (one, knockout, series):
        public_services.publish(event=event)
    return {"member": member, "one": one, "two": two, "series": series, "knockout": knockout, "towie": towie,
            "boston": boston}  # fmt: skip


def figures(w) -> dict:
    """Every figure erasure must leave as it was: the season's points and nights, each knockout match, each
    night's results and its history."""
    table = season_selectors.series_standings(w["series"])
    return {
        "season": sorted((row.points, tuple(row.by_night)) for row in table.rows),
        "knockout": list(
            KnockoutMatch.objects.filter(round__knockout=w["knockout"])
            .order_by("round__bracket", "round__number", "table")
            .values_list("ns_id", "ew_id", "ns_total", "ew_total", "winner_id", "best_loser")
        ),
        "history": list(ResultChange.objects.order_by("pk").values_list("result_id", "action", "before", "after")),
        "boston": BostonTable.objects.filter(pk=w["boston"].pk).values_list("member_1", flat=True)[0],
    }


def rows_holding(text: str) -> list[str]:
    """Every table and column of the database (text or not, cast to text) where `text` (lower case) appears."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            quoted = connection.ops.quote_name(table)
            cursor.execute(f"SELECT * FROM {quoted} WHERE 1 = 0")  # its columns, as the database names them
            for column in [c[0] for c in cursor.description]:
                name = connection.ops.quote_name(column)
                cursor.execute(
                    f"SELECT COUNT(*) FROM {quoted} WHERE LOWER(CAST({name} AS TEXT)) LIKE %s", [f"%{text}%"]
                )
                if cursor.fetchone()[0]:
                    found.append(f"{table}.{column}")
    return found


def pages(client, w) -> dict[str, str]:
    """What the club shows and exports from then on: its pages, its public pages, its files."""
    urls = [
        reverse("member_detail", args=[w["member"].pk]),
        reverse("member_list") + "?archived=1",
        reverse("members_csv"),
        reverse("party_guests", args=[w["one"].pk]),
        reverse("party_standings", args=[w["one"].pk]),
        reverse("party_export", args=[w["one"].pk]),
        reverse("knockout_detail", args=[w["knockout"].pk]),
        reverse("towie_sheet", args=[w["towie"].pk]),
        reverse("boston_table", args=[w["boston"].pk]),
        reverse("series_detail", args=[w["series"].pk]),
        reverse("party_entries", args=[w["one"].pk]),
    ]
    for event in ("one", "knockout", "series"):
        urls.append(reverse("public_page", args=[w[event].public_link.token]))
    shown = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        shown[url] = response.content.decode("utf-8", "replace")
    return shown


def test_the_zip_holds_every_section_and_the_right_figures(client_in, world):
    member = world["member"]
    response = client_in.get(reverse("member_data_zip", args=[member.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    book = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(book.namelist()) == sorted(
        ["member.json", "entries.csv", "nights.csv", "games.csv", "rounds.csv", "mails.json"]
    )
    record = json.loads(book.read("member.json"))
    assert (record["name"], record["email"], record["phone"], record["number"]) == (
        NAME, "zq@example.org", "07700 900123", "EBU 777",
    )  # fmt: skip

    def rows(name: str) -> list[dict]:
        return list(csv.DictReader(io.StringIO(book.read(name).decode("utf-8-sig"))))

    nights = {row["party"]: row for row in rows("nights.csv")}
    # October: +20 to N-S; November: +320 to E-W (the one table's four players, each on their side).
    assert int(nights["October"]["total"]) == side_points(world["one"], NAME, 20)
    assert int(nights["November"]["total"]) == side_points(world["two"], NAME, -320)
    rounds = rows("rounds.csv")
    assert [(r["party"], r["seat"], int(r["score"])) for r in rounds] == [
        ("October", seat_of(world["one"], NAME), side_points(world["one"], NAME, 20)),
        ("November", seat_of(world["two"], NAME), side_points(world["two"], NAME, -320)),
    ]
    assert sorted(row["kind"] for row in rows("games.csv")) == ["boston", "knockout", "towie"]
    assert [(e["name"], e["email"], e["partner"]) for e in rows("entries.csv")] == [
        (NAME, "zq@example.org", "Bob Other")
    ]
    mails = json.loads(book.read("mails.json"))
    assert [m["to"] for m in mails] == ["zq@example.org"] and mails[0]["kind"] == "results"


def test_erasing_a_member_keeps_every_figure_and_leaves_no_trace(client_in, world):
    member = world["member"]
    before = figures(world)
    assert rows_holding("quixotic")  # the scan finds the name where it is
    response = client_in.post(reverse("member_erase", args=[member.pk]))
    assert "Quixotic" in response.content.decode() and Member.objects.get(pk=member.pk).erased_at is None
    response = client_in.post(reverse("member_erase", args=[member.pk]), {"confirm": "yes"})
    assert response.status_code == 302
    member.refresh_from_db()
    label = f"Erased player {member.pk}"
    assert member.name == label and member.erased_at is not None
    assert (member.email, member.phone, member.number) == ("", "", "")
    assert figures(world) == before
    assert rows_holding("quixotic") == [] and rows_holding("zebedee") == []
    assert rows_holding("zq@example.org") == [] and rows_holding("900123") == []
    assert not MailRecipient.objects.filter(email="zq@example.org").exists()
    # Bob's mail of the night's results still goes, the name in it a label.
    bob_mail = OutgoingMail.objects.get(to="bob@example.org")
    assert label in bob_mail.text
    # The label stands in every event, so the season still counts one person.
    assert Guest.objects.filter(member=member, name=label).count() == 2
    assert TowiePlayer.objects.get(table=world["towie"], member=member).name == label
    assert world["knockout"].pairs.get(member_a=member).name == f"{label} & Pat Partner"
    for url, page in pages(client_in, world).items():
        assert "Quixotic" not in page and "Zebedee" not in page, url
    assert label in pages(client_in, world)[reverse("series_detail", args=[world["series"].pk])]


def test_the_label_reads_in_the_clubs_language(client_in, world, club):
    club.language = "fr"
    club.save(update_fields=["language"])
    client_in.post(reverse("member_erase", args=[world["member"].pk]), {"confirm": "yes"})
    assert Member.objects.get(pk=world["member"].pk).name == f"Joueur effacé {world['member'].pk}"


def test_erasing_twice_is_refused_and_changes_nothing(client_in, world):
    url = reverse("member_erase", args=[world["member"].pk])
    client_in.post(url, {"confirm": "yes"})
    erased = Member.objects.get(pk=world["member"].pk)
    response = client_in.post(url, {"confirm": "yes"}, follow=True)
    assert "was erased already" in response.content.decode()
    again = Member.objects.get(pk=world["member"].pk)
    assert (again.erased_at, again.changes) == (erased.erased_at, erased.changes)


def test_an_erased_member_cannot_be_named_again(client_in, world):
    """A new name typed on the erased record would undo the erasure on every page made from it: refused, with
    a sentence, and the record unchanged; the page offers no details form."""
    url = reverse("member_detail", args=[world["member"].pk])
    client_in.post(reverse("member_erase", args=[world["member"].pk]), {"confirm": "yes"})
    erased = Member.objects.get(pk=world["member"].pk)
    assert 'name="email"' not in client_in.get(url).content.decode()
    response = client_in.post(url, {"name": "Zebedee Quixotic", "kind": "lady", "email": "zq@example.org"})
    assert "was erased: the record keeps its label and cannot be edited" in response.content.decode()
    again = Member.objects.get(pk=world["member"].pk)
    assert (again.name, again.email, again.changes) == (erased.name, "", erased.changes)


def test_an_erased_member_is_merged_with_nobody(client_in, world):
    from django.core.exceptions import ValidationError

    client_in.post(reverse("member_erase", args=[world["member"].pk]), {"confirm": "yes"})
    erased = Member.objects.get(pk=world["member"].pk)
    other = Member.objects.create(club=erased.club, name="Pat Someone", email="pat@example.org")
    for keep, drop in ((erased, other), (other, erased)):
        with pytest.raises(ValidationError) as refused:
            member_services.member_merge(keep=keep, drop=drop)
        assert refused.value.messages == ["An erased member cannot be merged: their record keeps its label."]
    assert Member.objects.filter(pk__in=[erased.pk, other.pk]).count() == 2
    assert Member.objects.get(pk=erased.pk).email == ""


def test_a_guest_who_is_no_member_is_erased_the_same_way(client_in, director, world):
    one, two = world["one"], world["two"]
    cid = one.guests.get(name="Cid")
    Entry.objects.create(
        entry_list=one.entry_list, name="Cid", email="cid@example.org", phone="01632 960111",
        state=Entry.State.CONFIRMED,
    )  # fmt: skip
    before = figures(world)
    response = client_in.post(reverse("guest_erase", args=[one.pk, cid.pk]))
    assert Guest.objects.get(pk=cid.pk).name == "Cid"  # asked first
    client_in.post(reverse("guest_erase", args=[one.pk, cid.pk]), {"confirm": "yes"})
    label = f"Erased guest {cid.pk}"
    # Both nights' Cid (never linked to a member) is the label: the season still counts them as one.
    assert sorted(Guest.objects.filter(name=label).values_list("party_id", flat=True)) == sorted([one.pk, two.pk])
    assert all(g.erased_at for g in Guest.objects.filter(name=label))
    assert figures(world) == before
    assert not Guest.objects.filter(name="Cid").exists()
    assert rows_holding("cid@example.org") == [] and rows_holding("960111") == []
    assert Entry.objects.get(entry_list=one.entry_list, name=label).email == ""
    assert "Cid" not in pages(client_in, world)[reverse("public_page", args=[one.public_link.token])]
    response = client_in.get(reverse("party_guests", args=[one.pk]))
    assert label in response.content.decode()


def test_a_members_guest_is_not_erased_from_the_guest_list(client_in, world):
    one = world["one"]
    guest = one.guests.get(member=world["member"])
    response = client_in.post(reverse("guest_erase", args=[one.pk, guest.pk]), {"confirm": "yes"}, follow=True)
    assert "erase them from their member" in response.content.decode()
    assert Guest.objects.get(pk=guest.pk).name == NAME


def test_another_clubs_director_can_neither_download_nor_erase(world):
    bob = get_user_model().objects.create_user("bob-b", password="pw-bob-b-long")
    other_club, _ = club_services.club_get_or_create(name="Other club")
    club_services.membership_add(club=other_club, user=bob, role="owner")
    other = Client()
    other.force_login(bob)
    member, one = world["member"], world["one"]
    guest = one.guests.get(name="Cid")
    assert other.get(reverse("member_data_zip", args=[member.pk])).status_code == 404
    assert other.post(reverse("member_erase", args=[member.pk]), {"confirm": "yes"}).status_code == 404
    assert other.post(reverse("guest_erase", args=[one.pk, guest.pk]), {"confirm": "yes"}).status_code == 404
    member.refresh_from_db()
    assert (member.name, member.email, member.erased_at) == (NAME, "zq@example.org", None)
    assert Guest.objects.get(pk=guest.pk).name == "Cid"
