"""A table's square: its four players around its number, drawn here for every page that shows one (the
round's tiles, the seats page, the movement sheet, the table's entry page and its phone). Pages draw
hundreds of them, so it is Python rather than an included template; each name goes in its box
(presentation/name_box.py), an empty seat stays empty."""

from collections.abc import Callable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

from tournaments.presentation.name_box import person_html


def seat_words() -> dict[str, str]:
    """The four seats' letters in the active language, escaped: looked up once for a page's squares."""
    return {code: escape(pgettext("seat", code)) for code in "NESW"}


def square_html(t, words: Mapping[str, str] | None = None, shown: Callable[[str], str] = str) -> SafeString:
    """One table's square (`t`: selectors.rounds.TableView; `shown`: each name as the page prints it)."""
    letters = words or seat_words()

    def seat_of(css: str, code: str, name: object) -> str:
        text = "" if name is None else shown(str(name))
        return f'<span class="{css}"><small>{letters[code]}</small> {person_html(text) if text else ""}</span>'

    return mark_safe(  # noqa: S308 - each name in its escaped box, the letters escaped, the number a number
        '<div class="square">\n  '
        + seat_of("n", "N", t.north)
        + seat_of("w", "W", t.west)
        + f'<span class="mid">{escape(t.number)}</span>'
        + seat_of("e", "E", t.east)
        + seat_of("s", "S", t.south)
        + "\n</div>"
    )
