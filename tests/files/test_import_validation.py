"""A tampered or damaged export is refused whole: one plain message naming its first problem, nothing written.

And exports carry no live phone link unless asked; an import always issues new links.
"""

import copy
import json
import random

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.urls import reverse

from tests.conftest import default_club, make_party, play_two_rounds
from tournaments.files.transfer import knockout_export, knockout_import, party_export, party_import
from tournaments.models import Club, Guest, Membership, Party, ResultChange, TableToken
from tournaments.selectors.standings import party_standings
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


def played(director) -> Party:
    """Three tables, two rounds played and closed, the third under way (one table's entry from its phone)."""
    party = make_party(tables=3, mixed=True, rounds=3, user=director)
    play_two_rounds(party, director)
    third = party.rounds.get(number=3)
    result_services.result_record(round_=third, table=2, net=(300, -300), by_user=director)
    phone = party.tokens.get(table=1, revoked_at__isnull=True)
    deals = [("3N", "S", 9), ("PASS", "", 0), ("2H", "W", 8), ("PASS", "", 0)]
    result_services.result_record(round_=third, table=1, deals=deals, by_token=phone)
    return party


def snapshot() -> dict[str, int]:
    """How many rows each of the app's models has."""
    return {model.__name__: model._default_manager.count() for model in apps.get_app_config("tournaments").get_models()}


def standings(party: Party) -> list:
    return [(p.label, p.name, p.total) for p in party_standings(party).players]


def knockout_data(user) -> dict:
    from bench.knockout_build import event

    return json.loads(json.dumps(knockout_export(event(10, user)), cls=DjangoJSONEncoder))


@pytest.fixture(scope="module")
def exports(django_db_setup, django_db_blocker) -> dict:
    """A real party's and knockout's exports, made once for the module (and the database rolled back after)."""
    with django_db_blocker.unblock(), transaction.atomic():
        user = get_user_model().objects.create_user("alice")  # no password to hash: quick
        Membership.objects.create(club=Club.objects.create(name="Alice's club"), user=user, role="owner")
        made = {"party": json.loads(json.dumps(party_export(played(user)))), "knockout": knockout_data(user)}
        transaction.set_rollback(True)
    return made


@pytest.fixture
def club(db) -> Club:
    """The club imports go to, made before any count is taken."""
    return default_club()


@pytest.fixture
def party_file(exports) -> dict:
    return copy.deepcopy(exports["party"])


@pytest.fixture
def knockout_file(exports) -> dict:
    return copy.deepcopy(exports["knockout"])


# --- party tamperings: (what is done to the export, the message) ----------------------------------------------------


def put(section, index, key, value):
    def tamper(data):
        data[section][index][key] = value

    return tamper


def drop(section, index, key=None):
    def tamper(data):
        if key is None:
            del data[section][index]
        else:
            del data[section][index][key]

    return tamper


def set_party(key, value):
    def tamper(data):
        data["party"][key] = value

    return tamper


def replace(section, value):
    def tamper(data):
        data[section] = value

    return tamper


def remove_section(section):
    def tamper(data):
        del data[section]

    return tamper


def drop_result(round_number, table):
    def tamper(data):
        data["results"] = [r for r in data["results"] if (r["round"], r["table"]) != (round_number, table)]

    return tamper


def copy_guest_name(data):
    data["guests"][1]["name"] = data["guests"][0]["name"]


def seat_guest_twice(data):
    data["seats"][1][3] = data["seats"][0][3]


def take_seat_twice(data):
    data["seats"][1][2] = data["seats"][0][2]


def repeat_result(data):
    data["results"][1]["table"] = data["results"][0]["table"]


def after_set(**values):
    def tamper(data):
        data["history"][0]["after"].update(values)

    return tamper


def after_deal(index, place, value):
    def tamper(data):
        data["history"][0]["after"]["deals"][index][place] = value

    return tamper


def guest_as_list(data):
    data["guests"][0] = list(data["guests"][0].values())


