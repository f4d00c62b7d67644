"""The table’s phone speaks the phone’s own language (Accept-Language), whatever the club’s or the
other phone’s: its pages, its messages and refusals, its script’s words and its manifest."""

import json
import re
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.models import DealEntry, PhoneSend, ResultChange, TableResult, TableToken
from tournaments.selectors import table as table_selectors
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db

NB = "\u202f"  # French puts a narrow no-break space before ":", ";", "!" and "?"

# Per language: words the deal-by-deal page must show (seats, sides, the deal's line, the buttons).
WORDS = {
    "fr": [
        "Table 1, tour 1",
        "Ce téléphone est chez",
        "(Nord–Sud saisissent, Est–Ouest acceptent",
        "Chrono du tour",
        "Donne 1",
        "donneur N",
        f"vulnérable{NB}: aucun camp",
        "Donne 2",
        f"vulnérable{NB}: Nord–Sud",
        "donneur E",
        "donneur O",
        "Contrat",
        "Couleur",
        "Contré\u202f?",
        "Non contré",
        "Déclarant",
        "Levées faites",
        "Enregistrer la donne 1",
        "Passée",
        "Saisir les quatre donnes d’un coup",
    ],
    "de": [
        "Tisch 1, Runde 1",
        "Dieses Handy liegt bei",
        "(Nord–Süd trägt ein, Ost–West bestätigt",
        "Rundenuhr",
        "Spiel 1",
        "Geber N",
        "in Gefahr: keine Seite",
        "Spiel 2",
        "in Gefahr: Nord–Süd",
        "Geber O",
        "Geber W",
        "Kontrakt",
        "Farbe",
        "Kontra?",
        "Ohne Kontra",
        "Alleinspieler",
        "Gemachte Stiche",
        "Spiel 1 speichern",
        "Ausgepasst",
        "Alle vier Spiele auf einmal eintragen",
    ],
    "nl": [
        "Tafel 1, ronde 1",
        "Deze telefoon ligt bij",
        "(Noord–Zuid voert in, Oost–West aanvaardt",
        "Rondeklok",
        "Spel 1",
        "gever N",
        "kwetsbaar: geen van beide",
        "Spel 2",
        "kwetsbaar: Noord–Zuid",
        "gever O",
        "gever Z",
        "Contract",
        "Kleur",
        "Gedoubleerd?",
        "Niet gedoubleerd",
        "Leider",
        "Gemaakte slagen",
        "Spel 1 opslaan",
        "Gepast",
        "Alle vier spellen tegelijk invoeren",
    ],
}
# The seat letters of the "this phone is with" choice, as shown (the values stay N E S W).
HOLDER = {"fr": ["N", "E", "S", "O"], "de": ["N", "O", "S", "W"], "nl": ["N", "O", "Z", "W"]}
ENGLISH = ["This phone is with", "Round clock", "dealer N", "vulnerable:", "Save deal 1", "Passed out", "North–South"]


def link(party, table=1):
    return reverse("table_page", args=[TableToken.objects.get(party=party, table=table, revoked_at=None).token])


def phone(language: str) -> Client:
    """A phone set to a language: every request it sends says so."""
    return Client(HTTP_ACCEPT_LANGUAGE=language)


def deal(number, level="4", strain="S", declarer="N", tricks="10", side="NS", **extra):
    data = {"action": "deal", "round": 1, "number": number, "side": side, "client_id": f"{side}-{number}"}
    return data | {"deal-level": level, "deal-strain": strain, "deal-declarer": declarer, "deal-tricks": tricks} | extra


def accept(number, side="EW", **extra):
    return {"action": "accept", "round": 1, "number": number, "side": side, "client_id": f"ok-{number}"} | extra


def json_post(client, url, data):
    return client.post(url, data, HTTP_ACCEPT="application/json")


def holder_labels(page: str) -> list[str]:
    return re.findall(r'<label for="holder-[NESW]">([^<]*)</label>', page)


def stored() -> tuple:
    """Everything a save can change."""
    return (
        list(TableResult.objects.order_by("id").values()),
        list(DealEntry.objects.order_by("id").values()),
        list(ResultChange.objects.order_by("id").values("id", "action", "before", "after")),
        list(PhoneSend.objects.order_by("id").values("id", "client_id")),
    )


