"""`{{ name|person }}`: a person's name in its box on screen (presentation/name_box.py)."""

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString, mark_safe

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
