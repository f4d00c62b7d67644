"""A whole-event file keeps what ties the event to its club: its players' member links (so their national numbers
and initials-only choices), who made each change, its id and its public page; another kind of file is named."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.conftest import play_two_rounds
from tournaments.files.interchange import formats
from tournaments.files.transfer import party_export, party_import
from tournaments.models import Club, Guest, Knockout, Member, Party, PublicLink, ResultChange
from tournaments.presentation.history import change_by
from tournaments.selectors.interchange import party_results
from tournaments.services import public as public_services

pytestmark = pytest.mark.django_db

SHY = "Mary Jane Wood"  # the member who asked for initials: "M. J. W." on public pages


def linked_party(party_factory, director) -> Party:
    """A played party whose twelve guests are members: eleven with a national number, the shy one without; one
    change by a director who has since left the club; the night published."""
    party = party_factory(tables=3, mixed=True, rounds=3)
    club = party.club
    guests = list(party.guests.order_by("name"))
    Guest.objects.filter(pk=guests[0].pk).update(name=SHY)
    for number, guest in enumerate(Guest.objects.filter(party=party).order_by("id"), start=1):
        shy = guest.name == SHY
        member = Member.objects.create(
            club=club, name=guest.name, kind=guest.kind, number="" if shy else f"EBU{number:04d}", initials_only=shy
        )
        Guest.objects.filter(pk=guest.pk).update(member=member)
    play_two_rounds(party, director)
    gone = get_user_model().objects.create_user("bob")  # a director once, of no club now
    change = ResultChange.objects.filter(result__round__party=party).first()
    assert change is not None  # the two rounds played are in the history
    ResultChange.objects.filter(pk=change.pk).update(by_user=gone)
    public_services.publish(event=party)
    return party


def links(party: Party) -> list[tuple[str, int | None, str, str, bool]]:
    found = []
    for g in party.guests.select_related("member").order_by("name"):
        assert g.member is not None, f"{g.name} is no member's"
        found.append((g.name, g.member_id, g.member.name, g.member.number, g.member.initials_only))
    return found


def authors(party: Party) -> list[str]:
    changes = ResultChange.objects.filter(result__round__party=party).select_related("by_user", "by_token")
    return [change_by(c) for c in changes.order_by("at", "id")]


def numbers_written(party: Party) -> int:
    """National numbers in the night's USEBIO file (the exports that lost all 28 before)."""
    return sum(1 for p in party_results(party).players if p.number)


def test_the_same_club_gets_its_members_authors_id_and_public_page_back(client, party_factory, director):
    party = linked_party(party_factory, director)
    party_id, token = party.id, party.public_link.token
    before_links, before_authors = links(party), authors(party)
    assert numbers_written(party) == 11
    assert before_authors.count("bob") == 1 and before_authors.count("alice") == 5
    text = json.dumps(party_export(party))
    party.delete()
    members = Member.objects.count()

    again = party_import(json.loads(text), club=Club.objects.get(name="Alice's club"))

    assert again.id == party_id  # free again, so kept
    # The eleven numbered members are the same rows, found by number; the shy member, who has no number, is
    # the same row too, found by name: nobody is made again.
    assert links(again) == before_links and len([g for g in before_links if g[3]]) == 11
    assert Member.objects.count() == members == 12
    assert authors(again) == before_authors  # bob is no director here: kept by name
    assert numbers_written(again) == 11
    assert PublicLink.objects.get(party=again).token == token
    page = client.get(reverse("public_page", args=[token])).content.decode()
    assert "M. J. W." in page and SHY not in page
    # Exported again, the file says what the first said.
    assert json.dumps(party_export(again)) == text


def test_another_club_gets_the_players_as_the_file_printed_them(party_factory, director):
    party = linked_party(party_factory, director)
    text = json.dumps(party_export(party))
    other = Club.objects.create(name="Bob's club")

    again = party_import(json.loads(text), club=other)

    assert again.id != party.id  # the original still has it
    assert not PublicLink.objects.filter(party=again).exists()  # its page's address is the original's
    made = {m.name: (m.number, m.initials_only, m.kind) for m in Member.objects.filter(club=other)}
    assert len(made) == 12
    assert made[SHY] == ("", True, "gentleman")
    assert made["Lady 006"][0].startswith("EBU")
    assert [(g[0], g[2], g[3], g[4]) for g in links(again)] == [(g[0], g[2], g[3], g[4]) for g in links(party)]
    assert all(g.member is not None and g.member.club_id == other.id for g in again.guests.select_related("member"))
    assert authors(again) == authors(party)  # alice and bob by name: neither directs this club
    assert not ResultChange.objects.filter(result__round__party=again, by_user__isnull=False).exists()
    # A second import into that club finds its members again (by number, the shy one by name): none made twice.
    party_import(json.loads(text), club=other)
    assert Member.objects.filter(club=other).count() == 12


def test_a_name_two_members_could_be_is_not_guessed(party_factory, director):
    """Into another club holding two of the shy member's name and a "Mary Jane Wöod": none of them is linked,
    nobody is made, and the import says why; the numbered members are made as before."""
    party = linked_party(party_factory, director)
    data = party_export(party)
    other = Club.objects.create(name="Bob's club")
    for number in ("", "X1"):
        Member.objects.create(club=other, name=SHY.upper(), number=number)
    notes: list[str] = []

    again = party_import(data, club=other, notes=notes)

    assert notes == [f"“{SHY}” matches more than one member of the club: this player is not linked to any."]
    assert again.guests.get(name=SHY).member_id is None
    assert Member.objects.filter(club=other).count() == 2 + 11