@pytest.mark.parametrize("language", ["fr", "de", "nl"])
def test_the_phone_page_speaks_the_phones_language(party_factory, language):
    party = party_factory(tables=1)
    page = phone(language).get(link(party)).content.decode()
    missing = [word for word in WORDS[language] if word not in page]
    assert not missing, missing
    assert holder_labels(page) == HOLDER[language]
    english = [sentence for sentence in ENGLISH if sentence in page]
    assert not english, english


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Donne %(number)s", f"%(label)s{NB}: enregistrée sur ce téléphone, pas encore envoyée"]),
        ("de", ["Spiel %(number)s", "%(label)s: auf diesem Handy gespeichert, noch nicht gesendet"]),
        ("nl", ["Spel %(number)s", "%(label)s: op deze telefoon opgeslagen, nog niet verzonden"]),
    ],
)
def test_the_phones_script_gets_its_words_from_the_page(party_factory, language, words):
    party = party_factory(tables=1)
    page = phone(language).get(link(party)).content.decode()
    found = re.search(r'<script id="phone-words" type="application/json">(.*?)</script>', page)
    assert found, "the page carries no words for its script"
    given = json.loads(found.group(1))
    assert [given["deal"], given["pending"]] == words
    script = (Path(__file__).resolve().parents[2] / "static" / "phone" / "phone.js").read_text()
    assert not re.search(r'"(Deal|The page|saved on this phone)[^"]*"', script)  # phone.js holds no words


def test_an_entered_deal_and_the_round_result_are_shown_in_the_phones_language(party_factory):
    party = party_factory(tables=1)
    url = link(party)
    json_post(phone("fr"), url, deal(1))
    page = phone("fr").get(url).content.decode()
    assert "par N =" in page and "N–S +420 · E–O −420" in page
    assert f"Est–Ouest{NB}: accepter la donne 1" in page and "Corriger la donne 1" in page
    assert f"Résultat du tour (1 donne sur 4 saisie){NB}: N–S +420 · E–O −420" in page
    page = phone("nl").get(url).content.decode()
    assert "door N =" in page and "Oost–West: spel 1 aanvaarden" in page and "N–Z +420 · O–W −420" in page


def test_two_phones_of_one_table_each_speak_their_own_language(party_factory):
    party = party_factory(tables=1)
    url = link(party)
    north, east = phone("fr"), phone("de")
    saved = json_post(north, url, deal(1)).json()
    assert saved["ok"] and saved["message"] == "Donne 1 enregistrée."
    accepted = json_post(east, url, accept(1)).json()
    assert accepted["ok"] and accepted["message"] == "Spiel 1 bestätigt."
    french, german = north.get(url).content.decode(), east.get(url).content.decode()
    assert "Table 1, tour 1" in french and "acceptée" in french and "Tisch 1" not in french
    assert "Tisch 1, Runde 1" in german and "bestätigt" in german and "Table 1, tour 1" not in german
    # Without the script: the message comes back on the next page, in that phone's language.
    page = north.post(url, deal(2, level="P", strain="", declarer="", tricks=""), follow=True).content.decode()
    assert "Donne 2 enregistrée." in page
    page = east.post(url, accept(2, client_id="ok-2b"), follow=True).content.decode()
    assert "Spiel 2 bestätigt." in page
    assert TableResult.objects.get().deals.filter(accepted=True).count() == 2


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", f"Saisissez d’abord la donne 1{NB}: les donnes se saisissent dans l’ordre."),
        ("de", "Tragen Sie zuerst Spiel 1 ein: Die Spiele kommen der Reihe nach."),
        ("nl", "Voer eerst spel 1 in: de spellen gaan op volgorde."),
    ],
)
def test_a_refused_deal_is_told_in_the_phones_language(party_factory, language, message):
    party = party_factory(tables=1)
    answer = json_post(phone(language), link(party), deal(2))
    assert answer.status_code == 400 and answer.json() == answer.json() | {"ok": False, "message": message}
    # The plain form (no script): the page again, with the message, and the choices kept.
    response = phone(language).post(link(party), deal(2))
    page = response.content.decode()
    assert response.status_code == 400 and message.replace("'", "&#x27;") in page
    assert "Enter deal 1 first" not in page


def test_a_missing_contract_and_a_wrong_round_are_told_in_french(party_factory):
    party = party_factory(tables=1)
    url = link(party)
    answer = json_post(phone("fr"), url, deal(1, level="", strain="", declarer="", tricks="")).json()
    assert answer["message"] == "Choisissez le contrat, ou Passée."
    answer = json_post(phone("fr"), url, deal(1, round=7)).json()
    assert answer["message"] == f"Le tour 7 est clos{NB}: ses résultats ne peuvent plus être saisis."


