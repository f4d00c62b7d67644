"""The public results pages: found by their link alone (no login), or not at all."""

from django.http import Http404

from tournaments.models import PublicLink


def public_link(token: str) -> PublicLink:
    link = (
        PublicLink.objects.select_related("club", "party", "knockout", "series").filter(token=token).first()
        if token
        else None
    )
    if link is None:
        raise Http404("no such page")
    return link


def shown_name(name: str, initials_only: bool) -> str:
    """A member who asked to appear by initials: "Jane Mary Austen" -> "J. M. A."."""
    if not initials_only:
        return name
    return " ".join(f"{part[0]}." for part in name.split() if part)
