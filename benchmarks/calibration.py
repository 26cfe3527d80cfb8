"""How far to trust a review's win chances: the search's estimates against what happened, over many bot games.

Usage::

    nice -n 10 .venv/bin/python benchmarks/calibration.py kreta --players 2 --games 100 --every 10
    nice -n 10 .venv/bin/python benchmarks/calibration.py verraeter --players 3 --games 100 --every 6 --plot cal.png

Bots (``--seats``, the heuristic by default) play ``--games`` games; in each, every ``--every``-th decision
with a choice (from a random offset) is judged exactly as ``ludoteca review`` judges it
(:func:`ludoteca.review.analysis.judge`, the same budget and seeds): the search's estimated chance of the
preferred action — the review's ``before`` — is paired with that seat's actual win share at the end (1 for a
win, 1/k for a k-way tie, 0 for a loss). The estimates are binned by tenths and the table prints, per bin, how
many there were, their mean, and the observed win rate; then the Brier score (mean squared error of the
chances), against the score of always saying 1/players (no skill), and split by thirds of the game.

A calibrated estimate has observed ≈ predicted in every bin. Decisions of one game are correlated (they share
its outcome), so a bin's real uncertainty is wider than its count suggests; the games are the unit. ``--minutes``
stops starting games after that long and reports what it has (``--out`` keeps every judged decision as JSON
lines, so a stopped run is not lost).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ludoteca import bots, games
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.bots.loop import play_out
from ludoteca.core.records import GameRecord
from ludoteca.core.rng import Rng
from ludoteca.core.seeds import derive_seed
from ludoteca.review.analysis import DEFAULT_BUDGET, decision_seed, decisions, judge

BINS = 10


def judged_game(
    definition, options, seed: int, seats: list[str], every: int, iterations: int, v1: bool = False
) -> list[dict]:
    """One bot game from ``seed`` and the judged sample of its decisions, each with the seat's outcome."""
    n = len(seats)
    players = [bots.replayable(spec, derive_seed(seed, s, salt=0xCA1)) for s, spec in enumerate(seats)]
    played = play_out(definition.new_game(options, seed, n), players, seats)
    shares = played.state.result().win_shares()
    record = GameRecord(
        definition.name,
        definition.options_to_dict(options),
        seed,
        [f"{spec} {s + 1}" for s, spec in enumerate(seats)],
        [a.to_text() for _, a in played.moves],
    )
    offset = Rng(seed).below(every)
    chosen = [d for d in decisions(definition, record) if not d.forced]
    total = len(chosen)
    rows = []
    for i, d in enumerate(chosen):
        if i % every != offset:
            continue
        verdict = judge(d.view, d.legal, d.played, decision_seed(seed, d.n), iterations)
        row = {
            "seed": seed,
            "n": d.n,
            "phase": min(2, 3 * i // max(1, total)),
            "seat": d.seat,
            "chance": verdict["before"],
            "outcome": shares[d.seat],
        }
        if v1:  # the same decision judged as review version 1 did (plain ismcts), for a paired comparison
            row["chance_v1"] = judge(d.view, d.legal, d.played, decision_seed(seed, d.n), iterations, None, IsmctsBot)[
                "before"
            ]
        rows.append(row)
    return rows


def table(rows: list[dict], players: int) -> str:
    """The calibration table and the Brier scores, as printed text (Markdown)."""
    lines = ["| predicted | decisions | mean predicted | observed win rate |", "|---|---:|---:|---:|"]
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        inside = [r for r in rows if lo <= r["chance"] < hi or (b == BINS - 1 and r["chance"] == 1.0)]
        if not inside:
            lines.append(f"| {lo:.1f}–{hi:.1f} | 0 | | |")
            continue
        mean = sum(r["chance"] for r in inside) / len(inside)
        seen = sum(r["outcome"] for r in inside) / len(inside)
        lines.append(f"| {lo:.1f}–{hi:.1f} | {len(inside)} | {mean:.3f} | {seen:.3f} |")

    def brier(part: list[dict]) -> str:
        if not part:
            return "–"
        score = sum((r["chance"] - r["outcome"]) ** 2 for r in part) / len(part)
        base = sum((1 / players - r["outcome"]) ** 2 for r in part) / len(part)
        return f"{score:.4f} (no skill: {base:.4f}; skill {1 - score / base:+.2f}) over {len(part)}"

    games_seen = len({r["seed"] for r in rows})
    lines.append("")
    lines.append(f"- games: {games_seen}; judged decisions: {len(rows)}")
    lines.append(f"- Brier score: {brier(rows)}")
    for phase, name in enumerate(("first third", "middle third", "last third")):
        lines.append(f"  - {name}: {brier([r for r in rows if r['phase'] == phase])}")
    paired = [r for r in rows if "chance_v1" in r]
    if paired:
        lines.append(f"- the same decisions judged as review version 1 (plain ismcts): {paired_brier(paired)}")
    return "\n".join(lines)


def paired_brier(rows: list[dict]) -> str:
    """Version 1's Brier score on the same decisions, and the difference (this one less version 1's) with a 95%
    interval over games (the decisions of a game share its outcome)."""
    import statistics

    v1 = sum((r["chance_v1"] - r["outcome"]) ** 2 for r in rows) / len(rows)
    now = sum((r["chance"] - r["outcome"]) ** 2 for r in rows) / len(rows)
    by_game: dict[int, list[float]] = {}
    for r in rows:
        gain = (r["chance"] - r["outcome"]) ** 2 - (r["chance_v1"] - r["outcome"]) ** 2
        by_game.setdefault(r["seed"], []).append(gain)
    diffs = [sum(v) / len(v) for v in by_game.values()]
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    mean = statistics.mean(diffs)
    return (
        f"{v1:.4f} against {now:.4f} over {len(rows)}; difference per game {mean:+.4f} "
        f"(95% CI {mean - half:+.4f} to {mean + half:+.4f}, {len(diffs)} games)"
    )


def plot(rows: list[dict], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs, ys, counts = [], [], []
    for b in range(BINS):
        inside = [r for r in rows if b / BINS <= r["chance"] < (b + 1) / BINS or (b == BINS - 1 and r["chance"] == 1)]
        if inside:
            xs.append(sum(r["chance"] for r in inside) / len(inside))
            ys.append(sum(r["outcome"] for r in inside) / len(inside))
            counts.append(len(inside))
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1)
    ax.scatter(xs, ys, s=[10 + c / 2 for c in counts])
    ax.plot(xs, ys)
    ax.set_xlabel("estimated win chance")
    ax.set_ylabel("observed win rate")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def noise(definition, options, seed: int, seats: list[str], count: int, repeat: int, iterations: int) -> str:
    """How much a verdict moves with the search's seed alone: ``count`` decisions (of games from ``seed`` on),
    each judged ``repeat`` times with other seeds; the spread of ``before`` and of ``loss``, and how often the
    mark changes. The marks' thresholds must stand well above this spread."""
    import statistics

    n = len(seats)
    picked = []
    g = 0
    while len(picked) < count:
        players = [bots.replayable(spec, derive_seed(seed + g, s, salt=0xCA1)) for s, spec in enumerate(seats)]
        played = play_out(definition.new_game(options, seed + g, n), players, seats)
        actions = [a.to_text() for _, a in played.moves]
        record = GameRecord(definition.name, definition.options_to_dict(options), seed + g, seats, actions)
        chosen = [d for d in decisions(definition, record) if not d.forced]
        picked += chosen[:: max(1, len(chosen) // 8)][: count - len(picked)]
        g += 1
    spread_before, spread_loss, changed = [], [], 0
    for k, d in enumerate(picked):
        verdicts = [judge(d.view, d.legal, d.played, 7919 * k + r, iterations) for r in range(repeat)]
        spread_before.append(statistics.stdev(v["before"] for v in verdicts))
        spread_loss.append(statistics.stdev(v["loss"] for v in verdicts))
        changed += len({v["mark"] for v in verdicts}) > 1
    return (
        f"{len(picked)} decisions judged {repeat} times each: standard deviation of the chance before "
        f"{statistics.mean(spread_before):.3f} (mean), of the loss {statistics.mean(spread_loss):.3f} (mean), "
        f"{max(spread_loss):.3f} (largest); the mark differs between runs at {changed} of {len(picked)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seats", default="heuristic", help="one bot spec for every seat, or one per seat (a,b,c)")
    parser.add_argument("--every", type=int, default=10, help="judge every N-th decision with a choice")
    parser.add_argument("--iterations", type=int, default=DEFAULT_BUDGET.iterations)
    parser.add_argument("--minutes", type=float, default=None, help="start no game after this long")
    parser.add_argument("--out", help="append every judged decision here (JSON lines); read back with --table")
    parser.add_argument("--table", action="store_true", help="only print the table of the decisions in --out")
    parser.add_argument("--plot", help="also draw the calibration curve into this PNG")
    parser.add_argument("--noise", type=int, metavar="K", help="instead: judge --games decisions K times each")
    parser.add_argument("--v1", action="store_true", help="also judge each decision as review version 1 (paired)")
    args = parser.parse_args()
    definition = games.get(args.game)
    title = f"{definition.title}, {args.players}p, {args.iterations} iterations"
    rows: list[dict] = []
    if args.noise:
        specs = args.seats.split(",")
        seats = specs * args.players if len(specs) == 1 else specs
        options = definition.options_from_dict({})
        print(f"## {title}: noise\n")
        print(noise(definition, options, args.seed, seats, args.games, args.noise, args.iterations))
        return 0
    if args.table:
        rows = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line.strip()]
    else:
        options = definition.options_from_dict({})
        specs = args.seats.split(",")
        seats = specs * args.players if len(specs) == 1 else specs
        started = time.monotonic()
        out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
        for g in range(args.games):
            if args.minutes is not None and time.monotonic() - started > 60 * args.minutes:
                print(f"stopped after {g} games ({args.minutes:g} min)", file=sys.stderr)
                break
            got = judged_game(definition, options, args.seed + g, seats, args.every, args.iterations, args.v1)
            rows += got
            if out is not None:
                out.writelines(json.dumps(r) + "\n" for r in got)
                out.flush()
            print(f"game {g + 1}: {len(got)} decisions, {time.monotonic() - started:.0f} s", file=sys.stderr)
    print(f"## {title}\n")
    print(table(rows, args.players))
    if args.plot:
        plot(rows, args.plot, title)
    return 0


if __name__ == "__main__":
    sys.exit(main())