def test_bad_input_in_any_language_changes_nothing_saved(party_factory):
    party = party_factory(tables=1)
    url = link(party)
    json_post(phone("fr"), url, deal(1))
    before = stored()
    bad = [
        deal(3, client_id="x1"),  # out of order
        deal(1, tricks="9", client_id="x2"),  # already entered, not sent as a correction
        deal(2, tricks="14", client_id="x3"),
        deal(2, strain="Q", client_id="x4"),
        deal(2, declarer="Z", client_id="x5"),
        deal(2, level="P", tricks="9", save="1", client_id="x6"),  # a passed-out deal has no tricks
        deal(2, round=2, client_id="x7"),
        accept(2, client_id="x8"),  # not entered yet
        accept(1, side="NS", client_id="x9"),  # the side that entered it
        accept(1, shown="4S N 9", client_id="x10"),  # not what the deal says
        accept(1, side="XX", client_id="x11"),
    ]
    for language in ("fr", "de", "nl"):
        for data in bad:
            answer = json_post(phone(language), url, data)
            assert answer.status_code == 400 and not answer.json()["ok"], (language, data)
            assert phone(language).post(url, data).status_code in (302, 400)
    assert stored() == before


@pytest.mark.parametrize(("language", "table"), [("fr", "Table 1"), ("de", "Tisch 1"), ("nl", "Tafel 1")])
def test_the_manifest_names_the_table_in_the_phones_language(party_factory, language, table):
    party = party_factory(tables=1, name="Soirée")
    token = TableToken.objects.get(party=party, table=1, revoked_at=None)
    manifest = phone(language).get(reverse("table_manifest", args=[token.token])).json()
    assert (manifest["name"], manifest["short_name"]) == (f"{table} · Soirée", table)


def test_the_whole_round_page_and_a_closed_round_speak_the_phones_language(party_factory, director):
    party = party_factory(tables=1)
    url = link(party)
    page = phone("de").get(url + "?all=1").content.decode()
    assert "Tisch 1, Runde 1" in page and "Speichern" in page and "Geber O" in page and "Save" not in page
    first = party.rounds.get(number=1)
    result_services.result_record(round_=first, table=1, net=(100, -100), by_user=director)
    first.status = "closed"
    first.save()
    page = phone("nl").get(url).content.decode()
    assert "Ronde 1 is afgesloten: hier kunnen geen uitslagen meer worden ingevoerd." in page


@pytest.mark.django_db(transaction=True)
def test_a_phones_save_reads_before_its_transaction_and_writes_inside_it(party_factory):
    """SQLite's IMMEDIATE transactions hold the write lock from BEGIN: the reads, the checks and the
    scoring come first; inside, only the writes (and, for the last acceptance, one look at the deals)."""
    party = party_factory(tables=1)
    url = link(party)
    seen: list[tuple[bool, str]] = []

    def watch(execute, sql, params, many, context):
        seen.append((connection.in_atomic_block, sql.split(None, 1)[0].upper()))
        return execute(sql, params, many, context)

    client = phone("fr")
    with connection.execute_wrapper(watch):
        for number in (1, 2, 3, 4):
            assert json_post(client, url, deal(number, level="P", strain="", declarer="", tricks="")).json()["ok"]
            assert json_post(client, url, accept(number)).json()["ok"]
    writes = [(inside, verb) for inside, verb in seen if verb in ("INSERT", "UPDATE", "DELETE")]
    assert writes and all(inside for inside, _verb in writes)
    reads_inside = [verb for inside, verb in seen if inside and verb == "SELECT"]
    assert len(reads_inside) == 1  # is any deal left to accept? (the last acceptance only)
    assert TableResult.objects.get().status == "agreed"


@pytest.mark.django_db(False)
def test_a_catalogue_compiled_again_under_runserver_drops_the_deal_line_words_kept():
    """runserver's reloader reloads a recompiled catalogue in place, without a restart: the phone's
    deal-line words, kept per language, are looked up afresh with it; a changed .py file changes nothing
    here (the reloader restarts the process)."""
    from django.utils import translation
    from django.utils.autoreload import file_changed

    from tournaments.presentation import phone

    with translation.override("fr"):
        assert phone._line_words("fr")["deal"] == "Donne %(number)s"
    assert phone._line_words.cache_info().currsize >= 1
    file_changed.send(sender=None, file_path=Path("locale/fr/LC_MESSAGES/views.py"))
    assert phone._line_words.cache_info().currsize >= 1
    file_changed.send(sender=None, file_path=Path("locale/fr/LC_MESSAGES/django.mo"))
    assert phone._line_words.cache_info().currsize == 0


# ---- what the page keeps per language (presentation/phone.py): the words, never a table's players ----


def script_words(page: str) -> dict:
    found = re.search(r'<script id="phone-words" type="application/json">(.*?)</script>', page)
    assert found, "the page carries no words for its script"
    return json.loads(found.group(1))


