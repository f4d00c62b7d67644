"""Where the repository is, for the tests that read its files or start its server: one place, so a test
can live at any depth of tests/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
