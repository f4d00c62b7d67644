"""A knockout's version: each player's own message with the pair's path, match by match."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.knockout.helpers import make_knockout
from tournaments.models import Entry, KnockoutRound, OutgoingMail
from tournaments.selectors.results_mail import knockout_results_by_pair
from tournaments.services import entries, members, public
from tournaments.services import knockout as knockout_services
from tournaments.services.results_mail import knockout_results_mail

pytestmark = pytest.mark.django_db
# Four pairs, "North 01 & South 01" … "North 04 & South 04"; in every match the pair of the higher number wins,
# 900 to 300 (a later round's draw is random: who sits North-South does not matter then). The first round, drawn
# with the helpers' seed: table 1 N01 v N02 (N02 on), table 2 N03 v N04 (N04 on). The final: N04 beats N02; the
# consolation final (the first round's losers): N03 beats N01.


def number(pair) -> int:
    return int(pair.name.split()[1])


def totals(match) -> tuple[int, int]:
    return (900, 300) if number(match.ns) > number(match.ew) else (300, 900)


def played_knockout(director):
    knockout = make_knockout(pairs=4, user=director)
    while rounds := list(KnockoutRound.objects.filter(knockout=knockout, status="playing")):
        for round_ in rounds:
            for match in round_.matches.all():
                ns, ew = totals(match)
                knockout_services.match_totals_record(match=match, ns=ns, ew=ew)
            knockout_services.round_close(round_=round_)
    return knockout


def test_each_pairs_path_match_by_match(director):
    paths = {path.pair.name: path for path in knockout_results_by_pair(played_knockout(director))}
    winners = paths["North 04 & South 04"]
    assert winners.won_final == "main"
    assert [(m.round.title, m.table, m.opponents, m.ours, m.theirs, m.outcome) for m in winners.matches] == [
        ("Main semi-final", 2, "North 03 & South 03", 900, 300, "won"),
        ("Main final", 1, "North 02 & South 02", 900, 300, "won"),
    ]
    consoled = paths["North 03 & South 03"]
    assert consoled.won_final == "consolation"
    assert [(m.round.title, m.outcome) for m in consoled.matches] == [
        ("Main semi-final", "lost"), ("Consolation final", "won"),
    ]  # fmt: skip
    assert (paths["North 01 & South 01"].won_final, paths["North 02 & South 02"].won_final) == ("", "")


def test_each_player_gets_the_pairs_path_in_their_language(client_in, director, smtp):
    knockout = played_knockout(director)
    link = public.publish(event=knockout)
    club = knockout.club
    winners = knockout.pairs.get(name="North 04 & South 04")
    winners.member_a = members.member_create(club=club, name="North 04", email="n4@example.org", language="de")
    winners.save()
    consoled = knockout.pairs.get(name="North 03 & South 03")
    consoled.member_b = members.member_create(club=club, name="South 03", email="s3@example.org")
    consoled.save()
    page = client_in.get(reverse("knockout_detail", args=[knockout.pk])).content.decode()
    assert "E-mail every player their results" in page
    response = client_in.post(reverse("knockout_mail_results", args=[knockout.pk]), follow=True)
    assert "2 messages queued. 6 players have no address." in response.content.decode()
    call_command("send_mail", verbosity=0)

    german = smtp.by_address("n4@example.org")[0]
    assert german["Subject"] == "Ihre Ergebnisse: Four Aces night" and german["Content-Language"] == "de"
    text = german.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert text.startswith("Guten Tag North 04,\n")
    assert "Ihr Paar: North 04 & South 04\nSie haben das Hauptfinale gewonnen." in text
    assert "Halbfinale des Hauptturniers, Tisch 2: gegen North 03 & South 03, 900 zu 300, gewonnen." in text
    assert "Finale des Hauptturniers, Tisch 1: gegen North 02 & South 02, 900 zu 300, gewonnen." in text
    assert f"http://club.example/r/{link.token}/" in text

    english = smtp.by_address("s3@example.org")[0]
    text = english.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert "Dear South 03," in text and "You won the consolation final." in text
    assert "Main semi-final, table 2: against North 04 & South 04, 300 to 900, lost." in text
    assert "Consolation final, table 1: against North 01 & South 01, 900 to 300, won." in text
    html = english.get_body(("html",)).get_content()
    assert "North 04 &amp; South 04" in html and "300 – 900" in html and english["List-Unsubscribe"]
    assert OutgoingMail.objects.filter(about=f"knockout:{knockout.pk}", status="sent").count() == 2


def test_a_pair_made_from_an_entry_reaches_the_entrant_in_the_language_they_entered_in(director, smtp):
    knockout = played_knockout(director)
    entry_list = entries.entry_list_save(event=knockout, open=False)
    pair = knockout.pairs.get(name="North 01 & South 01")
    Entry.objects.create(
        entry_list=entry_list, name="North 01", partner="South 01", email="n1@example.org", language="fr",
        state="confirmed", pair=pair,
    )  # fmt: skip
    said = knockout_results_mail(knockout=knockout)
    assert (said.queued, said.no_address, said.declined) == (1, 7, 0)  # her partner gave no address
    call_command("send_mail", verbosity=0)
    [message] = smtp.messages
    assert message["To"] == "n1@example.org" and message["Content-Language"] == "fr"
    assert "North 01" in message.get_body(("plain",)).get_content()


def test_a_walkover_is_mailed_as_a_walkover_not_a_score(director, smtp):
    from tests.knockout.helpers import get_round, matches
    from tournaments.services import knockout_withdrawals

    knockout = make_knockout(pairs=4, user=director)
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    gone, through = (t[1].ns, t[1].ew) if number(t[1].ns) == 1 else (t[1].ew, t[1].ns)
    assert (gone.name, through.name) == ("North 01 & South 01", "North 02 & South 02")
    knockout_withdrawals.pair_withdraw(knockout=knockout, pair=gone)
    ns, ew = totals(t[2])
    knockout_services.match_totals_record(match=t[2], ns=ns, ew=ew)

    paths = {path.pair.name: path for path in knockout_results_by_pair(knockout)}
    assert [(m.outcome, m.walkover) for m in paths[through.name].matches] == [("won", "won")]
    assert [(m.outcome, m.walkover) for m in paths[gone.name].matches] == [("lost", "conceded")]
    assert [(m.outcome, m.walkover) for m in paths["North 04 & South 04"].matches] == [("won", "")]

    club = knockout.club
    through.member_a = members.member_create(club=club, name="North 02", email="n2@example.org")
    through.save()
    gone.member_b = members.member_create(club=club, name="South 01", email="s1@example.org", language="fr")
    gone.save()
    knockout_results_mail(knockout=knockout)
    call_command("send_mail", verbosity=0)

    winner = smtp.by_address("n2@example.org")[0]
    text = winner.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert "Main semi-final, table 1: North 02 & South 02 by a walkover: North 01 & South 01 withdrew.\n" in text
    assert " to " not in text  # no score for a match no score decided
    html = winner.get_body(("html",)).get_content()
    assert "North 02 &amp; South 02 by a walkover: North 01 &amp; South 01 withdrew" in html
    assert " – " not in html.split("<tbody>")[1]  # the score column is empty

    french = smtp.by_address("s1@example.org")[0]
    text = french.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert (
        "Demi-finale du tableau principal, table 1\u202f: North 02 & South 02 par forfait\u202f: "
        "North 01 & South 01 se sont retirés." in text
    )