def old_links(data):
    data["tables"] = [{"table": 1, "token": "x" * 22}, {"table": 9, "token": "y" * 22}]


DAMAGED = "The export is damaged: "
PARTY_TAMPERINGS = {
    "result status bogus": (
        put("results", 0, "status", "bogus"),
        "result 1 has status “bogus” (in_progress, submitted or agreed expected)",
    ),
    "guest kind alien": (
        put("guests", 2, "kind", "alien"),
        "guest 3 has kind “alien” (lady, gentleman or blank expected)",
    ),
    "guest kind null": (put("guests", 0, "kind", None), "guest 1 has kind null (lady, gentleman or blank expected)"),
    "a 500-character name": (
        put("guests", 0, "name", "x" * 500),
        "guest 1 has a name of 500 characters (at most 80 expected)",
    ),
    "an empty name": (put("guests", 0, "name", ""), "guest 1 has an empty name"),
    "a seat at table 999": (put("seats", 0, 1, 999), "seat 1 has table 999 (a whole number from 1 to 3 expected)"),
    "seat letter X": (put("seats", 0, 2, "X"), "seat 1 has seat “X” (N, E, S or W expected)"),
    "a duplicate guest name": (copy_guest_name, "guest 1 and guest 2 both have the name “Gent 001”"),
    "a seat naming an unknown guest": (
        put("seats", 5, 3, "Somebody unknown"),
        "seat 6 has guest “Somebody unknown”, who is not a guest of the file",
    ),
    "a seat taken twice": (take_seat_twice, "seat 1 and seat 2 both take table 1 E in round number 1"),
    "a guest seated twice in a round": (seat_guest_twice, "seat 1 and seat 2 both seat “Lady 006” in round number 1"),
    "a seat missing": (
        drop("seats", 0),
        "round number 1 has 11 seats (12 expected: four at each of the 3 tables)",
    ),
    "deal number 5": (put("deals", 0, 2, 5), "deal 1 has number 5 (a whole number from 1 to 4 expected)"),
    "tricks 14": (put("deals", 0, 5, 14), "deal 1 has tricks 14 (a whole number from 0 to 13 expected)"),
    "tricks 9.5": (put("deals", 0, 5, 9.5), "deal 1 has tricks 9.5 (a whole number from 0 to 13 expected)"),
    "a contract that is none": (
        put("deals", 0, 3, "9Z"),
        "deal 1 has contract “9Z” (a contract like 4S, 3NX or PASS expected)",
    ),
    "declarer Q": (put("deals", 0, 4, "Q"), "deal 1 has declarer “Q” (N, E, S, W or blank expected)"),
    "a contract without a declarer": (
        put("deals", 0, 4, ""),
        "deal 1 has no declarer, but its contract is “4S” (N, E, S or W expected)",
    ),
    "a passed-out deal with a declarer": (
        put("deals", 1, 4, "N"),
        "deal 2 has declarer “N”, but it was passed out (blank expected)",
    ),
    "a score beyond any column": (
        put("deals", 0, 6, 10**30),
        "deal 1 has score 1000000000000000000000000000000 (a whole number from -2147483648 to 2147483647 expected)",
    ),
    "a deal of no result": (
        put("deals", 0, 1, 2.0),
        "deal 1 is for round 1, table 2.0, which has no result in the file",
    ),
    "a round number repeated": (put("rounds", 2, "number", 2), "round 2 and round 3 both have number 2"),
    "rounds numbered with a gap": (
        put("rounds", 2, "number", 5),
        "the rounds are numbered 1, 2, 5 (1 to 3 expected)",
    ),
    "a playing round before a closed one": (
        put("rounds", 0, "status", "playing"),
        "round number 1 is playing, but round number 2 follows it (only the last may be playing)",
    ),
    "a closed round with a missing result": (
        drop_result(1, 3),
        "round number 1 is closed, but table 3 has no result",
    ),
    "a closed round with a result still submitted": (
        put("results", 4, "status", "submitted"),
        "round number 2 is closed, but table 2's result is “submitted” with winner “NS” "
        "(agreed with a winner expected)",
    ),
    "a string where a number should be": (
        set_party("tables", "3"),
        "the party has tables “3” (a whole number from 1 to 500 expected)",
    ),
    "true where a number should be": (
        put("results", 0, "ns", True),
        "result 1 has ns true (a whole number from -2147483648 to 2147483647 or null expected)",
    ),
    "no tables at all": (set_party("tables", 0), "the party has tables 0 (a whole number from 1 to 500 expected)"),
    "a number where true or false should be": (
        set_party("mixed", 1),
        "the party has mixed 1 (true or false expected)",
    ),
    "a date that does not exist": (
        set_party("date", "2026-02-30"),
        "the party has date “2026-02-30” (a date like 2026-11-28 expected)",
    ),
    "a time that is none": (
        put("rounds", 0, "closed_at", "yesterday"),
        "round 1 has closed_at “yesterday” (a date and time like 2026-11-28T20:15:00+00:00 or null expected)",
    ),
    "a missing key": (drop("results", 0, "table"), "result 1 has no “table”"),
    "an unknown key": (put("guests", 0, "age", 30), "guest 1 has an unknown field “age”"),
    "a missing section": (remove_section("seats"), "the file has no “seats”"),
    "a list where a dict should be": (guest_as_list, "guest 1 is a list of 6 (an object expected)"),
    "a dict where a list should be": (replace("seats", {}), "“seats” is an object (a list expected)"),
    "the party a list": (replace("party", []), "the party is a list of 0 (an object expected)"),
    "a result of an unknown round": (
        put("results", 0, "round", 9),
        "result 1 has round 9 (one of the file's round numbers expected)",
    ),
    "a result repeated": (repeat_result, "result 1 and result 2 both give table 1's result in round number 1"),
    "winner XX": (put("results", 0, "winner", "XX"), "result 1 has winner “XX” (NS, EW or blank expected)"),
    "an override of an unknown guest": (
        put("overrides", 0, "old", "Nobody"),
        "override 1 has old “Nobody”, who is not a guest of the file",
    ),
    "a history entry of no result": (
        put("history", 0, "round", 7),
        "history entry 1 is for round 7, table 1, which has no result in the file",
    ),
    "a phone at table 7": (
        put("history", 0, "by_table", 7),
        "history entry 1 has by_table 7 (a whole number from 1 to 3 or null expected)",
    ),
    "history before a list": (put("history", 0, "before", []), "history entry 1 has before [] (an object expected)"),
    "a history snapshot with status bogus": (
        after_set(status="bogus"),
        "history entry 1's after has status “bogus” (in_progress, submitted or agreed expected)",
    ),
    "a history snapshot without its deals": (
        after_set(deals=None),
        "history entry 1's after has deals null (a list expected)",
    ),
    "a history snapshot with tricks 14": (
        after_deal(0, 3, 14),
        "history entry 1's after's deal 1 has tricks 14 (a whole number from 0 to 13 expected)",
    ),
    "an old link at table 9": (old_links, "table link 2 has table 9 (a whole number from 1 to 3 expected)"),
}


