"""Amounts read from what a person types, and written in each language's local style (CLDR via Babel)."""

import pytest

from tournaments.rules.errors import RuleError
from tournaments.rules.money import balance_after, format_money, minor_units, parse_amount, to_main

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(
    ("typed", "currency", "minor"),
    [
        ("3,50", "EUR", 350), ("3.5", "EUR", 350), ("€ 3.50", "EUR", 350), ("12", "GBP", 1200),
        ("0.10", "EUR", 10), (",75", "EUR", 75), ("100000", "EUR", 10_000_000), ("3.50 EUR", "EUR", 350),
        ("1500", "JPY", 1500), ("2.500", "KWD", 2500), ("3.00", "JPY", 3), ("1 000", "EUR", 100_000),
    ],
)  # fmt: skip
def test_an_amount_is_read_in_minor_units(typed, currency, minor):
    assert parse_amount(typed, currency) == minor


@pytest.mark.parametrize(
    ("typed", "currency", "message"),
    [
        ("", "EUR", "Give an amount."),
        ("  ", "EUR", "Give an amount."),
        ("abc", "EUR", "abc is not an amount: write digits, as 3.50."),
        ("3,5O", "EUR", "3,5O is not an amount: write digits, as 3.50."),
        ("1,000.50", "EUR", "1,000.50 is not an amount: write digits, as 3.50."),
        ("-3", "EUR", "The amount cannot be negative here."),
        ("3.501", "EUR", "EUR has 2 decimals at most."),
        ("3.5", "JPY", "JPY has no decimals: write a whole amount."),
        ("100000.01", "EUR", "An amount is at most 100,000."),
        ("250000", "GBP", "An amount is at most 100,000."),
    ],
)
def test_a_bad_amount_is_refused_in_plain_words(typed, currency, message):
    with pytest.raises(RuleError) as refused:
        parse_amount(typed, currency)
    assert str(refused.value) == message


def test_a_negative_amount_is_read_where_it_is_allowed():
    assert parse_amount("-3,50", "EUR", negative=True) == -350


def test_minor_units_follow_the_currency():
    assert (minor_units("EUR"), minor_units("GBP"), minor_units("JPY"), minor_units("KWD")) == (2, 2, 0, 3)


@pytest.mark.parametrize(
    ("style", "euros", "pounds"),
    [
        ("fr", f"3,50{NBSP}€", f"-1{NNBSP}234,50{NBSP}£GB"),
        ("de", f"3,50{NBSP}€", f"-1.234,50{NBSP}£"),
        ("nl", f"€{NBSP}3,50", f"£{NBSP}-1.234,50"),
        ("en-gb", "€3.50", "-£1,234.50"),
        ("en", "€3.50", "-£1,234.50"),
    ],
)
def test_money_is_written_in_the_local_style(style, euros, pounds):
    assert format_money(350, "EUR", style) == euros
    assert format_money(-123_450, "GBP", style) == pounds


def test_a_file_gets_a_plain_number():
    assert [to_main(350, "EUR"), to_main(-5, "EUR"), to_main(1500, "JPY"), to_main(0, "GBP")] == [
        "3.50", "-0.05", "1500", "0.00",
    ]  # fmt: skip


def test_the_balance_after_each_row_runs_on():
    assert balance_after([2000, -350, -350, 350]) == [2000, 1650, 1300, 1650]
