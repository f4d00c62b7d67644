"""Django's public API only: no private Django name imported, no write to a model's `_state` or a
prefetch cache, no driver cursor under Django's. The one fenced exception is the SQLite writers' queue
(clubdirector/sqlite/)."""

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
FENCED = ROOT / "clubdirector" / "sqlite"
PRIVATE_ATTRIBUTES = {"_state", "_prefetched_objects_cache", "_result_cache", "_prefetch_done", "fields_cache"}


def _sources():
    for folder in ("tournaments", "clubdirector"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if FENCED not in path.parents and "migrations" not in path.parts:
                yield path


def _offences(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django"):
            found += [f"imports {alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_ATTRIBUTES:
            # Reading `_state.adding` is Django's documented way to tell a new instance; writing is not.
            if isinstance(node.ctx, ast.Store) or node.attr != "_state":
                found.append(f"uses .{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Attribute) and node.attr == "cursor":
            owner = node.value
            if isinstance(owner, ast.Attribute) and owner.attr == "connection":
                found.append(f"opens the driver's own cursor (line {node.lineno})")
    return found


def test_no_private_django_name_anywhere_but_the_fenced_writers_queue():
    offences = {str(path.relative_to(ROOT)): found for path in _sources() if (found := _offences(path))}
    assert offences == {}
