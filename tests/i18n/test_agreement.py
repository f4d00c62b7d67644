"""French agrees in gender and number where English does not: a count says "0 invité" and "1 joueur" (French takes
the singular for 0 and 1), a new event is named with its kind so the sentence agrees with that noun ("Le tournoi
« Soirée de Noël » est créé", not "Soirée de Noël est créé"), a club's name follows "le club" (never "à Club de…"),
and no sentence leans on an inclusive-writing dot ("retiré·e")."""

import datetime
import re
from html import unescape

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tests.http.test_once import the_form
from tests.i18n.test_party_pages import club_speaking
from tournaments.models import Knockout, Party
from tournaments.services import entries, evening
from tournaments.services import party as party_services

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_guest_count_takes_the_singular_for_none_and_one_in_french(client_in, director):
    club = club_speaking("fr")
    party = party_services.party_create(
        name="Noël", date=datetime.date(2026, 12, 4), tables=1, mixed=False, keep_partners=False,
        rounds_planned=3, user=director, club=club,
    )  # fmt: skip
    url = reverse("party_guests", args=[party.id])
    assert "0 invité sur 4" in text(client_in.get(url))
    party_services.guests_add(party=party, entries=[("Anne Roy", "")])
    assert "1 invité sur 4" in text(client_in.get(url))
    party_services.guests_add(party=party, entries=[("Jean Roy", "")])
    assert "2 invités sur 4" in text(client_in.get(url))


def test_the_entries_board_takes_the_singular_for_none_and_one_in_french(client_in, director):
    club = club_speaking("fr")
    night = evening.evening_save(club=club, name="Towie", date=datetime.date(2026, 12, 4), game="towie", tables=1)
    entries.entry_list_save(event=night, open=True)
    url = reverse("evening_entries", args=[night.pk])
    assert re.search(r"\b0 joueur sur \d", text(client_in.get(url)))
    client_in.post(
        reverse("entry_page", args=[night.entry_list.token]), {"name": "Ann Smith", "email": "a@example.org"}
    )
    assert re.search(r"\b1 joueur sur \d", text(client_in.get(url)))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "Le tournoi « Soirée de Noël » est créé. Ajoutez maintenant les invités."),
        ("de", "Das Turnier „Soirée de Noël“ ist angelegt. Fügen Sie jetzt die Gäste hinzu."),
        ("nl", "De drive ‘Soirée de Noël’ is aangemaakt. Voeg nu de gasten toe."),
    ],
)
def test_a_new_party_is_named_as_a_party_so_the_sentence_agrees(client_in, language, said):
    club_speaking(language)
    data = the_form(client_in, reverse("party_create")) | {"name": ["Soirée de Noël"]}
    made = client_in.post(reverse("party_create"), data, follow=True)
    assert Party.objects.get().name == "Soirée de Noël"
    assert said in text(made)


def test_a_new_knockout_is_named_as_a_knockout_so_the_sentence_agrees(client_in):
    club_speaking("fr")
    data = the_form(client_in, reverse("knockout_create")) | {"name": ["Soirée des Four Aces"]}
    made = client_in.post(reverse("knockout_create"), data, follow=True)
    assert Knockout.objects.get().name == "Soirée des Four Aces"
    assert "L’élimination directe « Soirée des Four Aces » est créée. Voici le plan de la soirée." in text(made)


def test_a_new_boston_table_is_named_as_a_table_so_the_sentence_agrees(client_in):
    club_speaking("fr")
    players = {"player_1": "Ann", "player_2": "Ben", "player_3": "Cid", "player_4": "Dan"}
    data = the_form(client_in, reverse("boston_create")) | {"name": ["Boston chez Ann"]}
    data |= {k: [v] for k, v in (players | {"pool_feed": "10", "pool_limit": "100"}).items()}
    made = client_in.post(reverse("boston_create"), data, follow=True)
    assert "La table de Boston « Boston chez Ann » est créée\u202f: Ann donne en premier." in unescape(
        made.content.decode()
    )


def test_a_removed_guest_is_said_gone_without_agreement(client_in, party_factory):
    club_speaking("fr")
    party = party_factory(tables=1, draw=False)
    guest = party.guests.get(name="Player 001")
    gone = client_in.post(reverse("guest_remove", args=[party.id, guest.id]), {"confirm": "yes"}, follow=True)
    assert "Player 001 n’est plus sur la liste des invités." in text(gone)


def test_a_clubs_name_follows_le_club_in_french():
    with translation.override("fr"):
        welcome = _("Welcome to %(club)s. A demo party is here to try; delete it when done.") % {"club": "Club de Nice"}
        working = _("Now working in %(club)s.") % {"club": "Club de Nice"}
    assert welcome.startswith("Bienvenue au club « Club de Nice ».")
    assert working == "Vous travaillez maintenant pour le club « Club de Nice »."


def test_no_french_sentence_leans_on_an_inclusive_writing_dot():
    catalogue = polib.pofile(str(settings.BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    said = [e.msgstr for e in catalogue if not e.obsolete] + [
        s for e in catalogue if not e.obsolete for s in e.msgstr_plural.values()
    ]
    dotted = [s for s in said if re.search(r"\w·\w", s)]
    assert dotted == []


@pytest.mark.parametrize(
    ("language", "ask"),
    [
        ("fr", "Demandez à la personne qui a installé Club Director de le démarrer pour le Wi-Fi"),
        ("de", "Bitten Sie die Person, die Club Director eingerichtet hat, sie für das WLAN zu starten"),
        ("nl", "Vraag wie Club Director heeft geïnstalleerd om hem voor de wifi te starten"),
    ],
)
def test_the_print_page_tells_the_hostess_whom_to_ask_in_her_language(
    client_in, party_factory, settings, language, ask
):
    settings.LISTEN_HOST, settings.SITE_URL = "127.0.0.1", ""
    club_speaking(language)
    party = party_factory()
    page = client_in.get(reverse("party_print", args=[party.id]), HTTP_HOST="127.0.0.1:8000").content.decode()
    before, folded = page.split("<details>", 1)
    assert ask in unescape(before) and "make run" not in before[before.index('<div class="notice">') :]
    assert "<code>make run</code>" in folded.split("</details>")[0]
