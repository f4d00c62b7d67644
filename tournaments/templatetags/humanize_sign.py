from django import template

from tournaments import l10n

register = template.Library()


@register.filter
def signed(value: int | str | None) -> str:
    """+400, −1,000 (1 000 in French, 1.000 in German), 0; blank for None (a result not yet in)."""
    return l10n.signed(None if value is None or value == "" else int(value))


@register.filter
def number(value: int | str | None) -> str:
    """1000 -> "1,000" in the page's style; blank for None."""
    return l10n.number(None if value is None or value == "" else int(value))
