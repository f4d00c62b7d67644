"""The rules engine is a library: importing it must not import Django."""

import subprocess
import sys


def test_importing_the_rules_engine_leaves_django_unimported():
    code = (
        "import sys, importlib, pkgutil, tournaments.rules as r\n"
        "for m in pkgutil.iter_modules(r.__path__):\n"
        "    importlib.import_module('tournaments.rules.' + m.name)\n"
        "print(sorted(n for n in sys.modules if n == 'django' or n.startswith('django.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
