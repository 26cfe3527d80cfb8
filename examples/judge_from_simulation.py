"""Train a judge from a simulation's Parquet files: any bots' games, not only the heuristic's.

A ``ludoteca simulate`` study keeps one row per game — its seed, options, bots and bot seeds, and the outcome —
and not the positions (to stay small); but every game is seeded, so a row plays again exactly
(:func:`ludoteca.sim.replay.record_of`). This script replays every row, takes the positions where the game's
search judges (Verräter: each end of a round; Kreta: each start of a seat's turn), each seat's features there
(``judge_verraeter.features`` / ``judge_kreta.features``, the latter from that seat's view) and the row's win
shares as the targets, fits the conditional logit per bucket (:func:`ludoteca.training.judges.fit`, the
trainer of ``ludoteca train``) on the rows of even index and scores it on the odd ones beside the shipped weights
and the hand-made judgement. Needs numpy and pyarrow (``pip install 'ludoteca[train,analysis]'``)::

    ludoteca simulate kreta --seats ismcts:100,heuristic --games 60 --seed 5 --jobs 1 --out study-k
    .venv/bin/python examples/judge_from_simulation.py study-k

(A study of search bots makes the judge learn from stronger play than the heuristic's; replaying it costs what
playing it cost.)
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.bots import judge_kreta, judge_verraeter, search_kreta, search_verraeter
from ludoteca.core.records import parse_record_action, start
from ludoteca.kreta.components import MOVE
from ludoteca.sim.replay import record_of
from ludoteca.sim.results import load
from ludoteca.training import judges as judge_training


def add(ex: judge_training.Examples, g: int, b: int, feats: list[list[float]], base: list[float], y: Any) -> None:
    """One example: game ``g``, bucket ``b``, the seats' features, the hand-made chances and the outcome."""
    ex.game.append(g)
    ex.bucket.append(b)
    ex.x.append(np.array(feats))
    ex.baseline.append(base)
    ex.y.append(y)
    ex.players.append(len(y))


def examples(rows: list[dict], held_out: bool) -> judge_training.Examples:
    """The positions of the rows of odd (``held_out``) or even index, with their features and outcomes."""
    ex = judge_training.Examples([], [], [], [], [], [], [])
    for g, row in enumerate(rows):
        if row["index"] % 2 != held_out:
            continue
        record = record_of(row)
        definition = games.get(record.game)
        state = start(definition, record)
        n = state.num_players
        shares = np.array(row["win_shares"], dtype=float)
        last = state.round if record.game == "verraeter" else -1
        for text in record.actions:
            if record.game == "kreta":
                p = state.current_player()
                if p != last and state.phase != MOVE:
                    feats = [judge_kreta.features(state.view(q)) for q in range(n)]
                    left = len(state.fort_row) - state.scorings
                    own = [search_kreta.win_chance(f[0], left, search_kreta.DEEP) for f in feats]
                    add(ex, g, judge_kreta.bucket(state), feats, [c / sum(own) for c in own], shares)
                last = p
            state.apply(parse_record_action(definition, text))
            if record.game == "verraeter" and state.round != last and not state.is_terminal():
                last = state.round
                feats = [judge_verraeter.features(state, q) for q in range(n)]
                add(ex, g, judge_verraeter.bucket(state), feats, search_verraeter.evaluate(state), shares)
    return ex


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("study", help="a ludoteca simulate output directory")
    args = parser.parse_args(argv)
    _, table = load(args.study)
    rows = table.to_pylist()
    game = rows[0]["game"]
    judge = judge_kreta if game == "kreta" else judge_verraeter
    train, test = examples(rows, False), examples(rows, True)
    print(f"{game}: {len(rows)} games; {len(train.y)} training positions, {len(test.y)} held out")
    mine = judge_training.fit(train, None, judge.BUCKETS)
    shipped = judge.weights()["buckets"]
    for name, preds in (
        ("hand-made", test.baseline),
        ("shipped", [judge_training.predict_logit(shipped, b, x) for b, x in zip(test.bucket, test.x, strict=True)]),
        ("yours", [judge_training.predict_logit(mine, b, x) for b, x in zip(test.bucket, test.x, strict=True)]),
    ):
        ce, brier = judge_training.loss(preds, test.y)
        print(f"  {name:10} log loss {ce:.3f}  Brier {brier:.4f}")
    print("your weights per bucket (rows) and feature (columns):", ", ".join(judge.FEATURES))
    print(np.round(np.asarray(mine), 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
