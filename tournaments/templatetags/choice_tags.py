"""Big tap targets for one choice: radio buttons drawn as buttons (they work without JavaScript).

Written here rather than as an included template: the phone draws five of them (about forty buttons)
every time its table's page changes, and an include with a loop cost about 3 ms of the page's 6."""

from collections.abc import Iterable

from django import template
from django.forms import BoundField
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django_stubs_ext import StrOrPromise

register = template.Library()


@register.simple_tag
def choice_buttons(
    field: BoundField,
    legend: StrOrPromise,
    choices: Iterable[tuple[str, StrOrPromise]],
    current: str = "",
    css: str = "",
    skip: str | None = None,
    blank: StrOrPromise = "",
    hint: str = "",
) -> SafeString:
    """`field`'s choices as radio buttons with labels; `skip`: a value left out; `blank`: the label of
    the empty choice (left out without one); `current`: the value checked; `hint`: the id of the words
    saying how to choose (a radio group's arrow keys are no common knowledge). Each button keeps its
    place's number in the id, counted over every choice, shown or not."""
    return buttons_html(field.html_name, legend, choices, current, css, skip, blank, hint)


def buttons_html(
    html_name: str,
    legend: StrOrPromise,
    choices: Iterable[tuple[str, StrOrPromise]],
    current: str | None = "",
    css: str = "",
    skip: str | None = None,
    blank: StrOrPromise = "",
    hint: str = "",
) -> SafeString:
    """The tag's markup for the field named `html_name` (the phone's deal form draws it without a
    template: presentation/phone.py); `current` None: nothing checked."""
    name = conditional_escape(html_name)
    css, legend = conditional_escape(css), conditional_escape(legend)
    described = f' aria-describedby="{conditional_escape(hint)}"' if hint else ""
    parts = [f'<fieldset class="choice-buttons {css}"{described}><legend>{legend}</legend>\n']
    for counter, (value, label) in enumerate(choices, start=1):
        if value == skip or (value == "" and not blank):
            continue
        shown = blank if value == "" else label
        value_html, id_html = conditional_escape(value), f"{name}-{counter}"
        checked = " checked" if current == value else ""
        parts.append(
            f'\n  <input type="radio" id="{id_html}" name="{name}" value="{value_html}"{checked}>'
            f'\n  <label for="{id_html}" data-value="{value_html}">{conditional_escape(shown)}</label>\n'
        )
    parts.append("\n</fieldset>")
    return mark_safe("".join(parts))  # noqa: S308 - every piece above is escaped
