"""E-mail and the calendar: the director's "E-mail every guest their results", the unsubscribe page a mail's
link opens (no login), and the club's calendar feed a phone subscribes to (no login)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.files.calendar import calendar_ics
from tournaments.http.once import once_only
from tournaments.http.site_url import site_url
from tournaments.models import MailRecipient
from tournaments.presentation.calendar import calendar_event, uid_host
from tournaments.selectors import calendar as calendar_selectors
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import party as party_selectors
from tournaments.services import mail as mail_services
from tournaments.services.results_mail import ResultsQueued, knockout_results_mail, party_results_mail


@require_POST
@once_only
def party_mail_results(request: DirectorRequest, party_id: int) -> HttpResponse:
    party = party_selectors.party_get(party_id, user=request.user)
    _say_queued(request, party_results_mail(party=party, site=site_url(request)))
    return redirect("party_dashboard", party_id=party.pk)


@require_POST
@once_only
def knockout_mail_results(request: DirectorRequest, knockout_id: int) -> HttpResponse:
    knockout = knockout_selectors.knockout_get(knockout_id, user=request.user)
    _say_queued(request, knockout_results_mail(knockout=knockout, site=site_url(request)), players=True)
    return redirect("knockout_detail", knockout_id=knockout.pk)


def _say_queued(request: HttpRequest, done: ResultsQueued, *, players: bool = False) -> None:
    """ "12 messages queued. 4 guests have no address. 1 guest asked for no e-mail." (a knockout's: players)"""
    said = ngettext("%(count)s message queued.", "%(count)s messages queued.", done.queued)
    parts = [said % {"count": l10n.number(done.queued)}]
    if done.no_address:
        if players:
            said = ngettext("%(count)s player has no address.", "%(count)s players have no address.", done.no_address)
        else:
            said = ngettext("%(count)s guest has no address.", "%(count)s guests have no address.", done.no_address)
        parts.append(said % {"count": l10n.number(done.no_address)})
    if done.declined:
        if players:
            said = ngettext(
                "%(count)s player asked for no e-mail.", "%(count)s players asked for no e-mail.", done.declined
            )
        else:
            said = ngettext(
                "%(count)s guest asked for no e-mail.", "%(count)s guests asked for no e-mail.", done.declined
            )
        parts.append(said % {"count": l10n.number(done.declined)})
    messages.success(request, " ".join(parts))


def _masked(email: str) -> str:
    """ "mary.smith@example.org" -> "m…@example.org": the page names the address without showing it whole."""
    name, _at, domain = email.partition("@")
    return f"{name[:1]}…@{domain}"


@login_not_required
@csrf_exempt  # RFC 8058: a mail program's one-click unsubscribe posts with no form of ours
@require_http_methods(["GET", "POST"])
def mail_unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (a link checker's visit unsubscribes nobody); POST, ours or a mail program's one-click, does it.
    The page speaks the language of the mails the address was sent (else the club's, else the browser's)."""
    recipient = get_object_or_404(MailRecipient.objects.select_related("club"), token=token)
    if request.method == "POST":
        mail_services.mail_unsubscribe(recipient=recipient)
    club = recipient.club
    context = {"club": club, "link": {"club": club}, "title": club.name, "address": _masked(recipient.email)}
    context["done"] = recipient.unsubscribed_at
    language = recipient.messages.order_by("-pk").values_list("language", flat=True).first() or club.language
    with translation.override(language or translation.get_language()):
        response = render(request, "mail/unsubscribe.html", context)
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    return response


@login_not_required
@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The club's coming events as iCalendar, in the club's language."""
    club = calendar_selectors.club_by_calendar(token)
    host = uid_host(request.get_host())
    with l10n.printed_for(club):
        events = [
            calendar_event(event, club_name=club.name, host=host) for event in calendar_selectors.coming_events(club)
        ]
        content = calendar_ics(club.name, events)
    response = HttpResponse(content, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="club.ics"'
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
