"""Training the learned judges from simulated games (``ludoteca train GAME``): needs numpy (the ``train`` extra).

Verräter (:mod:`ludoteca.bots.judge_verraeter`): heuristic bots play ``games`` games from seeds derived from
``seed`` (3 and 4 players alternately); every position where a round has just ended (where the search's
lookahead stops) is one example: each seat's features, and each seat's final win share as the target. A
conditional logit (a softmax over the seats of a linear score) is fitted per number of rounds left by Newton's
method with a little L2 penalty, so the fit is exact and the weights depend on the seed and the count alone.

:func:`compare` is what ``docs/bots.md`` reports: held-out log loss and Brier score against the number of
training games, beside the hand-made judgement's, and a small multi-layer perceptron (one hidden layer shared by
the seats, trained by Adam) as the alternative model family.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.core.rng import Rng
from ludoteca.core.seeds import derive_seed

from . import heuristic_verraeter, judge_verraeter, search_verraeter

SALT = 0x7D6E
L2 = 1e-3


@dataclass
class Examples:
    """Positions at the end of a round: per example the game, the bucket, the seats' features and outcomes."""

    game: list[int]
    bucket: list[int]
    x: list[np.ndarray]
    """Per example: (seats × features)."""
    y: list[np.ndarray]
    """Per example: the seats' final win shares."""
    baseline: list[list[float]]
    """Per example: the hand-made judgement's chances (:func:`search_verraeter.evaluate`)."""


def simulate(count: int, seed: int, progress: Callable[[int], None] | None = None) -> Examples:
    """``count`` heuristic games of Verräter (3 and 4 players alternately) and their end-of-round positions."""
    definition = games.get("verraeter")
    options = definition.options_from_dict({})
    ex = Examples([], [], [], [], [])
    for g in range(count):
        game_seed = derive_seed(seed, g, salt=SALT)
        n = 3 + g % 2
        state = definition.new_game(options, game_seed, n)
        rng = Rng(game_seed)
        start = len(ex.game)
        last_round = state.round
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else heuristic_verraeter.choose(state.view(p), legal, rng)
            state.apply(action)
            if state.round != last_round and not state.is_terminal():
                last_round = state.round
                ex.game.append(g)
                ex.bucket.append(judge_verraeter.bucket(state))
                ex.x.append(np.array([judge_verraeter.features(state, q) for q in range(n)]))
                ex.baseline.append(search_verraeter.evaluate(state))
        shares = state.result().win_shares()
        for _ in range(start, len(ex.game)):
            ex.y.append(np.array(shares, dtype=float))
        if progress is not None:
            progress(g + 1)
    return ex


def _softmax(s: np.ndarray) -> np.ndarray:
    e = np.exp(s - s.max())
    out: np.ndarray = e / e.sum()
    return out


def fit_logit(xs: Sequence[np.ndarray], ys: Sequence[np.ndarray], l2: float = L2, steps: int = 30) -> np.ndarray:
    """The conditional logit's weights by Newton's method (features standardised inside, weights returned raw)."""
    k = len(judge_verraeter.FEATURES)
    if not xs:
        return np.zeros(k)
    allx = np.concatenate(list(xs))
    scale = allx.std(axis=0)
    scale[scale == 0] = 1.0
    w = np.zeros(k)
    m = len(xs)
    for _ in range(steps):
        grad = -l2 * m * w
        hess = -l2 * m * np.eye(k)
        for x, y in zip(xs, ys, strict=True):
            z = x / scale
            pi = _softmax(z @ w)
            grad += z.T @ (y - pi)
            hess -= z.T @ (np.diag(pi) - np.outer(pi, pi)) @ z
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-9:
            break
    out: np.ndarray = w / scale
    return out


def fit(ex: Examples, games_used: int | None = None) -> list[list[float]]:
    """One weight vector per bucket, from the examples of the first ``games_used`` games (all by default)."""
    out = []
    for b in range(1, judge_verraeter.BUCKETS + 1):
        idx = [i for i in range(len(ex.game)) if ex.bucket[i] == b and (games_used is None or ex.game[i] < games_used)]
        out.append([float(v) for v in fit_logit([ex.x[i] for i in idx], [ex.y[i] for i in idx])])
    return out