@pytest.mark.parametrize("tamper, message", PARTY_TAMPERINGS.values(), ids=PARTY_TAMPERINGS.keys())
def test_a_tampered_party_export_is_refused_whole(club, party_file, tamper, message):
    data = party_file
    tamper(data)
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=club)
    assert refused.value.messages == [f"{DAMAGED}{message}."]
    assert snapshot() == before


def test_a_closed_round_changed_by_the_director_afterwards_still_imports(club, director):
    """An undo after the round closed leaves its result short of agreed: the app makes that, so it imports;
    without the history entry that explains it, it is a damaged file."""
    party = played(director)
    entered = ResultChange.objects.get(result__round__party=party, result__round__number=1, result__table=3)
    result_services.result_undo(change=entered, by_user=director)
    data = json.loads(json.dumps(party_export(party)))
    again = party_import(json.loads(json.dumps(data)), club=club)
    assert again.rounds.get(number=1).results.get(table=3).status == "in_progress"
    data["history"] = [h for h in data["history"] if h["action"] != "undone"]
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=club)
    assert refused.value.messages == [
        f"{DAMAGED}round number 1 is closed, but table 3's result is “in_progress” with winner “” "
        "(agreed with a winner expected)."
    ]
    assert snapshot() == before


def test_full_clean_is_the_second_line(club, party_file, monkeypatch):
    """Were a check above to miss a bad choice, full_clean() still refuses it, plainly."""
    from django.db import models

    from tournaments.files.transfer import common as transfer

    monkeypatch.setattr(transfer, "CHECKS", ((models.Field, lambda model, field, value, where: value),))
    data = party_file
    data["guests"][2]["kind"] = "alien"
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=club)
    assert refused.value.messages == [f"{DAMAGED}guest 3: Value 'alien' is not a valid choice."]
    assert snapshot() == before


