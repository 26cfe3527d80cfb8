"""Write the golden transcripts of the current rules versions: ``PYTHONPATH=src python scripts/golden.py``.

Each game's file ``tests/golden/{game}-v{N}.json.gz`` (N: the game's ``RULES_VERSION``) holds whole games —
every player count, every value of every rule option, the explicit set-ups of the docs and the tests —
bot-played to the end with fixed seeds, and after every action the digest of every seat's view and the
spectator's (``ludoteca.core.digest``), with the final scores. ``tests/golden/rng.json`` pins the seeded
generator (``ludoteca.core.rng``). ``tests/test_golden.py`` replays them all.

A file that exists is never rewritten without ``--force``: a change to a golden file means stored games
would replay differently, which must come with a new rules version (raise ``RULES_VERSION``, keep the old
behaviour under the ``rules_version`` option, and run this script to write the new version's file).
``--check`` only compares (exit status 1 on any difference).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from ludoteca import bots, games  # noqa: E402
from ludoteca.core.digest import record_digests  # noqa: E402
from ludoteca.core.records import GameRecord, parse_record_action, start  # noqa: E402
from ludoteca.core.rng import Rng  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
DIGEST_CHARS = 16
"""Hex characters kept of each seat's digest (64 bits: plenty to notice drift, and the files stay small)."""
MAX_ACTIONS = 5000


def _docs_json(name: str) -> list[dict[str, Any]]:
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, flags=re.S)]


# ---------------------------------------------------------------------------------------------- the cases


def verraeter_cases() -> Iterator[dict[str, Any]]:
    """Every player count and every value of every option at least once (integer options: the bounds,
    the default and the French 6 / no cap; options of later rules versions once they exist), and the worked
    example of the docs played on to the end."""
    definition = games.get("verraeter")
    docs_table = next(b for b in _docs_json("verraeter-rules.md") if "landscapes" in b)
    low = 1 if definition.rules_version < 2 else 3  # version 2 refuses a hand limit below the starting hand
    h, r = "heuristic", "random"
    grid: list[tuple[str, dict[str, Any], list[str]]] = [
        ("3p-2008-defaults", {}, [h, h, h]),
        ("4p-2008-defaults", {}, [h, r, h, r]),
        ("3p-1998", {"edition": 1998}, [r, r, r]),
        ("4p-1998-kontor", {"edition": 1998, "builder_places_kontor": True}, [h, h, h, h]),
        ("4p-hand6-nocap", {"hand_limit": 6, "draw_cap": None}, [h, h, r, h]),
        ("3p-hand6-nocap-1998", {"edition": 1998, "hand_limit": 6, "draw_cap": None}, [h, r, h]),
        (f"3p-hand{low}-cap1-kontor", {"hand_limit": low, "draw_cap": 1, "builder_places_kontor": True}, [h, h, r]),
        ("4p-hand23-cap23", {"hand_limit": 23, "draw_cap": 23}, [r, h, r, h]),
        ("4p-table-from-docs", {"edition": 1998, "landscapes": docs_table}, [h, h, h, r]),
        ("3p-table-from-docs-kontor", {"landscapes": docs_table, "builder_places_kontor": True}, [r, h, h]),
    ]
    if "discard_timing" in definition.options_to_dict(definition.options_from_dict({})):  # from version 2
        grid += [
            ("4p-discard-after", {"discard_timing": "after"}, [h, h, r, h]),
            ("4p-hand6-nocap-after", {"hand_limit": 6, "draw_cap": None, "discard_timing": "after"}, [h] * 4),
            ("3p-1998-after-kontor", {"edition": 1998, "discard_timing": "after", "builder_places_kontor": True},
             [r, h, h]),
        ]
    for i, (name, options, seats) in enumerate(grid):
        yield {"name": name, "options": options, "seed": 100 + i, "seats": seats}
    record = next(b for b in _docs_json("records.md") if b.get("format") == "ludoteca-record")
    yield {"name": "docs-records-worked-example", "record": record, "seats": [h, h, r, h]}
    from verraeter_helpers import example_setup

    setup = example_setup(hands=[[2, 8, 6], [3, 3, 4], [5, 5, 5], [2, 4, 6]], strategy_holder=3, start_player=2)
    yield {
        "name": "tests-example-setup-variant",
        "record": {"game": "verraeter", "options": {"edition": 1998}, "seed": 7, "players": list("ABCD"),
                   "setup": setup},
        "seats": [r, h, h, h],
    }


