"""The bench's settings: the app's own (the same middleware, database and templates), with the bare
baselines' URLs (bench/urls.py) and their one template (bench/templates) beside the app's."""

from clubdirector.settings import *  # noqa: F403
from clubdirector.settings import BASE_DIR, TEMPLATES

ROOT_URLCONF = "bench.urls"
_dirs = TEMPLATES[0]["DIRS"]
assert isinstance(_dirs, list)  # the app's settings name its template folders in a list
TEMPLATES[0]["DIRS"] = [*_dirs, BASE_DIR / "bench" / "templates"]