def test_the_database_is_the_third_line(club, party_file, monkeypatch):
    """Were the uniqueness checks to miss a repeated name, the database's refusal comes out plain, and nothing stays."""
    from tournaments.files.transfer import party as transfer

    def guests_unchecked(rows, members):
        return [
            transfer._record(raw, "a guest", Guest, transfer.GUEST_FIELDS, refs=transfer.GUEST_REFS) for raw in rows
        ]

    monkeypatch.setattr(transfer, "_guests_section", guests_unchecked)
    data = party_file
    data["guests"].append(dict(data["guests"][0]))
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        party_import(data, club=club)
    assert refused.value.messages[0].startswith(f"{DAMAGED}the database refused it (")
    assert "UNIQUE" in refused.value.messages[0].upper()
    assert snapshot() == before


# --- knockout tamperings: the message may depend on the untampered export -----------------------------------------


def stranger_wins(data):
    match = data["matches"][0]
    data["matches"][0]["winner"] = next(p["name"] for p in data["pairs"] if p["name"] not in (match["ns"], match["ew"]))


def stranger_wins_message(data):
    match = data["matches"][0]
    stranger = next(p["name"] for p in data["pairs"] if p["name"] not in (match["ns"], match["ew"]))
    return (
        f"match 1 has winner “{stranger}”, who does not play in it (“{match['ns']}”, “{match['ew']}” or null expected)"
    )


def same_pair_twice(data):
    data["matches"][0]["ew"] = data["matches"][0]["ns"]


def copy_pair_name(data):
    data["pairs"][1]["name"] = data["pairs"][0]["name"]


def repeat_table(data):
    second = next(i for i, m in enumerate(data["matches"]) if m["round"] == data["matches"][0]["round"] and i)
    data["matches"][second]["table"] = data["matches"][0]["table"]


def set_knockout(key, value):
    def tamper(data):
        data["knockout"][key] = value

    return tamper


