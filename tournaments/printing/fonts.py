"""The fonts every PDF embeds, all vendored in static/fonts with their licences: DejaVu Sans Condensed, and
WenQuanYi Micro Hei for Chinese, Japanese and Korean.

DejaVu is a Unicode TrueType font, so Latin of every European language, Greek and Cyrillic print exactly as
typed (the standard PDF fonts know only one Western code page), and the true minus sign too. The
condensed cut is about as wide as Helvetica, so names fit the cards' columns as they did. DejaVu also has
Hebrew and Arabic (common.clean reorders and shapes them); Chinese, Japanese and Korean take the vendored
fallback font (below). A character neither has (an emoji, a rare script) prints as a visible white square, and
the print page names the guest beforehand (common.unprintable, the one rule both use).

Arabic is drawn in its joined letters (presentation forms); each font's text layer (its ToUnicode map) gives
the letters as typed for them, so a reader's search and copy find "سارة أحمد", not the joined forms.
"""

import unicodedata
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import SUBSETN, TTFont, makeToUnicodeCMap

FONTS_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT, FONT_BOLD, FONT_ITALIC = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Oblique"


def _typed(code: int) -> str:
    """The characters a drawn character stands for in the text layer: an Arabic joined form (presentation
    forms A and B) its letters as typed (U+FEE3, initial meem, is U+0645; the lam-alef ligature two letters);
    any other character itself."""
    ch = chr(code)
    if 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF:
        return unicodedata.normalize("NFKC", ch) or ch
    return ch


def typed_cmap(font_name: str, subset: list[int]) -> str:
    """reportlab's ToUnicode map of a font subset, each code mapped to the characters `_typed` gives."""
    lines = makeToUnicodeCMap(font_name, subset).split("\n")
    start = next(i for i, line in enumerate(lines) if line.endswith("beginbfchar"))
    end = lines.index("endbfchar")
    pairs = [f"<{i:02X}> <{_typed(code).encode('utf-16-be').hex().upper()}>" for i, code in enumerate(subset)]
    return "\n".join([*lines[: start + 1], *pairs, *lines[end:]])


class TypedTTFont(TTFont):
    """A TrueType font whose text layer gives Arabic as typed (see `typed_cmap`); drawn as any TTFont."""

    def addObjects(self, doc):
        state = self.state.get(doc)  # read first: TTFont.addObjects drops the document's state when done
        subsets = [list(subset) for subset in state.subsets] if state is not None else []
        super().addObjects(doc)
        for n, subset in enumerate(subsets):
            # each subset's base font name and its map's key, as TTFont.addObjects makes them
            base = b"".join((SUBSETN(n), b"+", self.face.name, self.face.subfontNameX)).decode("pdfdoc")
            doc.idToObject["toUnicodeCMap:" + base].content = typed_cmap(base, subset)


for _name in (FONT, FONT_BOLD, FONT_ITALIC):
    if _name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TypedTTFont(_name, str(FONTS_DIR / f"{_name}.ttf")))
# <b> and <i> in Paragraph markup pick the family's bold and oblique faces.
addMapping(FONT, 0, 0, FONT)
addMapping(FONT, 1, 0, FONT_BOLD)
addMapping(FONT, 0, 1, FONT_ITALIC)
addMapping(FONT, 1, 1, FONT_BOLD)


def _char_map(name: str) -> dict[int, int]:
    """A registered font's map of code point -> glyph. Every font here is registered as a TTFont (above and in
    fallbacks()), so getFont, typed as returning any Font, gives a TTFont."""
    font = pdfmetrics.getFont(name)
    assert isinstance(font, TTFont), f"{name} is registered as a TrueType font"
    return font.face.charToGlyph


_CHARS = _char_map(FONT)


def printable(ch: str) -> bool:
    """True when the font has a glyph for the character."""
    return ord(ch) in _CHARS


# --- the fallback font for Chinese, Japanese and Korean ------------------------------------------------------
# DejaVu has no CJK glyphs: WenQuanYi Micro Hei (vendored beside it, Apache 2.0) draws them: Chinese (all of
# the unified ideographs), Japanese kana and Korean Hangul, in TrueType outlines (reportlab embeds nothing
# else, so a CFF font such as Noto Sans CJK will not do). Droid Sans Fallback, the font it grew from, lacks
# Hangul. Only the repo's own fonts: what prints never depends on what the machine has installed. The file is
# a collection (.ttc); its first face is the proportional one. Registered when a character first needs it:
# most printouts have no CJK name, and a worker keeps it once read.
FALLBACK_FILES = ((FONTS_DIR / "WenQuanYiMicroHei.ttc", 0),)

_fallbacks: list[tuple[str, dict]] | None = None  # (registered name, its character map), read on first need


def fallbacks() -> list[tuple[str, dict]]:
    """The fallback fonts, registered with reportlab once per process (when first needed)."""
    global _fallbacks
    if _fallbacks is None:
        found = []
        for path, index in FALLBACK_FILES:
            name = "Fallback-" + path.stem
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, str(path), subfontIndex=index))
            found.append((name, _char_map(name)))
        _fallbacks = found
    return _fallbacks


_glyph_maps: dict[str, dict] = {}


def glyph_map(font: str) -> dict:
    """The registered font's map of the characters it has a glyph for (code point -> glyph)."""
    glyphs = _glyph_maps.get(font)
    if glyphs is None:
        glyphs = _glyph_maps[font] = _char_map(font)
    return glyphs


def has_glyph(font: str, ch: str) -> bool:
    """True when the registered font `font` has a glyph for the character."""
    return ord(ch) in glyph_map(font)


def fallback_for(ch: str) -> str | None:
    """The fallback font that draws this character, or None (printable characters never need one)."""
    if ch.isspace() or printable(ch):
        return None
    code = ord(ch)
    for name, glyphs in fallbacks():
        if code in glyphs:
            return name
    return None