class Mlp:
    """A seat's score from one hidden layer (tanh), shared by the seats; a softmax over the seats gives the
    chances. Trained by Adam on the cross-entropy with the win shares (the alternative to the linear score)."""

    def __init__(self, k: int, hidden: int, seed: int) -> None:
        rs = np.random.default_rng(seed)
        self.w1 = rs.normal(0, 0.5, (k + 1, hidden))
        self.w2 = rs.normal(0, 0.5, hidden)
        self.scale = np.ones(k)

    def _hidden(self, x: np.ndarray) -> np.ndarray:
        z = np.concatenate([x / self.scale, np.ones((x.shape[0], 1))], axis=1)
        out: np.ndarray = np.tanh(z @ self.w1)
        return out

    def predict(self, x: np.ndarray) -> np.ndarray:
        return _softmax(self._hidden(x) @ self.w2)

    def train(self, xs: Sequence[np.ndarray], ys: Sequence[np.ndarray], epochs: int, seed: int) -> None:
        allx = np.concatenate(list(xs))
        self.scale = allx.std(axis=0)
        self.scale[self.scale == 0] = 1.0
        rs = np.random.default_rng(seed)
        params = [self.w1, self.w2]
        m = [np.zeros_like(q) for q in params]
        v = [np.zeros_like(q) for q in params]
        t = 0
        lr = 0.01
        for _ in range(epochs):
            for i in rs.permutation(len(xs)):
                x, y = xs[i], ys[i]
                z = np.concatenate([x / self.scale, np.ones((x.shape[0], 1))], axis=1)
                h = np.tanh(z @ self.w1)
                pi = _softmax(h @ self.w2)
                ds = pi - y  # d loss / d score
                g2 = h.T @ ds + 1e-4 * self.w2
                dh = np.outer(ds, self.w2) * (1 - h * h)
                g1 = z.T @ dh + 1e-4 * self.w1
                t += 1
                for j, g in enumerate((g1, g2)):
                    m[j] = 0.9 * m[j] + 0.1 * g
                    v[j] = 0.999 * v[j] + 0.001 * g * g
                    params[j] -= lr * (m[j] / (1 - 0.9**t)) / (np.sqrt(v[j] / (1 - 0.999**t)) + 1e-8)


def loss(preds: Sequence[Sequence[float]], ys: Sequence[np.ndarray]) -> tuple[float, float]:
    """Mean cross-entropy (per position) and Brier score (mean squared error per seat)."""
    ce = br = 0.0
    seats = 0
    for p, y in zip(preds, ys, strict=True):
        q = np.clip(np.asarray(p, dtype=float), 1e-9, 1.0)
        ce -= float((y * np.log(q)).sum())
        br += float(((q - y) ** 2).sum())
        seats += len(y)
    return ce / len(ys), br / seats


def predict_logit(weights: list[list[float]], bucket: int, x: np.ndarray) -> list[float]:
    return [float(v) for v in _softmax(x @ np.asarray(weights[bucket - 1]))]


def compare(train: Examples, test: Examples, sizes: Sequence[int], seed: int) -> list[dict[str, Any]]:
    """Held-out loss and Brier score of the hand-made judgement, the conditional logit and the MLP, by the
    number of training games."""
    rows: list[dict[str, Any]] = []
    ce, br = loss(test.baseline, test.y)
    rows.append({"model": "hand-made (search_verraeter.evaluate)", "games": 0, "log_loss": ce, "brier": br})
    for size in sizes:
        w = fit(train, size)
        preds = [predict_logit(w, b, x) for b, x in zip(test.bucket, test.x, strict=True)]
        ce, br = loss(preds, test.y)
        rows.append({"model": "conditional logit", "games": size, "log_loss": ce, "brier": br})
        idx = [i for i in range(len(train.game)) if train.game[i] < size]
        mlp = Mlp(train.x[0].shape[1] + 1, 16, seed)
        aug = [np.concatenate([train.x[i], np.full((train.x[i].shape[0], 1), train.bucket[i])], axis=1) for i in idx]
        mlp.train(aug, [train.y[i] for i in idx], epochs=20, seed=seed)
        preds = [
            [float(v) for v in mlp.predict(np.concatenate([x, np.full((x.shape[0], 1), b)], axis=1))]
            for b, x in zip(test.bucket, test.x, strict=True)
        ]
        ce, br = loss(preds, test.y)
        rows.append({"model": "MLP (16 tanh units)", "games": size, "log_loss": ce, "brier": br})
    return rows


def weights_json(weights: list[list[float]], games_used: int, seed: int) -> str:
    """The shipped file's text."""
    data = {
        "model": "conditional logit per rounds left (ludoteca.bots.judge_verraeter)",
        "features": list(judge_verraeter.FEATURES),
        "buckets": [[round(v, 6) for v in w] for w in weights],
        "trained_on": {"games": games_used, "seed": seed, "bots": "heuristic", "players": [3, 4]},
    }
    return json.dumps(data, indent=1) + "\n"


__all__ = ["Examples", "Mlp", "compare", "fit", "fit_logit", "loss", "predict_logit", "simulate", "weights_json"]
