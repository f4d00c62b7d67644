"""Small helpers shared by the builders: page sizes, file names, words for seats, text the font can print."""

import io
import re
import unicodedata
from datetime import date

from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import SimpleDocTemplate

from tournaments.printing.fonts import FONT, printable

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

PAGE_SIZES = {"a4": A4, "letter": letter}

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
VULNERABLE_WORDS = {"none": "Neither", "NS": "N–S", "EW": "E–W", "both": "Both"}
SIDE_WORDS = {"NS": "N–S", "EW": "E–W"}
KIND_WORDS = {"lady": "Lady", "gentleman": "Gentleman"}
KIND_MARKS = {"lady": "LADY", "gentleman": "GENTLEMAN"}

_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# Shown for a character the embedded font has no glyph for (Chinese, Japanese, Korean…): visible,
# never a silent "?".
MISSING = "\u25a1"


def page_size(name: str) -> tuple[float, float]:
    """ "A4" or "letter" (any case) in points, portrait."""
    try:
        return PAGE_SIZES[str(name).lower()]
    except KeyError:
        raise ValueError(f'page size must be "A4" or "letter", not {name!r}') from None


def clean(text: object) -> str:
    """Text as typed, for the embedded Unicode font; a character it cannot draw shows as a white square."""
    text = "" if text is None else str(text)
    return "".join(ch if ch in "\n\t" or printable(ch) else MISSING for ch in text)


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:60].strip("-") or "party"


def filename(party_name: str, what: str, extension: str) -> str:
    """ "Spring Party", "tallies", "pdf" -> "spring-party-tallies.pdf"."""
    return f"{slug(party_name)}-{what}.{extension}"


def long_date(day: date | None) -> str:
    if day is None:
        return ""
    return f"{_DAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def signed(value: int | None) -> str:
    """A round result as printed: "+400", "−1,000" (the true minus sign, as on the pages), "0"; "" for none."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value:,}"
    if value < 0:
        return f"\u2212{-value:,}"
    return "0"


def seat_word(seat: str) -> str:
    return SEAT_WORDS.get(seat, seat or "")


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 0.75) -> tuple[str, float]:
    """The text and a size to print it at: smaller type first (down to `smallest` of the size), and only
    then shortened, so a name is printed whole wherever it can be."""
    least = size * smallest
    fitted = size
    while fitted > least and stringWidth(text, font, fitted) > width:
        fitted = max(least, fitted - 0.25)
    return fit(text, font, fitted, width), fitted


def fit(text: str, font: str, size: float, width: float) -> str:
    """Shorten text with an ellipsis so it fits the width at this font and size."""
    if width <= 0:
        return ""
    if stringWidth(text, font, size) <= width:
        return text
    ellipsis_width = stringWidth("…", font, size)
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if stringWidth(text[:mid], font, size) + ellipsis_width <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


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


def build_document(story: list, size: tuple[float, float], title: str, *, margin: float = 36) -> bytes:
    """A flowing document (Platypus) with the title and page number in the footer of every page."""
    buffer = io.BytesIO()
    footer = clean(title)

    def on_page(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.setFillColorRGB(0.45, 0.45, 0.45)
        canvas.drawString(margin, margin / 2, footer)
        canvas.drawRightString(size[0] - margin, margin / 2, f"Page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title=footer,
        author="Club Director",
        creator="Club Director",
        invariant=1,
    )
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()
