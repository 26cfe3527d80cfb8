"""Training the learned judges from simulated games (``ludoteca train GAME``): needs numpy (the ``train`` extra).

Both games' judges have one shape — a softmax over the seats of a linear score of each seat's features (a
*conditional logit*), with weights per bucket of the game's progress — so one trainer fits both (:func:`fit`,
:func:`compare`); what differs is where the examples come from (:func:`simulate`, :func:`simulate_kreta`).

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
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.bots import (
    heuristic_kreta,
    heuristic_verraeter,
    judge_kreta,
    judge_verraeter,
    search_kreta,
    search_verraeter,
)
from ludoteca.core.rng import Rng
from ludoteca.core.seeds import derive_seed
from ludoteca.kreta.components import MOVE

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
    """Per example: the hand-made judgement's chances (:func:`search_verraeter.evaluate`; in Kreta the logistic
    curve of :meth:`search_kreta.Session.judge` for every seat, scaled to sum to 1)."""
    players: list[int] = field(default_factory=list)
    """Per example: the number of players (empty for the Verräter examples of older callers)."""
    own: list[list[float]] = field(default_factory=list)
    """Per example, Kreta only: each seat's chance by today's judgement as the search uses it (its own chance,
    unscaled)."""


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


KRETA_PLAYERS = (2, 3, 4)
"""The player counts of the Kreta training games, in turn."""


def simulate_kreta(
    count: int, seed: int, progress: Callable[[int], None] | None = None, players: Sequence[int] = KRETA_PLAYERS
) -> Examples:
    """``count`` heuristic games of Kreta (``players`` in turn) and their positions where a seat begins its turn
    (where the search's lookahead stops): every seat's features from its own view, and the outcomes."""
    definition = games.get("kreta")
    options = definition.options_from_dict({})
    ex = Examples([], [], [], [], [], [], [])
    for g in range(count):
        game_seed = derive_seed(seed, g, salt=SALT)
        n = players[g % len(players)]
        state = definition.new_game(options, game_seed, n)
        rng = Rng(game_seed)
        start = len(ex.game)
        last = -1
        while not state.is_terminal():
            p = state.current_player()
            if p != last and state.phase != MOVE:
                rows = [judge_kreta.features(state.view(q)) for q in range(n)]
                left = len(state.fort_row) - state.scorings
                own = [search_kreta.win_chance(r[0], left, search_kreta.DEEP) for r in rows]
                ex.game.append(g)
                ex.bucket.append(judge_kreta.bucket(state))
                ex.x.append(np.array(rows))
                ex.own.append(own)
                ex.baseline.append([c / sum(own) for c in own])
                ex.players.append(n)
            last = p
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else heuristic_kreta.choose(state.view(p), legal, rng)
            state.apply(action)
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


def fit_logit(
    xs: Sequence[np.ndarray], ys: Sequence[np.ndarray], l2: float = L2, steps: int = 30, k: int | None = None
) -> np.ndarray:
    """The conditional logit's weights by Newton's method (features standardised inside, weights returned raw);
    ``k`` features (those of the examples by default; zeros when there are none)."""
    if k is None:
        k = xs[0].shape[1] if xs else len(judge_verraeter.FEATURES)
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


def fit(ex: Examples, games_used: int | None = None, buckets: int = judge_verraeter.BUCKETS) -> list[list[float]]:
    """One weight vector per bucket, from the examples of the first ``games_used`` games (all by default)."""
    out = []
    for b in range(1, buckets + 1):
        idx = [i for i in range(len(ex.game)) if ex.bucket[i] == b and (games_used is None or ex.game[i] < games_used)]
        k = ex.x[0].shape[1] if ex.x else None
        out.append([float(v) for v in fit_logit([ex.x[i] for i in idx], [ex.y[i] for i in idx], k=k)])
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


def _brier_own(own: Sequence[Sequence[float]], ys: Sequence[np.ndarray]) -> float:
    """The Brier score of chances that need not sum to 1 (each seat's own, as a search uses it)."""
    total = sum(float(((np.asarray(o) - y) ** 2).sum()) for o, y in zip(own, ys, strict=True))
    return total / sum(len(y) for y in ys)


def compare(
    train: Examples,
    test: Examples,
    sizes: Sequence[int],
    seed: int,
    buckets: int = judge_verraeter.BUCKETS,
    baseline: str = "hand-made (search_verraeter.evaluate)",
    mlp: bool = True,
) -> list[dict[str, Any]]:
    """Held-out loss and Brier score of the hand-made judgement, the conditional logit and (with ``mlp``) the
    MLP, by the number of training games; with Kreta's examples also per player count."""
    groups: list[tuple[str, list[int]]] = [("all", list(range(len(test.y))))]
    for n in sorted(set(test.players)):
        groups.append((f"{n}p", [i for i, m in enumerate(test.players) if m == n]))

    def rows_for(model: str, size: int, preds: Sequence[Sequence[float]]) -> list[dict[str, Any]]:
        out = []
        for name, idx in groups:
            ce, br = loss([preds[i] for i in idx], [test.y[i] for i in idx])
            row = {"model": model, "games": size, "players": name, "log_loss": ce, "brier": br}
            if test.own and model == baseline:
                row["brier_own"] = _brier_own([test.own[i] for i in idx], [test.y[i] for i in idx])
            out.append(row)
        return out

    rows = rows_for(baseline, 0, test.baseline)
    for size in sizes:
        w = fit(train, size, buckets)
        preds = [predict_logit(w, b, x) for b, x in zip(test.bucket, test.x, strict=True)]
        rows += rows_for("conditional logit", size, preds)
        if not mlp:
            continue
        idx = [i for i in range(len(train.game)) if train.game[i] < size]
        net = Mlp(train.x[0].shape[1] + 1, 16, seed)
        aug = [np.concatenate([train.x[i], np.full((train.x[i].shape[0], 1), train.bucket[i])], axis=1) for i in idx]
        net.train(aug, [train.y[i] for i in idx], epochs=20, seed=seed)
        preds = [
            [float(v) for v in net.predict(np.concatenate([x, np.full((x.shape[0], 1), b)], axis=1))]
            for b, x in zip(test.bucket, test.x, strict=True)
        ]
        rows += rows_for("MLP (16 tanh units)", size, preds)
    return rows


def weights_json(weights: list[list[float]], games_used: int, seed: int, game: str = "verraeter") -> str:
    """The shipped file's text."""
    kreta = game == "kreta"
    feats, players = (judge_kreta.FEATURES, KRETA_PLAYERS) if kreta else (judge_verraeter.FEATURES, (3, 4))
    per = "scorings left (ludoteca.bots.judge_kreta)" if kreta else "rounds left (ludoteca.bots.judge_verraeter)"
    data = {
        "model": f"conditional logit per {per}",
        "features": list(feats),
        "buckets": [[round(v, 6) for v in w] for w in weights],
        "trained_on": {"games": games_used, "seed": seed, "bots": "heuristic", "players": list(players)},
    }
    return json.dumps(data, indent=1) + "\n"


__all__ = [
    "Examples",
    "Mlp",
    "compare",
    "fit",
    "fit_logit",
    "loss",
    "predict_logit",
    "simulate",
    "simulate_kreta",
    "weights_json",
]
