"""openpyxl is imported by a web worker's start-up (clubdirector/wsgi.py) without numpy
(tournaments/files/openpyxl_import.py): where numpy is installed, as in the development environment, it
put about 28 MB into every worker."""

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

SCRIPT = """
import sys
import clubdirector.wsgi  # as gunicorn starts a worker
import openpyxl.compat.numbers as numbers
print("numpy loaded by openpyxl:", numbers.NUMPY, "numpy" in sys.modules)
import numpy  # still importable afterwards, for whatever wants it
print("numpy importable:", numpy.__name__ == "numpy")
"""


def test_a_web_worker_starts_with_openpyxl_and_without_numpy():
    pytest.importorskip("numpy")  # only where numpy is installed is there anything to hide
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "clubdirector.settings",
        "DEBUG": "false",
        "SECRET_KEY": "t" * 60,
        "ALLOWED_HOSTS": "testserver",
    }
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.splitlines() == ["numpy loaded by openpyxl: False False", "numpy importable: True"]
