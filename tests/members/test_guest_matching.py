"""Guests are linked to the club's members however they come (typed, pasted, a CSV or XLSX file, entries): a
member who chose initials only is published by initials, with her number. A name two members share, or one an
accent apart, is offered to the hostess to pick, never guessed. Names from a file are cleaned as typed ones are."""

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tests.views.test_live_polls import FOUR
from tournaments.models import Club, Guest, Member
from tournaments.selectors.interchange import party_results
from tournaments.services import entries as entry_services
from tournaments.services import members as member_services
from tournaments.services import party as party_services
from tournaments.services import public as public_services
from tournaments.services import results as result_services
from tournaments.services import seating as seating_services

pytestmark = pytest.mark.django_db

FOUR_MEMBERS = ["Margaret Jane Whitfield", "Arthur Penrose", "Beatrice Hale", "Colin Dunmore"]


@pytest.fixture
def club(director):
    club = Club.objects.get(memberships__user=director)
    member_services.member_create(club=club, name=FOUR_MEMBERS[0], number="EBU123", initials_only=True)
    for name in FOUR_MEMBERS[1:]:
        member_services.member_create(club=club, name=name)
    return club


@pytest.fixture
def party(club, director):
    return party_services.party_create(
        name="Guest night", date=datetime.date(2026, 11, 28), tables=1, rounds_planned=1, user=director, club=club
    )


def linked(party) -> dict[str, str | None]:
    return {g.name: (g.member.number if g.member else None) for g in party.guests.select_related("member")}


def xlsx(names) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet.append(["Name"])
    for name in names:
        sheet.append([name])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def upload(client, party, filename: str, data: bytes):
    return client.post(reverse("guests_upload", args=[party.id]), {"file": SimpleUploadedFile(filename, data)})


EVERY_MEMBER = {FOUR_MEMBERS[0]: "EBU123", **{name: "" for name in FOUR_MEMBERS[1:]}}


def test_four_pasted_member_names_are_the_four_members(client_in, party):
    # Pasted as people paste: odd case, doubled spaces, one name's accents decomposed would not matter either.
    pasted = "margaret jane  WHITFIELD\nArthur Penrose\n  Beatrice Hale \nColin Dunmore\n"
    response = client_in.post(reverse("guests_paste", args=[party.id]), {"names": pasted})
    assert response.status_code == 302
    assert {g.name: g.member.name for g in party.guests.select_related("member")} == {
        "margaret jane WHITFIELD": "Margaret Jane Whitfield",
        "Arthur Penrose": "Arthur Penrose",
        "Beatrice Hale": "Beatrice Hale",
        "Colin Dunmore": "Colin Dunmore",
    }
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert "Make a member" not in page


@pytest.mark.parametrize("filename", ["guests.csv", "guests.xlsx"])
def test_an_uploaded_guest_list_links_the_members(client_in, party, filename):
    data = xlsx(FOUR_MEMBERS) if filename.endswith("xlsx") else ("Name\n" + "\n".join(FOUR_MEMBERS)).encode()
    assert upload(client_in, party, filename, data).status_code == 302
    assert linked(party) == EVERY_MEMBER


def test_a_typed_name_links_the_member_without_a_pick(client_in, party, club):
    helene = member_services.member_create(club=club, name="Hélène Roy")
    typed = "HE\u0301LE\u0300NE  roy"  # capitals, a doubled space, the accents as combining marks
    client_in.post(reverse("guest_add", args=[party.id]), {"name": typed, "member": ""})
    guest = party.guests.get()
    assert (guest.name, guest.member) == ("HÉLÈNE roy", helene)


def test_entries_become_guests_linked_to_their_members(director, club):
    party = party_services.party_create(
        name="Entered night", date=datetime.date(2026, 11, 28), tables=1, user=director, club=club
    )
    entry_list = entry_services.entry_list_save(event=party, open=True)
    for name in FOUR_MEMBERS:  # no member number given: recognised by name
        entry_services.entry_add(entry_list=entry_list, name=name, email=f"{name.split()[0].lower()}@example.org")
    assert entry_services.guests_from_entries(entry_list=entry_list) == 4
    assert linked(party) == EVERY_MEMBER


