"""Compiles the translation catalogues (locale/<lang>/LC_MESSAGES/django.po -> .mo).

`make` runs it (so `make run`, `make test` and CI always have fresh catalogues), and so does the
test suite's start. polib does it in pure Python: no gettext tools are needed to run the site.

    python -m clubdirector.catalogues
"""

from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """The catalogues compiled now (those whose .mo was missing or older than the .po)."""
    made = []
    for po_path in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        made.append(mo_path)
    return made


if __name__ == "__main__":
    for path in compile_all():
        print(f"compiled {path.relative_to(LOCALE.parent)}")
