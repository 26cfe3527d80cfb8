"""Golden transcripts: every committed game replays to the same views, action by action, under its rules version.

The files in ``tests/golden`` are written by ``scripts/golden.py`` (see ``tests/golden/README.md``). A failure
here means a stored game or a shared record would now play differently: name the record, the action and the
seat, and either fix the change or make it a new rules version.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca import games
from ludoteca.core.digest import record_digests
from ludoteca.core.records import GameRecord

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
FILES = [(name, v) for name in games.names() for v in range(1, games.get(name).rules_version + 1)]


def _read(path: Path) -> Any:
    return json.loads(gzip.decompress(path.read_bytes()))


def _seat(index: int, players: list[str]) -> str:
    return "the spectator" if index == 0 else f"seat {index - 1} ({players[index - 1]})"


def test_every_rules_version_has_its_golden_file() -> None:
    for name in games.names():
        for version in range(1, games.get(name).rules_version + 1):
            path = GOLDEN / f"{name}-v{version}.json.gz"
            assert path.exists(), f"{path.name} is missing: run scripts/golden.py"
            data = _read(path)
            assert (data["game"], data["rules_version"]) == (name, version)
            assert data["transcripts"], path.name
            for entry in data["transcripts"]:
                assert entry["record"]["options"]["rules_version"] == version, entry["name"]


@pytest.mark.parametrize(("game", "version"), FILES, ids=[f"{g}-v{v}" for g, v in FILES])
def test_golden_transcripts_replay_exactly(game: str, version: int) -> None:
    data = _read(GOLDEN / f"{game}-v{version}.json.gz")
    chars = data["digest_chars"]
    definition = games.get(game)
    for entry in data["transcripts"]:
        where = f"{game}-v{version} record {entry['name']!r}"
        record = GameRecord.from_dict(entry["record"])
        expected = entry["digests"]
        assert len(expected) == len(record.actions) + 1, where
        state: Any = None
        for n, (now, seats) in enumerate(record_digests(definition, record)):
            state = now
            got = [d[:chars] for d in seats]
            want = expected[n].split()
            if got != want:
                seat = next(i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
                moment = "at the set-up" if n == 0 else f"after action #{n} {record.actions[n - 1]!r}"
                pytest.fail(f"{where}: {_seat(seat, record.players)} sees something else {moment}")
        assert list(state.result().scores) == entry["scores"], f"{where}: final scores"
        assert bool(state.is_terminal()) == entry["terminal"], where


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_script_never_rewrites_a_version_file_without_force(tmp_path: Path, monkeypatch: Any) -> None:
    script = _script()
    small = next(case for case in script.kreta_cases() if case["name"] == "docs-kreta-worked-scoring")
    monkeypatch.setattr(script, "GOLDEN", tmp_path)
    monkeypatch.setattr(script, "CASES", {"kreta": lambda: iter([small])})
    assert script.main(["kreta"]) == 0
    path = tmp_path / f"kreta-v{games.get('kreta').rules_version}.json.gz"
    written = _read(path)
    assert [t["name"] for t in written["transcripts"]] == ["docs-kreta-worked-scoring"]
    assert script.main(["kreta", "--check"]) == 0
    written["transcripts"][0]["digests"][3] = "changed"
    path.write_bytes(gzip.compress(json.dumps(written).encode()))
    assert script.main(["kreta"]) == 1 and script.main(["kreta", "--check"]) == 1
    assert _read(path)["transcripts"][0]["digests"][3] == "changed"
    assert script.main(["kreta", "--force"]) == 0
    assert script.main(["kreta", "--check"]) == 0


def test_the_seeded_generator_matches_its_reference_vectors() -> None:
    script = _script()
    pinned = json.loads((GOLDEN / "rng.json").read_text(encoding="utf-8"))
    now = json.loads(json.dumps(script.rng_vectors()))
    for seed, vectors in pinned["seeds"].items():
        for operation, values in vectors.items():
            assert now["seeds"][seed][operation] == values, f"Rng({seed}).{operation} changed"


def test_the_golden_files_stay_small() -> None:
    total = sum(p.stat().st_size for p in GOLDEN.iterdir())
    assert total < 3_000_000


@pytest.mark.parametrize("game", games.names())
def test_the_newest_golden_file_plays_every_value_of_every_lobby_option(game: str) -> None:
    """A rule option nobody has a golden game of could change unseen: each value the lobby offers (and both
    values of a yes/no option) is played by at least one transcript of the current rules version."""
    definition = games.get(game)
    data = _read(GOLDEN / f"{game}-v{definition.rules_version}.json.gz")
    played = {
        (key, json.dumps(value))
        for entry in data["transcripts"]
        for key, value in definition.options_to_dict(definition.options_from_dict(entry["record"]["options"])).items()
    }
    for option in games.plugin(game).lobby_options:
        values = (True, False) if option.kind == "bool" else option.choices
        for value in values:
            assert (option.key, json.dumps(value)) in played, f"no golden {game} game with {option.key}={value!r}"
