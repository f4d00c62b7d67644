"""The table phone's four deals in words, for its script: offline the page moves its form on by itself.

Each deal's dealer and vulnerability come from the rules (tournaments.rules.party), in the same words
as the page's own deal lines (templates/phone/deals.html), so the heading the script writes
for deal 3 reads exactly as the page the laptop draws for deal 3.
"""

import functools
from typing import TypeVar, cast

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.autoreload import file_changed
from django.utils.formats import localize
from django.utils.html import conditional_escape, json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from tournaments import l10n
from tournaments.forms.rounds import DealForm
from tournaments.presentation import square
from tournaments.selectors import rounds as round_selectors
from tournaments.templatetags.bridge import made, seat
from tournaments.templatetags.choice_tags import buttons_html


def _vulnerable(code: str) -> str:
    return {
        "none": _("neither side"),
        "both": _("both sides"),
        "NS": _("North–South"),
        "EW": _("East–West"),
    }[code]


def deals() -> list[dict]:
    """The round's four deals: number, dealer and vulnerability (the rules' codes), and the form's words."""
    return [
        {
            "number": info.number,
            "dealer": info.dealer,
            "vulnerable": info.vulnerable,
            "title": _("Deal %(number)s") % {"number": info.number},
            "correct": _("Correct deal %(number)s") % {"number": info.number},
            "meta": "· "
            + _("dealer %(dealer)s") % {"dealer": seat(info.dealer)}
            + " · "
            + _("vulnerable: %(vul)s") % {"vul": _vulnerable(info.vulnerable)},
            "save": _("Save deal %(number)s") % {"number": info.number},
        }
        for info in round_selectors.round_deals()
    ]


def script_words() -> dict[str, str]:
    """What the phone's script writes on the page, in the phone's language (phone.js holds no words):
    it fills in %(number)s and %(label)s itself."""
    return {
        "deal": _("Deal %(number)s"),
        "accepted": _("Acceptance of deal %(number)s"),
        "pending": _("%(label)s: saved on this phone, not sent yet"),
        # A refusal says what was refused: never "Deal 1 accepted:" before a reason it was not.
        "refused_deal": _("Deal %(number)s was not saved: %(message)s"),
        "refused_accept": _("Deal %(number)s was not accepted: %(message)s"),
        "outdated": _("The page is out of date: reload it (your entries are kept on this phone)."),
        "dismiss": _("OK, hide this message"),
        "moved": _("The round has moved on: see below where everyone from this table goes now."),
        "retry": _("The laptop is busy: this phone sends again in %(seconds)s s."),
    }


def script_data() -> SafeString:
    """The script's words and the four deals' headings as the page carries them (two JSON scripts): the
    same for every table in one language, so drawn once per language."""
    return _script_data(get_language())


@functools.lru_cache(maxsize=64)
def _script_data(language: str | None) -> SafeString:
    del language  # the cache's key: the words are those of the language active now
    return json_script(script_words(), "phone-words") + mark_safe("\n") + json_script(deals(), "phone-deals")


# ---- one deal's line and the running score, drawn here rather than by an included template: the phone's
# part draws four lines, and a patch (views/phone_patch.py) draws one, on every change at a busy table;
# a template with a dozen translated blocks cost about a third of a part. The words are the templates'.


def _words(text: str, **values) -> str:
    """A translated sentence with its values put in, escaped (the sentence's own words are not)."""
    return text % {name: conditional_escape(value) for name, value in values.items()}


