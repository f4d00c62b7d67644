"""Money as the club's books hold it: whole minor units (cents, pence), read from what a person types and
written in the reader's local style.

Every amount is an int of the currency's minor units (3,50 € is 350): no float ever adds it up. One reader,
`parse_amount`, serves every form that takes money, so every form refuses the same bad amounts with the
same plain words: letters, a sign where none is allowed, more decimals than the currency has, or more than
MAX_MAIN_UNITS of the main unit (a slip of the finger at a bridge night, not a fee).

The local style comes from Babel (the Unicode CLDR): Django's own number formats know a language's
separators but not where its currency sign goes, nor that a French page writes pounds "£GB". Measured
(docs/money.md): fr and de write "3,50 €", nl "€ 3,50", British English "£3.50" and "€3.50".
"""

import re
from decimal import Decimal

from babel.numbers import format_currency, get_currency_precision
from babel.numbers import is_currency as babel_is_currency

from tournaments.rules.errors import RuleError

DEFAULT_CURRENCY = "EUR"
MAX_MAIN_UNITS = 100_000

# The club's number style (Club.format_style) or language as the locale whose CLDR data writes its money.
LOCALES = {"en-gb": "en_GB", "en": "en_US", "fr": "fr_FR", "de": "de_DE", "nl": "nl_NL"}

# Digits, one decimal mark (point or comma) and digits, an optional sign before; spaces are dropped first.
AMOUNT = re.compile(r"(?P<sign>[+-]?)(?P<whole>\d*)(?:[.,](?P<part>\d*))?")
SPACES = re.compile(r"[\s\u00a0\u202f']")


def is_currency(code: str) -> bool:
    return len(code) == 3 and code.isupper() and babel_is_currency(code)


def minor_units(currency: str) -> int:
    """How many decimals the currency has: 2 for the euro and the pound, 0 for the yen."""
    return int(get_currency_precision(currency))


def parse_amount(text: str, currency: str, *, negative: bool = False) -> int:
    """The amount typed, in the currency's minor units ("3,50" in euros is 350), or a RuleError saying
    plainly what is wrong. A comma and a point are both the decimal mark; thousands are not grouped."""
    typed = SPACES.sub("", text or "")
    for sign in ("€", "£", "$", currency):
        typed = typed.replace(sign, "")
    if not typed:
        raise RuleError("Give an amount.")
    found = AMOUNT.fullmatch(typed)
    if found is None or not (found["whole"] or found["part"]):
        raise RuleError("%(amount)s is not an amount: write digits, as 3.50.", amount=text.strip())
    if found["sign"] == "-" and not negative:
        raise RuleError("The amount cannot be negative here.")
    places = minor_units(currency)
    part = found["part"] or ""
    if len(part.rstrip("0")) > places:
        if places == 0:
            raise RuleError("%(currency)s has no decimals: write a whole amount.", currency=currency)
        raise RuleError("%(currency)s has %(places)s decimals at most.", currency=currency, places=places)
    whole = int(found["whole"] or "0")
    if whole > MAX_MAIN_UNITS or (whole == MAX_MAIN_UNITS and part.strip("0")):
        raise RuleError("An amount is at most %(most)s.", most=f"{MAX_MAIN_UNITS:,}")
    value = int(whole * 10**places) + int((part.rstrip("0") or "0").ljust(places, "0") or "0")
    return -value if found["sign"] == "-" else value


def to_main(amount: int, currency: str) -> str:
    """The amount in the main unit, plain for a file ("3.50", "-12.00", "1500" for yen): a point, no
    grouping, exactly the currency's decimals, so a spreadsheet reads it as a number."""
    places = minor_units(currency)
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def format_money(amount: int, currency: str, style: str = "en-gb") -> str:
    """The amount as a reader of `style` (a language or Club.format_style) writes money: "3,50 €" (fr, de),
    "€ 3,50" (nl), "£3.50" (British)."""
    locale = LOCALES.get(style) or LOCALES.get(style.split("-")[0], "en_GB")
    # A Decimal made from the exact digits: Babel never sees a binary float.
    return str(format_currency(Decimal(to_main(amount, currency)), currency, locale=locale))


def balance_after(amounts: list[int]) -> list[int]:
    """The running balance after each amount, in order: the ledger's last column."""
    running, after = 0, []
    for amount in amounts:
        running += amount
        after.append(running)
    return after
