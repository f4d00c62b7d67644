"""What a page needs besides itself, in as few requests as a guest's phone on slow party Wi-Fi can afford.

The table's phone opens in two requests: the page, with its styles inline and the site's icon as a data:
address (the tab's icon and the header's picture are one image, asked for by neither), and one script,
`static/phone/app.js`, the four scripts the phone runs in the order the other pages load them. That file
is built from its sources (`python -m tournaments.presentation.page_assets`, run by `make phone-bundle`)
and kept in the repository, so whitenoise serves it as any static file: a name that changes with its
content, cached for a year, kept by the phone's service worker. A test fails when it differs from its
sources, so an edit to one of them cannot ship without it.
"""

import base64
import sys
from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.utils.safestring import SafeString, mark_safe

# The phone's scripts, in the order base.html loads them for every other page (each runs in its own scope).
PHONE_SCRIPTS = ("js/names.js", "js/site.js", "js/live.js", "phone/phone.js")
PHONE_BUNDLE = "phone/app.js"
PHONE_STYLES = ("css/site.css", "css/names.css")
ICON = "icons/icon-32.png"


def _static_file(name: str) -> Path:
    found = finders.find(name)
    if not isinstance(found, str):
        raise FileNotFoundError(f"static file {name} not found")
    return Path(found)


def phone_bundle_text() -> str:
    """The bundle as built from its sources now (what `static/phone/app.js` must hold)."""
    parts = [f"/* {name} */\n{_static_file(name).read_text(encoding='utf-8').rstrip()}\n" for name in PHONE_SCRIPTS]
    head = "/* Built from the files named below by tournaments/presentation/page_assets.py: edit those. */\n"
    return head + ";\n".join(parts)


@cache
def phone_styles() -> SafeString:
    """The phone's style sheets as one <style> element (the site's CSP allows inline styles)."""
    text = "\n".join(_static_file(name).read_text(encoding="utf-8") for name in PHONE_STYLES)
    return mark_safe("<style>\n" + text.replace("</", "<\\/") + "</style>")  # our own files, nothing typed


@cache
def icon_address() -> str:
    """The site's small icon as a data: address (the CSP allows data: images): no request of its own."""
    return "data:image/png;base64," + base64.b64encode(_static_file(ICON).read_bytes()).decode("ascii")


def build(root: Path) -> Path:
    """Write the phone's bundle into the repository's static folder (where `make phone-bundle` puts it)."""
    target = root / "static" / PHONE_BUNDLE
    target.write_text(phone_bundle_text(), encoding="utf-8")
    return target


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubdirector.settings")
    django.setup()
    print(f"wrote {build(Path(sys.argv[1] if len(sys.argv) > 1 else '.'))}")
