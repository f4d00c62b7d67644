"""The phone's deal lines and running score, drawn by tournaments/presentation/phone.py (the same
functions draw a save's patch, views/phone_patch.py): a template for them cost a third of the part."""

from django import template
from django.template import Context

from tournaments.presentation import phone
from tournaments.selectors.table import DealLine

register = template.Library()


@register.simple_tag(takes_context=True)
def phone_line(context: Context, line: DealLine) -> str:
    round_ = context.get("round")
    return phone.line_html(
        line, context.get("result"), round_.number if round_ else "", str(context.get("csrf_token", ""))
    )


@register.simple_tag(takes_context=True)
def phone_running(context: Context) -> str:
    return phone.running_html(context.get("result"), context.get("deals_in") or 0)


@register.simple_tag(takes_context=True)
def phone_entry(context: Context) -> str:
    """The form of the deal being played (presentation/phone.py draws it: a template for it cost a quarter
    of the page)."""
    round_ = context.get("round")
    return phone.entry_html(
        context["form"],
        context["current"],
        round_.number if round_ else "",
        bool(context.get("correcting")),
        str(context.get("csrf_token") or ""),
    )


@register.simple_tag
def phone_fixed(key: str) -> str:
    """One of the page's fixed pieces, drawn once per language (presentation/phone.py)."""
    return phone.fixed(key)


@register.simple_tag(takes_context=True)
def phone_title(context: Context) -> str:
    """The page's title: "Table 3 · Friday party" (presentation/phone.py, its blocktranslate's words)."""
    return phone.title(context["token"].table, context["party"].name)


@register.simple_tag(takes_context=True)
def phone_heading(context: Context) -> str:
    round_ = context.get("round")
    return phone.heading(context["token"].table, round_.number if round_ else None)


@register.simple_tag(takes_context=True)
def phone_clock(context: Context) -> str:
    clock = context.get("clock")
    return phone.clock_html(clock) if clock else ""


@register.simple_tag(takes_context=True)
def phone_square(context: Context) -> str:
    """The table's square in its tile (presentation/square.py), its letters looked up once per language."""
    return phone.square_html(context["view"])
