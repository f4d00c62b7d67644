"""The bracket page's filters."""

from django import template

register = template.Library()


@register.filter
def shortened(name: str, names: dict) -> str:
    """A pair's name as the big screen shows it (`names`: full name -> short), else in full."""
    return names.get(name, name) if isinstance(names, dict) else name