def kreta_cases() -> Iterator[dict[str, Any]]:
    """Every player count with both ``abbot_blocks_passing`` values, the docs' worked scoring example and a
    set-up on the tests' ladder board, played on to the end."""
    h, r = "heuristic", "random"
    grid: list[tuple[str, dict[str, Any], list[str]]] = [
        ("2p-defaults", {}, [h, h]),
        ("3p-defaults", {}, [h, r, h]),
        ("4p-defaults", {}, [h, h, h, h]),
        ("2p-abbot-passes", {"abbot_blocks_passing": False}, [r, h]),
        ("3p-abbot-passes", {"abbot_blocks_passing": False}, [h, h, h]),
        ("4p-abbot-passes", {"abbot_blocks_passing": False}, [h, r, h, r]),
        ("4p-random", {}, [r, r, r, r]),
    ]
    definition = games.get("kreta")
    if "takeback" in definition.options_to_dict(definition.options_from_dict({})):  # from version 2
        grid += [
            ("2p-takeback-castellan", {"takeback": "castellan"}, [h, r]),
            ("3p-takeback-castellan-abbot-passes", {"takeback": "castellan", "abbot_blocks_passing": False}, [h] * 3),
            ("4p-takeback-castellan", {"takeback": "castellan"}, [h, h, r, h]),
        ]
    for i, (name, options, seats) in enumerate(grid):
        yield {"name": name, "options": options, "seed": 200 + i, "seats": seats}
    setup = next(b for b in _docs_json("kreta-rules.md") if "fort_row" in b)
    yield {
        "name": "docs-kreta-worked-scoring",
        "record": {"game": "kreta", "options": {}, "seed": 0, "players": ["Red", "Blue", "Yellow", "Green"],
                   "setup": setup, "actions": ["castellan"]},
        "seats": [h, h, h, h],
    }
    from kreta_helpers import ladder_setup

    players = [{"villagers": {"t0": 2, "b1": 1}}, {"villagers": {"t7": 2}, "abbot": "b5"}, {"villagers": {"b3": 1}}]
    yield {
        "name": "tests-ladder-setup",
        "record": {"game": "kreta", "options": {"abbot_blocks_passing": False}, "seed": 3, "players": list("XYZ"),
                   "setup": copy.deepcopy(ladder_setup(players))},
        "seats": [h, r, h],
    }


CASES = {"verraeter": verraeter_cases, "kreta": kreta_cases}


# ---------------------------------------------------------------------------------------------- playing


