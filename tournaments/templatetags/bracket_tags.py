"""The bracket page's filters."""

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def shortened(name: str, names: dict) -> str:
    """A pair's name as the big screen shows it (`names`: full name -> short), else in full."""
    return names.get(name, name) if isinstance(names, dict) else name


@register.filter
def in_lines(name: str) -> SafeString:
    """A pair's name on the big screen, each player in a span of their own ("M. T. W. von Hohe", "& T.
    Wolstenholme"): a player's line never wraps; the pair is on one line, or a player a line where the big screen
    chose columns as wide as a player (static/js/projector.js)."""
    players = [player for player in str(name).split(" & ") if player]
    return format_html_join(
        " ", '<span class="player">{}{}</span>', (("& " if i else "", p) for i, p in enumerate(players))
    )