@functools.lru_cache(maxsize=64)
def _line_words(language: str | None) -> dict[str, str]:
    """The words of a deal's line in `language` (the active one): looked up once per language, not a
    dozen times a line (an English page walks gettext's whole chain of catalogues for each)."""
    del language  # the cache's key: the words are those of the language active now
    return {
        "deal": _("Deal %(number)s"),
        "dealer": _("dealer %(dealer)s"),
        "vulnerable": _("vulnerable: %(vul)s"),
        "by": _("by %(seat)s %(made)s"),
        "NS": pgettext("side", "N–S"),
        "EW": pgettext("side", "E–W"),
        "accepted": pgettext("a deal", "accepted"),
        "correct": _("Correct deal %(number)s"),
        "accept EW": _("East–West: accept deal %(number)s"),
        "accept NS": _("North–South: accept deal %(number)s"),
        **{f"vul {code}": _vulnerable(code) for code in ("none", "both", "NS", "EW")},
        **{f"seat {code}": seat(code) for code in "NESW"},
        # the squares' seat letters (presentation/square.py), escaped
        **{f"square {code}": conditional_escape(pgettext("seat", code)) for code in "NESW"},
        "table": _("Table %(table)s"),
        "table party": _("Table %(table)s · %(party)s"),
        "table round": _("Table %(table)s, round %(number)s"),
        "round clock": conditional_escape(_("Round clock")),
        "not started": conditional_escape(pgettext("the round clock", "(not started)")),
        "paused": conditional_escape(_("(paused)")),
    }


