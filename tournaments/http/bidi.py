"""A name's bidi controls never reach the text around it: a guest named "\u202eevil" cannot reverse a page.

Unicode's explicit embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069) change the
direction of everything after them up to the end of the paragraph. A name is typed by anyone (a guest
list, a phone's player, an import), so two things keep one from reaching beyond itself:

- static/css/site.css isolates the elements names print in (`bdi`, table cells, list items, options,
  headings, links, `strong`, `.name`), as <bdi> does: what opens inside them closes at their end.
- This middleware puts every such character in an HTML page in an isolate of its own, FSI ... PDI (U+2068,
  U+2069; an isolate's own opening is closed at once): an override opened inside an isolate ends at its
  PDI, so the character changes nothing at all.
  It reaches what no style can: a name in the middle of a sentence ("%(name)s: round 1"), a page title,
  an attribute (a confirmation's question), a message, the rows the standings write in Python. The name
  still reads as typed, only without the trick.

What is typed loses these characters on the way in (TypedBidiControls, before any view reads a form): the
isolates added on the way out would otherwise come back with every form posted again from a page (a guest
edited, the busy page's "Save again"), and a name would grow at each save.

Legitimate right-to-left names (Arabic, Hebrew) need none of these characters: their letters carry their
direction, and the isolating elements keep them from reordering the figures beside them.
"""

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

from tournaments.rules.names import BIDI_CONTROLS as CONTROLS  # the one list, also cleaned out of names

# The same, as UTF-8 bytes: a page is searched as bytes, once (a big standings page is 3 MB).
CONTROLS_BYTES = re.compile(rb"\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")
INITIATORS = "\u2066\u2067\u2068"  # LRI, RLI, FSI: closed at once by a PDI, they isolate nothing
FSI, PDI = "\u2068", "\u2069"


def _inert(control: str) -> str:
    # An embedding or override (or a stray PDI) in an isolate of its own ends at that isolate's PDI.
    return control + PDI if control in INITIATORS else FSI + control + PDI


def inert(text: str) -> str:
    """The text with each bidi control made inert, where it changes nothing."""
    return CONTROLS.sub(lambda m: _inert(m[0]), text)


def inert_bytes(content: bytes) -> bytes:
    return CONTROLS_BYTES.sub(lambda m: _inert(m[0].decode()).encode(), content)


class IsolateBidiControls:
    """Every HTML page's bidi controls made inert (the page is rewritten only when it holds one)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if (
            isinstance(response, HttpResponse)  # not streamed: every other answer is an HttpResponse
            and response.get("Content-Type", "").startswith("text/html")
            and CONTROLS_BYTES.search(response.content)
        ):
            response.content = inert_bytes(response.content)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response


class TypedBidiControls:
    """A posted form's values without bidi controls (a file's own bytes are not touched)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method == "POST" and any(CONTROLS.search(v) for _k, vs in request.POST.lists() for v in vs):
            cleaned = request.POST.copy()
            for key, values in cleaned.lists():
                cleaned.setlist(key, [CONTROLS.sub("", value) for value in values])
            cleaned._mutable = False
            request.POST = cleaned  # type: ignore[assignment]  # immutable as set above; the stubs know only QueryDict(mutable=False) as that
        return self.get_response(request)
