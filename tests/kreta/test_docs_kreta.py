"""docs/kreta-rules.md is real: its set-up example scores as it says, its notation table parses."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludoteca.kreta import KretaOptions, action_from_json, from_setup, parse_action

DOC = Path(__file__).resolve().parents[2] / "docs" / "kreta-rules.md"


def test_the_setup_example_is_the_worked_example() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, flags=re.S)]
    setups = [b for b in blocks if "players" in b]
    assert setups, "docs/kreta-rules.md has a complete set-up example"
    state = from_setup(KretaOptions(), 4, 4, setups[0])
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.province_vp == (5, 7, 7, 2)
    assert view.to_act == 3 and view.phase == "play"


def test_the_notation_table_parses_both_ways() -> None:
    section = DOC.read_text(encoding="utf-8").split("## Actions in notation")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `([^`]+)`(?: / `([^`]+)`)? \| `(\{.*?\})`", section, flags=re.M)
    assert len(rows) >= 12
    for text, _, obj in rows:
        action = parse_action(text)
        assert action_from_json(json.loads(obj)) == action
        assert action.to_text() == text