def script_deals(page: str) -> list:
    found = re.search(r'<script id="phone-deals" type="application/json">(.*?)</script>', page)
    assert found, "the page carries no deals for its script"
    return json.loads(found.group(1))


def test_a_french_phone_after_an_english_one_gets_french_words(party_factory):
    """The words drawn once per language are kept per language: an English page drawn first (the whole
    page and its part, the deal form, an entered deal) leaves no English on the French one after it."""
    party = party_factory(tables=1)
    url = link(party)
    json_post(phone("en"), url, deal(1))
    english = phone("en").get(url).content.decode()
    assert "This phone is with" in english and "Save deal 2" in english and "Contract" in english
    assert script_words(english)["deal"] == "Deal %(number)s" and script_deals(english)[0]["title"] == "Deal 1"
    for french in (phone("fr").get(url).content.decode(), phone("fr").get(url + "?part=1").content.decode()):
        missing = [
            word
            for word in ["Ce téléphone est chez", "Contrat", "Donne 2", "Corriger la donne 1"]
            if word not in french
        ]
        assert not missing, missing
        assert [sentence for sentence in ENGLISH if sentence in french] == []
        assert "Enregistrer la donne 2" in french and "Save deal" not in french
    french = phone("fr").get(url).content.decode()
    assert script_words(french)["deal"] == "Donne %(number)s"
    assert script_deals(french)[1]["save"] == "Enregistrer la donne 2"
    again = phone("en").get(url).content.decode()  # and back: the English words were kept apart
    assert "This phone is with" in again and script_words(again)["deal"] == "Deal %(number)s"


def test_a_change_of_catalogues_draws_the_kept_words_again(party_factory, settings):
    """New catalogues (a test's settings, runserver's reloader on a .mo file) empty what is kept."""
    from django.utils.autoreload import file_changed

    from tournaments.presentation import phone as phone_presentation

    party = party_factory(tables=1)
    phone("fr").get(link(party))
    assert phone_presentation._script_data.cache_info().currsize
    settings.LANGUAGE_CODE = settings.LANGUAGE_CODE  # setting_changed
    assert phone_presentation._script_data.cache_info().currsize == 0
    phone("fr").get(link(party))
    file_changed.send(sender=None, file_path=Path("locale/fr/LC_MESSAGES/django.mo"))
    assert phone_presentation._script_data.cache_info().currsize == 0


def declarer_labels(page: str) -> dict[str, str]:
    return dict(re.findall(r'<label for="deal-declarer-\d+" data-value="([NESW])">([^<]*)</label>', page))


def test_two_tables_show_their_own_players(party_factory):
    """Nothing with a person's name is kept across tables: each table's page names its own four."""
    party = party_factory(tables=2)
    first_round = party.rounds.get(number=1)
    pages = {table: phone("fr").get(link(party, table)).content.decode() for table in (1, 2)}
    for table, other in ((1, 2), (2, 1)):
        names = table_selectors.seat_names(first_round, table)
        others = table_selectors.seat_names(first_round, other)
        assert set(names.values()).isdisjoint(others.values())
        expected = {seat: f"{names[seat]} ({letter})" for seat, letter in zip("NESW", "NESO", strict=True)}
        assert declarer_labels(pages[table]) == expected
        assert all(name in pages[table] for name in names.values())
        assert not any(name in pages[table] for name in others.values())


def checked(page: str) -> list[str]:
    return re.findall(r'<input type="radio" id="(deal-[a-z]+)-\d+" name="deal-[a-z]+" value="([^"]*)" checked>', page)


def test_the_kept_groups_of_buttons_check_each_tables_own_values(party_factory):
    """The deal form's groups are kept per language and checked value: correcting one table's deal checks
    its values, and the next table's fresh form checks none (but "Not doubled", its empty choice)."""
    party = party_factory(tables=2)
    json_post(phone("fr"), link(party, 1), deal(1, level="3", strain="N", declarer="E", tricks="9"))
    corrected = phone("fr").get(link(party, 1) + "?deal=1").content.decode()
    assert checked(corrected) == [
        ("deal-level", "3"), ("deal-strain", "N"), ("deal-doubled", ""), ("deal-declarer", "E"), ("deal-tricks", "9"),
    ]  # fmt: skip
    assert '<span class="deal-title">Corriger la donne 1</span>' in corrected
    fresh = phone("fr").get(link(party, 2)).content.decode()
    assert checked(fresh) == [("deal-doubled", "")]
    assert '<span class="deal-title">Donne 1</span>' in fresh and ">Enregistrer la donne 1</button>" in fresh
