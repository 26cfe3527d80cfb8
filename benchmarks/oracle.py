"""Do beliefs choose better? Each bot's choice rated by an oracle: the same search given the true world.

Usage::

    nice -n 19 .venv/bin/python benchmarks/oracle.py --players 3 --games 10 --out oracle3.jsonl
    .venv/bin/python benchmarks/oracle.py --table oracle3.jsonl

An arena game costs minutes on a loaded 2-core machine; this asks a cheaper question at the positions where
beliefs act (Verräter's draft after the first pick and the supply phase, where the others have chosen something
this round). The *oracle* is the ``ismcts`` search whose every iteration starts from the **true** world (its
chance to come re-dealt, as the beliefs' worlds are); its rating of every legal action (mean reward over
``--oracle`` iterations) is the yardstick. Each spec of ``--specs`` chooses from the seat's view, and its
**regret** is the oracle's value of its best action less that of the bot's choice (0 when they agree); the
table shows per spec the mean regret and how often it picked the oracle's action, and the paired difference
of the first two specs with a 95% interval over games. ``reader-t`` is ``reader`` with the opponent model's
temperature set by ``--temperature``. The positions come from games the heuristic plays
against itself, from seeds ``--seed`` on; one JSON line per position is appended to ``--out`` as it is done.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from ludoteca import bots, games
from ludoteca.bots import Budget, beliefs_verraeter, reader_verraeter, search_verraeter
from ludoteca.bots.beliefs import Particles
from ludoteca.bots.ismcts import IsmctsBot, Lookahead, ReaderBot


class OracleBot(IsmctsBot):
    """The one-round search of ``ismcts:normal``, every iteration from :attr:`truth` (set before each search)."""

    truth: Any = None

    def lookahead(self, game: str) -> Lookahead:  # type: ignore[override]
        truth = self.truth

        def beliefs(view: object, rng: Any, iterations: int) -> Particles:
            return Particles([truth], [1.0], beliefs_verraeter.refresh)

        return replace(search_verraeter.ONE_ROUND, beliefs=beliefs)


class ReaderAtTemperature(ReaderBot):
    """``reader`` with the opponent model's temperature set by ``--temperature`` (spec ``reader-t:300``)."""

    name = "reader-t"
    temperature = beliefs_verraeter.MODEL.temperature

    def lookahead(self, game: str) -> Lookahead:  # type: ignore[override]
        model = replace(beliefs_verraeter.MODEL, temperature=self.temperature)
        lo, hi = reader_verraeter.PARTICLES

        def beliefs(view: object, rng: Any, iterations: int) -> Particles | None:
            return beliefs_verraeter.sampler(view, rng, max(lo, min(hi, iterations)), model)

        return replace(reader_verraeter.SEARCH, beliefs=beliefs)


def measure(seed: int, n: int, specs: list[str], oracle_iterations: int, every: int, out: Path | None) -> int:
    definition = games.get("verraeter")
    state = definition.new_game(definition.options_from_dict({}), seed, n)
    players = [bots.create("heuristic", seed * 10 + s) for s in range(n)]
    k = done = 0
    while not state.is_terminal():
        p = state.current_player()
        view = state.view(p)
        legal = state.legal_actions()
        if len(legal) > 1 and beliefs_verraeter.Evidence(view):
            k += 1
            if k % every == 0:
                oracle = OracleBot(seed * 1000 + k, Budget(iterations=oracle_iterations))
                oracle.truth = state.clone()
                rated = {e.action: e.value for e in oracle.analyse(view, legal)}
                best = max(rated.values())
                row: dict[str, Any] = {"seed": seed, "players": n, "phase": view.phase, "legal": len(legal)}
                oracle_choice = max(rated, key=lambda a: rated[a])
                for spec in specs:
                    choice = bots.replayable(spec, seed * 1000 + k).choose(view, legal)
                    row[spec] = {"regret": best - rated.get(choice, 0.0), "agree": choice == oracle_choice}
                if out is not None:
                    with out.open("a") as f:
                        f.write(json.dumps(row) + "\n")
                done += 1
        state.apply(players[p].choose(view, legal))
    return done


def table(rows: list[dict[str, Any]]) -> str:
    specs = [k for k in rows[0] if isinstance(rows[0][k], dict)]
    lines = [
        "| phase | positions (games) | "
        + " | ".join(f"`{s}` regret, agrees" for s in specs)
        + " | difference (95% CI) |",
        "| --- | --- | " + " | ".join("---" for _ in specs) + " | --- |",
    ]
    for phase in ("draft", "supply", "all"):
        rs = [r for r in rows if phase in ("all", r["phase"])]
        if not rs:
            continue
        cells = []
        for s in specs:
            regret = sum(r[s]["regret"] for r in rs) / len(rs)
            agree = sum(r[s]["agree"] for r in rs) / len(rs)
            cells.append(f"{regret:.4f}, {agree:.2f}")
        per_game: dict[int, list[float]] = defaultdict(list)
        for r in rs:
            per_game[r["seed"]].append(r[specs[0]]["regret"] - r[specs[1]]["regret"])
        means = [sum(v) / len(v) for v in per_game.values()]
        g = len(means)
        m = sum(means) / g
        sd = math.sqrt(sum((x - m) ** 2 for x in means) / (g - 1)) if g > 1 else math.nan
        half = 1.96 * sd / math.sqrt(g)
        lines.append(
            f"| {phase} | {len(rs)} ({len(per_game)}) | "
            + " | ".join(cells)
            + f" | {m:+.4f} ({m - half:+.4f} to {m + half:+.4f}) |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--specs", default="reader:300,ismcts:300")
    parser.add_argument("--oracle", type=int, default=600, help="the oracle's iterations")
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--temperature", type=float, help="the temperature of the spec reader-t")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path)
    args = parser.parse_args(argv)
    if args.temperature is not None:
        ReaderAtTemperature.temperature = args.temperature
    bots.register("reader-t", "__main__:ReaderAtTemperature")
    if args.table:
        print(table([json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]))
        return 0
    specs = args.specs.split(",")
    for g in range(args.games):
        count = measure(args.seed + g, args.players, specs, args.oracle, args.every, args.out)
        print(f"game {g + 1}/{args.games}: {count} positions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
