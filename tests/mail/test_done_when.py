"""The issue's "done when", with its e-mail: a hostess opens entries for a four-table mixed party, seventeen
people enter from their phones (some in French, some in English; the seventeenth, a ninth lady, waits), one
lady cancels by her own link and the waiting lady moves up (and is told so), the hostess makes the guest list
from the entries, the night is played, and every guest receives their own result in their language, each
figure the standings' own."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import l10n
from tournaments.models import Entry, Party, Seat
from tournaments.selectors.standings import party_standings

pytestmark = pytest.mark.django_db
NNBSP = "\u202f"


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


def test_every_guest_receives_their_own_result_in_their_language(client_in, smtp, django_capture_on_commit_callbacks):
    def committed(action):
        with django_capture_on_commit_callbacks(execute=True):
            return action()

    client_in.post(
        reverse("party_create"),
        {"name": "Winter mixed", "date": "2026-12-12", "tables": 4, "mixed": "on", "rounds_planned": 2,
         "round_minutes": 30, "rules": "modern", "tally_mode": "net"},
    )  # fmt: skip
    party = Party.objects.get(name="Winter mixed")
    client_in.post(reverse("party_entries", args=[party.id]), {"open": "on", "tables": "4"})
    token = party.entry_list.token

    people = [(f"Mrs {i:02d}", "lady") for i in range(1, 10)] + [(f"Mr {i:02d}", "gentleman") for i in range(1, 9)]
    language = {name: "fr" if n % 2 else "en" for n, (name, _kind) in enumerate(people, start=1)}  # Mrs 01: fr
    address = {name: f"{name.replace(' ', '').lower()}@example.org" for name, _kind in people}
    links = {}
    for n, (name, kind) in enumerate(people, start=1):
        phone = Client(REMOTE_ADDR=f"198.51.100.{n}", HTTP_ACCEPT_LANGUAGE=language[name])
        data = {"name": name, "kind": kind, "email": address[name]}
        answer = committed(lambda phone=phone, data=data: phone.post(reverse("entry_page", args=[token]), data))
        assert answer.status_code == 302, name
        links[name] = answer["Location"]
    call_command("send_mail", verbosity=0)
    assert len(smtp.messages) == 17
    waiting = smtp.by_address(address["Mrs 09"])  # the ninth lady, an odd one: French
    assert [m["Subject"].strip() for m in waiting] == [f"Vous êtes sur la liste d’attente{NNBSP}: Winter mixed"]
    assert "à la place 1." in text_of(waiting[0])
    assert smtp.by_address(address["Mrs 02"])[0]["Subject"] == "Your entry is confirmed: Winter mixed"

    committed(lambda: Client().post(links["Mrs 04"]))  # she cannot come: her own link cancels
    call_command("send_mail", verbosity=0)
    moved = smtp.by_address(address["Mrs 09"])[1]
    assert moved["Subject"].strip() == f"Vous avez une place{NNBSP}: Winter mixed"
    assert "vous quittez la liste d’attente et avez une place à Winter mixed le 12 décembre 2026" in text_of(moved)
    assert smtp.by_address(address["Mrs 04"])[1]["Subject"] == "Your entry is cancelled: Winter mixed"
    assert len(smtp.messages) == 19

    made = client_in.post(reverse("entries_to_guests", args=[party.id]), follow=True).content.decode()
    assert "16 guests added from the entries." in made
    client_in.post(reverse("party_seats", args=[party.id]), {"pins": ""})
    expected = dict.fromkeys((g.name for g in party.guests.all()), 0)  # each guest's total, worked out here
    for number in (1, 2):
        for table in range(1, 5):
            url = reverse("table_enter", args=[party.id, number, table])
            client_in.post(url, {"mode": "net", "ns": 100 * table, "ew": -100 * table, "version": 0})
        for seat in Seat.objects.filter(round__party=party, round__number=number).select_related("guest"):
            expected[seat.guest.name] += (1 if seat.seat in "NS" else -1) * 100 * seat.table
        assert client_in.post(reverse("round_close", args=[party.id, number])).status_code == 302

    standings = party_standings(party)
    assert {line.name: line.total for line in standings.players} == expected
    page = client_in.post(reverse("party_mail_results", args=[party.pk]), follow=True).content.decode()
    assert "16 messages queued." in page
    call_command("send_mail", verbosity=0)
    assert len(smtp.messages) == 19 + 16
    assert not smtp.by_address(address["Mrs 04"])[2:]  # she did not play: no results
    for line in standings.players:
        [result] = [m for m in smtp.by_address(address[line.name]) if "Winter mixed" in m["Subject"]][-1:]
        with translation.override(language[line.name]):
            total, players = l10n.signed(line.total), len(standings.players)
        assert result["Content-Language"] == {"fr": "fr", "en": "en-gb"}[language[line.name]]  # the site's English
        if language[line.name] == "fr":
            assert result["Subject"].strip() == f"Vos résultats{NNBSP}: Winter mixed"
            assert f"Total {total}, place {line.label} sur {players}." in text_of(result), line.name
        else:
            assert result["Subject"].strip() == "Your results: Winter mixed"
            assert f"Total {total}, place {line.label} of {players}." in text_of(result), line.name
    assert Entry.objects.filter(state="confirmed").count() == 16
