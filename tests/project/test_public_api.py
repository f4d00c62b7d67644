"""Django's public API only: no private Django name imported, no write to a model's `_state` or a
prefetch cache, no driver cursor under Django's. The one fenced exception is the SQLite writers' queue
(clubdirector/sqlite/)."""

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
FENCED = ROOT / "clubdirector" / "sqlite"
PRIVATE_ATTRIBUTES = {
    "_state",
    "_prefetched_objects_cache",
    "_result_cache",
    "_prefetch_done",
    "fields_cache",
    # Django's internals met so far; `_meta`, `_default_manager` and `_base_manager` are documented.
    "_queued_messages",
    "_loaded_messages",
    "_messages",
    "_known_related_objects",
    "_iterable_class",
    "_hints",
    "_db",
    "_for_write",
    "_sticky_filter",
    "_cache",
    "_wrapped",
    "_setupfunc",
    "_proxy____cast",
    "_container",
    "_headers",
    "_closable_objects",
    "_get_response",
    "_middleware_chain",
}


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
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in PRIVATE_ATTRIBUTES - {"_state"}
        ):
            found.append(f"names .{node.value} in a string, for getattr (line {node.lineno})")
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


def test_the_scan_catches_a_private_attribute_read_plainly_or_by_getattr(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "queued = storage._queued_messages\n"
        'queued = getattr(storage, "_queued_messages", [])\n'
        "rows = queryset._result_cache\n"
        "fine = Model._meta, Model._default_manager, Model._base_manager, obj._state.adding\n",
        encoding="utf-8",
    )
    assert sorted(_offences(sample)) == [
        "names ._queued_messages in a string, for getattr (line 2)",
        "uses ._queued_messages (line 1)",
        "uses ._result_cache (line 3)",
    ]
