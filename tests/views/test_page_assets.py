"""The table's phone opens in two requests (tournaments/presentation/page_assets.py): the page, its styles
inline and its icon a data: address, and one script built from the phone's four."""

import base64
import re

import pytest
from django.contrib.staticfiles import finders

from tests.conftest import make_party
from tests.paths import ROOT
from tournaments.models import TableToken
from tournaments.presentation import page_assets

pytestmark = pytest.mark.django_db


def test_the_phones_bundle_in_the_repository_is_built_from_its_sources():
    kept = (ROOT / "static" / "phone" / "app.js").read_text(encoding="utf-8")
    assert kept == page_assets.phone_bundle_text(), "run `make phone-bundle` and commit static/phone/app.js"
    for name in page_assets.PHONE_SCRIPTS:  # every source whole, in the order base.html loads them
        source = (ROOT / "static" / name).read_text(encoding="utf-8").rstrip()
        assert source in kept
    starts = [kept.index(f"/* {name} */") for name in page_assets.PHONE_SCRIPTS]
    assert starts == sorted(starts)


def test_the_phones_page_asks_for_one_script_and_nothing_else(client):
    party = make_party(tables=1)
    token = TableToken.objects.get(party=party, table=1)
    html = client.get(f"/t/{token.token}/").content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert scripts == ["/static/phone/app.js"]
    assert not re.search(r'<link rel="stylesheet"', html)  # the styles are in the page
    site_css = (ROOT / "static" / "css" / "site.css").read_text(encoding="utf-8")
    assert "<style>" in html and site_css.strip().splitlines()[-1] in html
    icon = base64.b64encode((ROOT / "static" / "icons" / "icon-32.png").read_bytes()).decode()
    # The tab's icon and the header's picture: one image, in the page, asked for by neither.
    assert html.count(f"data:image/png;base64,{icon}") == 2 and "icon-32.png" not in html
    assert re.findall(r'<link rel="manifest" href="([^"]+)"', html) == [f"/t/{token.token}/manifest.webmanifest"]


def test_every_other_page_keeps_its_own_files(client_in):
    html = client_in.get("/").content.decode()
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    assert "phone/app.js" not in html and "<style>" not in html


def test_the_bundles_sources_are_found_by_django_as_static_files():
    for name in (*page_assets.PHONE_SCRIPTS, *page_assets.PHONE_STYLES, page_assets.ICON, page_assets.PHONE_BUNDLE):
        assert finders.find(name), name