KNOCKOUT_TAMPERINGS = {
    "a winner who is not in the match": (stranger_wins, stranger_wins_message),
    "a closed round with a match undecided": (
        put("matches", 0, "winner", None),
        "the main round number 1 is closed, but table 1 has no winner",
    ),
    "the same pair on both sides": (
        same_pair_twice,
        lambda data: f"match 1 has “{data['matches'][0]['ns']}” at both ns and ew",
    ),
    "a match of an unknown pair": (
        put("matches", 0, "ns", "Nobody & Nobody"),
        "match 1 has ns “Nobody & Nobody”, which is not a pair of the file",
    ),
    "a match in an unknown round": (
        put("matches", 0, "round", ["main", 9]),
        'match 1 has round ["main", 9], which the file does not have',
    ),
    "a table played twice": (repeat_table, "match 1 and match 2 both sit at table 1 in the main round number 1"),
    "bracket bogus": (put("rounds", 0, "bracket", "side"), "round 1 has bracket “side” (main or consolation expected)"),
    "a round of no tables": (
        put("rounds", 0, "tables", 0),
        "round 1 has tables 0 (a whole number from 1 to 32 expected)",
    ),
    "decision coin": (
        put("matches", 0, "decision", "coin"),
        "match 1 has decision “coin” (blank, cut or deal expected)",
    ),
    "a duplicate pair name": (copy_pair_name, "pair 1 and pair 2 both have the name “North 00 & South 00”"),
    "a 61-character player": (
        put("pairs", 0, "player_a", "x" * 61),
        "pair 1 has a player_a of 61 characters (at most 60 expected)",
    ),
    "knockout tricks 14": (
        put("deals", 0, "tricks", 14),
        "deal 1 has tricks 14 (a whole number from 0 to 13 expected)",
    ),
    "a ninth deal": (put("deals", 0, "number", 9), "deal 1 has number 9 (a whole number from 1 to 8 expected)"),
    "honours 200": (
        put("deals", 0, "honours", "NS200"),
        "deal 1 has honours “NS200” (NS100, NS150, EW100, EW150 or blank expected)",
    ),
    "a cut half written": (put("rounds", 0, "cut", {"margin": 10}), "round 1's cut has no “among”"),
    "a cut among strangers": (
        put("rounds", 0, "cut", {"margin": 10, "among": ["Nobody"], "places": 1, "drawn": [], "by_director": False}),
        "round 1's cut has among [\"Nobody\"] (a list of the file's pairs expected)",
    ),
    "an unknown knockout field": (set_knockout("colour", "red"), "the knockout has an unknown field “colour”"),
    "a knockout without a date": (
        set_knockout("date", None),
        "the knockout has date null (a date like 2026-11-28 expected)",
    ),
}


@pytest.mark.parametrize("tamper, message", KNOCKOUT_TAMPERINGS.values(), ids=KNOCKOUT_TAMPERINGS.keys())
def test_a_tampered_knockout_export_is_refused_whole(club, knockout_file, tamper, message):
    data = knockout_file
    expected = message(json.loads(json.dumps(data))) if callable(message) else message
    tamper(data)
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        knockout_import(data, club=club)
    assert refused.value.messages == [f"{DAMAGED}{expected}."]
    assert snapshot() == before


def test_an_old_knockout_export_without_the_demo_flag_still_imports(club, knockout_file):
    data = knockout_file
    del data["knockout"]["demo"]
    assert knockout_import(data, club=club).demo is False


# --- the command: the plain message, never a traceback -------------------------------------------------------------


def test_import_event_refuses_a_damaged_file_with_the_plain_message(director, tmp_path):
    data = party_export(played(director))
    data["guests"][2]["kind"] = "alien"
    path = tmp_path / "party.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), "--club", "Alice's club")
    assert str(refused.value) == f"{DAMAGED}guest 3 has kind “alien” (lady, gentleman or blank expected)."
    assert snapshot() == before


def test_import_event_takes_the_club_by_name(director, tmp_path, capsys):
    path = tmp_path / "party.json"
    call_command("export_party", str(played(director).id), output=str(path))
    call_command("import_event", str(path), "--club", "Alice's club")
    assert "Imported Spring party" in capsys.readouterr().out
    assert Party.objects.filter(name="Spring party", club__name="Alice's club").count() == 2


# --- phone links -----------------------------------------------------------------------------------------------------


def live_tokens(party: Party) -> list[str]:
    return list(party.tokens.filter(revoked_at__isnull=True).order_by("table").values_list("token", flat=True))


