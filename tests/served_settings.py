"""The settings of a real server a test starts (`manage.py serve`, gunicorn, DEBUG off): the app's own,
except that static files need no collectstatic manifest (a fresh clone has none)."""

from clubdirector.settings import *  # noqa: F403

STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405
