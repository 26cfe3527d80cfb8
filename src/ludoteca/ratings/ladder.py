"""One game's update of the ladder, with openskill's Plackett–Luce model on a familiar scale.

Why these numbers: players of board-game sites read ratings around 1500 (Board Game Arena's Elo, lichess's
Glicko-2), so the model starts at ``mu = 1500`` with ``sigma = 500``. openskill's defaults are ``mu = 25``,
``sigma = 25/3``, ``beta = sigma/2``, ``tau = mu/300``; every parameter here is the default scaled by 60, so the
model behaves exactly as openskill's own, only the numbers read like a rating. A rating is *provisional* while
its ``sigma`` is above :data:`PROVISIONAL_SIGMA`: with this model a newcomer's 500 falls below 350 after about
fifteen games of mixed results (three-player games between equals, simulated), or eight straight wins over a
well-known player — the same order as lichess's "provisional for the first games" (it lifts the mark when
Glicko's deviation falls under 110, usually after ten to fifteen games).
Ties share a rank; the winners (after the game's own tie-breaks) rank first, the others by score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

SCALE: Final = 60.0
"""openskill's defaults times this: ``mu`` 25 → 1500."""

MODEL_PARAMETERS: Final[Mapping[str, float]] = {
    "mu": 25.0 * SCALE,
    "sigma": 25.0 / 3.0 * SCALE,
    "beta": 25.0 / 6.0 * SCALE,
    "tau": 25.0 / 300.0 * SCALE,
}
"""The model's parameters, said once (docs/web.md "Ratings" prints them)."""

PROVISIONAL_SIGMA: Final = 350.0
"""A rating whose ``sigma`` is above this is provisional (shown with a "?")."""

_MODEL: Final = PlackettLuce(
    mu=MODEL_PARAMETERS["mu"],
    sigma=MODEL_PARAMETERS["sigma"],
    beta=MODEL_PARAMETERS["beta"],
    tau=MODEL_PARAMETERS["tau"],
)


@dataclass(frozen=True)
class Rating:
    """A player's or a bot level's rating for one game: the estimate, its uncertainty and the games behind it."""

    mu: float = MODEL_PARAMETERS["mu"]
    sigma: float = MODEL_PARAMETERS["sigma"]
    games: int = 0

    @property
    def provisional(self) -> bool:
        """True until enough games have narrowed the estimate (``sigma`` ≤ :data:`PROVISIONAL_SIGMA`)."""
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def shown(self) -> int:
        """The number a player reads: the estimate, rounded."""
        return round(self.mu)

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma``: what the leaderboard sorts by, so that one lucky game does not top it."""
        return self.mu - 3 * self.sigma


def fresh() -> Rating:
    """A newcomer's rating."""
    return Rating()


def ranks_of(scores: Sequence[float], winners: Iterable[int]) -> list[int]:
    """Each seat's finishing place (1 = first; ties share a place), from a finished game's result.

    The winners share first place even when a tie-break separated them from a seat with the same score; the
    others follow by score, equal scores sharing a place. Places are dense ranks: (1, 2, 2, 3).
    """
    won = set(winners)
    keys = [(0 if p in won else 1, -scores[p]) for p in range(len(scores))]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rate_game(ratings: Sequence[Rating], scores: Sequence[float], winners: Iterable[int]) -> list[Rating]:
    """The seats' ratings after one finished game (seat order in, seat order out).

    A seat listed twice (one player in two seats) is the caller's business: a rated game has one seat per player.
    """
    if len(ratings) != len(scores) or len(ratings) < 2:
        raise ValueError("a rated game needs one rating and one score per seat, and two seats at least")
    teams = [[_MODEL.create_rating([r.mu, r.sigma])] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks_of(scores, winners)])
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(rated, ratings, strict=True)]


def nearest(target: Rating, candidates: Mapping[str, Rating]) -> str:
    """The candidate (e.g. a bot level) whose estimate is closest to ``target``'s: "play a bot of my level".

    Ties go to the weaker candidate, so a player is never matched up by a rounding.
    """
    if not candidates:
        raise ValueError("no candidates to choose from")
    return min(candidates, key=lambda name: (abs(candidates[name].mu - target.mu), candidates[name].mu))
