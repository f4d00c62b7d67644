"""openpyxl, imported without numpy.

openpyxl imports numpy whenever it can find it, only to accept numpy's number types in a cell; we never
write one. Where numpy is installed (it is in the development environment, for a test's PBN reader, and
may be on a club's server) that import put about 28 MB into every worker. Imported once as a web worker
starts (clubdirector/wsgi.py, asgi.py), with numpy hidden from it for that one import; numpy stays
importable afterwards for whatever else wants it.
"""

import sys


def import_without_numpy() -> None:
    if "openpyxl" in sys.modules or "numpy" in sys.modules:
        return  # too late, or numpy is in use anyway: nothing to save
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` raises ImportError
    try:
        import openpyxl  # noqa: F401
    finally:
        del sys.modules["numpy"]