@receiver(setting_changed)
def _words_again(*, setting: str, **kwargs) -> None:
    """New catalogues, languages or templates (a test's settings): the words are looked up afresh."""
    if setting in ("LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "TEMPLATES"):
        _forget_words()


@receiver(file_changed)
def _words_recompiled(*, file_path, **kwargs) -> None:
    """runserver's reloader finds a catalogue compiled again, or a template edited: Django reloads them in
    place (no restart), so the words and frames kept per language are drawn afresh too. Returns None:
    whether to restart stays Django's call."""
    if file_path.suffix in (".mo", ".html"):
        _forget_words()


def _forget_words() -> None:
    """Every cache of words kept per language, emptied (new catalogues, or other languages)."""
    for cached in (_line_words, _script_data, _entry_words, _group, _fixed, *_ELSEWHERE):
        cached.cache_clear()


_ELSEWHERE: list = []  # caches per language of other modules (presentation/phone_page.py's frame)
Cached = TypeVar("Cached")


def per_language(cached: Cached) -> Cached:
    """An lru_cache of another module's, kept per language: emptied with the words here."""
    _ELSEWHERE.append(cached)
    return cached


def shown(value: object) -> str:
    """A value as a template's {{ value }} prints it (localized, then escaped)."""
    return conditional_escape(cast("str", localize(value)))  # a number localized, else the value itself


def title(table: int, party_name: str) -> SafeString:
    """The page's title, as its blocktranslate drew it (templates/phone/deals.html and presentation/phone_page.py)."""
    words = _line_words(get_language())
    return mark_safe(words["table party"] % {"table": shown(table), "party": shown(party_name)})  # noqa: S308


def heading(table: int, round_number: int | None) -> SafeString:
    """The page's h1: the table, and the round when there is one (presentation/phone_page.py)."""
    words = _line_words(get_language())
    if round_number is None:
        return mark_safe(words["table"] % {"table": shown(table)})  # noqa: S308 - the values are escaped
    return mark_safe(words["table round"] % {"table": shown(table), "number": shown(round_number)})  # noqa: S308


def clock_html(clock) -> SafeString:
    """The round clock's paragraph (`clock`: tournaments.clock.Clock), as the template drew it."""
    words = _line_words(get_language())
    css = "clock" + (" ending" if clock.ending and clock.started else "") + ("" if clock.running else " paused")
    idle = "" if clock.started else ' data-idle="1"'
    if not clock.started:
        after = f' <span class="clock-idle">{words["not started"]}</span>'
    elif clock.paused:
        after = f" <span>{words['paused']}</span>"
    else:
        after = ""
    return mark_safe(  # noqa: S308 - every value is escaped
        f'<p class="{css}" data-remaining="{shown(clock.remaining_seconds)}"'
        f' data-paused="{"" if clock.running else "1"}"{idle} aria-live="off">\n'
        f'    <span class="clock-label">{words["round clock"]}</span>'
        f' <strong class="clock-time">{shown(clock.shown)}</strong>{after}</p>'
    )


def square_html(view) -> SafeString:
    """The phone's table square (presentation/square.py), its seat letters looked up once per language."""
    words = _line_words(get_language())
    letters = {code: words[f"square {code}"] for code in "NESW"}
    return mark_safe(square.square_html(view, letters) + "\n")  # noqa: S308 - square_html's, safe


def line_html(line, result, round_number, csrf_token: str) -> str:
    """One of the round's four deals on the phone (`line`: selectors.table.DealLine)."""
    words = _line_words(get_language())
    entry, number = line.entry, line.number
    css = "deal-line" + (" entered" if entry else "") + (" accepted" if entry and entry.accepted else "")
    meta = (
        f"<strong>{_words(words['deal'], number=number)}</strong> · "
        + _words(words["dealer"], dealer=words.get(f"seat {line.info.dealer}", line.info.dealer))
        + " · "
        + _words(words["vulnerable"], vul=words[f"vul {line.info.vulnerable}"])
    )
    parts = [f'<li class="{css}" id="deal-{number}">\n  <div class="meta">{meta}</div>']
    if entry:
        parts.append(_entered(entry, result, round_number, line, csrf_token, words))
    parts.append("</li>")
    return mark_safe("\n".join(parts))  # noqa: S308 - every value above is escaped


def _entered(entry, result, round_number, line, csrf_token: str, words: dict[str, str]) -> str:
    status, locked = getattr(result, "status", ""), getattr(result, "locked", False)
    by = ""
    if entry.declarer:
        by = " " + _words(words["by"], seat=words.get(f"seat {entry.declarer}", entry.declarer), made=made(entry))
    shown = (
        f'  <div class="entered-deal"><strong>{conditional_escape(l10n.contract(entry.contract))}</strong>{by}\n'
        f"    · {words['NS']} {conditional_escape(l10n.signed(entry.ns))}"
        f" · {words['EW']} {conditional_escape(l10n.signed(entry.ew))}</div>"
    )
    parts = [shown]
    if entry.accepted:
        parts.append(f'  <div class="ok">✓ {words["accepted"]}</div>')
    elif line.waiting and status != "agreed":
        parts.append(_accept_form(line, round_number, csrf_token, words))
    if not locked and status != "agreed":
        correct = _words(words["correct"], number=line.number)
        parts.append(f'  <a class="correct" href="?deal={line.number}#entry">{correct}</a>')
    return "\n".join(parts)


def _accept_form(line, round_number, csrf_token: str, words: dict[str, str]) -> str:
    said = words["accept EW"] if line.accepter == "EW" else words["accept NS"]
    hidden = [
        ("csrfmiddlewaretoken", csrf_token), ("action", "accept"), ("round", round_number),
        ("number", line.number), ("side", line.accepter), ("shown", line.shown), ("client_id", ""),
    ]  # fmt: skip
    inputs = "".join(
        f'<input type="hidden" name="{name}" value="{conditional_escape(value)}">' for name, value in hidden
    )
    button = _words(said, number=line.number)
    form = f'  <form method="post" class="accept" data-phone>{inputs}\n'
    return form + f'    <button type="submit">{button}</button>\n  </form>'


# ---- the page's fixed pieces: the same words at every table in one language, with no value of a table's.


def fixed(key: str) -> SafeString:
    """One of the page's fixed pieces (presentation/phone_page.py), in the active language."""
    return _fixed(get_language())[key]


@functools.lru_cache(maxsize=64)
def _fixed(language: str | None) -> dict[str, SafeString]:
    """The pieces in `language` (the active one): the template's words, its literals' (never escaped)."""
    del language  # the cache's key: the words are those of the language active now
    seats = "".join(
        f'<input type="radio" name="holder" id="holder-{code}" value="{code}">'
        f'<label for="holder-{code}">{conditional_escape(seat(code))}</label>'
        for code in "NESW"
    )
    hint = _(
        "Tap your choice. With a keyboard: Tab goes from one group to the next, the arrow keys choose within a group."
    )
    holder = (
        '<fieldset class="holder" aria-describedby="holder-hint choice-hint">'
        f"<legend>{_('This phone is with')}</legend>\n"
        f"    {seats}\n"
        '    <span class="muted" id="holder-hint">'
        f"{_('(North–South enter, East–West accept, unless you say otherwise)')}</span>\n"
        "  </fieldset>\n"
        '  <p class="muted choice-hint" id="choice-hint">'
        f"{hint}</p>"
    )
    keep_open = _(
        "Keep this page open while the Wi-Fi is down: what you enter waits on this phone and is sent when the"
        " Wi-Fi is back."
    )
    capped = _(
        "The side that scores on a deal is credited at most 1,000 unless it bid and made a slam; the losing side"
        " is charged in full."
    )
    pieces = {
        "holder": holder,
        "keep open": f'<p class="notice" id="keep-open" hidden>{keep_open}</p>',
        "locked": f'<p class="notice">{_("The director has locked this table. Ask the director for any change.")}</p>',
        "agreed": f'<p class="fits">{_("<strong>Accepted.</strong> This result counts. Thank you!")}</p>',
        "all in": _("<strong>All four deals are in.</strong> Both sides check the result and agree:"),
        "NS agree": _("North–South agree"),
        "EW agree": _("East–West agree"),
        "footnote": f'<p class="muted">{capped}\n    <a href="?all=1">{_("Enter all four deals at once")}</a></p>',
    }
    return {key: mark_safe(piece) for key, piece in pieces.items()}  # noqa: S308 - the template's own words


# ---- the deal being played: its form, drawn here too (five groups of buttons, a dozen translated words).
# The groups without a person in them are the same at every table in one language: drawn once per language
# and checked value; the declarer's carries the table's players, so it is drawn every time.

# Each group of the form: its field, its legend, its class and what it leaves out (skip, the empty choice's label).
_GROUPS = (
    ("level", "Contract", "levels", "P", False),
    ("strain", "Suit", "strains", None, False),
    ("doubled", "Doubled?", "doubles", None, True),
    ("declarer", "Declarer", "declarers", None, False),
    ("tricks", "Tricks taken", "tricks", None, False),
)


@functools.lru_cache(maxsize=64)
def _entry_words(language: str | None) -> dict[str, SafeString]:
    """The form's own words in `language` (the active one): the template's, never escaped, as its literals."""
    del language  # the cache's key: the words are those of the language active now
    return {
        "Contract": mark_safe(_("Contract")),
        "Suit": mark_safe(_("Suit")),
        "Doubled?": mark_safe(_("Doubled?")),
        "Not doubled": mark_safe(_("Not doubled")),
        "Declarer": mark_safe(_("Declarer")),
        "Tricks taken": mark_safe(_("Tricks taken")),
        "save": mark_safe(_("Save deal %(number)s")),
        "passed out": mark_safe(pgettext("a deal", "Passed out")),
    }


@functools.lru_cache(maxsize=512)
def _group(language: str | None, name: str, html_name: str, current: str | None) -> SafeString:
    """One group of buttons with no person in it (`name` not the declarer), with `current` checked."""
    _field, legend, css, skip, blank = next(group for group in _GROUPS if group[0] == name)
    words = _entry_words(language)
    choices = DealForm.base_fields[name].choices  # type: ignore[attr-defined]  # a ChoiceField's
    return buttons_html(
        html_name, words[legend], choices, current, css, skip, words["Not doubled"] if blank else "", "choice-hint"
    )


def _current(form: DealForm, name: str) -> str:
    """The value checked in a group, as the template had it (stringformat:"s" for numbers, else default:"")."""
    value = form[name].value()
    return ("%s" % (value,)) if name in ("level", "tricks") else (value or "")  # noqa: UP031 - the filter's own


def entry_html(form: DealForm, line, round_number, correcting: bool, csrf_token: str) -> SafeString:
    """The form of the deal being played, or corrected (`line`: selectors.table.DealLine)."""
    language = get_language()
    words, entry_words = _line_words(language), _entry_words(language)
    number = line.number
    title = _words(words["correct" if correcting else "deal"], number=number)
    dealer = _words(words["dealer"], dealer=seat(line.info.dealer))
    vulnerable = _words(words["vulnerable"], vul=mark_safe(words[f"vul {line.info.vulnerable}"]))
    csrf = ""
    if csrf_token and csrf_token != "NOTPROVIDED":
        csrf = f'<input type="hidden" name="csrfmiddlewaretoken" value="{conditional_escape(csrf_token)}">'
    errors = "".join(f'<p class="errorlist">{conditional_escape(str(error))}</p>' for error in form.non_field_errors())
    groups = []
    for name, legend, css, skip, blank in _GROUPS:
        current = _current(form, name)
        choices = form.fields[name].choices  # type: ignore[attr-defined]  # a ChoiceField's
        if name != "declarer" and choices is DealForm.base_fields[name].choices:  # type: ignore[attr-defined]
            known = any(current == value for value, _label in choices)
            groups.append(_group(language, name, form[name].html_name, current if known else None))
        else:  # the players' names (or choices of its own): this table's, never kept
            shown_blank = entry_words["Not doubled"] if blank else ""
            groups.append(
                buttons_html(
                    form[name].html_name, entry_words[legend], choices, current, css, skip, shown_blank, "choice-hint"
                )
            )
    save = _words(entry_words["save"], number=number)
    meta = f"· {dealer} · {vulnerable}"
    hidden = (
        '<input type="hidden" name="action" value="deal">'
        f'<input type="hidden" name="round" value="{conditional_escape(round_number)}">\n'
        f'    <input type="hidden" name="number" value="{number}"><input type="hidden" name="side" value="NS">\n'
        f'    <input type="hidden" name="correcting" value="{"1" if correcting else ""}">\n'
        '    <input type="hidden" name="client_id" value="">'
    )
    parts = [
        '<form method="post" class="deal-entry" id="entry" data-phone>',
        f"    {csrf}",
        "    ",
        f'    <h2><span class="deal-title">{title}</span> <small class="deal-meta">{meta}</small></h2>',
        f"    {hidden}",
        f"    {errors}",
        "    ",
        *(f"    {group}" for group in groups),
        f'    <p class="actions"><button type="submit" name="save" value="1" class="save-deal">{save}</button>',
        '      <button type="submit" name="deal-level" value="P" class="secondary">'
        f"{entry_words['passed out']}</button></p>",
        "  </form>",
    ]
    return mark_safe("\n".join(parts))  # noqa: S308 - every value above is escaped


def running_html(result, deals_in: int) -> str:
    """The round's running score on the phone; before its first deal, its empty place (a patch fills it)."""
    if result is None or result.ns is None:
        return mark_safe('<p class="score" id="running" hidden></p>')
    ns, ew = l10n.signed(result.ns), l10n.signed(result.ew)
    if result.entry == "net":
        text = _words(_("Round result (net figures): N–S %(ns)s · E–W %(ew)s"), ns=ns, ew=ew)
    else:
        sentence = ngettext(
            "Round result (%(deals_in)s of 4 deals in): N–S %(ns)s · E–W %(ew)s",
            "Round result (%(deals_in)s of 4 deals in): N–S %(ns)s · E–W %(ew)s",
            deals_in,
        )
        text = _words(sentence, deals_in=deals_in, ns=ns, ew=ew)
    return mark_safe(f'<p class="score" id="running">{text}</p>')  # noqa: S308 - the values are escaped
