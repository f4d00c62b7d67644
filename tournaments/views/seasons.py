"""A club's seasons: the list, a season's page (refreshing, and a big-screen view), its PDF and
workbook, and the form that makes or changes one."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import l10n
from tournaments.directors import DirectorRequest
from tournaments.forms.seasons import SeriesForm
from tournaments.http.once import once_only
from tournaments.models import Club, Series
from tournaments.presentation import seasons as wording
from tournaments.presentation.names import Where
from tournaments.printing import seasons as printing
from tournaments.printing.seasons import SeasonSheet
from tournaments.selectors import live_season
from tournaments.selectors import seasons as selectors
from tournaments.selectors.clubs import current_club
from tournaments.services import seasons as services
from tournaments.views.common import file_response, live, unchanged
from tournaments.views.forms_flow import delete_asked, form_saved


def _club(request: HttpRequest) -> Club:
    club = current_club(request)
    if club is None:
        raise Http404
    return club


def series_list(request: DirectorRequest) -> HttpResponse:
    club = _club(request)
    return render(request, "seasons/list.html", {"club": club, "seasons": selectors.series_list(club)})


def _save(data: dict[str, Any], club: Club, series: Series | None = None) -> Series:
    return services.series_save(
        club=club,
        name=data["name"],
        scoring=data["scoring"],
        place_points=data["place_points"],
        best_of=data["best_of"],
        parties=list(data["parties"]),
        knockouts=list(data["knockouts"]),
        series=series,
    )


@once_only
def series_create(request: DirectorRequest) -> HttpResponseBase:
    club = _club(request)
    form = SeriesForm(request.POST or None, club=club, initial={"scoring": "totals"})
    done = form_saved(
        request,
        form,
        lambda data: _save(data, club),
        said=lambda series: _("The season %(name)s is made.") % {"name": series.name},
        then=lambda series: redirect("series_detail", series_id=series.id),
    )
    return done or render(request, "seasons/form.html", {"form": form, "club": club})


def series_edit(request: DirectorRequest, series_id: int) -> HttpResponseBase:
    series = selectors.series_get(series_id, user=request.user)
    initial = {
        "name": series.name,
        "scoring": series.scoring,
        "place_points": "-".join(str(p) for p in series.place_points),
        "best_of": series.best_of,
        "parties": series.parties.all(),
        "knockouts": series.knockouts.all(),
    }
    form = SeriesForm(request.POST or None, club=series.club, initial=initial)
    done = form_saved(
        request,
        form,
        lambda data: _save(data, series.club, series),
        said=lambda _made: _("%(name)s saved.") % {"name": series.name},
        then=lambda _made: redirect("series_detail", series_id=series.id),
    )
    return done or render(request, "seasons/form.html", {"form": form, "club": series.club, "series": series})


def series_detail(request: DirectorRequest, series_id: int) -> HttpResponse:
    # The standings' poll (htmx, every 15 s; the big screen's too): 304 and nothing read or drawn while
    # no night of the season, no member and not the season itself changed (selectors/live_season.py).
    tag = live_season.season_etag(series_id, request.user, sorted(request.GET.items())) if request.htmx else None
    if (same := unchanged(request, tag)) is not None:
        return same
    series = selectors.series_get(series_id, user=request.user)
    table = selectors.series_standings(series)
    projector = request.GET.get("projector") == "1"
    # The big screen names each member as they chose; the director's own page in full (docs/names.md).
    where = Where.SEASON_BIG_SCREEN if projector else Where.DIRECTOR_PAGES
    context = {
        "series": series,
        "table": table,
        "rows": wording.season_rows(table, where),
        "ladies": wording.season_best(table, "lady", where),
        "gentlemen": wording.season_best(table, "gentleman", where),
        "rule": wording.rule_text(series),
        "projector": projector,
        "public_link": getattr(series, "public_link", None),
    }
    return live(request, "seasons/detail.html", "seasons/_standings.html", context, tag)


@require_POST
def series_delete(request: DirectorRequest, series_id: int) -> HttpResponseBase:
    series = selectors.series_get(series_id, user=request.user)
    return delete_asked(
        request,
        question=_("Delete the season %(name)s? Its nights are kept.") % {"name": series.name},
        button=_("Delete the season (its nights are kept)"),
        back=reverse("series_detail", args=[series.pk]),
        delete=lambda: services.series_delete(series=series),
        said=_("The season %(name)s is deleted; its nights are kept.") % {"name": series.name},
        to="series_list",
    )


def _sheet(series: Series, where: Where) -> SeasonSheet:
    return wording.season_sheet(selectors.series_standings(series), where)


def series_pdf(request: DirectorRequest, series_id: int) -> HttpResponse:
    series = selectors.series_get(series_id, user=request.user)
    with l10n.printed_for(series.club):
        return file_response(printing.season_pdf(_sheet(series, Where.SEASON_PDF), paper=series.club.paper))


def series_xlsx(request: DirectorRequest, series_id: int) -> HttpResponse:
    series = selectors.series_get(series_id, user=request.user)
    with l10n.printed_for(series.club):
        return file_response(printing.season_xlsx(_sheet(series, Where.SEASON_XLSX)), download=True)
