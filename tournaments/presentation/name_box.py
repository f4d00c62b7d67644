"""A person's name on screen as one box (static/css/names.css, static/js/names.js).

The box wraps only between words (never "Maximilia/n"); a word wider than its place is shrunk to a readable
size, then cut with an ellipsis that a tap (or Enter) opens to the whole name. Chinese, Japanese and Korean
names are written without spaces and break between characters, as their readers expect: the box says so with
the class `cjk`, which keeps the browser's own line breaking for them (`word-break: keep-all` would not).
"""

import re
from html import escape

# Han, kana, hangul (jamo, compatibility jamo and syllables), and the CJK compatibility ideographs.
CJK = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def person_css(name: str) -> str:
    """The box's classes for this name."""
    return "person cjk" if CJK.search(name) else "person"


def person_html(name: str, escaped: str | None = None) -> str:
    """The name in its box (`escaped`: the name already escaped, when the caller has it)."""
    text = escape(name) if escaped is None else escaped
    return f'<bdi class="{person_css(name)}">{text}</bdi>'
