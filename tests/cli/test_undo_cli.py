"""``undo`` at the terminal (issue #34 point 3), in every language: a step of one's own turn taken back while
nothing hidden has been shown, the table as it was, the record as if the step had never been made."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from clikit import run
from ludoteca import games
from ludoteca.core.records import GameRecord, start

KRETA = games.get("kreta")
UNDO_WORD = {"en": "undo", "it": "annulla", "fr": "annuler", "de": "zurück"}
UNDONE = {"en": "Step undone.", "it": "Mossa annullata.", "fr": "Coup annulé.", "de": "Schritt zurückgenommen."}


def _keys(seed: int) -> tuple[list[str], list[str], str]:
    """What two players at one keyboard type: random actions until one may begin the Commander's movement,
    that step, ``undo``, the step again and ``undo`` again, then once more a misplaced ``undo``; with the
    actions the record keeps and the step."""
    rng = random.Random(seed)
    state = start(KRETA, GameRecord("kreta", {}, seed, ["A", "B"]))
    keys: list[str] = []
    played: list[str] = []
    last = -1
    assert KRETA.can_undo is not None
    while True:
        p = state.current_player()
        if p != last:
            keys.append("")  # "pass the keyboard": Enter
            last = p
        legal = state.legal_actions()
        steps = [a for a in legal if KRETA.can_undo(state, a)]
        if steps:
            step = str(steps[0].to_text())
            return [*keys, step, "UNDO", step, "UNDO", "UNDO"], played, step
        action = rng.choice(legal)
        keys.append(str(action.to_text()))
        played.append(str(action.to_text()))
        state.apply(action)


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de"])
def test_a_step_undone_at_the_terminal_leaves_the_record_as_if_it_had_never_been_made(
    tmp_path: Path, lang: str
) -> None:
    keys, played, _ = _keys(5)
    path = tmp_path / "game.json"
    typed = [UNDO_WORD[lang] if k == "UNDO" else k for k in keys]
    result = run(
        "play", "kreta", "--seats", "human,human", "--seed", "5", "--record", str(path),
        input="\n".join(typed) + "\n", env={"LANGUAGE": lang},
    )  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out[-3000:]
    assert "Traceback" not in result.output
    assert out.count(UNDONE[lang]) == 2
    assert json.loads(path.read_text())["actions"] == played  # both steps undone: never in the record
    assert UNDO_WORD[lang] in out  # offered among the commands while it may be used
    assert out.count("✗") == 1  # the third undo: nothing of this turn left to undo


def test_english_undo_works_in_every_language(tmp_path: Path) -> None:
    keys, played, _ = _keys(5)
    path = tmp_path / "game.json"
    typed = ["undo" if k == "UNDO" else k for k in keys]
    result = run(
        "play", "kreta", "--seats", "human,human", "--seed", "5", "--record", str(path),
        input="\n".join(typed) + "\n", env={"LANGUAGE": "de"},
    )  # fmt: skip
    assert result.exit_code == 0 and json.loads(path.read_text())["actions"] == played
