"""
ASGI config for clubdirector project.

It exposes the ASGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/asgi/
"""

import os

from django.core.asgi import get_asgi_application

from tournaments.files.openpyxl_import import import_without_numpy

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubdirector.settings")
# Before any view imports openpyxl: about 28 MB less in every worker where numpy is installed (only the
# web servers: a management command that never writes a workbook need not load it at all).
import_without_numpy()

application = get_asgi_application()
