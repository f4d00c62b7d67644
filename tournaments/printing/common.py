"""Small helpers shared by the builders: page sizes, file names, words for seats, text the fonts can print.

Printed matter speaks the club's language: the views call the builders inside `l10n.printed_for(club)`, so
the words here (lazy) and the numbers (`signed`, through tournaments.l10n) follow it.

Every name prints: `clean` reorders and shapes Hebrew and Arabic (right to left, joined letters) and marks a
character no font here can draw with a white square; `clean(text, fallback=True)` keeps the characters a
fallback font draws (Chinese, Japanese, Korean), and `draw`, `markup` and `cell` then draw each run of the
text in a font that has it.
"""

import functools
import io
import re
import unicodedata
from datetime import date
from typing import Any
from xml.sax.saxutils import escape

from django.utils import dateformat
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.pagesizes import landscape as turned
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, SimpleDocTemplate

from tournaments import l10n
from tournaments.printing.fonts import FONT, fallback_for, glyph_map, has_glyph, printable

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

PAGE_SIZES = {"a4": A4, "letter": letter}

# One TableStyle command: its name, the first and the last cell, then its own values, as in
# ("GRID", (0, 0), (-1, -1), 0.4, GREY). The shape reportlab's stub gives it (privately, as _TableCommand).
TableCommand = tuple[str, tuple[int, int], tuple[int, int], *tuple[Any, ...]]

# Lazy: each is translated when printed (str() it, or use the functions below), in the printout's language.
SEAT_WORDS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}
SEAT_LETTERS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}
SIDE_WORDS = {"NS": gettext_lazy("N–S"), "EW": gettext_lazy("E–W")}
VULNERABLE_WORDS = {
    "none": pgettext_lazy("vulnerable", "Neither"),
    **SIDE_WORDS,
    "both": pgettext_lazy("vulnerable", "Both"),
}
KIND_WORDS = {"lady": gettext_lazy("Lady"), "gentleman": gettext_lazy("Gentleman")}
KIND_MARKS = {
    "lady": pgettext_lazy("tally card mark", "LADY"),
    "gentleman": pgettext_lazy("tally card mark", "GENTLEMAN"),
}

# Shown for a character no font here has a glyph for (Chinese, Japanese, Korean where no CJK font is
# installed, or where the builder draws without the fallback fonts): visible, never a silent "?".
MISSING = "\u25a1"


def page_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """ "A4" or "letter" (any case; the club's `paper`) in points, portrait unless `landscape`."""
    try:
        size = PAGE_SIZES[str(paper).lower()]
    except KeyError:
        raise ValueError(f'page size must be "A4" or "letter", not {paper!r}') from None
    return turned(size) if landscape else size


@functools.cache
def _reshaper():
    """Arabic letters joined (presentation forms), with only the ligatures the embedded font has a glyph
    for. Made on the first right-to-left line: most printouts have none, and a worker keeps what it loads."""
    import arabic_reshaper
    from arabic_reshaper.ligatures import LIGATURES

    configuration = {name: all(printable(ch) for form in forms for ch in form) for name, (_, forms) in LIGATURES}
    return arabic_reshaper.ArabicReshaper(configuration=configuration)


