"""Train a Verräter judge of your own and compare it with the shipped one: the research loop in one file.

It does what ``ludoteca train verraeter`` does (heuristic games, every end of a round an example, a conditional
logit per rounds left), on fewer games, then scores on held-out games the hand-made judgement, the shipped
weights and the ones just fitted — the place to try features or models of your own (``judge_verraeter.features``
is the one function the search needs). Needs numpy (``pip install 'ludoteca[train]'``)::

    .venv/bin/python examples/train_judge.py --games 300 --held-out 100 --seed 7
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from ludoteca.bots import judge_verraeter
from ludoteca.training import judges as judge_training


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--held-out", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    train = judge_training.simulate(args.games, args.seed)
    test = judge_training.simulate(args.held_out, args.seed + 1)
    mine = judge_training.fit(train)
    shipped = judge_verraeter.weights()["buckets"]
    print(f"{len(train.game)} training positions, {len(test.game)} held out")
    for name, preds in (
        ("hand-made", test.baseline),
        ("shipped", [judge_training.predict_logit(shipped, b, x) for b, x in zip(test.bucket, test.x, strict=True)]),
        ("yours", [judge_training.predict_logit(mine, b, x) for b, x in zip(test.bucket, test.x, strict=True)]),
    ):
        ce, brier = judge_training.loss(preds, test.y)
        print(f"  {name:10} log loss {ce:.3f}  Brier {brier:.4f}")
    print("your weights per rounds left (rows) and feature (columns):", ", ".join(judge_verraeter.FEATURES))
    print(np.round(np.asarray(mine), 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
