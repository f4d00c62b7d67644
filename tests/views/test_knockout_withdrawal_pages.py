"""The director's pages for a pair leaving the knockout: the preview says who goes through and who takes the
best-loser place before anything is saved; the confirmation records the walkover; the undo; the public page."""

import pytest
from django.urls import reverse

from tests.knockout.helpers import get_round, make_knockout, matches
from tournaments.models import Club, KnockoutMatch, Membership
from tournaments.services import knockout as services
from tournaments.services import public

pytestmark = pytest.mark.django_db


def withdraw_url(knockout, pair) -> str:
    return reverse("knockout_pair_withdraw", args=[knockout.pk, pair.pk])


def test_the_preview_shows_the_consequence_and_the_confirmation_records_the_walkover(client_in, director):
    knockout = make_knockout(pairs=10, user=director)
    first = get_round(knockout)
    t = {m.table: m for m in matches(first)}
    for number, margin in {1: 300, 3: 500, 4: 120, 5: 90}.items():
        services.match_totals_record(match=t[number], ns=500 + margin, ew=500)
    page = client_in.get(withdraw_url(knockout, t[2].ew)).content.decode().replace("&amp;", "&")
    consequence = page.split('id="consequence"')[1].split("</form>")[0]
    assert f"{t[2].ew.name} concede table 2 of Main round 1: <strong>{t[2].ns.name} go through by a walkover" in page
    assert f"{t[5].ew.name} (lost by 90)" in consequence.split("Best loser, going up with the winners:")[1]
    assert f"Withdrew (gone home):</strong> {t[2].ew.name}</p>" in consequence
    assert not KnockoutMatch.objects.filter(conceded_by__isnull=False).exists()  # the preview saves nothing
    response = client_in.post(withdraw_url(knockout, t[2].ew), {"confirm": "yes"}, follow=True)
    text = response.content.decode().replace("&amp;", "&")
    assert f"{t[2].ew.name} withdrew: {t[2].ns.name} go through by a walkover at table 2." in text
    assert f"{t[2].ns.name} by a walkover: {t[2].ew.name} withdrew" in text
    assert KnockoutMatch.objects.get(pk=t[2].pk).conceded_by == t[2].ew
    # The same pair again: refused in words, nothing more changed.
    again = client_in.post(withdraw_url(knockout, t[2].ew), {"confirm": "yes"}, follow=True).content.decode()
    assert "Table 2 of Main round 1 was already conceded: nothing was changed." in again
    undo = reverse("knockout_walkover_undo", args=[knockout.pk, "main", 1, 2])
    done = client_in.post(undo, follow=True).content.decode()
    assert "The walkover at table 2 is undone: the match goes on." in done
    assert KnockoutMatch.objects.get(pk=t[2].pk).conceded_by is None


def test_another_clubs_director_cannot_withdraw_a_pair(client, django_user_model, director):
    knockout = make_knockout(pairs=8, user=director)
    pair = matches(get_round(knockout))[0].ns
    bob = django_user_model.objects.create_user("bob", password="x")
    Membership.objects.create(club=Club.objects.create(name="Bramley"), user=bob, role="owner")
    client.force_login(bob)
    assert client.get(withdraw_url(knockout, pair)).status_code == 404
    assert client.post(withdraw_url(knockout, pair), {"confirm": "yes"}).status_code == 404
    assert not KnockoutMatch.objects.filter(conceded_by__isnull=False).exists()


def test_the_public_page_shows_the_walkover(client_in, director):
    knockout = make_knockout(pairs=8, user=director)
    m = matches(get_round(knockout))[0]
    client_in.post(withdraw_url(knockout, m.ew), {"confirm": "yes"})
    token = public.publish(event=knockout).token
    page = client_in.get(reverse("public_page", args=[token])).content.decode()
    row = page.split(">1</td>")[1].split("</tr>")[0]
    assert '<span class="badge walkover">walkover</span>' in row
