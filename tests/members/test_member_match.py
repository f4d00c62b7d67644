"""One matcher for every way a guest comes in: a number wins, else a name only one member has; shared names
and accent-only differences are candidates for the hostess, never a guess; erased members never match."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import Club, Member
from tournaments.rules.names import clean_name
from tournaments.selectors.member_match import MemberMatch, Named, NameIndex, Why, match_member, match_members
from tournaments.services import members as member_services


@pytest.fixture
def club(director):
    return Club.objects.get(memberships__user=director)


@pytest.mark.django_db
def test_a_number_wins_over_the_name(club):
    ann = member_services.member_create(club=club, name="Ann Lee", number="123")
    member_services.member_create(club=club, name="Bob Lee", number="456")
    assert match_member(club=club, name="Bob Lee", number="123") == MemberMatch(member=ann, why=Why.NUMBER)


@pytest.mark.django_db
def test_a_name_only_one_member_has_matches_in_any_case_spacing_or_form(club):
    helene = member_services.member_create(club=club, name="Hélène Dupont")
    for typed in (
        "hélène dupont",
        "  HÉLÈNE   Dupont ",
        unicodedata.normalize("NFD", "Hélène Dupont"),
        "Hélène\u202e Dupont",
    ):
        assert match_member(club=club, name=typed) == MemberMatch(member=helene, why=Why.NAME), typed


@pytest.mark.django_db
def test_an_accent_only_difference_is_offered_never_matched(club):
    helene = member_services.member_create(club=club, name="Hélène Dupont")
    found = match_member(club=club, name="Helene Dupont")
    assert (found.member, found.candidates, found.why, found.ambiguous) == (None, (helene,), Why.ACCENTS, True)


@pytest.mark.django_db
def test_two_members_of_one_name_are_both_offered(club):
    a = member_services.member_create(club=club, name="John Smith", number="1")
    b = member_services.member_create(club=club, name="John Smith", number="2")
    assert match_member(club=club, name="john smith") == MemberMatch(candidates=(a, b), why=Why.SHARED)
    assert match_member(club=club, name="john smith", number="2") == MemberMatch(member=b, why=Why.NUMBER)


@pytest.mark.django_db
def test_erased_and_other_clubs_members_never_match(club):
    gone = member_services.member_create(club=club, name="Erased Person", number="7")
    Member.objects.filter(pk=gone.pk).update(erased_at="2026-01-01T00:00:00Z")
    other = Club.objects.create(name="Other club")
    member_services.member_create(club=other, name="Zoe Far", number="8")
    assert match_member(club=club, name="Erased Person", number="7") == MemberMatch()
    assert match_member(club=club, name="Zoe Far", number="8") == MemberMatch()


@pytest.mark.django_db
def test_an_archived_member_still_matches(club):
    kept = member_services.member_archive(member=member_services.member_create(club=club, name="Old Friend"))
    assert match_member(club=club, name="old friend").member == kept


@pytest.mark.django_db
def test_many_names_in_two_queries(club, django_assert_num_queries):
    for i in range(30):
        member_services.member_create(club=club, name=f"Player {i}", number=str(i))
    people = [(f"player {i}", "") for i in range(30)] + [("Newcomer", ""), ("Anyone", "12")]
    with django_assert_num_queries(2):
        found = match_members(club=club, people=people)
    assert [m.member.name if m.member else None for m in found] == [f"Player {i}" for i in range(30)] + [
        None,
        "Player 12",
    ]


# --- the invariants, on the index alone (no database) ------------------------------------------------------------

LETTERS = "abcdefghijklmnoprstuvwyzéèêëàâäïîôöüçñ"
words = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=8), min_size=1, max_size=3)
spaces = st.sampled_from([" ", "  ", "\t", "\u00a0", " \u202e"])


def _strip_accents(text: str) -> str:
    return unicodedata.normalize(
        "NFC", "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    )


@settings(max_examples=200, deadline=None)
@given(words=words, data=st.data())
def test_case_space_and_form_variants_of_a_unique_name_always_match(words, data):
    name = " ".join(w.capitalize() for w in words)
    index = NameIndex([Named(1, name, ""), Named(2, "Someone Else", "9")])
    cased = "".join(c.upper() if data.draw(st.booleans()) else c.lower() for c in name)
    gaps = [data.draw(spaces) for _ in cased.split(" ")]
    typed = gaps[0] + "".join(w + g for w, g in zip(cased.split(" "), gaps[1:] + [" "], strict=True))
    if data.draw(st.booleans()):
        typed = unicodedata.normalize("NFD", typed)
    assert index.find(typed, "") == (Why.NAME, [1])


@settings(max_examples=200, deadline=None)
@given(words=words)
def test_an_accent_only_difference_never_matches(words):
    name = " ".join(words)
    plain = _strip_accents(name)
    if plain == name:  # no accent to differ by
        return
    for member, typed in ((name, plain), (plain, name)):
        why, pks = NameIndex([Named(1, member, "")]).find(typed, "")
        assert (why, pks) == (Why.ACCENTS, [1])


@given(text=st.text())
def test_cleaning_twice_is_cleaning_once(text):
    assert clean_name(clean_name(text)) == clean_name(text)
    assert not any(c in clean_name(text) for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
