"""The conditional logit both learned judges are: a softmax over the seats of a linear score of each seat's features.

One model, two games (:mod:`.judge_verraeter`, :mod:`.judge_kreta`): the weights are a small JSON file in
``ludoteca/bots/data`` with one weight vector per bucket of the game's progress, fitted by
:mod:`ludoteca.training.judges`; each judge says only what its features and buckets are. Here is what they
share — reading and checking the file, and turning scores into chances — so that a fix to either is a fix to
both. Standard library only: playing never needs the trainer's numpy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any


def load(file: str, features: Sequence[str], buckets: int) -> dict[str, Any]:
    """The weights file ``file`` of ``ludoteca/bots/data``: ``{"features": [...], "buckets": [[w per feature] per
    bucket], ...}``, refused unless it names exactly ``features`` and holds ``buckets`` weight vectors."""
    text = resources.files("ludoteca.bots").joinpath("data", file).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("features") != list(features) or len(data.get("buckets", ())) != buckets:
        raise ValueError(f"{file} does not match this judge's features")
    return data


def chances(weights: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    """Each seat's chance from the seats' feature vectors ``rows``: ``exp(w·f_s) / Σ_t exp(w·f_t)`` (they sum to 1;
    the largest score is subtracted first, so no exponent overflows)."""
    scores = [sum(a * x for a, x in zip(weights, f, strict=True)) for f in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]
