"""``docs/rl.md`` shows the encodings as they are: its tables are what ``scripts/rl_docs.py`` prints."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_docs", ROOT / "scripts" / "rl_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_tables_are_current() -> None:
    script = _script()
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert script.BEGIN in doc and script.END in doc
    assert script.with_tables(doc) == doc, "regenerate: .venv/bin/python scripts/rl_docs.py --write"


def test_every_slot_block_has_a_meaning() -> None:
    tables = _script().tables()
    rows = [line for line in tables.splitlines() if line.startswith("| ") and "`" in line and "slots" not in line]
    slot_rows = [r for r in rows if r.count("|") == 7]
    assert slot_rows
    for row in slot_rows:
        assert row.split("|")[-2].strip(), f"no meaning given: {row}"
