"""The bots' places on the ladder, seeded from arena runs.

A ladder that starts every bot level at 1500 would tell a newcomer nothing ("normal ≈ 1500", "expert ≈ 1500")
until many rated games have been played against each. So each level starts from the rating it earned in arena
runs — the same games :mod:`ludoteca.arena` plays, read from the files ``benchmarks/arena_log.py`` writes (one
JSON object per seat of each game: the lineup, the deal, the rotation, the seat's bot, score and win share) —
and rated games move it from there like anyone's. ``scripts/seed_ratings.py`` writes
``ratings/data/bots.json``; :func:`seeded` reads it without any training or arena code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from ludoteca.ratings.fit import fit
from ludoteca.ratings.ladder import Rating, ranks_of


def arena_games(rows: Iterable[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The arena rows grouped into games (one list of seat rows per game, in seat order), in the file's order."""
    games: dict[tuple[Any, ...], list[Mapping[str, Any]]] = {}
    for row in rows:
        key = (tuple(row["lineup"]), row["seed"], row["deal"], row["rotation"])
        games.setdefault(key, []).append(row)
    return [sorted(seats, key=lambda r: r["seat"]) for seats in games.values()]


def seed_from_arena(rows: Iterable[Mapping[str, Any]], names: Mapping[str, str] | None = None) -> dict[str, Rating]:
    """Every bot's rating fitted to all the arena games at once (:func:`.fit.fit`: no order, one rating a spec).

    ``names`` renames arena specs to the lobby's (``{"ismcts:300": "ismcts:normal"}``); a spec not in it keeps
    its own name. Two seats of one game played by the same spec are the same player, so the rows of several
    files — a ladder's steps — are rated together, whatever order they come in.
    """
    names = names or {}
    games = []
    for seats in arena_games(rows):
        specs = [names.get(spec, spec) for spec in (row["lineup"][row["bot"]] for row in seats)]
        winners = [p for p, row in enumerate(seats) if row["win_share"] > 0]
        places = ranks_of([row["score"] for row in seats], winners)
        games.append(list(zip(specs, places, strict=True)))
    return fit(games)


def to_json(ratings: Mapping[str, Mapping[str, Rating]]) -> str:
    """``{game: {spec: rating}}`` as the shipped file holds it."""
    data = {
        game: {spec: {"mu": r.mu, "sigma": r.sigma, "games": r.games} for spec, r in sorted(by_spec.items())}
        for game, by_spec in sorted(ratings.items())
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def seeded(game: str) -> dict[str, Rating]:
    """The shipped seeds of ``game``'s bot levels (empty when none were measured)."""
    text = resources.files("ludoteca.ratings").joinpath("data/bots.json").read_text(encoding="utf-8")
    data = json.loads(text).get(game, {})
    return {spec: Rating(float(r["mu"]), float(r["sigma"]), int(r["games"])) for spec, r in data.items()}
