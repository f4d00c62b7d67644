"""Every string a person reads is in the French, German and Dutch catalogues, translated.

makemessages extracts the marked strings from the code and templates as they are now into a copy
of the catalogues; every entry must then have its translation (every plural form), none fuzzy, and
msgfmt must accept each catalogue with its placeholders checked. English is the source language.
"""

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

ROOT = Path(settings.BASE_DIR)
LANGUAGES = ["fr", "de", "nl"]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    locale = tmp_path_factory.mktemp("locale")
    shutil.copytree(ROOT / "locale", locale, dirs_exist_ok=True)
    call_command("makemessages", locale=LANGUAGES, verbosity=0, into=str(locale))
    return locale


def _untranslated(catalogue: polib.POFile) -> list[str]:
    missing = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            missing.append(f"fuzzy: {entry.msgid!r}")
        elif entry.msgid_plural:
            if not entry.msgstr_plural or not all(entry.msgstr_plural.values()):
                missing.append(entry.msgid)
        elif not entry.msgstr:
            missing.append(entry.msgid)
    return missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(extracted, language):
    catalogue = polib.pofile(str(extracted / language / "LC_MESSAGES" / "django.po"))
    assert len(catalogue) > 0
    missing = _untranslated(catalogue)
    assert not missing, f"{len(missing)} messages lack a {language} translation, e.g. {missing[:10]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_compiles_with_its_placeholders(language, tmp_path):
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(po)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def test_the_committed_catalogues_are_what_the_code_marks(extracted):
    """Run `python manage.py makemessages -l fr -l de -l nl` after marking new strings."""
    for language in LANGUAGES:
        committed = {e.msgid for e in polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))}
        now = {e.msgid for e in polib.pofile(str(extracted / language / "LC_MESSAGES" / "django.po"))}
        assert now - committed == set(), f"{language}: not yet in the catalogue: {sorted(now - committed)[:10]}"


def test_no_marked_string_is_commented_out(extracted):
    """A string the code marks whose entry makemessages once commented out (`#~`) is not compiled: the page shows
    it in English ("booby prize" on the standings in French, German and Dutch)."""
    for language in LANGUAGES:
        committed = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
        active = {(e.msgctxt, e.msgid) for e in committed if not e.obsolete}
        now = polib.pofile(str(extracted / language / "LC_MESSAGES" / "django.po"))
        dormant = sorted(e.msgid for e in now if not e.obsolete and (e.msgctxt, e.msgid) not in active)
        assert dormant == [], f"{language}: marked in the code but commented out: {dormant[:10]}"


@pytest.mark.parametrize(
    ("language", "booby", "late"),
    [
        ("fr", "lanterne rouge", "en retard sur le chrono"),
        ("de", "Trostpreis", "hinter der Uhr"),
        ("nl", "poedelprijs", "achter op de klok"),
    ],
)
def test_the_standings_badge_and_the_clock_speak_the_language(language, booby, late):
    from django.utils import translation

    with translation.override(language):
        assert translation.gettext("booby prize") == booby
        assert translation.gettext("behind the clock") == late
