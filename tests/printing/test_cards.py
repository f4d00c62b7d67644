"""Table cards (number, QR code, link) and score cards (four deals, dealer and vulnerability, the cap rule)."""

import dataclasses

import pytest

from tests.printing.factories import PARTY, make_score_cards, make_table_cards, page_points, page_stream, pdf_pages
from tournaments.printing.cards import CAP_RULE, score_cards_pdf, table_cards_pdf
from tournaments.printing.data import TableCard

# --- table cards ---


def test_table_cards_one_page_per_table():
    filename, content_type, content = table_cards_pdf(make_table_cards(3))
    assert filename == "spring-party-table-cards.pdf"
    assert content_type == "application/pdf"
    pages = pdf_pages(content)
    assert len(pages) == 3
    for number, text in enumerate(pages, start=1):
        assert "TABLE" in text
        assert str(number) in text.split("\n")
        assert PARTY in text


def test_table_card_prints_the_link_in_words_and_a_qr_code():
    content = table_cards_pdf(make_table_cards(1))[2]
    (text,) = pdf_pages(content)
    assert "https://club.example/t/001abcdef" in text
    assert "Scan to enter this table's scores" in text
    assert "Scores are entered by the director" not in text
    # the QR code is drawn as a field of filled squares
    assert page_stream(content).count(b" re") > 100


def test_table_card_without_a_link_has_no_qr():
    content = table_cards_pdf(make_table_cards(1, link=False))[2]
    (text,) = pdf_pages(content)
    assert "Scores are entered by the director" in text
    assert "Scan" not in text and "http" not in text
    assert page_stream(content).count(b" re") < 5


def test_table_card_long_link_is_wrapped_in_full():
    link = "https://club.example/parties/123/tables/100/enter?token=" + "k" * 70
    (text,) = pdf_pages(table_cards_pdf([TableCard(PARTY, 100, link)])[2])
    assert "100" in text.split("\n")
    assert link in text.replace("\n", "")


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_table_cards_page_size(pagesize, points):
    assert page_points(table_cards_pdf(make_table_cards(1), pagesize=pagesize)[2]) == points


def test_table_cards_bad_page_size():
    with pytest.raises(ValueError):
        table_cards_pdf(make_table_cards(1), pagesize="A3")


def test_no_tables_still_gives_a_page():
    filename, _, content = table_cards_pdf([])
    assert filename == "party-table-cards.pdf"
    assert len(pdf_pages(content)) == 1


# --- score cards ---


def test_score_cards_two_to_a_page():
    filename, content_type, content = score_cards_pdf(make_score_cards(3, round_number=2))
    assert filename == "spring-party-score-cards-round-2.pdf"
    assert content_type == "application/pdf"
    pages = pdf_pages(content)
    assert len(pages) == 2
    assert "Table 1" in pages[0] and "Table 2" in pages[0] and "Table 3" in pages[1]


def test_score_card_contents():
    (text,) = pdf_pages(score_cards_pdf(make_score_cards(1, round_number=4))[2])
    assert PARTY in text
    assert "Round 4 · Table 1" in text
    for seat in "NESW":
        assert f"{seat}-player at 1" in text
    for column in ("Deal", "Dealer", "Vulnerable", "Contract", "By", "Tricks", "N–S", "E–W"):
        assert column in text
    # the four deals with dealer and vulnerability pre-printed
    assert "1\nNorth\nNeither\n" in text
    assert "2\nEast\nE–W\n" in text
    assert "3\nSouth\nN–S\n" in text
    assert "4\nWest\nBoth\n" in text
    assert "Net N–S" in text and "Net E–W" in text
    assert "(North–South)" not in text and "(East–West)" not in text  # the seat alone says the side


def test_score_card_prints_the_cap_rule_in_one_line():
    assert CAP_RULE == (
        "On each deal the side that scores is credited at most 1,000 unless it bid and made a slam; "
        "the losing side is charged in full."
    )
    for pagesize in ("A4", "letter"):
        pages = pdf_pages(score_cards_pdf(make_score_cards(2), pagesize=pagesize)[2])
        assert pages[0].split("\n").count(CAP_RULE) == 2


def test_score_card_accented_names():
    card = make_score_cards(1)[0]
    card = dataclasses.replace(card, names={"N": "Hélène Dubois", "E": "Jürgen Müller", "S": "Zoë Ward", "W": ""})
    (text,) = pdf_pages(score_cards_pdf([card])[2])
    assert "Hélène Dubois" in text and "Jürgen Müller" in text and "Zoë Ward" in text


@pytest.mark.parametrize(("pagesize", "points"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_score_cards_page_size(pagesize, points):
    assert page_points(score_cards_pdf(make_score_cards(1), pagesize=pagesize)[2]) == points


def test_score_cards_bad_page_size():
    with pytest.raises(ValueError):
        score_cards_pdf(make_score_cards(1), pagesize="tabloid")


def test_score_cards_of_several_rounds_get_a_plain_name():
    cards = make_score_cards(1, round_number=1) + make_score_cards(1, round_number=2)
    assert score_cards_pdf(cards)[0] == "spring-party-score-cards.pdf"