def test_a_name_differing_only_by_accents_is_not_guessed(party_factory, director):
    party = linked_party(party_factory, director)
    data = party_export(party)
    other = Club.objects.create(name="Bob's club")
    Member.objects.create(club=other, name="Mary Jane Wóod")
    notes: list[str] = []

    again = party_import(data, club=other, notes=notes)

    assert len(notes) == 1 and again.guests.get(name=SHY).member_id is None
    assert not Member.objects.filter(club=other, name=SHY).exists()


def test_a_file_of_format_1_still_imports(party_factory, director):
    party = linked_party(party_factory, director)
    data = party_export(party)
    data["format"] = "clubdirector.party/1"
    del data["members"], data["party"]["id"], data["party"]["public"]
    for guest in data["guests"]:
        del guest["member"]
    again = party_import(data, club=party.club)
    assert again.guests.count() == 12 and not again.guests.filter(member__isnull=False).exists()


def test_a_guest_naming_no_member_of_the_file_is_refused_whole(party_factory, director):
    party = linked_party(party_factory, director)
    data = party_export(party)
    data["guests"][2]["member"] = "EBU9999"
    count = Party.objects.count(), Member.objects.count()
    with pytest.raises(Exception) as refused:
        party_import(data, club=party.club)
    assert isinstance(refused.value, ValidationError)
    assert refused.value.messages == [
        "The export is damaged: guest 3 has member “EBU9999”, who is not a member of the file."
    ]
    assert (Party.objects.count(), Member.objects.count()) == count


def test_a_knockout_keeps_its_players_members_and_id(director):
    from django.core.serializers.json import DjangoJSONEncoder

    from bench.knockout_build import event
    from tournaments.files.transfer import knockout_export, knockout_import

    knockout = event(6, director)
    pair = knockout.pairs.order_by("id").first()
    ada = Member.objects.create(club=knockout.club, name=pair.player_a, number="FFB42", initials_only=True)
    pair.member_a = ada
    pair.save()
    text = json.dumps(knockout_export(knockout), cls=DjangoJSONEncoder)
    knockout_id = knockout.id
    knockout.delete()
    again = knockout_import(json.loads(text), club=ada.club)
    assert again.id == knockout_id
    assert again.pairs.get(name=pair.name).member_a_id == ada.id
    assert again.pairs.filter(member_b__isnull=False).count() == 0


# --- another kind of file: named plainly, nothing changed ---------------------------------------------------------


def foreign_files(party: Party) -> dict[str, tuple[bytes, str]]:
    results = party_results(party)
    return {
        "usebio": (formats.WRITERS["usebio"](results), "This is a USEBIO results file (XML)."),
        "pbn": (formats.WRITERS["pbn"](results), "This is a PBN file (deals and results)."),
        "csv": (formats.WRITERS["bridgewebs"](results), "This is a CSV file."),
        "members": (b"name,number\nAda,1\n", "This is a CSV file."),
    }


TAKES = (
    " The import takes a Club Director event file (.json), as “Export everything (JSON)” writes it; "
    "nothing was imported."
)


def counts() -> tuple[int, int, int, int]:
    return Party.objects.count(), Knockout.objects.count(), Member.objects.count(), Guest.objects.count()


@pytest.mark.parametrize("kind", ["usebio", "pbn", "csv", "members"])
def test_import_event_names_a_results_file_and_changes_nothing(party_factory, director, tmp_path, kind):
    party = linked_party(party_factory, director)
    raw, said = foreign_files(party)[kind]
    path = tmp_path / f"night.{kind}"
    path.write_bytes(raw)
    before = counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), club="Alice's club")
    assert str(refused.value) == said + TAKES
    assert counts() == before


@pytest.mark.parametrize("kind", ["usebio", "pbn", "csv"])
def test_the_import_page_names_a_results_file_and_changes_nothing(client_in, party_factory, director, kind):
    from django.core.files.uploadedfile import SimpleUploadedFile

    party = linked_party(party_factory, director)
    raw, said = foreign_files(party)[kind]
    before = counts()
    response = client_in.post(reverse("event_import"), {"file": SimpleUploadedFile(f"night.{kind}", raw)})
    assert response.status_code == 200
    page = response.content.decode()
    assert ("Nothing was imported: " + said + TAKES).replace("“", "&ldquo;")[:60] in page.replace("“", "&ldquo;")
    assert counts() == before


def test_the_import_page_brings_a_party_back(client_in, party_factory, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    party = linked_party(party_factory, director)
    raw = json.dumps(party_export(party)).encode()
    assert client_in.get(reverse("event_import")).status_code == 200
    response = client_in.post(reverse("event_import"), {"file": SimpleUploadedFile("night.json", raw)})
    copy = Party.objects.exclude(pk=party.pk).get()
    assert response.status_code == 302 and response["Location"] == reverse("party_dashboard", args=[copy.id])
    assert [g for g in links(copy) if g[3]] == [g for g in links(party) if g[3]]  # numbered: the same members
