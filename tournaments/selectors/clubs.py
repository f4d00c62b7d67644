"""Reads about clubs: whose events a director may see, the club a page is working in, its directors."""

from django.db.models import QuerySet

from tournaments.models import Club, DirectorInvite, Membership

SESSION_KEY = "club_id"
# The director's own language (DirectorSettings.language), copied into the session at login and
# when changed, so that no page reads it again.
LANGUAGE_KEY = "director_language"


def memberships_of(user) -> list[Membership]:
    """The director's clubs (one query), by club name."""
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user).select_related("club").order_by("club__name"))


def memberships(request) -> list[Membership]:
    """The logged-in director's memberships, read once per request."""
    if not hasattr(request, "_memberships"):
        request._memberships = memberships_of(request.user)
    return request._memberships


def current_membership(request) -> Membership | None:
    """The club the director is working in: the one chosen this session, else the first."""
    mine = memberships(request)
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    return next((m for m in mine if m.club_id == chosen), mine[0] if mine else None)


def current_club(request) -> Club | None:
    membership = current_membership(request)
    return membership.club if membership else None


def of_my_clubs(queryset: QuerySet, user) -> QuerySet:
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
