"""An arena run in chunks: every finished deal appended to a file, resumed where it stopped, summarised at will.

Usage::

    nice -n 19 .venv/bin/python benchmarks/arena_log.py verraeter --seats reader:expert,ismcts:300,ismcts:300 \\
        --seed 2026 --deals 40 --minutes 9 --out runs/v3-expert.jsonl
    .venv/bin/python benchmarks/arena_log.py verraeter --seats reader:expert,ismcts:300,ismcts:300 \\
        --out runs/v3-expert.jsonl --summary

The games are exactly ``ludoteca arena``'s (:func:`ludoteca.arena.runner.play_deal`: every bot in every seat of
every deal, the deals from ``--seed``), one deal at a time in this process, each game appended to the file as it
ends. Each run starts at the first game the file does not hold and stops starting deals after ``--minutes`` (a
deal under way is finished), so a long measurement is a series of short runs that lose at most one game when a
session ends; a deal counts once all its rotations are in the file. ``--summary`` prints the arena's
table (win share with a 95% interval over deals, mean score, seconds per move) for the deals in the file.

``--until-decided`` stops as soon as the sequential test (:mod:`ludoteca.arena.sequential`) decides whether the
first bot of the lineup (or ``--bot SPEC``) wins more than its parity share per deal block: by default H0 share
``1/n`` against H1 share ``1/n + 0.1``, α = β = 0.05 (``--h0``, ``--h1``, ``--delta``, ``--alpha``, ``--beta``);
``--deals`` is then the cap of an undecided run. The summary always prints where the test stands: the test is
judged at the first block where it crossed a bound, in deal order, so a file says the same however often it was
resumed or however far a run went past its decision. Every seat's luck at its game's chance events is measured
as the game ends and kept in the file (``luck``; :mod:`ludoteca.arena.luck`, ``benchmarks/luck.py``)::

    .venv/bin/python benchmarks/arena_log.py verraeter --seats ismcts:300,ismcts:50,ismcts:50 \\
        --until-decided --deals 300 --minutes 600 --out benchmarks/runs/v3-normal-vs-2x-easy.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from luck import METERS  # benchmarks/luck.py: each game's judge and chance, for the luck of every game

from ludoteca import games
from ludoteca.arena.runner import Match, SeatRecord, play_deal, play_game
from ludoteca.arena.sequential import Decision, Hypotheses, decide
from ludoteca.arena.summary import deal_values, summarize


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
    parser.add_argument("--no-luck", action="store_true", help="do not measure each game's luck (benchmarks/luck.py)")
    parser.add_argument("--until-decided", action="store_true", help="stop when the sequential test decides")
    parser.add_argument("--bot", help="the spec the test is about (default: the lineup's first)")
    parser.add_argument("--h0", type=float, help="H0's win share per deal block (default: parity 1/n)")
    parser.add_argument("--h1", type=float, help="H1's win share per deal block (default: H0 + --delta)")
    parser.add_argument("--delta", type=float, default=0.1)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--replay", type=int, metavar="DEAL", help="play DEAL again and compare it with the file")
    args = parser.parse_args(argv)
    lineup = tuple(s.strip() for s in args.seats.split(","))
    bot = args.bot or lineup[0]
    h0 = 1 / len(lineup) if args.h0 is None else args.h0
    hypotheses = Hypotheses(h0, h0 + args.delta if args.h1 is None else args.h1, args.alpha, args.beta)
    definition = games.get(args.game)
    options = definition.options_from_dict({})
    match = Match(definition.name, definition.options_to_dict(options), lineup, args.seed)
    records = _records(args.out, lineup, args.seed)
    meter = None if args.no_luck else METERS.get(args.game)
    if args.replay is not None:
        return _replay(definition, options, match, args.replay, records, meter)
    if not args.summary:
        played = {(r.deal, r.rotation) for r in records}
        stop = time.monotonic() + 60 * args.minutes
        args.out.parent.mkdir(parents=True, exist_ok=True)
        n = len(lineup)
        for deal in range(args.deals):
            if all((deal, rotation) in played for rotation in range(n)):
                continue
            if time.monotonic() >= stop:
                break
            if args.until_decided and _decision(lineup, _whole_deals(records, n), bot, hypotheses).decided:
                break
            for rotation in range(n):  # each game is kept as it ends: a stopped run loses at most one game
                if (deal, rotation) in played:
                    continue
                got = play_game(definition, options, match, deal, rotation, meter=meter)
                with args.out.open("a") as f:
                    for r in got:
                        f.write(json.dumps({"lineup": lineup, "seed": args.seed, **asdict(r)}) + "\n")
                records += got
                played.add((deal, rotation))
            print(f"deal {deal} done", file=sys.stderr)
    records = _whole_deals(records, len(lineup))
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
    print(f"{hypotheses.describe()}, about {bot}:")
    print(f"  {_decision(lineup, records, bot, hypotheses).describe()}")
    return 0


def _whole_deals(records: list[SeatRecord], n: int) -> list[SeatRecord]:
    """The records of the deals whose every rotation is in the file (a stopped run may leave one deal part-played;
    its games are kept, and the run that resumes plays the rest)."""
    rotations: dict[int, set[int]] = {}
    for r in records:
        rotations.setdefault(r.deal, set()).add(r.rotation)
    return [r for r in records if len(rotations[r.deal]) == n]


def _replay(definition: Any, options: Any, match: Match, deal: int, records: list[SeatRecord], meter: Any) -> int:
    """Play one deal of the file again and say whether every seat's score, share and luck came out the same
    (the times are the machine's and always differ)."""
    kept = [r for r in records if r.deal == deal]
    again = play_deal(definition, options, match, deal, meter=meter if any(r.luck is not None for r in kept) else None)

    def same(rs: list[SeatRecord]) -> list[tuple[Any, ...]]:
        return sorted((r.rotation, r.seat, r.bot, r.score, r.win_share, r.decisions, r.luck) for r in rs)

    ok = same(kept) == same(again)
    print(f"deal {deal}: {len(kept)} seat-games in the file, replayed {'the same' if ok else 'DIFFERENTLY'}")
    return 0 if ok else 1


def _decision(lineup: tuple[str, ...], records: list[SeatRecord], bot: str, hypotheses: Hypotheses) -> Decision:
    return decide(deal_values(lineup, records, bot), hypotheses)


if __name__ == "__main__":
    sys.exit(main())
