"""Numbers, money, dates and the rules' sentences in the reader's language and the club's style.

The page's language comes from `translation` (see tournaments.http.middleware.Language). The style of
numbers and dates is the club's choice (Club.format_style) when it made one, else the language's
own: 1,000 (English), 1 000 (French), 1.000 (German, Dutch). A negative number always has the
true minus sign "−", on pages and in PDFs alike.
"""

import contextlib
import contextvars
import datetime
from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils import dateformat, formats, numberformat, translation
from django.utils.translation import gettext, ngettext, pgettext

from tournaments.rules.errors import RuleError, Words

if TYPE_CHECKING:  # the models import this module
    from tournaments.models.timing import Timed

MINUS = "\u2212"

# The club's style for this request or this printout; "" follows the language.
_style: contextvars.ContextVar[str] = contextvars.ContextVar("format_style", default="")


def style() -> str:
    return _style.get() or translation.get_language() or "en-gb"


@contextlib.contextmanager
def styled(format_style: str) -> Iterator[None]:
    token = _style.set(format_style or "")
    try:
        yield
    finally:
        _style.reset(token)


def set_style(format_style: str) -> None:
    """For the rest of this request (the middleware resets it after each one)."""
    _style.set(format_style or "")


@contextlib.contextmanager
def printed_for(club) -> Iterator[None]:
    """Printed matter speaks the club's language and style (else the reader's)."""
    language = getattr(club, "language", "") or translation.get_language()
    with translation.override(language), styled(getattr(club, "format_style", "")):
        yield


def _separators() -> tuple[str, str, int]:
    lang = style()
    return (
        str(formats.get_format("DECIMAL_SEPARATOR", lang=lang, use_l10n=True)),
        str(formats.get_format("THOUSAND_SEPARATOR", lang=lang, use_l10n=True)),
        int(formats.get_format("NUMBER_GROUPING", lang=lang, use_l10n=True) or 3),
    )


def number(value, places: int | None = None) -> str:
    """1000 -> "1,000" / "1 000" / "1.000"; −1000 -> "−1,000"; blank for None."""
    if value is None or value == "":
        return ""
    decimal_sep, thousand_sep, grouping = _separators()
    if places is None and not isinstance(value, int | Decimal):
        value = int(value) if float(value).is_integer() else value
    text = numberformat.format(
        abs(value), decimal_sep, places, grouping, thousand_sep, force_grouping=True, use_l10n=True
    )
    return f"{MINUS}{text}" if value < 0 else text


def signed(value, places: int | None = None) -> str:
    """+400, −1,000, 0; blank for None (a result not yet in)."""
    if value is None or value == "":
        return ""
    text = number(abs(value), places)
    return f"+{text}" if value > 0 else f"{MINUS}{text}" if value < 0 else text


def money(value) -> str:
    """An amount with two decimals and its sign: "+3.90", "−1,80"."""
    return signed(value, 2)


def day(value: datetime.date | None, long: bool = False) -> str:
    """A date in the club's order, with the month's name in the reader's language when long."""
    if value is None:
        return ""
    wanted = "DATE_FORMAT" if long else "SHORT_DATE_FORMAT"
    return dateformat.format(value, formats.get_format(wanted, lang=style(), use_l10n=True))


def clock(value: datetime.time | datetime.datetime | None) -> str:
    """A time of day in the club's style: "19:30" (French, German, Dutch), "7:30 p.m." (English)."""
    if value is None:
        return ""
    return dateformat.time_format(value, formats.get_format("TIME_FORMAT", lang=style(), use_l10n=True))


def hours(event: "Timed") -> str:
    """An event's start and end on the club's clock (its zone), as "19:30–22:30"."""
    return f"{clock(event.start_time)}\u2013{clock(event.ends_at.time())}"


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
DOUBLES = {"": "", "X": "×", "XX": "××"}


def contract(code: str, *, passed_out: str | None = None) -> str:
    """A contract as the pages show it: "4SX" -> "4♠×", "3N" -> "3NT" (3SA in French, German, Dutch);
    "PASS" (or none) -> `passed_out`, else "Passed out" in the reader's language."""
    if not code or code == "PASS":
        return pgettext("a deal", "Passed out") if passed_out is None else passed_out
    strain = pgettext("no trump", "NT") if code[1] == "N" else SUITS.get(code[1], code[1])
    return f"{code[0]}{strain}{DOUBLES.get(code[2:], code[2:])}"


def say(said) -> str:
    """A sentence from the rules engine (RuleError or Words), in the reader's language."""
    if isinstance(said, RuleError | Words):
        if said.plural is not None and said.count is not None:
            text = ngettext(said.message, said.plural, said.count)
        else:
            text = gettext(said.message)
        # A figure may itself be a sentence of the rules ("hand 2: …", "a; b"): translated too.
        figures = {k: say(v) if isinstance(v, RuleError | Words) else v for k, v in said.figures.items()}
        return text % figures if figures else text
    return str(said)