def test_an_export_carries_no_phone_link_unless_asked(director, tmp_path):
    party = played(director)
    tokens = live_tokens(party)
    assert len(tokens) == 3
    text = json.dumps(party_export(party))
    assert "tables" not in party_export(party)
    assert not any(token in text for token in tokens)
    plain, linked = tmp_path / "plain.json", tmp_path / "linked.json"
    call_command("export_party", str(party.id), output=str(plain))
    call_command("export_party", str(party.id), "--with-links", output=str(linked))
    assert not any(token in plain.read_text(encoding="utf-8") for token in tokens)
    assert json.loads(linked.read_text(encoding="utf-8"))["tables"] == [
        {"table": table, "token": token} for table, token in enumerate(tokens, start=1)
    ]


def test_the_party_page_download_carries_no_phone_link(client_in, director):
    party = played(director)
    response = client_in.get(reverse("party_export", args=[party.id]))
    assert response.status_code == 200
    assert not any(token in response.content.decode() for token in live_tokens(party))


def test_an_import_issues_new_links_never_the_old_ones(club, client, director):
    party = played(director)
    data = json.loads(json.dumps(party_export(party, with_links=True)))
    old = [link["token"] for link in data["tables"]]
    before = standings(party)
    party.delete()
    again = party_import(data, club=club)
    new = live_tokens(again)
    assert len(new) == 3 and not set(new) & set(old)
    assert TableToken.objects.filter(token__in=old).count() == 0
    for token in old:
        assert client.get(reverse("table_page", args=[token])).status_code == 404
    assert client.get(reverse("table_page", args=[new[0]])).status_code == 200
    assert standings(again) == before
    # The change made from table 1's phone still says so, and names the table's new link.
    phone = ResultChange.objects.get(result__round__party=again, by_token__isnull=False)
    assert phone.by == "table 1 (phone)"
    assert phone.by_token is not None and phone.by_token.token == new[0]


def test_an_import_beside_its_original_leaves_the_original_links_alone(club, client, director):
    party = played(director)
    again = party_import(json.loads(json.dumps(party_export(party, with_links=True))), club=club)
    assert not set(live_tokens(again)) & set(live_tokens(party))
    assert client.get(reverse("table_page", args=[live_tokens(party)[0]])).status_code == 200
    assert {t.party for t in TableToken.objects.filter(token__in=live_tokens(party))} == {party}


def test_the_round_trip_without_links_reproduces_the_standings(club, director):
    party = played(director)
    before = standings(party)
    text = json.dumps(party_export(party))
    party.delete()
    again = party_import(json.loads(text), club=club)
    assert standings(again) == before
    assert again.rounds.get(number=3).results.get(table=2).ns == 300
    assert len(live_tokens(again)) == 3


# --- random damage: always the plain message from the checks, never a traceback --------------------------------------

ODD_VALUES: list[object]  # of every kind: the damage is random
ODD_VALUES = [None, True, -1, 0, 14, 10**20, 1.5, "", "x" * 200, "bogus", "N", [], {}, [1, 2], "2026-02-30"]


def places_in(node, path=()):
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in children:
        yield (*path, key)
        yield from places_in(child, (*path, key))


def damage(data, rng) -> None:
    *path, last = rng.choice(list(places_in(data)))
    parent = data
    for key in path:
        parent = parent[key]
    if isinstance(parent, dict) and rng.random() < 0.15:
        del parent[last]
    else:
        parent[last] = rng.choice(ODD_VALUES)


@pytest.mark.parametrize("kind", ["party", "knockout"])
def test_random_damage_gets_the_checks_plain_message(club, exports, kind):
    export = exports[kind]
    importer = party_import if kind == "party" else knockout_import
    rng = random.Random(2026)
    for _ in range(150):
        data = json.loads(json.dumps(export, cls=DjangoJSONEncoder))
        damage(data, rng)
        before = snapshot()
        try:
            with transaction.atomic():
                importer(data, club=club)
                transaction.set_rollback(True)  # some damage leaves a file that is still whole
        except ValidationError as refused:
            (message,) = refused.messages
            assert (
                message.startswith((DAMAGED, "This is not a Club Director"))
                and "cannot be read" not in message
                and "refused it" not in message
            )
            assert snapshot() == before
