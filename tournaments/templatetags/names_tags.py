"""`{{ name|person }}`: a person's name in its box on screen (presentation/name_box.py); `{% table_square t %}`:
a table's four players around its number (presentation/square.py)."""

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournaments.presentation import square
from tournaments.presentation.name_box import person_html

register = template.Library()


@register.filter
def person(name: object) -> SafeString:
    """The name in a box that wraps only between words (an empty name stays empty)."""
    text = "" if name is None else str(name)
    return mark_safe(person_html(text)) if text else mark_safe("")


@register.filter
def persons(names: Iterable[object]) -> SafeString:
    """Several names, each in its box, joined by commas ("Booby prize: Ann Lee, Bob Carter")."""
    return mark_safe(", ".join(person_html(str(name)) for name in names if name))


@register.simple_tag
def table_square(t: object) -> SafeString:
    """A table's square (`t`: selectors.rounds.TableView), as every page draws it."""
    return mark_safe(square.square_html(t) + "\n")  # noqa: S308 - square_html's, safe