def test_shared_names_and_accents_are_offered_to_pick_never_guessed(client_in, party, club):
    smith_1 = member_services.member_create(club=club, name="John Smith", number="1")
    smith_2 = member_services.member_create(club=club, name="John Smith", number="2")
    helene = member_services.member_create(club=club, name="Hélène Roy")
    client_in.post(reverse("guests_paste", args=[party.id]), {"names": "John Smith\nHelene Roy"})
    assert linked(party) == {"John Smith": None, "Helene Roy": None}
    page = client_in.get(reverse("party_guests", args=[party.id])).content.decode()
    assert "Members share the name John Smith: which one is it?" in page
    assert (
        f'<option value="{smith_1.pk}">John Smith (1)</option><option value="{smith_2.pk}">John Smith (2)</option>'
        in page
    )
    assert "A member's name differs from Helene Roy only by accents: is it them?" in page
    assert f'<option value="{helene.pk}">Hélène Roy</option>' in page
    # The hostess picks the second John Smith.
    smith = party.guests.get(name="John Smith")
    response = client_in.post(reverse("guest_link", args=[party.id, smith.pk]), {"member": smith_2.pk})
    assert response.status_code == 302
    assert Guest.objects.get(pk=smith.pk).member == smith_2


def test_a_pick_of_another_clubs_member_is_refused_and_changes_nothing(client_in, party):
    stranger = member_services.member_create(club=Club.objects.create(name="Other club"), name="Zed Far")
    guest = party_services.guests_add(party=party, entries=[("Zed Far", "")])[0]
    response = client_in.post(reverse("guest_link", args=[party.id, guest.pk]), {"member": stranger.pk}, follow=True)
    assert [str(m) for m in response.context["messages"]] == ["Choose one of the members offered."]
    assert Guest.objects.get(pk=guest.pk).member is None


def test_a_pasted_initials_only_member_is_published_by_initials_with_her_number(client, client_in, party, director):
    client_in.post(reverse("guests_paste", args=[party.id]), {"names": "\n".join(FOUR_MEMBERS)})
    seating_services.seats_draw(party=party, seed=7)
    result_services.result_record(round_=party.rounds.get(number=1), table=1, deals=FOUR, by_user=director)
    token = public_services.publish(event=party).token
    page = client.get(f"/r/{token}/").content.decode()
    assert "M. J. W." in page and "Margaret Jane Whitfield" not in page and "Arthur Penrose" in page
    exported = {player.name: player.number for player in party_results(party).players}
    assert exported["M. J. W."] == "EBU123" and "Margaret Jane Whitfield" not in exported


@pytest.mark.parametrize("filename", ["guests.csv", "guests.xlsx"])
def test_bidi_controls_in_an_uploaded_list_never_reach_the_database(client_in, party, filename):
    names = ["\u202eRevo Kcart", "Ann \u2066Lee\u2069", "Arthur\u202d Penrose"]
    data = xlsx(names) if filename.endswith("xlsx") else ("Name\n" + "\n".join(names)).encode()
    assert upload(client_in, party, filename, data).status_code == 302
    assert sorted(party.guests.values_list("name", flat=True)) == ["Ann Lee", "Arthur Penrose", "Revo Kcart"]
    assert party.guests.get(name="Arthur Penrose").member.name == "Arthur Penrose"


def test_bidi_controls_in_a_members_file_never_reach_the_database(club):
    from tournaments.files import members as member_files

    rows = member_files.member_rows("m.csv", "Name,Kind,Number\n\u202eEve Moss,lady,77\n".encode())
    member_services.members_import(club=club, rows=rows)
    assert Member.objects.get(number="77").name == "Eve Moss"
