"""The Verräter rules a player can read (terminal ``rules``, the web rules page, the shipped VP table) say
what the specification says on the points of issue #14."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TERMINAL = (ROOT / "src/ludoteca/present/verraeter/rules.md").read_text(encoding="utf-8")
WEB = (ROOT / "docs/verraeter-rules.md").read_text(encoding="utf-8")
TABLE = json.loads(resources.files("ludoteca.verraeter").joinpath("data/landscapes.json").read_text(encoding="utf-8"))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_final_round_always_ends_after_phase_ten() -> None:
    # Seeds 000 and 003: the final round ends with phase 10, also when one house holds every landscape.
    for text in (_flat(TERMINAL), _flat(WEB)):
        assert "at once when one house" not in text
        assert "phase 10" in text.split("## Final scoring")[0].split("12.")[-1]


def test_the_diplomat2_draws_last_and_the_pile_is_reshuffled_when_it_runs_out() -> None:
    for text in (_flat(TERMINAL), _flat(WEB)):
        assert re.search(r"[Ll]ast of all.{0,80}Diplomat \+2", text)
        assert "as soon as the draw pile runs out" in text.lower()
        assert "Whenever a card must be drawn from an empty draw pile" not in text


def test_limits_are_base_rules_of_the_italian_texts_not_the_2008_update() -> None:
    web = _flat(WEB)
    assert "Italian 2008 text" not in web
    assert "base rules of the Italian texts" in web
    assert "discard_timing" in web and "discard_timing" in TERMINAL


def test_every_value_names_its_source() -> None:
    web = _flat(WEB)
    assert "published German review" in web and "project's reconstruction" in web
    assert "VP IV" in web and "## Rules versions" in web
    source = TABLE["source"]
    assert "review" in source and "Fluss I = 5" in source and "Stadt III = 4" in source
    assert all(len(entry["vp"]) == 4 for entry in TABLE["landscapes"].values())
    assert "four winning players" in _flat(TERMINAL)
