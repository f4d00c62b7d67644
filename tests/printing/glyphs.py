"""What a PDF draws, character by character: which embedded font each shown code is in, the character its text
layer gives for it, and the outline that font carries for it. Read from the PDF's own bytes (pypdf for the
objects, reportlab's TrueType reader for the embedded font programs), so a test sees what a printer prints, not
only the text a reader extracts.
"""

import functools
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject
from reportlab.pdfbase.ttfonts import TTFontFile


@dataclass(frozen=True)
class Drawn:
    """One shown code: the font's base name (subset prefix dropped), the character(s) its ToUnicode map gives,
    and the glyph's outline bytes in the embedded font program (b"" for an empty glyph, None for no font)."""

    font: str
    text: str
    outline: bytes | None


class Program:
    """A TrueType font program (an embedded subset, or a vendored file): the outline its cmap gives a code."""

    def __init__(self, data: bytes, subfont: int = 0, *, embedded: bool = False) -> None:
        self.face = TTFontFile(io.BytesIO(data), validate=0, subfontIndex=subfont)
        self.data = data
        # reportlab writes a subset's cmap as one (1, 0) format 6 table, code -> glyph, which its own reader (for
        # Unicode cmaps) does not read; a vendored file has a Unicode cmap
        self.codes = _format6(self.face.get_table("cmap")) if embedded else self.face.charToGlyph
        self.glyf = self.face.table["glyf"]["offset"]  # from the file's start, in a collection too
        loca = self.face.get_table("loca")
        long = self.face.get_table("head")[50:52] == b"\x00\x01"  # head.indexToLocFormat: 32-bit offsets
        step, scale = (4, 1) if long else (2, 2)
        self.offsets = [int.from_bytes(loca[i : i + step], "big") * scale for i in range(0, len(loca), step)]

    def outline(self, code: int) -> bytes | None:
        """The glyph's bytes in the glyf table (b"" for an empty glyph); None when the cmap has no glyph."""
        glyph = self.codes.get(code)
        if glyph is None or glyph + 1 >= len(self.offsets):
            return None
        return self.data[self.glyf + self.offsets[glyph] : self.glyf + self.offsets[glyph + 1]]


def _format6(cmap: bytes) -> dict[int, int]:
    """A cmap table's format 6 subtable (trimmed table mapping) as code -> glyph."""
    tables = int.from_bytes(cmap[2:4], "big")
    for n in range(tables):
        offset = int.from_bytes(cmap[8 + 8 * n : 12 + 8 * n], "big")
        if int.from_bytes(cmap[offset : offset + 2], "big") == 6:
            first, count = (int.from_bytes(cmap[offset + i : offset + i + 2], "big") for i in (6, 8))
            ids = cmap[offset + 10 : offset + 10 + 2 * count]
            return {first + i: int.from_bytes(ids[2 * i : 2 * i + 2], "big") for i in range(count)}
    raise AssertionError("an embedded subset without reportlab's format 6 cmap")


def same_glyph(drawn: bytes | None, vendored: bytes | None) -> bool:
    """The embedded glyph is the vendored one: the same bytes, or for a composite glyph (its components renumbered
    in the subset) the same length, contour count and bounding box. Never an empty or missing glyph."""
    if not drawn or not vendored:
        return False
    composite = drawn[:2] == b"\xff\xff"
    return drawn[:10] == vendored[:10] and len(drawn) == len(vendored) if composite else drawn == vendored


def outline_of(path: Path, ch: str, subfont: int = 0) -> bytes | None:
    """The outline a vendored font file has for a character: what the drawn glyph must be."""
    return _program(str(path), subfont).outline(ord(ch))


@functools.cache
def _program(path: str, subfont: int) -> Program:
    return Program(Path(path).read_bytes(), subfont)


def _to_unicode(font: DictionaryObject) -> dict[int, str]:
    """The font's ToUnicode map, code -> characters (reportlab writes a character beyond the BMP as its code point,
    "<1F600>", not as UTF-16)."""
    if "/ToUnicode" not in font:
        return {}
    cmap = cast(StreamObject, font["/ToUnicode"].get_object()).get_data().decode("latin-1")
    found = {}
    for section in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", section):
            found[int(code, 16)] = bytes.fromhex(text).decode("utf-16-be") if len(text) % 4 == 0 else chr(int(text, 16))
    return found


@dataclass
class _Font:
    name: str
    unicode: dict[int, str]
    program: Program | None


def _fonts(resources: DictionaryObject, cache: dict[int, _Font]) -> dict[str, _Font]:
    found = {}
    for key, ref in resources.get("/Font", {}).items():
        ident = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        if ident not in cache:
            font = cast(DictionaryObject, ref.get_object())
            program = None
            descriptor = (
                cast(DictionaryObject, font["/FontDescriptor"].get_object()) if "/FontDescriptor" in font else {}
            )
            if "/FontFile2" in descriptor:
                data = cast(StreamObject, descriptor["/FontFile2"].get_object()).get_data()
                program = Program(data, embedded=True)
            cache[ident] = _Font(str(font["/BaseFont"]).split("+")[-1], _to_unicode(font), program)
        found[str(key)] = cache[ident]
    return found


def _walk(reader: PdfReader, stream: Any, resources: DictionaryObject, cache: dict[int, _Font]) -> Iterator[Drawn]:
    fonts = _fonts(resources, cache)
    current: _Font | None = None
    for operands, operator in ContentStream(stream, reader).operations:
        if operator == b"Tf":
            current = fonts[str(operands[0])]
        elif operator in (b"Tj", b"'", b'"', b"TJ"):
            shown = operands[-1] if operator != b"TJ" else operands[0]
            for item in shown if operator == b"TJ" else [shown]:
                if isinstance(item, (bytes, str)) or hasattr(item, "original_bytes"):
                    data = item.original_bytes if hasattr(item, "original_bytes") else bytes(item)
                    assert current is not None, "text shown before any font was set"
                    for code in data:
                        outline = current.program.outline(code) if current.program else None
                        yield Drawn(current.name, current.unicode.get(code, chr(code)), outline)
        elif operator == b"Do":
            xobjects = cast(DictionaryObject, resources["/XObject"].get_object())
            xobject = cast(StreamObject, xobjects[operands[0]].get_object())
            if xobject.get("/Subtype") == "/Form":
                own = cast(DictionaryObject, xobject.get("/Resources", resources).get_object())
                yield from _walk(reader, xobject, own, cache)


def drawn(content: bytes) -> list[Drawn]:
    """Every code the PDF shows, on every page and in every form it places, in drawing order."""
    reader = PdfReader(io.BytesIO(content))
    cache: dict[int, _Font] = {}
    out: list[Drawn] = []
    for page in reader.pages:
        out += _walk(reader, page.get_contents(), cast(DictionaryObject, page["/Resources"].get_object()), cache)
    return out
