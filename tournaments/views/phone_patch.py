"""A phone's page changed in place: one deal's line and the running score, not the whole part.

After a save the phone used to ask for its whole part again (a second request, and the part drawn),
and the other phone at the table drew it too on its next poll: most of a busy server's work. Where a
write changed one deal's line and the running score only, the service keeps a patch link on the result
(TableResult.patch: the page's validator before the write, after it, and the deal). Then:

- the save's answer carries the line and the score, drawn, if the page the phone showed when it saved
  was the page before the write (it sends that page's validator as `live`);
- the other phone's poll, showing the page before, is answered with the same (as JSON, where the poll
  says it takes it), if the page is still the one after the write.

static/phone/phone.js puts the two in place, moves its form on itself, and takes the new validator.
Anything else (the round's first deal, the fourth, a correction, an acceptance that makes the round
count, a page further behind) draws the whole part, as before.
"""

from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.middleware.csrf import CSRF_TOKEN_LENGTH, get_token

from tournaments import plain_sql
from tournaments.models import DealEntry, Round, TableResult, TableToken
from tournaments.presentation import phone
from tournaments.selectors import live
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors import table as table_selectors
from tournaments.selectors.table import DealLine


def after_save(request: HttpRequest, token: TableToken, current: Round, saved: TableResult) -> dict[str, object] | None:
    """The save's answer's `patch` ({live, number, line, running}), or None when the phone must draw
    its part (no link, or the page it showed was not the page before the write)."""
    link = getattr(saved, "patch_link", "")
    before, _, rest = link.partition(":")
    after = rest.partition(":")[0]
    if not before or request.POST.get("live", "") != before or saved.deals_counted is None:
        return None
    deal = saved.deal_written
    entry = plain_sql.built(DealEntry, {name: getattr(deal, name) for name in table_selectors.PATCH_DEAL})
    return _drawn(request, entry, saved, current.number, saved.deals_counted[0], after)


def on_poll(request: HttpRequest, state: dict[str, Any], patch: live.PhonePatch | None) -> JsonResponse | None:
    """The poll's answer for a phone showing the page before the table's last patch: that patch, as
    JSON (one more statement: the deal and the result's figures); else None (the part is drawn)."""
    shown = request.META.get("HTTP_IF_NONE_MATCH", "").strip().removeprefix("W/").strip('"')
    if patch is None or shown != patch.before or "application/json" not in request.META.get("HTTP_ACCEPT", ""):
        return None
    found = table_selectors.patch_values(patch.round_id, patch.table, patch.deal)
    if found is None:
        return None
    result, entry = found
    response = JsonResponse(
        {"patch": _drawn(request, entry, result, patch.round_number, state["deals"], state["live"])}
    )
    response["ETag"] = f'"{state["live"]}"'
    response["Cache-Control"] = "no-cache"
    return response


def _drawn(
    request: HttpRequest, entry: DealEntry, result: TableResult, round_number: int, deals_in: int, after: str
) -> dict[str, object]:
    line = DealLine(round_selectors.round_deals()[entry.number - 1], entry)
    return {
        "live": after,
        "number": entry.number,
        "line": phone.line_html(line, result, round_number, _form_token(request)),
        "running": phone.running_html(result, deals_in),
    }


def _form_token(request: HttpRequest) -> str:
    """The CSRF token for the accept form in a line drawn for the phone: after a save, the masked token
    the save itself came with (it passed the check, and the page the phone keeps carries it already);
    else a fresh one. get_token masks the secret anew (32 random picks) and has the answer set the
    cookie again: a save's answer needs neither."""
    # In the order CsrfViewMiddleware checks them: the form's field, else the header.
    sent = request.POST.get("csrfmiddlewaretoken", "") or request.META.get(settings.CSRF_HEADER_NAME, "")
    if request.method == "POST" and len(sent) == CSRF_TOKEN_LENGTH and getattr(request, "csrf_processing_done", False):
        return sent
    return get_token(request)
