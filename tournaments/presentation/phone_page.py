"""The table phone's page and its part, drawn in Python: the page a guest's phone opens after every
save without its script (the whole-round burst's second request), and the part phone.js draws again.

Walking the templates cost half of such a request: the part's dozen tags and conditions, and the frame
(templates/base.html through templates/phone/deals.html), the same at every table in one language.

- The frame is still the templates': drawn once per language (and whether a director is signed in),
  with each of the few things that differ per table (title, manifest, party, CSRF token, messages, the
  part) marked by a slot, then kept as pieces to join. An edit to base.html reaches the phone unchanged.
- The part is drawn here, as templates/phone/_deals.html drew it (the same bytes), from the pieces
  presentation/phone.py draws; the rare notices of a round's start or end (templates/phone/_round.html)
  are still a template, drawn only when there is something to say.
"""

import functools
import re
from typing import Any

from django.contrib.messages import get_messages
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.presentation import phone

_SLOT = "\ue000"  # a private-use character: in no word of ours, kept as it is by escaping
_SLOTS = ("title", "manifest", "party", "csrf", "messages", "content")
_SLOT_RE = re.compile(f"{_SLOT}([a-z]+){_SLOT}")
# What templates/phone/_round.html draws when it has nothing to say (the round under way, nobody moving).
_NO_NEWS = "\n\n\n\n"


class _Visitor:
    """The user base.html asks about (signed in or not), for the frame drawn once."""

    def __init__(self, signed_in: bool):
        self.is_authenticated = signed_in


@phone.per_language
@functools.lru_cache(maxsize=128)
def _frame(language: str | None, signed_in: bool) -> tuple[str, ...]:
    """The page's frame in `language` (the active one): literal text and slot names, alternating."""
    del language  # the cache's key: the frame is drawn in the language active now
    marked = {name: mark_safe(f"{_SLOT}{name}{_SLOT}") for name in _SLOTS}  # noqa: S308 - our own marks
    context = {**marked, "user": _Visitor(signed_in), "csrf_token": marked["csrf"]}
    return tuple(_SLOT_RE.split(render_to_string("phone/deals.html", context)))


