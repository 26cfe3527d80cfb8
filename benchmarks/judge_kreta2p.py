"""Is a Kreta judge fitted to two-player games alone better than the logistic curve two-player searches use?

Usage::

    .venv/bin/python benchmarks/judge_kreta2p.py [--train 120] [--held-out 60]

The shipped Kreta judge (:mod:`ludoteca.bots.judge_kreta`) shares one set of weights between 2, 3 and 4 players and
judged two-player positions worse than the curve, so two-player searches keep the curve (``docs/bots.md``). Here the
same conditional logit (same features, same buckets of scorings left) is fitted to two-player heuristic games only
(:func:`ludoteca.training.judges.simulate_kreta` with ``players=(2,)``) and scored on held-out two-player games
beside the curve and the shipped weights: one JSON line per model, log loss and Brier score per position.
"""

from __future__ import annotations

import argparse
import json

from ludoteca.bots import judge_kreta
from ludoteca.training import judges as training


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=120)
    parser.add_argument("--held-out", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    train = training.simulate_kreta(args.train, args.seed, players=(2,))
    test = training.simulate_kreta(args.held_out, args.seed + 1, players=(2,))
    sizes = sorted({max(1, args.train // 4), max(1, args.train // 2), args.train})
    baseline = "hand-made (search_kreta: logistic of the estimate)"
    rows = training.compare(train, test, sizes, args.seed, judge_kreta.BUCKETS, baseline, mlp=False)
    shipped = judge_kreta.weights()["buckets"]
    preds = [training.predict_logit(shipped, b, x) for b, x in zip(test.bucket, test.x, strict=True)]
    log_loss, brier = training.loss(preds, test.y)
    rows.append({"model": "shipped conditional logit (2, 3 and 4 players)", "players": "2p", "log_loss": log_loss,
                 "brier": brier})  # fmt: skip
    for row in rows:
        if row["players"] != "all":
            print(json.dumps(row))
    print(json.dumps({"positions": {"train": len(train.game), "held_out": len(test.game)}}))


if __name__ == "__main__":
    main()
