"""How much luck each estimate takes out of an arena run: the duplicate deal, and a learned judge as control variate.

Usage::

    .venv/bin/python benchmarks/luck.py benchmarks/runs/v3-normal-vs-2x-easy.jsonl [--bot SPEC]

For the bot (default: the lineup's first), on the deals of a results file of ``benchmarks/arena_log.py``:

- **games on deals of their own**: the variance of one seat-game's win share — what an arena without duplicate
  deals would average;
- **duplicate deal blocks**: the variance of the block mean, and :func:`ludoteca.arena.sequential.duplicate_gain`,
  how many independent games one block is worth;
- **judge at the start as control variate**: the learned judge's chance for the bot's seat in the dealt position
  (``judge_verraeter.evaluate`` / ``judge_kreta.evaluate`` on the deal's first state, rebuilt from the deal's seed),
  its known mean ``1/n`` (the chances of the seats sum to 1 and the bot sits in every seat), applied per game and
  per block (:func:`ludoteca.arena.sequential.control_variate`). Per block it cannot remove anything: the bot holds
  every seat once per deal, so its block's control is the mean of all seats' chances, ``1/n`` on every deal — the
  duplicate deal has already taken out all the luck that the judge sees at the start.

The dealt position is rebuilt from the seed alone (``new_game``), so no game is replayed and nothing is searched.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludoteca import games
from ludoteca.arena.luck import Meter
from ludoteca.arena.runner import derive_seed
from ludoteca.arena.sequential import control_variate, duplicate_gain
from ludoteca.arena.summary import lineup_groups
from ludoteca.bots import judge_kreta, judge_verraeter
from ludoteca.core.rng import Rng
from ludoteca.kreta.determinize import determinize as kreta_determinize

JUDGES: dict[str, Callable[[Any], list[float]]] = {"verraeter": judge_verraeter.evaluate, "kreta": judge_kreta.evaluate}
"""Each game's learned judge (a benchmark's shortcut; the bots find theirs through their lookahead). Kreta's judges
every player count here: as a control variate a judge needs only to move with the outcome."""


def _verraeter_unknown(state: Any, rng: Rng) -> Any:
    """Verräter: the face-down supply pile's order and the random source (the next draft's action cards)."""
    other = state.clone()
    rng.shuffle(other.draw_pile)
    other.rng.state = rng.next64()
    return other


def _kreta_unknown(state: Any, rng: Rng) -> Any:
    """Kreta: the face-down fort cards of the row and the pile, which no seat sees (any seat's view is public)."""
    return kreta_determinize(state.view(0), rng, keep_log=False)


METERS = {
    "verraeter": Meter(judge_verraeter.evaluate, _verraeter_unknown),
    "kreta": Meter(judge_kreta.evaluate, _kreta_unknown),
}
"""How arena_log.py measures each game's luck at its chance events (:mod:`ludoteca.arena.luck`)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--game", help="the game (default: from the file name, v… Verräter, k… Kreta)")
    parser.add_argument("--bot")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in args.file.read_text().splitlines() if line.strip()]
    lineup = tuple(rows[0]["lineup"])
    seed = rows[0]["seed"]
    game = args.game or ("kreta" if args.file.name.startswith("k") else "verraeter")
    definition = games.get(game)
    options = definition.options_from_dict({})
    n = len(lineup)
    bot = args.bot or lineup[0]
    indices = set(lineup_groups(lineup)[bot])
    judge = JUDGES[game]
    start: dict[int, list[float]] = {}
    by_deal: dict[int, list[tuple[float, float, float | None]]] = {}
    for row in rows:
        if row["bot"] not in indices:
            continue
        deal = row["deal"]
        if deal not in start:
            start[deal] = judge(definition.new_game(options, derive_seed(seed, deal), n))
        by_deal.setdefault(deal, []).append((row["win_share"], start[deal][row["seat"]], row.get("luck")))
    deals = sorted(d for d, g in by_deal.items() if len(g) == n * len(indices))
    games_x = [x for d in deals for x, _, _ in by_deal[d]]
    games_c = [c for d in deals for _, c, _ in by_deal[d]]
    blocks_x = [_mean([x for x, _, _ in by_deal[d]]) for d in deals]
    blocks_c = [_mean([c for _, c, _ in by_deal[d]]) for d in deals]
    per_game = control_variate(games_x, games_c, 1 / n)
    per_block = control_variate(blocks_x, blocks_c, 1 / n)
    gain = duplicate_gain([[x for x, _, _ in by_deal[d]] for d in deals])
    k = len(games_x) / len(deals)
    var_game = _var(games_x)
    var_block = _var(blocks_x)
    print(f"{args.file.name}: {bot} in {game} {n}p, {len(deals)} deals, {len(games_x)} seat-games")
    print(f"  games on deals of their own: share {per_game.plain.mean:.3f}, variance per game {var_game:.4f}")
    print(
        f"    the judge's value at the start as control variate: variance removed {per_game.variance_removed:.1%}"
        f" (b = {per_game.coefficient:.2f})"
    )
    print(
        f"  duplicate deal blocks: share {per_block.plain.mean:.3f}, variance per block {var_block:.4f} against"
        f" {var_game / k:.4f} for {k:g} independent games: one block is worth {gain:.2f}× its games"
    )
    print(
        f"    the judge's value at the start: variance removed {per_block.variance_removed:.1%}"
        f" (the block's control varies by {max(blocks_c) - min(blocks_c):.2g} over the deals)"
    )
    measured = [d for d in deals if all(lk is not None for _, _, lk in by_deal[d])]
    if len(measured) >= 2 and _var([_mean([x for x, _, _ in by_deal[d]]) for d in measured]) > 0:
        xs = [_mean([x for x, _, _ in by_deal[d]]) for d in measured]
        ls = [_mean([lk or 0.0 for _, _, lk in by_deal[d]]) for d in measured]
        aivat = [x - lk for x, lk in zip(xs, ls, strict=True)]
        fitted = control_variate(xs, ls, 0.0)
        plain = _var(xs)
        print(
            f"  the luck at chance events ({len(measured)} deals measured): blocks' variance {plain:.4f};"
            f" less the luck (AIVAT, b = 1) {_var(aivat):.4f} ({1 - _var(aivat) / plain:.1%} removed),"
            f" share {_mean(aivat):.3f} against {_mean(xs):.3f};"
            f" fitted b = {fitted.coefficient:.2f}: {fitted.variance_removed:.1%} removed in the sample,"
            f" {1 - _var(_cross_fitted(xs, ls)) / plain:.1%} with b fitted on the other deals"
        )
    return 0


def _cross_fitted(xs: list[float], ls: list[float]) -> list[float]:
    """Each block less its luck times ``b`` fitted on the *other* blocks: what the control variate would remove
    from a new deal (the in-sample fit always removes something, even from noise)."""
    out = []
    for i in range(len(xs)):
        rest_x, rest_l = xs[:i] + xs[i + 1 :], ls[:i] + ls[i + 1 :]
        b = control_variate(rest_x, rest_l, 0.0).coefficient if len(rest_x) >= 2 else 0.0
        out.append(xs[i] - b * ls[i])
    return out


def _mean(values: list[float]) -> float:
    return math.fsum(values) / len(values)


def _var(values: list[float]) -> float:
    m = math.fsum(values) / len(values)
    return math.fsum((v - m) ** 2 for v in values) / (len(values) - 1)


if __name__ == "__main__":
    sys.exit(main())
