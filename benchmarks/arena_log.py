"""An arena run in chunks: every finished deal appended to a file, resumed where it stopped, summarised at will.

Usage::

    nice -n 19 .venv/bin/python benchmarks/arena_log.py verraeter --seats reader:expert,ismcts:300,ismcts:300 \\
        --seed 2026 --deals 40 --minutes 9 --out runs/v3-expert.jsonl
    .venv/bin/python benchmarks/arena_log.py verraeter --seats reader:expert,ismcts:300,ismcts:300 \\
        --out runs/v3-expert.jsonl --summary

The games are exactly ``ludoteca arena``'s (:func:`ludoteca.arena.runner.play_deal`: every bot in every seat of
every deal, the deals from ``--seed``), one deal at a time in this process. Each run starts at the first deal the
file does not hold and stops starting deals after ``--minutes`` (a deal under way is finished), so a long
measurement is a series of short runs that lose nothing when a session ends. ``--summary`` prints the arena's
table (win share with a 95% interval over deals, mean score, seconds per move) for the deals in the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from ludoteca import games
from ludoteca.arena.runner import Match, SeatRecord, play_deal
from ludoteca.arena.summary import summarize


def _records(path: Path, lineup: tuple[str, ...], seed: int) -> list[SeatRecord]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if tuple(row.pop("lineup")) != lineup or row.pop("seed") != seed:
            raise SystemExit(f"{path} holds another lineup or seed")
        out.append(SeatRecord(**row))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--minutes", type=float, default=9.0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--summary", action="store_true")
    args = parser.parse_args(argv)
    lineup = tuple(s.strip() for s in args.seats.split(","))
    definition = games.get(args.game)
    options = definition.options_from_dict({})
    match = Match(definition.name, definition.options_to_dict(options), lineup, args.seed)
    records = _records(args.out, lineup, args.seed)
    if not args.summary:
        done = {r.deal for r in records}
        stop = time.monotonic() + 60 * args.minutes
        args.out.parent.mkdir(parents=True, exist_ok=True)
        for deal in range(args.deals):
            if deal in done:
                continue
            if time.monotonic() >= stop:
                break
            got = play_deal(definition, options, match, deal)
            with args.out.open("a") as f:
                for r in got:
                    f.write(json.dumps({"lineup": lineup, "seed": args.seed, **asdict(r)}) + "\n")
            records += got
            print(f"deal {deal} done", file=sys.stderr)
    deals = len({r.deal for r in records})
    print(f"{args.game} {len(lineup)}p, seed {args.seed}: {deals} deals, {len(records) // len(lineup)} games")
    if not records:
        return 0
    for row in summarize(lineup, records):
        w, s = row.win_share, row.mean_score
        ci = "" if w.low is None or w.high is None else f" ({w.low:.3f}–{w.high:.3f})"
        print(
            f"  {row.bot:16} win share {w.mean:.3f}{ci}  score {s.mean:.1f}  "
            f"{row.seconds_mean:.3f} s/move (max {row.seconds_max:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
