"""reportlab runs with its C accelerator (rl_accel, in requirements.txt), not its pure-Python fallbacks:
each function reportlab would take from the accelerator comes from it."""

import pytest
from reportlab.lib import rl_accel

ACCELERATED = (
    "fp_str",
    "unicode2T1",
    "instanceStringWidthT1",
    "instanceStringWidthTTF",
    "asciiBase85Encode",
    "escapePDF",
    "calcChecksum",
    "add32",
    "hex32",
    "sameFrag",
)


@pytest.mark.parametrize("name", ACCELERATED)
def test_reportlab_takes_the_function_from_the_accelerator(name: str) -> None:
    assert getattr(rl_accel, name).__module__ == "_rl_accel", f"{name} is reportlab's pure-Python fallback"


def test_the_accelerated_number_format_is_what_reportlab_writes() -> None:
    assert rl_accel.fp_str(1.5, 2.25, 10) == "1.5 2.25 10"
