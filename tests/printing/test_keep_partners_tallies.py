"""At a party whose partners stay together all evening, every round's line of a tally card names the partner,
the rounds not drawn yet as well as the first (issue 25, item 5)."""

import pytest

from tests.printing.factories import pdf_pages
from tournaments.printing.tallies import tallies_pdf
from tournaments.selectors.prints import tally_cards


def round_lines(text: str) -> list[str]:
    """The card's grid as printed: the lines after its column headings, up to the total."""
    lines = text.split("\n")
    return lines[lines.index("Running") + 1 : lines.index("Total")]


@pytest.mark.parametrize("keep_partners", [True, False])
def test_each_round_names_the_partner_kept_all_evening(party_factory, keep_partners):
    party = party_factory(tables=2, rounds=3, keep_partners=keep_partners)
    cards = tally_cards(party)
    assert len(cards) == 8
    for card in cards:
        first = card.lines[0].partner
        assert first.startswith("Player ") and first != card.name
        expected = [first, first, first] if keep_partners else [first, "", ""]
        assert [line.partner for line in card.lines] == expected
        (text,) = pdf_pages(tallies_pdf([card])[2])
        lines = round_lines(text)
        # round 1: its number, table, seat and partner; rounds 2 and 3 (not drawn): number and partner only
        assert lines[:4] == [
            "1",
            str(card.table),
            {"N": "North", "E": "East", "S": "South", "W": "West"}[card.seat],
            first,
        ]
        if keep_partners:
            assert lines[4:] == ["2", first, "3", first]
            assert text.count(first) == 3
        else:
            assert lines[4:] == ["2", "3"]
            assert text.count(first) == 1
