"""A card evening's pages: the club's list, a new evening, its page (settings and tables), making its tables."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.directors import DirectorRequest
from tournaments.forms.common import timing_initial
from tournaments.forms.evening import CardEveningForm
from tournaments.http.once import once_only
from tournaments.selectors import entries as entry_selectors
from tournaments.selectors import evening as selectors
from tournaments.selectors.clubs import current_club
from tournaments.services import evening as services
from tournaments.views.common import error_messages
from tournaments.views.forms_flow import form_saved


def evening_list(request: DirectorRequest) -> HttpResponse:
    club = current_club(request)
    if club is None:
        return render(request, "tournaments/no_club.html")
    return render(request, "evening/list.html", {"evenings": list(selectors.evening_list(club))})


@require_http_methods(["GET", "POST"])
@once_only
def evening_create(request: DirectorRequest) -> HttpResponseBase:
    club = current_club(request)
    if club is None:
        return render(request, "tournaments/no_club.html")
    initial = {"name": _("Card evening"), "date": timezone.localdate(), "game": "towie", "tables": 3}
    initial |= timing_initial(club)
    form = CardEveningForm(request.POST or None, initial=initial)
    done = form_saved(
        request,
        form,
        lambda data: services.evening_save(club=club, **data),
        said=_("The evening is set up: open its entries next."),
        then=lambda evening: redirect("evening_entries", evening_id=evening.id),
    )
    return done or render(request, "evening/form.html", {"form": form})


@require_http_methods(["GET", "POST"])
def evening_detail(request: DirectorRequest, evening_id: int) -> HttpResponseBase:
    """The evening's page: its settings, and its tables once made (each a link to its own page)."""
    evening = selectors.evening_get(evening_id, user=request.user)
    fields = services.FIELDS
    form = CardEveningForm(request.POST or None, initial={name: getattr(evening, name) for name in fields})
    done = form_saved(
        request,
        form,
        lambda data: services.evening_save(club=evening.club, evening=evening, **data),
        said=_("Saved."),
        then=lambda _made: redirect("evening_detail", evening_id=evening.id),
    )
    if done:
        return done
    entry_list = entry_selectors.entry_list_of(evening)
    context = {
        "evening": evening, "event": evening, "tab": "evening", "form": form, "entry_list": entry_list,
        "tables": selectors.evening_tables(evening),
        "confirmed": entry_list.entries.filter(state="confirmed").count() if entry_list else 0,
    }  # fmt: skip
    return render(request, "evening/detail.html", context)


@require_POST
@once_only
def evening_tables_make(request: DirectorRequest, evening_id: int) -> HttpResponse:
    evening = selectors.evening_get(evening_id, user=request.user)
    try:
        made, over = services.evening_tables_make(evening=evening)
    except ValidationError as error:
        for message in error_messages(error):
            messages.error(request, message)
    else:
        messages.success(request, ngettext("%(count)s table made.", "%(count)s tables made.", made) % {"count": made})
        if over:
            messages.info(request, _("Left over, no table for them: %(names)s.") % {"names": ", ".join(over)})
    return redirect("evening_detail", evening_id=evening.id)
