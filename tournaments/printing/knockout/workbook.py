"""The knockout's results workbook (XLSX): every match, every deal of every pad, the plan and the free tables."""

import io

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook as XlsxWorkbook

from tournaments.printing.common import (
    XLSX,
    contract_word,
    seat_word,
    vulnerable_word,
)
from tournaments.printing.knockout.data import KnockoutBook, _knockout_filename, bracket_word, honours_long
from tournaments.printing.workbook import new_sheet, put_row


def results_xlsx(book: KnockoutBook) -> tuple[str, str, bytes]:
    """Sheets: Matches (every match, its totals, winner, margin, how decided, best loser) and Deals (every deal
    of every pad, above and below the line, with the unfinished-rubber bonuses), then the plan, then the free
    tables (the pairs knocked out after the first round, two to a table, in the order they went out)."""
    xlsx = XlsxWorkbook(write_only=True)
    xlsx.properties.title = _("%(name)s – knockout results") % {"name": book.name}
    xlsx.properties.creator = "Club Director"
    _matches(xlsx, book)
    _deals(xlsx, book)
    _plan_sheet(xlsx, book)
    _free_sheet(xlsx, book)
    buffer = io.BytesIO()
    xlsx.save(buffer)
    return _knockout_filename(book.name, "knockout-results", "xlsx"), XLSX, buffer.getvalue()


def _name_width(book: KnockoutBook) -> float:
    longest = max((len(n) for r in book.rounds for m in r.matches for n in (m.ns, m.ew)), default=0)
    return max(16, min(45, longest + 2))


def _matches(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    name_w = _name_width(book)
    headers = [(_("Bracket"), 13), (_("Round"), 20), (_("Table"), 7), (_("North–South"), name_w)]
    headers += [(_("East–West"), name_w), (_("N–S total"), 10), (_("E–W total"), 10), (_("Winner"), name_w)]
    headers += [(_("Margin"), 9), (_("Decided by"), 14), (_("Best loser (went on)"), name_w), (_("Entered"), 14)]
    ws = new_sheet(xlsx, _("Matches"), headers, "D2")
    entered = {"deals": _("deal by deal"), "totals": _("totals only")}
    for round_ in book.rounds:
        for m in round_.matches:
            put_row(
                ws,
                [
                    bracket_word(round_.bracket),
                    round_.title,
                    m.table,
                    m.ns,
                    m.ew,
                    m.ns_total,
                    m.ew_total,
                    m.winner or None,
                    m.margin,
                    m.decided_by or (_("totals") if m.winner else None),
                    m.loser if m.best_loser else None,
                    entered.get(m.entry) or _("not started"),
                ],
            )


def _deals(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    headers = [(_("Bracket"), 13), (_("Round"), 20), (_("Table"), 7), (pgettext("bridge deal", "Deal"), 9)]
    headers += [(_("Vulnerable"), 10), (_("Contract"), 9), (pgettext("declarer", "By"), 6), (_("Tricks"), 7)]
    headers += [(_("Honours"), 12), (_("N–S above"), 10), (_("N–S below"), 10), (_("E–W above"), 10)]
    headers += [(_("E–W below"), 10), (_("N–S total"), 10), (_("E–W total"), 10), (_("Notes"), 40)]
    ws = new_sheet(xlsx, pgettext("bridge deals, a sheet", "Deals"), headers, "E2")
    for round_ in book.rounds:
        for m in round_.matches:
            where = [bracket_word(round_.bracket), round_.title, m.table]
            if m.entry == "totals":
                # No deals to list: the sheet says why rather than leave the match out without a word.
                note = _("totals only: the match was entered as its two totals, without its deals")
                put_row(ws, [*where, *[None] * 12, note])
            for line in m.lines:
                passed = line.contract == "PASS"
                put_row(
                    ws,
                    [
                        *where,
                        line.number,
                        vulnerable_word(line.vulnerable),
                        contract_word(line.contract),
                        None if passed else seat_word(line.declarer),
                        None if passed else line.tricks,
                        honours_long(line.honours) or None,
                        line.ns_above,
                        line.ns_below,
                        line.ew_above,
                        line.ew_below,
                        line.ns_running,
                        line.ew_running,
                        line.notes or None,
                    ],
                )
            if m.lines and m.finish_ns is not None:
                put_row(
                    ws,
                    [*where, _("unfinished"), None, None, None, None, None, m.finish_ns, None, m.finish_ew, None]
                    + [m.ns_total, m.ew_total, _("unfinished-rubber bonuses after the last deal")],
                )
    if not any(m.entry for round_ in book.rounds for m in round_.matches):
        put_row(ws, [_("No match has a result yet: its deals will be listed here.")])


def _plan_sheet(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    headers = [(_("Bracket"), 13), (_("Round"), 14), (_("Tables"), 8), (_("Who plays"), 60)]
    ws = new_sheet(xlsx, pgettext("a sheet", "Plan"), headers, "A2")
    for row in book.plan:
        put_row(ws, [bracket_word(row.bracket), row.stage, row.tables, row.who])
    if book.plan_note:
        put_row(ws, [None, None, None, book.plan_note])
    for bracket, pair in book.winners.items():
        put_row(ws, [bracket_word(bracket), _("Winner"), None, pair])


def _free_sheet(xlsx: XlsxWorkbook, book: KnockoutBook) -> None:
    name_w = _name_width(book)
    headers = [(_("Free table"), 10), (_("Pair"), name_w), (_("Went out"), 30), (_("Plays"), name_w)]
    ws = new_sheet(xlsx, _("Free tables"), headers, "B2")
    for number, (a, b) in enumerate(book.free_tables, start=1):
        put_row(ws, [number, a.name, a.how, b.name if b else _("waiting for another pair")])
        if b is not None:
            put_row(ws, [number, b.name, b.how, a.name])
