"""Ratings fitted to a whole set of games at once, on the ladder's scale: the bots' seeds.

Why not replay the games through :func:`.ladder.rate_game`: an online update depends on the games' order. The
ladder's runs come as one file per step (normal against easy, then hard against normal, …), and rated file after
file the levels came out in the wrong order — each new file's newcomer starts at 1500 and drags the established
level towards it (Verräter, 2026-12-02: `hard` 1193 below `normal` 1311 though it won 0.421 of its games against
two of them, parity 0.333; the other file order gave 1634 above 1517). A joint fit has no order.

The model is the ladder's own: openskill's Plackett–Luce, in which a seat finishes ahead of the seats still to be
placed with probability ``exp(mu/c)`` over their sum, with ``c = beta * sqrt(seats)`` (openskill's
``c = sqrt(sum(sigma**2 + beta**2))`` once the sigmas are small beside ``beta``, as they are after hundreds of
games). Each player starts from a newcomer's rating as a Gaussian prior, so the estimate is the *maximum a
posteriori* one (with no games: a newcomer's) and a player in few games is pulled towards 1500 as the ladder pulls
a newcomer. ``sigma`` is the posterior's standard deviation (Laplace's approximation: the inverse Hessian's
diagonal). One player in two seats of a game (two ``normal`` seats against one ``hard``) is one parameter, so
nothing has to say which seat's update wins. Tied seats share a place and are in each other's risk sets.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ludoteca.ratings.ladder import MODEL_PARAMETERS, Rating

Placed = Sequence[tuple[str, int]]
"""One game: each seat's player and its finishing place (1 = first; ties share a place)."""

_ROUNDS = 50


def fit(games: Sequence[Placed], prior: Mapping[str, float] | None = None) -> dict[str, Rating]:
    """Every player's rating after all ``games`` at once (Newton's method on the log-posterior).

    ``prior`` gives players a prior mean other than a newcomer's 1500 (none is needed for the bots' seeds).
    """
    games = sorted(tuple(sorted(game)) for game in games)  # the same sums in the same order, whatever the input's
    players = sorted({player for game in games for player, _ in game})
    if not players:
        return {}
    index = {player: i for i, player in enumerate(players)}
    mu0 = [(prior or {}).get(p, MODEL_PARAMETERS["mu"]) for p in players]
    precision0 = 1.0 / MODEL_PARAMETERS["sigma"] ** 2
    beta = MODEL_PARAMETERS["beta"]
    theta = list(mu0)
    hessian: list[list[float]] = []
    for _ in range(_ROUNDS):
        grad = [-(t - m) * precision0 for t, m in zip(theta, mu0, strict=True)]
        hessian = [[-precision0 if i == j else 0.0 for j in players] for i in players]
        for game in games:
            _add_game(game, index, theta, beta * math.sqrt(len(game)), grad, hessian)
        step = _solve([[-h for h in row] for row in hessian], grad)
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-6:
            break
    covariance = _relative(_inverse([[-h for h in row] for row in hessian]))
    counts = {p: sum(1 for game in games if any(q == p for q, _ in game)) for p in players}
    return {p: Rating(theta[i], math.sqrt(covariance[i][i]), counts[p]) for p, i in index.items()}


def _add_game(
    game: Placed,
    index: Mapping[str, int],
    theta: Sequence[float],
    c: float,
    grad: list[float],
    hessian: list[list[float]],
) -> None:
    """Add one game's log-likelihood gradient and Hessian: each seat against the seats placed no better."""
    seats = [(index[player], place) for player, place in game]
    weight = [math.exp(theta[i] / c) for i, _ in seats]
    for i, place in seats:
        risk = [(q, w) for (q, other), w in zip(seats, weight, strict=True) if other >= place]
        total = sum(w for _, w in risk)
        share: dict[int, float] = {}
        for q, w in risk:
            share[q] = share.get(q, 0.0) + w / total
        grad[i] += 1.0 / c
        for s, ps in share.items():
            grad[s] -= ps / c
            for t, pt in share.items():
                hessian[s][t] -= ((ps if s == t else 0.0) - ps * pt) / c**2


def _relative(covariance: list[list[float]]) -> list[list[float]]:
    """The covariance of the ratings about their mean (``P Σ P`` with ``P = I - 11ᵀ/n``).

    Results say only how the players stand against each other: a shift of every rating explains them as well,
    so the posterior's spread along that shift is the prior's alone (500 over the square root of the number of
    players, whatever the games). With equal priors the estimates' mean is exactly the prior's (1500), a
    convention, and the spread that remains is how well each stands against the others.
    """
    n = len(covariance)
    rows = [sum(row) / n for row in covariance]
    total = sum(rows) / n
    return [[covariance[i][j] - rows[i] - rows[j] + total for j in range(n)] for i in range(n)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` (the matrix is small: one row per bot level)."""
    inverse = _inverse(matrix)
    return [sum(a * b for a, b in zip(row, vector, strict=True)) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting; the log-posterior's Hessian is negative definite, so this never fails."""
    n = len(matrix)
    rows = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]
