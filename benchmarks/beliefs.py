"""How much the ``reader`` bot's beliefs know: the probability they give the true hidden cards, against uniform.

Usage::

    nice -n 19 .venv/bin/python benchmarks/beliefs.py --players 3 --games 20 --out beliefs.jsonl
    nice -n 19 .venv/bin/python benchmarks/beliefs.py --table beliefs.jsonl      # the table of what is there

Bots (``--seats``, heuristic by default) play Verräter games from seeds ``--seed``, ``--seed + 1``, …; at every
``--every``-th decision where the others have already chosen something this round (the draft after the first
pick, the supply phase), the seat to act's beliefs draw ``--particles`` worlds from its view
(:func:`ludoteca.bots.beliefs_verraeter.sampler`, every temperature of ``--temperatures`` on the same worlds) and
the script records the share of the weight on worlds where

- **roles**: every hidden action card is where it truly is (the others' kept cards and the one put aside), and
- **hand**: a given other seat's hand is exactly its true hand (the mean over the others),

beside the same share with equal weights (what uniform ``determinize`` gives). Each position is one JSON line of
``--out``, appended as it is measured, so a run cut short keeps what it did and runs in chunks add up;
``--table`` prints the means per phase, with a 95% interval over games for the ratio of the means.

Kreta has no row: nothing hidden there is known to any seat (the face-down fort cards and the pile's order), so
no choice can say anything about it and uniform sampling is already the exact posterior.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

from ludoteca import bots, games
from ludoteca.bots.beliefs import OpponentModel
from ludoteca.bots.beliefs_verraeter import MODEL, Evidence, sampler
from ludoteca.core.rng import Rng
from ludoteca.core.seeds import derive_seed


def measure(
    seed: int, n: int, seats: list[str], every: int, count: int, temperatures: list[float], out: Path | None
) -> list[dict[str, object]]:
    """Play one game from ``seed`` and measure the beliefs at the sampled decisions."""
    definition = games.get("verraeter")
    options = definition.options_from_dict({})
    state = definition.new_game(options, seed, n)
    players = [bots.replayable(spec, derive_seed(seed, s, salt=0xBE1)) for s, spec in enumerate(seats)]
    rows: list[dict[str, object]] = []
    k = 0
    while not state.is_terminal():
        p = state.current_player()
        view = state.view(p)
        legal = state.legal_actions()
        if len(legal) > 1 and Evidence(view):
            k += 1
            if k % every == 0:
                rows.append(_position(seed, state, view, count, temperatures, out))
        state.apply(players[p].choose(view, legal))
    return rows


def _position(seed: int, state, view, count: int, temperatures: list[float], out: Path | None) -> dict[str, object]:
    me = view.player
    others = [q for q in range(view.num_players) if q != me]
    hidden = [q for q in others if view.chosen[q] < 0]
    truth_roles = (tuple(state.chosen[q] for q in hidden), state.aside)
    truth_hands = {q: tuple(sorted(state.hands[q])) for q in others}
    row: dict[str, object] = {"seed": seed, "round": view.round, "phase": view.phase, "players": view.num_players}
    for t in temperatures:
        model = OpponentModel(temperature=t, epsilon=MODEL.epsilon)
        parts = sampler(view, Rng(seed * 7919 + len(view.log)), count, model)
        assert parts is not None
        roles = parts.probability(lambda w: (tuple(w.chosen[q] for q in hidden), w.aside) == truth_roles)
        hand = sum(parts.probability(lambda w, q=q: tuple(sorted(w.hands[q])) == truth_hands[q]) for q in others)
        row[f"roles@{t}"] = roles
        row[f"hand@{t}"] = hand / len(others)
        row[f"ess@{t}"] = parts.effective_size()
        if "roles@uniform" not in row:
            worlds = parts.worlds
            row["roles@uniform"] = sum(
                1 for w in worlds if (tuple(w.chosen[q] for q in hidden), w.aside) == truth_roles
            ) / len(worlds)
            row["hand@uniform"] = sum(
                sum(1 for w in worlds if tuple(sorted(w.hands[q])) == truth_hands[q]) for q in others
            ) / (len(worlds) * len(others))
    if out is not None:
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
    return row


def _interval(per_game: dict[int, tuple[float, float]]) -> tuple[float, float, float]:
    """Ratio of the means (belief over uniform) and a 95% interval by the delta method over games."""
    xs = [a for a, _ in per_game.values()]
    ys = [b for _, b in per_game.values()]
    g = len(xs)
    mx, my = sum(xs) / g, sum(ys) / g
    if my <= 0:
        return math.nan, math.nan, math.nan
    r = mx / my
    if g < 2:
        return r, math.nan, math.nan
    resid = [x - r * y for x, y in zip(xs, ys, strict=True)]
    sd = math.sqrt(sum(e * e for e in resid) / (g - 1)) / (my * math.sqrt(g))
    return r, r - 1.96 * sd, r + 1.96 * sd


def table(rows: list[dict[str, object]]) -> str:
    temps = sorted({k.split("@")[1] for r in rows for k in r if k.startswith("roles@") and k != "roles@uniform"})
    lines = [
        "| players | phase | positions (games) | hidden | uniform | "
        + " | ".join(f"beliefs T={t}" for t in temps)
        + " | ratio at T="
        + (temps[0] if temps else "?")
        + " (95% CI) |",
        "| --- | --- | --- | --- | --- | " + " | ".join("---" for _ in temps) + " | --- |",
    ]
    groups: dict[tuple[int, str], list[dict[str, object]]] = defaultdict(list)
    for r in rows:
        groups[int(r["players"]), str(r["phase"])].append(r)  # type: ignore[call-overload]
    for (n, phase), rs in sorted(groups.items()):
        games_seen = {int(r["seed"]) for r in rs}  # type: ignore[call-overload]
        for what in ("roles", "hand"):
            uni = sum(float(r[f"{what}@uniform"]) for r in rs) / len(rs)  # type: ignore[arg-type]
            cells = [sum(float(r[f"{what}@{t}"]) for r in rs) / len(rs) for t in temps]  # type: ignore[arg-type]
            per_game: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
            first = temps[0] if temps else ""
            for r in rs:
                acc = per_game[int(r["seed"])]  # type: ignore[call-overload]
                acc[0] += float(r[f"{what}@{first}"])  # type: ignore[arg-type]
                acc[1] += float(r[f"{what}@uniform"])  # type: ignore[arg-type]
            ratio, lo, hi = _interval({s: (a, b) for s, (a, b) in per_game.items()})
            lines.append(
                f"| {n} | {phase} | {len(rs)} ({len(games_seen)}) | {what} | {uni:.3f} | "
                + " | ".join(f"{c:.3f}" for c in cells)
                + f" | ×{ratio:.2f} ({lo:.2f}–{hi:.2f}) |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seats", default="heuristic", help="one spec for every seat, or one per seat (commas)")
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--particles", type=int, default=1000)
    parser.add_argument("--temperatures", default="0.5", help="comma-separated softmax temperatures")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, help="only print the table of the rows in this file")
    args = parser.parse_args(argv)
    if args.table:
        rows = [json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]
        print(table(rows))
        return 0
    seats = args.seats.split(",")
    if len(seats) == 1:
        seats = seats * args.players
    temperatures = [float(t) for t in args.temperatures.split(",")]
    rows = []
    for g in range(args.games):
        rows += measure(args.seed + g, args.players, seats, args.every, args.particles, temperatures, args.out)
        print(f"game {g + 1}/{args.games}: {len(rows)} positions", file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
