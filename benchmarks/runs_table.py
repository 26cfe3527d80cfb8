"""Every committed arena run as one table row: lineup, deals, the first bot's share, where the sequential test stands.

Usage::

    .venv/bin/python benchmarks/runs_table.py benchmarks/runs/*.jsonl

The files are ``benchmarks/arena_log.py``'s; a file's game is read from its name (``v3-…`` Verräter with three
players, ``k2-…`` Kreta with two), its lineup and seed from its rows. The test is the one ``arena_log.py
--until-decided`` runs (H0 parity against H1 parity + 0.1 per deal block, α = β = 0.05), so the table is what
the docs quote, recomputed from the files.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from ludoteca.arena.runner import SeatRecord
from ludoteca.arena.sequential import Hypotheses, decide
from ludoteca.arena.summary import BotSummary, deal_values, summarize

GAMES = {"v": "Verräter", "k": "Kreta"}


def row(path: Path) -> str:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    lineup = tuple(rows[0]["lineup"])
    records = [SeatRecord(**{k: v for k, v in r.items() if k not in ("lineup", "seed")}) for r in rows]
    n = len(lineup)
    deals = len({r.deal for r in records})
    first, *others = summarize(lineup, records)
    decision = decide(deal_values(lineup, records, lineup[0]), Hypotheses.above_parity(1 / n))
    w = first.win_share
    ci = "" if w.low is None or w.high is None else f" ({w.low:.3f}–{w.high:.3f})"
    verdict = decision.verdict or "—"
    where = f"{verdict} after {decision.blocks}" if decision.decided else f"undecided, LLR {decision.llr:.2f}"
    times = " vs ".join(f"{s.seconds_mean:.2f}" for s in (first, *others))
    rest = ", ".join(f"{s.seats} × {s.bot}" if s.seats > 1 else s.bot for s in others)
    game = f"{GAMES.get(path.name[0], '?')} {n}p"
    return (
        f"| {game} | {lineup[0]} vs {rest} | `{path.name}` | {deals} ({deals * n}) | **{w.mean:.3f}**{ci} | "
        f"{1 / n:.3f} | {where} | {first.mean_score.mean:.1f} vs {_others_score(others):.1f} | {times} |"
    )


def _others_score(others: list[BotSummary]) -> float:
    scores = [s.mean_score.mean for s in others]
    return math.fsum(scores) / len(scores)


def main(argv: list[str]) -> int:
    print(
        "| game | lineup | file | deals (games) | first bot's win share (95% CI) | parity | sequential test "
        "(H1 parity + 0.1) | mean score | s/move |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in argv:
        print(row(Path(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
