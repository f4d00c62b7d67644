"""The fonts every PDF embeds: DejaVu Sans Condensed (vendored in static/fonts with its licence).

A Unicode TrueType font, so Latin of every European language, Greek and Cyrillic print exactly as
typed (the standard PDF fonts know only one Western code page), and the true minus sign too. The
condensed cut is about as wide as Helvetica, so names fit the cards' columns as they did.
"""

from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONTS_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT, FONT_BOLD, FONT_ITALIC = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Oblique"

for _name in (FONT, FONT_BOLD, FONT_ITALIC):
    if _name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(_name, str(FONTS_DIR / f"{_name}.ttf")))
# <b> and <i> in Paragraph markup pick the family's bold and oblique faces.
addMapping(FONT, 0, 0, FONT)
addMapping(FONT, 1, 0, FONT_BOLD)
addMapping(FONT, 0, 1, FONT_ITALIC)
addMapping(FONT, 1, 1, FONT_BOLD)

_FACE = pdfmetrics.getFont(FONT).face


def printable(ch: str) -> bool:
    """True when the font has a glyph for the character."""
    return ord(ch) in _FACE.charToGlyph