def page_html(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The whole page: its frame around the script's words and the part."""
    csrf = get_token(request)
    token, party = context["token"], context["party"]
    shown = list(get_messages(request))  # iterated: the messages count as shown, as a template's loop does
    values = {
        "title": phone.title(token.table, party.name),
        "manifest": conditional_escape(reverse("table_manifest", args=[token.token])),
        "party": conditional_escape(party.name),
        "csrf": conditional_escape(csrf),
        "messages": render_to_string("_messages.html", {"messages": shown}) if shown else "",
        "content": phone.script_data() + "\n" + part_html(request, context, csrf),
    }
    pieces = _frame(get_language(), bool(getattr(request.user, "is_authenticated", False)))
    drawn = [values[piece] if index % 2 else piece for index, piece in enumerate(pieces)]
    return mark_safe("".join(drawn))  # noqa: S308 - the frame's literals, and values escaped above


@functools.cache
def _service_worker() -> str:
    return conditional_escape(reverse("service_worker"))


def _round_news(context: dict[str, Any]) -> str:
    """templates/phone/_round.html: where everyone goes, a table the plan closed, no round, a closed round."""
    round_ = context.get("round")
    quiet = not context.get("table_gone") and not context.get("moves") and not context.get("not_seated")
    if round_ is not None and not round_.is_closed and quiet:
        return _NO_NEWS
    return render_to_string("phone/_round.html", context)


def part_html(request: HttpRequest, context: dict[str, Any], csrf: str | None = None) -> SafeString:
    """The page's part (`?part=1`), as templates/phone/_deals.html drew it: `context` is the view's
    (selectors.table.deal_by_deal and the round's news), `csrf` the page's token (asked for here only
    where the part has a form, as the template asked)."""
    round_, result, token = context.get("round"), context.get("result"), context["token"]
    state_url = conditional_escape(reverse("table_page", args=[token.token]))
    attributes = (
        f'<div id="phone" data-title="{phone.title(token.table, context["party"].name)}"'
        f' data-party="{conditional_escape(context["party"].name)}" data-state-url="{state_url}?state=1"'
        f' data-token="{conditional_escape(token.token)}"\n'
        f'     data-round="{phone.shown(round_.number if round_ else "")}"'
        f' data-closed="{"1" if round_ is not None and round_.is_closed else ""}"'
        f' data-version="{phone.shown((result.version if result else 0) or 0)}"'
        f' data-accepted="{phone.shown(context["accepted"])}" data-live="{phone.shown(context["live"])}"\n'
        f'     data-sw="{_service_worker()}">\n'
    )
    heading = phone.heading(token.table, round_.number if round_ else None)
    parts = ["\n\n", attributes, f"<h1>{heading}</h1>\n", _round_news(context), "\n"]
    if round_ is not None and not round_.is_closed and not context.get("table_gone"):
        parts.append(_playing(context, round_, result, get_token(request) if csrf is None else csrf))
    parts.append("\n</div>\n")
    return mark_safe("".join(parts))  # noqa: S308 - every value is escaped, or drawn safe by phone.py


def _playing(context: dict[str, Any], round_, result, csrf: str) -> str:
    """The round being played: clock, square, the four deals, the running score, the form, agreeing."""
    clock = context.get("clock")
    lines = "".join(f"\n    {phone.line_html(line, result, round_.number, csrf)}\n  " for line in context["lines"])
    current, form = context.get("current"), context.get("form")
    entry = ""
    if current and form:
        entry = f"\n  {phone.entry_html(form, current, round_.number, bool(context.get('correcting')), csrf)}\n  "
    parts = [
        f"\n  {phone.clock_html(clock) if clock else ''}\n",
        f'  <div class="tile">{phone.square_html(context["view"])}</div>\n',
        f"  {phone.fixed('holder')}\n",
        f"  {phone.fixed('locked') if result is not None and result.locked else ''}\n",
        f"  {phone.fixed('agreed') if result is not None and result.status == 'agreed' else ''}\n\n",
        f'  <ol class="deals" id="deals">\n  {lines}\n  </ol>\n',
        '  <ul class="outbox" id="outbox" hidden></ul>\n  \n',
        # Shown by phone.js where the browser keeps no app (plain http:// on the party's Wi-Fi: no service worker).
        f"  {phone.fixed('keep open')}\n",
        f"  {phone.running_html(result, context.get('deals_in') or 0)}\n\n",
        f"  {entry}\n",
        f"  {_agreeing(round_, result, csrf) if result is not None and result.status == 'submitted' else ''}\n",
        f"  {phone.fixed('footnote')}\n",
    ]
    return "".join(parts)


def _agreeing(round_, result, csrf: str) -> str:
    """All four deals in: both sides agree the result (a plain form, no script needed)."""
    token = f'<input type="hidden" name="csrfmiddlewaretoken" value="{conditional_escape(csrf)}">' if csrf else ""
    ns, ew = ("disabled" if agreed else "" for agreed in (result.ns_agreed, result.ew_agreed))
    ns_tick, ew_tick = (" ✓" if agreed else "" for agreed in (result.ns_agreed, result.ew_agreed))
    return (
        '\n    <div class="notice">\n'
        f"      <p>{phone.fixed('all in')}</p>\n"
        f'      <form method="post" class="actions">{token}\n'
        f'        <input type="hidden" name="round" value="{phone.shown(round_.number)}">'
        f'<input type="hidden" name="version" value="{phone.shown(result.version)}">\n'
        f'        <button name="agree" value="NS" {ns}>{phone.fixed("NS agree")}{ns_tick}</button>\n'
        f'        <button name="agree" value="EW" {ew}>{phone.fixed("EW agree")}{ew_tick}</button>\n'
        "      </form>\n"
        "    </div>\n  "
    )