def _rtl(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def visual(line: str) -> str:
    """One line with right-to-left letters, as it is drawn left to right: Arabic shaped, then bidi reordered.
    The line runs left to right (the printout's languages do), so a right-to-left name in it reads right to
    left where it stands. Clean a name on its own before putting it in a sentence (see sheets._names): a
    figure after it, "(+100)", would otherwise join its right-to-left run."""
    from bidi import get_display

    return get_display(_reshaper().reshape(line), base_dir="L").translate(_BIDI_MARKS)


# The invisible marks and controls that steer the bidi algorithm: spent once the line is reordered.
_BIDI_MARKS = dict.fromkeys(map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def clean(text: object, *, fallback: bool = False) -> str:
    """Text as typed, ready to draw: Hebrew and Arabic in visual order (and Arabic shaped); a character the
    embedded font cannot draw shows as a white square, unless `fallback` and a fallback font (CJK) has it:
    then draw the text with `draw`, `markup` or `cell`, which switch fonts where needed.

    Clean a text once: cleaning its cleaned text again would turn right-to-left letters back round."""
    text = "" if text is None else str(text)
    if any(_rtl(ch) for ch in text):
        text = "\n".join(visual(line) for line in text.split("\n"))
    return "".join(_drawable(ch, fallback) for ch in text)


def _drawable(ch: str, fallback: bool) -> str:
    if ch in "\n\t" or printable(ch) or (fallback and fallback_for(ch)):
        return ch
    if unicodedata.category(ch) == "Cf":  # an invisible format character (a bidi isolate): nothing to draw
        return ""
    plain = unicodedata.normalize("NFKC", ch)  # a joined form the font lacks (Urdu's ہ): the letter itself
    return plain if len(plain) == 1 and printable(plain) else MISSING


def unprintable(text: object) -> str:
    """The characters of a typed text that no font here draws (each once, in order): what `clean` marks with a
    white square. The print page warns of them before the hostess prints (selectors.prints.unprintable_names):
    the same rule as the printed matter, so the page and the paper cannot disagree."""
    text = "" if text is None else str(text)
    return "".join(dict.fromkeys(ch for ch in text if _drawable(ch, True) == MISSING and ch != MISSING))


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """The text in runs of one font each: `font` where it has the glyph, else the regular face (the oblique
    has no Arabic), else a fallback font (CJK)."""
    if glyph_map(font).keys() >= set(map(ord, text)):  # the usual case, one run: without a look at each character
        return [(text, font)] if text else []
    parts: list[list[str]] = []
    for ch in text:
        if ch.isspace() or has_glyph(font, ch):
            face = font
        elif printable(ch):
            face = FONT
        else:
            face = fallback_for(ch) or font
        if parts and parts[-1][1] == face:
            parts[-1][0] += ch
        else:
            parts.append([ch, face])
    return [(chunk, face) for chunk, face in parts]


def text_width(text: str, font: str, size: float) -> float:
    return sum(stringWidth(chunk, face, size) for chunk, face in runs(text, font))


def draw(canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """drawString (align "left"), drawCentredString ("centre") or drawRightString ("right") of cleaned text,
    each run in a font that has its glyphs; the canvas is left set to `font` at `size`."""
    parts = runs(text, font)
    canvas.setFont(font, size)
    if all(face == font for _, face in parts):
        {"left": canvas.drawString, "centre": canvas.drawCentredString, "right": canvas.drawRightString}[align](
            x, y, text
        )
        return
    width = sum(stringWidth(chunk, face, size) for chunk, face in parts)
    x -= {"left": 0, "centre": width / 2, "right": width}[align]
    words = canvas.beginText(x, y)
    for chunk, face in parts:
        words.setFont(face, size)
        words.textOut(chunk)
    canvas.drawText(words)
    canvas.setFont(font, size)


def markup(text: str, font: str = FONT) -> str:
    """Cleaned text as Paragraph markup for a style in `font`: escaped, other runs in <font name=…>."""
    return "".join(
        escape(chunk) if face == font else f'<font name="{face}">{escape(chunk)}</font>'
        for chunk, face in runs(text, font)
    )


class Lines(Flowable):
    """Cleaned text for a table cell, drawn in runs of fonts (a CJK name in its fallback font), a line per "\n"."""

    def __init__(self, text: str, font: str, size: float, leading: float | None = None):
        super().__init__()
        self.lines, self.font, self.size = text.split("\n"), font, size
        self.leading = leading or size * 1.2

    def minWidth(self) -> float:
        """Its widest line: what a table sizing its columns to their contents (colWidths unset) gives it."""
        return max((text_width(line, self.font, self.size) for line in self.lines), default=0)

    def wrap(self, available_width, available_height):
        self.width = self.minWidth()
        self.height = self.leading * len(self.lines)
        return self.width, self.height

    def draw(self):
        for i, line in enumerate(self.lines):
            draw(self.canv, 0, self.height - self.leading * i - self.size, line, self.font, self.size)


def cell(text: str, font: str, size: float, leading: float | None = None):
    """A table cell for cleaned text: the plain string when `font` draws all of it, else `Lines`."""
    if all(face == font for _, face in runs(text, font)):
        return text
    return Lines(text, font, size, leading)


def slug(name: str) -> str:
    """ "Soirée d'été" -> "soirée-d-été": lower case, its letters kept in any script (the download's header
    carries them, with an ASCII fallback: views/common.content_disposition), everything else a hyphen, so
    no slash, dot, quote or bidi control gets into a file's name."""
    words = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFC", name or "").lower()).strip("-")[:60].strip("-")
    return words or file_words("party")


# The words of a file's name, in the printout's (else the page's) language: "spring-party-tallies.pdf", in
# French "spring-party-feuilles-de-marque.pdf". {n} stands for a round's number.
_FILE_WORDS = {
    "party": pgettext_lazy("a file's name", "party"),
    "members": pgettext_lazy("a file's name", "members"),
    "tallies": pgettext_lazy("a file's name", "tallies"),
    "table-cards": pgettext_lazy("a file's name", "table-cards"),
    "score-cards": pgettext_lazy("a file's name", "score-cards"),
    "score-cards-round-{n}": pgettext_lazy("a file's name", "score-cards-round-%(n)s"),
    "movement-round-{n}": pgettext_lazy("a file's name", "movement-round-%(n)s"),
    "results": pgettext_lazy("a file's name", "results"),
    "boston-sheet": pgettext_lazy("a file's name", "boston-sheet"),
    "towie-sheet": pgettext_lazy("a file's name", "towie-sheet"),
    "towie-card": pgettext_lazy("a file's name", "towie-card"),
    "season": pgettext_lazy("a file's name", "season"),
    "knockout": pgettext_lazy("a file's name", "knockout"),
    "knockout-results": pgettext_lazy("a file's name", "knockout-results"),
    "knockout-bracket": pgettext_lazy("a file's name", "knockout-bracket"),
    "bracket": pgettext_lazy("a file's name", "bracket"),
    "draw": pgettext_lazy("a file's name", "draw"),
    "main-round-{n}-draw": pgettext_lazy("a file's name", "main-round-%(n)s-draw"),
    "consolation-round-{n}-draw": pgettext_lazy("a file's name", "consolation-round-%(n)s-draw"),
}


def file_words(what: str) -> str:
    """ "movement-round-2" in the printout's language ("plan-de-table-tour-2"); words it does not know as given."""
    number = re.search(r"\d+", what)
    key = what if number is None else what[: number.start()] + "{n}" + what[number.end() :]
    words = _FILE_WORDS.get(key)
    if words is None:
        return what
    return str(words) % {"n": number[0]} if number else str(words)


def filename(party_name: str, what: str, extension: str) -> str:
    """ "Spring Party", "tallies", "pdf" -> "spring-party-tallies.pdf" ("…-feuilles-de-marque.pdf" in French)."""
    return f"{slug(party_name)}-{slug(file_words(what))}.{extension}"


def long_date(day: date | None) -> str:
    """ "Saturday 9 April 1938", "samedi 9 avril 1938", "Samstag, 9. April 1938": Django's names of the
    weekday and month in the printout's language, in that language's order (a translated date format)."""
    if day is None:
        return ""
    # Translators: a Django date format for the date on printed matter (l weekday, j day, F month, Y year).
    return dateformat.format(day, pgettext("printed date format", "l j F Y"))


def signed(value: int | None) -> str:
    """A round result as printed: "+400", "−1,000" (the true minus sign, as on the pages), "0"; "" for none.
    In the club's style of numbers (tournaments.l10n): "+1 000" in French, "+1.000" in German."""
    return l10n.signed(value)


def contract_word(code: str) -> str:
    """A contract in a sheet's Contract column, in the words the pages use: "4♠×", "3SA" in French; a
    passed-out deal is the word the deal form's menu shows for it ("Pass", "Passe" in French and German)."""
    return l10n.contract(code, passed_out=gettext("Pass"))


def seat_word(seat: str) -> str:
    """ "N" -> "North" in the printout's language; anything else as it is."""
    return str(SEAT_WORDS.get(seat, seat or ""))


def seat_letter(seat: str) -> str:
    """ "E" -> "E" ("O" in German and Dutch, "E" in French; "W" is "O" in French)."""
    return str(SEAT_LETTERS.get(seat, seat or ""))


def side_word(side: str) -> str:
    return str(SIDE_WORDS.get(side, side or ""))


def vulnerable_word(vulnerable: str) -> str:
    return str(VULNERABLE_WORDS.get(vulnerable, vulnerable or ""))


def kind_word(kind: str) -> str:
    return str(KIND_WORDS.get(kind, kind or ""))


def kind_mark(kind: str) -> str:
    return str(KIND_MARKS.get(kind, ""))


def name_fit(typed: object, font: str, size: float, width: float, smallest: float = 1.0) -> tuple[str, float]:
    """A typed name cleaned (with fallback fonts) and a size to print it at, as `fit_size` does; when it must
    be shortened it is cut in the order it was typed, so a right-to-left name loses its last letters, and the
    ellipsis stands at its end (on the left, for a name that ends right to left)."""
    typed = "" if typed is None else str(typed)
    whole = clean(typed, fallback=True)
    least = size * smallest
    fitted = size
    while fitted > least and text_width(whole, font, fitted) > width:
        fitted = max(least, fitted - 0.25)
    if width <= 0:
        return "", fitted
    if text_width(whole, font, fitted) <= width:
        return whole, fitted

    def shortened(n: int) -> str:
        cut = typed[:n].rstrip()
        strong = [kind for kind in map(unicodedata.bidirectional, cut) if kind in ("L", "R", "AL")]
        mark = "\u200f" if strong and strong[-1] != "L" else ""  # the ellipsis joins a right-to-left end
        return clean(cut + "…" + mark, fallback=True)

    lo, hi = 0, len(typed)
    while lo < hi:  # the longest start that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(shortened(mid), font, fitted) <= width:
            lo = mid
        else:
            hi = mid - 1
    return shortened(lo), fitted


# The smallest type a person's name is printed in before it takes another line: still read at arm's length.
NAME_FLOOR = 7.0


def name_lines(
    typed: object,
    font: str,
    size: float,
    width: float,
    *,
    least: float | None = None,
    lines: int = 2,
    wrapped: float | None = None,
) -> tuple[list[str], float]:
    """A typed name whole, never cut: its lines, each cleaned (with fallback fonts), and the size to print them.

    On one line at `size`, smaller down to `least` (three quarters of the size unless told, never under
    NAME_FLOOR); else on up to `lines` lines, broken at its spaces and after its hyphens, at `wrapped` (unless
    told, `least`) and smaller down to NAME_FLOOR, two lines before three, the lines as even as they can be; a
    name that still does not fit takes smaller type, and only a single word too long for any line is broken
    between its letters. A right-to-left name is broken in the order it was typed, each line reordered."""
    typed = " ".join(("" if typed is None else str(typed)).split())
    whole = clean(typed, fallback=True)
    least = max(NAME_FLOOR, size * 0.75 if least is None else least) if size > NAME_FLOOR else size
    step = 0.25
    fitted = size
    while True:  # one line, smaller type
        if not typed or text_width(whole, font, fitted) <= width:
            return [whole], fitted
        if fitted - step < least - 1e-9:
            break
        fitted -= step
    floor = min(least, NAME_FLOOR)
    start = least if wrapped is None else max(least, min(size, wrapped))
    most = max(lines, 2)
    for count in range(2, most + 1):  # more lines, before smaller type still
        fitted = start
        while fitted >= floor - 1e-9:
            broken = _broken(typed, font, fitted, width, count)
            if broken is not None:  # as even as they can be: the narrowest measure that still fits
                narrower = (_broken(typed, font, fitted, width * share / 20, count) for share in range(10, 20))
                return next((even for even in narrower if even is not None), broken), fitted
            fitted -= step
    fitted = floor  # a name longer than all that (a word wider than the line): broken inside it, then smaller
    while True:
        broken = _broken(typed, font, fitted, width, most, inside_words=True)
        if broken is not None:
            return broken, fitted
        if fitted <= 1:
            return _broken(typed, font, fitted, width, len(typed), inside_words=True) or [whole], fitted
        fitted = max(1.0, fitted - step)


_BREAKS = re.compile(r"\S+?-(?=\S)|\S+")  # the pieces a name breaks into: "Hohenzollern-", "Sigmaringen"


def _broken(typed: str, font: str, size: float, width: float, most: int, *, inside_words: bool = False):
    """The typed name on at most `most` lines of `width` at `size`, each cleaned, broken at spaces and after
    hyphens, filling each line in turn; None when it does not fit. With `inside_words`, a word too long for a
    line is broken between its letters."""

    def width_of(text: str) -> float:
        return text_width(clean(text.rstrip(), fallback=True), font, size)

    done: list[str] = []
    current = ""
    for found in _BREAKS.finditer(typed):
        join = " " if found.end() == len(typed) or typed[found.end()].isspace() else ""
        if current and width_of(current + found.group()) > width:
            done.append(current.rstrip())
            current = ""
        current += found.group() + join
        while inside_words and len(current.rstrip()) > 1 and width_of(current) > width:
            cut = next((n for n in range(len(current) - 1, 1, -1) if width_of(current[:n]) <= width), 1)
            done.append(current[:cut])
            current = current[cut:]
    if current.strip():
        done.append(current.rstrip())
    shown = [clean(line, fallback=True) for line in done]
    if len(shown) > most or any(text_width(line, font, size) > width for line in shown):
        return None
    return shown


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 0.75) -> tuple[str, float]:
    """The text and a size to print it at: smaller type first (down to `smallest` of the size), and only
    then shortened, so a name is printed whole wherever it can be."""
    least = size * smallest
    fitted = size
    while fitted > least and text_width(text, font, fitted) > width:
        fitted = max(least, fitted - 0.25)
    return fit(text, font, fitted, width), fitted


def fit(text: str, font: str, size: float, width: float) -> str:
    """Shorten cleaned text with an ellipsis so it fits the width at this font and size. Text that is mostly
    right to left (drawn in visual order) loses its end, which is on the left, so the ellipsis goes there."""
    if width <= 0:
        return ""
    if text_width(text, font, size) <= width:
        return text
    ellipsis_width = text_width("…", font, size)
    strong = [unicodedata.bidirectional(ch) for ch in text]
    rtl = sum(kind in ("R", "AL") for kind in strong) > sum(kind == "L" for kind in strong)

    def part(n: int) -> str:
        return text[len(text) - n :] if rtl else text[:n]

    lo, hi = 0, len(text)
    while lo < hi:  # the longest part that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(part(mid), font, size) + ellipsis_width <= width:
            lo = mid
        else:
            hi = mid - 1
    return "…" + part(lo).lstrip() if rtl else part(lo).rstrip() + "…"


def wrap_chars(text: str, font: str, size: float, width: float) -> list[str]:
    """Split a long unbroken string (a link) into lines that fit the width, breaking after / where it can."""
    lines, current = [], ""
    for ch in text:
        if current and stringWidth(current + ch, font, size) > width:
            cut = current.rfind("/")
            if 0 < cut < len(current) - 1:
                lines.append(current[: cut + 1])
                current = current[cut + 1 :]
            else:
                lines.append(current)
                current = ""
        current += ch
    if current:
        lines.append(current)
    return lines


def build_document(story: list[Flowable], size: tuple[float, float], title: str, *, margin: float = 36) -> bytes:
    """A flowing document (Platypus) with the title and page number in the footer of every page."""
    buffer = io.BytesIO()
    footer = clean(title, fallback=True)

    def on_page(canvas, doc):
        canvas.saveState()
        canvas.setFillColorRGB(0.45, 0.45, 0.45)
        draw(canvas, margin, margin / 2, footer, FONT, 7.5)
        page = gettext("Page %(number)s") % {"number": l10n.number(doc.page)}
        canvas.drawRightString(size[0] - margin, margin / 2, page)
        canvas.restoreState()

    doc = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title="" if title is None else str(title),
        author="Club Director",
        creator="Club Director",
        invariant=1,
    )
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()
