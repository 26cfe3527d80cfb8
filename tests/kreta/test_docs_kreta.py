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


RULES = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "present" / "kreta" / "rules.md"


def _castellan(text: str) -> str:
    """The Castellan's paragraph of a rules text (from its bold name to the next card or heading)."""
    start = text.index("**Castellan")
    ends = [i for i in (text.find("\n#", start), text.find("\n- **", start + 1)) if i > 0]
    return text[start : min(ends)]


def test_both_rules_texts_give_the_seeds_order_at_a_scoring() -> None:
    """Seed 004: score, every player takes cards back, then the Castellan's player turns the fort card face
    down, turns up the next and keeps or replaces it (the terminal text and the web page's docs alike)."""
    for path in (DOC, RULES):
        para = " ".join(_castellan(path.read_text(encoding="utf-8")).split())
        back = para.index("back into")
        assert back < para.index("face down") < para.index("keeps"), path
        assert "takeback" in para, path  # the option is named where the rule is


def test_the_rules_versions_are_documented() -> None:
    from ludoteca.kreta import RULES_VERSION

    section = DOC.read_text(encoding="utf-8").split("## Rules versions")[1].split("\n## ")[0]
    for version in range(1, RULES_VERSION + 1):
        assert f"**{version}**" in section
