"""A table result's history: stored as English codes, shown in the reader's language."""

import pytest
from django.utils import translation

from tournaments.presentation.history import change_action, result_status


@pytest.mark.parametrize(
    "language, action, shown",
    [
        ("en-gb", "deal 3 accepted by EW", "deal 3 accepted by E–W"),
        ("fr", "deal 3 accepted by EW", "donne 3 acceptée par E–O"),
        ("de", "NS agreed", "N–S einverstanden"),
        ("nl", "undone", "ongedaan gemaakt"),
        ("fr", "something from an old file", "something from an old file"),
    ],
)
def test_a_change_reads_in_the_readers_language(language, action, shown):
    with translation.override(language):
        assert change_action(action) == shown


def test_a_status_reads_in_the_readers_language():
    with translation.override("fr"):
        assert result_status("agreed") == "Accepté"
        assert result_status("mystery") == "mystery"
