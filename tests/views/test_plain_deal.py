"""The phone's save reads the script's deal without a form (forms.plain_deal): for any posted fields it
takes, it finds the very deal the view's form would clean; anything else is left to the form and its
messages."""

import itertools

from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.forms.rounds import DealForm, deal_forms, deals_from_forms, plain_deal, plain_round
from tournaments.views.table import _passed_out_alone

FIELDS = ("level", "strain", "doubled", "declarer", "tricks")
LEVELS = ["", "P", *map(str, range(1, 8)), "8", "0", "p", " 3"]
STRAINS = ["", *"CDHSN", "NT", "c", "Z"]
DOUBLES = ["", "X", "XX", "XXX", "x"]
DECLARERS = ["", *"NESW", "n", "Q"]
TRICKS = ["", *map(str, range(14)), "14", "07", "-1", "a"]
NAMES = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}


def posted(*values) -> QueryDict:
    """The fields as posted; a list posts the field once a value (the last counts), None leaves it out."""
    data = QueryDict(mutable=True)
    for field, value in zip(FIELDS, values, strict=True):
        if value is not None:
            data.setlist(f"deal-{field}", value if isinstance(value, list) else [value])
    return data


def form_deal(data: QueryDict):
    """The deal as the view's form cleans it (views/table.py: the phone's players named, "Passed out" alone)."""
    form = DealForm(_passed_out_alone(data), prefix="deal", names=NAMES)
    return form.cleaned_data.get("deal") if form.is_valid() else None


def one_or_two(choices):
    return st.one_of(st.none(), st.sampled_from(choices), st.lists(st.sampled_from(choices), min_size=2, max_size=2))


@settings(max_examples=2000, deadline=None)
@given(st.tuples(*(one_or_two(c) for c in (LEVELS, STRAINS, DOUBLES, DECLARERS, TRICKS))))
def test_a_deal_read_without_the_form_is_the_forms_deal(values):
    data = posted(*values)
    plain = plain_deal(data)
    if plain is not None:
        assert plain == form_deal(data)


def test_every_deal_the_script_posts_is_read_without_the_form_as_the_form_reads_it():
    bids = itertools.product(map(str, range(1, 8)), "CDHSN", ["", "X", "XX"], "NESW", range(14))
    for level, strain, doubled, declarer, tricks in bids:
        data = posted(level, strain, doubled, declarer, str(tricks))
        assert plain_deal(data) == (f"{level}{strain}{doubled}", declarer, tricks) == form_deal(data)
    passed = posted("P", "", "", "", "")
    assert plain_deal(passed) == ("PASS", "", 0) == form_deal(passed)


def test_one_field_wrong_is_left_to_the_form():
    good = ["4", "S", "X", "E", "9"]
    assert plain_deal(posted(*good)) == ("4SX", "E", 9)
    for position, wrong in enumerate(["8", "Z", "XXX", "Q", "14"]):
        assert plain_deal(posted(*good[:position], wrong, *good[position + 1 :])) is None
    for position in range(len(FIELDS)):
        missing = [*good[:position], "", *good[position + 1 :]]
        if position != 2:  # the double may be left empty
            assert plain_deal(posted(*missing)) is None


def test_by_hand():
    assert plain_deal(posted("P", None, None, None, None)) == ("PASS", "", 0)
    # "Passed out" pressed after choices: the form drops them (the view's _passed_out_alone).
    assert plain_deal(posted("P", "S", "", "", "")) is None
    assert form_deal(posted("P", "S", "", "", "")) == ("PASS", "", 0)
    assert plain_deal(posted("3", "N", "", "S", "07")) is None
    assert plain_deal(posted("", "", "", "", "")) is None
    assert (
        plain_deal(posted(["3", "4"], "H", "", "N", "10"))
        == ("4H", "N", 10)
        == form_deal(posted(["3", "4"], "H", "", "N", "10"))
    )


def round_posted(deals) -> QueryDict:
    """The whole-round form's fields (d1-level …), a deal's values as `posted` takes them (None: a blank deal)."""
    data = QueryDict(mutable=True)
    for number, values in enumerate(deals, start=1):
        for field, value in zip(FIELDS, values or (None,) * len(FIELDS), strict=True):
            if value is not None:
                data.setlist(f"d{number}-{field}", value if isinstance(value, list) else [value])
    return data


SCRIPTLESS = ["", "P", "4", "7"], ["", "S", "N", "c"], ["", "X", "XX"], ["", "N", "W", "q"], ["", "0", "10", "13", "14"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.none(), st.tuples(*(one_or_two(c) for c in SCRIPTLESS))), min_size=4, max_size=4))
def test_a_round_read_without_the_forms_is_the_forms_round(deals):
    """forms.plain_round, where it reads the post, gives the very deals the four forms do, with no error."""
    data = round_posted(deals)
    plain = plain_round(data)
    if plain is not None:
        assert (plain, []) == deals_from_forms(deal_forms(data, names=NAMES))


def test_a_round_by_hand():
    four = [("4", "S", "", "N", "10"), ("P", "", "", "", ""), ("3", "N", "X", "E", "8"), ("1", "C", "", "W", "7")]
    assert plain_round(round_posted(four)) == [("4S", "N", 10), ("PASS", "", 0), ("3NX", "E", 8), ("1C", "W", 7)]
    assert plain_round(round_posted([*four[:2], None, None])) == [("4S", "N", 10), ("PASS", "", 0)]
    # A gap, a wrong field and no deal at all are the forms' to say.
    assert plain_round(round_posted([four[0], None, four[2], None])) is None
    assert deals_from_forms(deal_forms(round_posted([four[0], None, four[2], None])))[1] == [
        "Deal 2 is missing: enter the deals in order."
    ]
    assert plain_round(round_posted([("4", "S", "", "N", "14"), None, None, None])) is None
    assert plain_round(round_posted([None] * 4)) is None
