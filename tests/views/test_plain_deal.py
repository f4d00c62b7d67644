"""The phone's save reads the script's deal without a form (forms.plain_deal): for any posted fields it
takes, it finds the very deal the form would clean; anything else is left to the form and its messages."""

from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.forms.rounds import DealForm, plain_deal

LEVELS = ["", "P", *map(str, range(1, 8)), "8", "0", "p", " 3"]
STRAINS = ["", *"CDHSN", "NT", "c", "Z"]
DOUBLES = ["", "X", "XX", "XXX", "x"]
DECLARERS = ["", *"NESW", "n", "Q"]
TRICKS = ["", *map(str, range(14)), "14", "07", "-1", "a"]


def posted(level, strain, doubled, declarer, tricks) -> QueryDict:
    data = QueryDict(mutable=True)
    names = ("level", "strain", "doubled", "declarer", "tricks")
    for field, value in zip(names, (level, strain, doubled, declarer, tricks), strict=True):
        if value is not None:
            data[f"deal-{field}"] = value
    return data


def form_deal(data: QueryDict):
    form = DealForm(data, prefix="deal")
    return form.cleaned_data.get("deal") if form.is_valid() else None


fields = st.tuples(*(st.sampled_from([None, *choices]) for choices in (LEVELS, STRAINS, DOUBLES, DECLARERS, TRICKS)))


@settings(max_examples=1500, deadline=None)
@given(fields)
def test_a_deal_read_without_the_form_is_the_forms_deal(values):
    data = posted(*values)
    plain = plain_deal(data)
    if plain is not None:
        assert plain == form_deal(data)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from([str(n) for n in range(1, 8)]),
    st.sampled_from("CDHSN"),
    st.sampled_from(["", "X", "XX"]),
    st.sampled_from("NESW"),
    st.integers(0, 13),
)
def test_every_contract_the_script_posts_is_read_without_the_form(level, strain, doubled, declarer, tricks):
    data = posted(level, strain, doubled, declarer, str(tricks))
    assert plain_deal(data) == (f"{level}{strain}{doubled}", declarer, tricks) == form_deal(data)


def test_by_hand():
    assert plain_deal(posted("4", "S", "X", "E", "9")) == ("4SX", "E", 9)
    assert plain_deal(posted("P", "", "", "", "")) == ("PASS", "", 0)
    assert plain_deal(posted("P", None, None, None, None)) == ("PASS", "", 0)
    # Left to the form, which says what is wrong (or, for "Passed out" pressed after choices, drops them).
    assert plain_deal(posted("P", "S", "", "", "")) is None
    assert plain_deal(posted("3", "N", "", "", "9")) is None  # no declarer
    assert plain_deal(posted("3", "N", "", "S", "14")) is None
    assert plain_deal(posted("", "", "", "", "")) is None