def play_case(game: str, case: dict[str, Any]) -> GameRecord:
    """The case's record, its given actions followed by its bots' until the game ends."""
    definition = games.get(game)
    if "record" in case:
        data = {"format": "ludoteca-record", "version": 1, "actions": [], **case["record"]}
        record = GameRecord.from_dict(data)
    else:
        n = len(case["seats"])
        names = list(definition.seat_names[:n]) or [f"Seat {i + 1}" for i in range(n)]
        record = GameRecord(game, dict(case["options"]), case["seed"], names)
    # the record names its rules version explicitly, as the server stores it
    options = definition.options_from_dict(record.options)
    record.options = definition.options_to_dict(options)
    record.seats = list(case["seats"])
    state = start(definition, record)
    for text in record.actions:
        state.apply(parse_record_action(definition, text))
    seed = Rng(case.get("seed", 0) ^ 0x60_1D)
    players = [bots.replayable(spec, seed.next64() >> 1) for spec in case["seats"]]
    while not state.is_terminal():
        if len(record.actions) >= MAX_ACTIONS:
            raise SystemExit(f"{case['name']}: no end after {MAX_ACTIONS} actions")
        seat = state.current_player()
        action = players[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        record.actions.append(action.to_text())
    return record


def transcript(game: str, name: str, record: GameRecord) -> dict[str, Any]:
    """The golden entry of one record: the record, the digests after each action, the final scores."""
    definition = games.get(game)
    digests: list[str] = []
    state: Any = None
    for now, seats in record_digests(definition, record):
        state = now
        digests.append(" ".join(d[:DIGEST_CHARS] for d in seats))
    return {
        "name": name,
        "record": record.to_dict(),
        "digests": digests,
        "scores": list(state.result().scores),
        "terminal": bool(state.is_terminal()),
    }


def golden_file(game: str) -> dict[str, Any]:
    definition = games.get(game)
    entries = [transcript(game, case["name"], play_case(game, case)) for case in CASES[game]()]
    return {
        "format": "ludoteca-golden",
        "game": game,
        "rules_version": definition.rules_version,
        "digest_chars": DIGEST_CHARS,
        "digests": "per state (the start, then after each action): spectator, seat 0, seat 1, … (ludoteca.core.digest)",
        "transcripts": entries,
    }


def rng_vectors() -> dict[str, Any]:
    """Reference outputs of the seeded generator and of each derived operation the cores use."""
    seeds = [0, 1, 42, 2**63 - 1, 2**64 - 1, 0x6C75646F74656361]
    out: dict[str, Any] = {"format": "ludoteca-rng-vectors", "generator": "SplitMix64", "seeds": {}}
    for seed in seeds:
        entry: dict[str, Any] = {}
        rng = Rng(seed)
        entry["next64"] = [rng.next64() for _ in range(8)]
        rng = Rng(seed)
        entry["below"] = {str(n): [rng.below(n) for _ in range(12)] for n in (1, 2, 3, 4, 6, 7, 12, 100, 2**33 + 1)}
        rng = Rng(seed)
        entry["choice"] = [rng.choice("abcdefg") for _ in range(12)]
        for size in (2, 5, 12, 24, 52):
            rng = Rng(seed)
            deck = list(range(size))
            rng.shuffle(deck)
            entry[f"shuffle{size}"] = deck
        rng = Rng(seed)
        entry["spawn"] = [rng.spawn().next64() for _ in range(3)]
        out["seeds"][str(seed)] = entry
    return out


# ---------------------------------------------------------------------------------------------- files


def path_of(game: str, version: int) -> Path:
    return GOLDEN / f"{game}-v{version}.json.gz"


def write_json(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n"
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode(), mtime=0))  # mtime 0: the same content gives the same bytes
    else:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def read_json(path: Path) -> Any:
    raw = path.read_bytes()
    return json.loads(gzip.decompress(raw) if path.suffix == ".gz" else raw)


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(CASES), help="games to write (default: all)")
    parser.add_argument("--force", action="store_true", help="rewrite a rules version's existing file")
    parser.add_argument("--check", action="store_true", help="only compare with the committed files")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[str, Path, Any]] = [("rng", GOLDEN / "rng.json", rng_vectors)]
    for game in args.games:
        jobs.append((game, path_of(game, games.get(game).rules_version), lambda g=game: golden_file(g)))
    status = 0
    for label, path, make in jobs:
        data = make()
        if path.exists():
            same = read_json(path) == json.loads(json.dumps(data))
            if same:
                print(f"{_shown(path)}: unchanged")
                continue
            if args.check or not args.force:
                print(
                    f"{_shown(path)}: DIFFERS from what the code now plays ({label}). A stored game would "
                    "replay differently: raise the rules version instead (or --force if this is really intended)."
                )
                status = 1
                continue
        elif args.check:
            print(f"{_shown(path)}: missing")
            status = 1
            continue
        write_json(path, data)
        print(f"{_shown(path)}: written ({path.stat().st_size:,} bytes)")
    return status


if __name__ == "__main__":
    sys.exit(main())
