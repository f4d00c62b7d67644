"""The words of a club's calendar: each event's title and line, in the club's language (l10n.printed_for)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import l10n
from tournaments.files.calendar import CalendarEvent, calendar_ics
from tournaments.models import BostonTable, CardEvening, CardGame, Knockout, Party, TowieTable


def _what(event) -> str:
    if isinstance(event, Party):
        tables = ngettext("%(count)s table", "%(count)s tables", event.tables) % {"count": event.tables}
        return _("Progressive party, %(tables)s") % {"tables": tables}
    if isinstance(event, Knockout):
        return _("Rubber-bridge knockout")
    if isinstance(event, TowieTable):
        return _("Towie")
    if isinstance(event, BostonTable):
        return _("Boston")
    if isinstance(event, CardEvening):  # an evening of Towie or Boston tables: its game's own word
        return str(CardGame(event.game).label)
    raise TypeError(f"no calendar words for {type(event).__name__}")


def uid_host(address: str) -> str:
    """The site's name in every event's UID: SITE_URL's host when set (one name whichever address a page was
    opened at), else the host the feed was asked of or the entrant's page was on (`address`, a URL or a
    host). The feed and an entry's mail so give the same event the same UID, and a phone keeps one copy."""
    for candidate in (str(settings.SITE_URL or ""), address):
        text = candidate if "//" in candidate else f"//{candidate}"
        host = str(urlsplit(text).hostname or "")
        if host:
            return host
    return "clubdirector"


def calendar_event(event, *, club_name: str, host: str = "clubdirector", url: str = "") -> CalendarEvent:
    """A party, knockout, Towie or Boston table as an event of the club's calendar. Its uid names the event
    and the site (`host`), so the same event is the same on a phone whatever its name becomes."""
    kind = type(event).__name__.lower()
    return CalendarEvent(
        uid=f"{kind}-{event.pk}@{host}",
        start=event.starts_at,
        end=event.ends_at,
        title=event.name,
        description=f"{_what(event)} · {club_name}",
        url=url,
    )


def event_ics(event, *, host: str = "clubdirector") -> bytes:
    """One party, knockout, Towie or Boston table as an .ics file in its club's language: what an entry's
    confirmation attaches (a tap adds it to the phone's calendar), the same event as in the club's feed."""
    club = event.club
    with l10n.printed_for(club):
        return calendar_ics(club.name, [calendar_event(event, club_name=club.name, host=host)])
