"""After the night: each guest's own results, e-mailed to every guest with an address (a member's, or the one
given when they entered online)."""

from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse

from tournaments.models import Entry, Knockout, Party, PublicLink
from tournaments.selectors.results_mail import knockout_results_by_pair, party_results_by_guest
from tournaments.services.mail import mail_declined, mail_queue
from tournaments.services.mail_balance import results_balance


@dataclass(frozen=True)
class ResultsQueued:
    queued: int
    no_address: int  # neither a member with an e-mail address nor an entrant who gave one
    declined: int  # set never to be e-mailed, or unsubscribed


def party_results_mail(*, party: Party, site: str = "") -> ResultsQueued:
    """One message a guest with an address (a member's, else their entry's), in the language they entered in,
    else the member's, else the club's: total, place, best lady or gentleman if
    won, round by round with partner, opponents and scores, and the public results page when published.

    Each message is its own transaction (mail_queue): a guest's message queued stays queued whatever comes next.
    """
    link = PublicLink.objects.filter(party=party).first()
    base = (site or settings.SITE_URL or "").rstrip("/")
    public_url = base + reverse("public_page", args=[link.token]) if link else ""
    queued = no_address = declined = 0
    for guest in party_results_by_guest(party):
        member = guest.member
        if not guest.email:
            no_address += 1
            continue
        if mail_declined(club=party.club, email=guest.email, member=member):
            declined += 1
            continue
        context = {"party": party, "guest": guest, "public_url": public_url}
        context["balance"] = results_balance(club=party.club, member=member, language=guest.entry_language)
        # A guest who entered online reads the language they entered in; a member else their own choice.
        mail = mail_queue(
            club=party.club, kind="results", to=guest.email, context=context, member=member,
            language=guest.entry_language, about=f"party:{party.pk}", site=site,
        )  # fmt: skip
        queued += mail is not None
    return ResultsQueued(queued, no_address, declined)


def knockout_results_mail(*, knockout: Knockout, site: str = "") -> ResultsQueued:
    """One message a player with an address (a member's, else the one an entrant gave): the pair's path,
    match by match with the opponents and both totals, a final won, and the public page when published."""
    link = PublicLink.objects.filter(knockout=knockout).first()
    base = (site or settings.SITE_URL or "").rstrip("/")
    public_url = base + reverse("public_page", args=[link.token]) if link else ""
    queued = no_address = declined = 0
    # A pair made from an online entry: the entrant's address and language (the partner gave none).
    entered = {
        (pair_id, name.casefold()): (email, language)
        for pair_id, name, email, language in Entry.objects.filter(pair__knockout=knockout).values_list(
            "pair_id", "name", "email", "language"
        )
    }
    for path in knockout_results_by_pair(knockout):
        pair = path.pair
        for name, member in ((pair.player_a, pair.member_a), (pair.player_b, pair.member_b)):
            entry_email, language = entered.get((pair.pk, name.casefold()), ("", ""))
            email = (member.email if member is not None else "") or entry_email
            if not email:
                no_address += 1
                continue
            if mail_declined(club=knockout.club, email=email, member=member):
                declined += 1
                continue
            context = {"knockout": knockout, "path": path, "name": name, "public_url": public_url}
            context["balance"] = results_balance(club=knockout.club, member=member, language=language)
            mail = mail_queue(
                club=knockout.club, kind="knockout_results", to=email, context=context, member=member,
                language=language, about=f"knockout:{knockout.pk}", site=site,
            )  # fmt: skip
            queued += mail is not None
    return ResultsQueued(queued, no_address, declined)
