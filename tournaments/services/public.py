"""Publishing results: a club opts in per event or season; the link is unguessable; taking it
down deletes it (the page is gone, and a new link is never the old one)."""

from django.db import transaction

from tournaments.models import Knockout, Party, PublicLink, Series


@transaction.atomic
def publish(*, event: Party | Knockout | Series) -> PublicLink:
    """The event's public link, made when there is none yet."""
    field = {Party: "party", Knockout: "knockout", Series: "series"}[type(event)]
    link, _ = PublicLink.objects.get_or_create(**{field: event}, defaults={"club": event.club})
    return link


@transaction.atomic
def unpublish(*, event: Party | Knockout | Series) -> None:
    field = {Party: "party", Knockout: "knockout", Series: "series"}[type(event)]
    PublicLink.objects.filter(**{field: event}).delete()
