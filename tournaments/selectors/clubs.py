"""Reads about clubs: whose events a director may see, the club a page is working in, its directors."""

import time
from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments.directors import Director
from tournaments.models import Club, DirectorInvite, Membership

SESSION_KEY = "club_id"
# The director's own language (DirectorSettings.language), copied into the session at login and
# when changed, so that no page reads it again.
LANGUAGE_KEY = "director_language"


def memberships_of(user: Director) -> list[Membership]:
    """The director's clubs (one query), by club name."""
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user).select_related("club").order_by("club__name"))


def memberships(request: HttpRequest) -> list[Membership]:
    """The logged-in director's memberships, read once per request."""
    if not hasattr(request, "_memberships"):
        request._memberships = memberships_of(request.user)  # type: ignore[attr-defined]  # per-request cache
    return request._memberships  # type: ignore[attr-defined]  # set just above, or earlier in the request


def current_membership(request: HttpRequest) -> Membership | None:
    """The club the director is working in: the one chosen this session, else the first."""
    mine = memberships(request)
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    return next((m for m in mine if m.club_id == chosen), mine[0] if mine else None)


def current_club(request: HttpRequest) -> Club | None:
    membership = current_membership(request)
    return membership.club if membership else None


# The club's language and number style as the director's last whole page read them, kept in the
# session with the club's id: a live page's poll (htmx) speaks them without reading the memberships.
# A page drawn whole reads them again (its header needs the memberships anyway) and keeps them when
# they changed; a poll never writes the session (it could undo a page's write that crossed it). Only
# the words come from here: which events a director may see is always asked of the database
# (of_my_clubs), so a director removed from a club loses its events at once.
CLUB_WORDS_KEY = "club_words"
CLUB_WORDS_MAX_S = 600


def club_words(request: HttpRequest) -> tuple[str, str]:
    """(the club's language, its number style) for a director's page: no query for a poll."""
    chosen = request.session.get(SESSION_KEY)
    kept: Any = request.session.get(CLUB_WORDS_KEY)  # a list of four when fresh (checked below)
    fresh = isinstance(kept, list) and len(kept) == 4 and kept[0] == chosen
    if fresh and getattr(request, "htmx", False) and time.time() - kept[3] < CLUB_WORDS_MAX_S:
        return kept[1], kept[2]
    club = current_club(request)
    words = (club.language, club.format_style) if club else ("", "")
    if not getattr(request, "htmx", False) and not (fresh and tuple(kept[1:3]) == words):
        request.session[CLUB_WORDS_KEY] = [chosen, *words, int(time.time())]
    return words


def keep_club_words(session: SessionBase, user: Director) -> None:
    """At login: the words of the club the director will work in, kept before the first page."""
    mine = memberships_of(user)
    chosen = session.get(SESSION_KEY)
    membership = next((m for m in mine if m.club_id == chosen), mine[0] if mine else None)
    words = (membership.club.language, membership.club.format_style) if membership else ("", "")
    session[CLUB_WORDS_KEY] = [chosen, *words, int(time.time())]


def of_my_clubs(queryset: QuerySet, user: Director) -> QuerySet:
    """Only the events of the director's clubs: any other club's is simply not there (a 404)."""
    if not user.is_authenticated:
        return queryset.none()
    return queryset.filter(club__memberships__user=user)


def club_directors(club: Club) -> list[Membership]:
    return list(club.memberships.select_related("user").order_by("user__username"))


def open_invites(club: Club) -> list[DirectorInvite]:
    return [invite for invite in club.invites.filter(used_at=None) if invite.usable]


def setup_needed() -> bool:
    """A fresh database: no club yet, so the first page opened on the laptop sets one up."""
    return not Club.objects.exists()
