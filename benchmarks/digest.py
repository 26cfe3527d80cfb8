"""The cost per action of the view digests the server stores with every action (``ludoteca.core.digest``).

Usage::

    PYTHONPATH=src .venv/bin/python benchmarks/digest.py [--repeat 5]

Replays the golden transcripts' games (``tests/golden``, bot-played to the end, every player count) and
times, per action, what the server adds to an accepted action: ``clone()`` + ``apply()`` of the prepared
state, every seat's and the spectator's ``view()``, and the chained digest of those views. The digest alone
(views built beforehand) is given separately, and per chain. The best of ``--repeat`` runs is reported
(on a shared machine the minimum is the least disturbed figure).
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import sys
import time
from pathlib import Path

from ludoteca import games
from ludoteca.core.digest import GameDigest
from ludoteca.core.records import GameRecord, parse_record_action, start

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def measure(game: str, repeat: int) -> dict[int, dict[str, float]]:
    definition = games.get(game)
    data = json.loads(gzip.decompress((GOLDEN / f"{game}-v{definition.rules_version}.json.gz").read_bytes()))
    by_players: dict[int, list[GameRecord]] = {}
    for entry in data["transcripts"]:
        record = GameRecord.from_dict(entry["record"])
        if record.setup is None:
            by_players.setdefault(len(record.players), []).append(record)
    out: dict[int, dict[str, float]] = {}
    for players, records in sorted(by_players.items()):
        runs: dict[str, list[float]] = {"apply": [], "views": [], "digest": [], "step": []}
        for _ in range(repeat):
            totals = dict.fromkeys(runs, 0.0)
            actions = 0
            for record in records:
                parsed = [parse_record_action(definition, text) for text in record.actions]
                state = start(definition, record)
                chains = GameDigest(players)
                chains.update(state.view)
                for action in parsed:
                    t0 = time.perf_counter()
                    after = state.clone()
                    after.apply(action)
                    t1 = time.perf_counter()
                    views = [after.view(seat) for seat in range(-1, players)]
                    t2 = time.perf_counter()
                    chains.update(lambda seat, views=views: views[seat + 1])
                    t3 = time.perf_counter()
                    totals["apply"] += t1 - t0
                    totals["views"] += t2 - t1
                    totals["digest"] += t3 - t2
                    totals["step"] += t3 - t0
                    state = after
                    actions += 1
            for key in runs:
                runs[key].append(totals[key] / actions * 1e6)
        out[players] = {key: min(values) for key, values in runs.items()}
        out[players]["chains"] = players + 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"# Python {sys.version.split()[0]} on {platform.machine()}, µs per action (best of {args.repeat} runs)")
    print("| game | players | clone + apply | views (all seats) | digest | digest per chain | whole step |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in games.names():
        for players, m in measure(game, args.repeat).items():
            print(
                f"| {games.get(game).title} | {players} | {m['apply']:.0f} µs | {m['views']:.0f} µs | "
                f"{m['digest']:.0f} µs | {m['digest'] / m['chains']:.0f} µs | {m['step']:.0f} µs |"
            )


if __name__ == "__main__":
    main()
