"""Evaluate a policy against masked random play over PettingZoo games, end to end.

Every game seats one *evaluated* agent among masked-random ones (a uniformly random legal id, read from
the observation's ``action_mask``); the evaluated seat moves round the table from game to game so that
no seat's advantage counts. The evaluated policy is one of:

- ``random``: masked random itself (the baseline: its win share should be ``1/players``);
- ``lowest``: always the lowest legal id (a deterministic policy that only reads the mask);
- ``heuristic`` (or any bot spec, e.g. ``ismcts:50``): a ludoteca bot choosing from the seat's *view*;
  its action goes back through the encoding as an id, as an agent's would.

It prints the evaluated policy's win share and mean final score with 95% intervals::

    .venv/bin/python examples/random_policy.py verraeter --players 4 --games 200 --policy heuristic
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ludoteca import bots
from ludoteca.rl.pettingzoo import kreta_v0, verraeter_v0

ENVS = {"verraeter": verraeter_v0, "kreta": kreta_v0}
Policy = Callable[[Any, str, dict[str, np.ndarray]], int]
"""``policy(env, agent, observation) -> action id``."""


def masked_random(rng: np.random.Generator) -> Policy:
    def choose(env: Any, agent: str, obs: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    return choose


def lowest(env: Any, agent: str, obs: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def bot_policy(spec: str, seed: int) -> Policy:
    """A ludoteca bot as an agent: it reads its seat's view (what the observation encodes, unflattened)."""
    bot = bots.replayable(spec, seed)

    def choose(env: Any, agent: str, obs: dict[str, np.ndarray]) -> int:
        raw = env.unwrapped
        seat = raw.possible_agents.index(agent)
        legal = raw.game_state.legal_actions()
        return int(raw.encoding.index(bot.choose(raw.game_state.view(seat), legal)))

    return choose


def play(env: Any, seed: int, policies: dict[str, Policy]) -> tuple[dict[str, float], tuple[int, ...]]:
    """One game: each agent's total reward (its win share) and the final scores."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        env.step(None if termination or truncation else policies[agent](env, agent, obs))
    return totals, tuple(env.unwrapped.game_state.result().scores)


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% interval."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def evaluate(game: str, players: int, games: int, policy: str, seed: int, **options: Any) -> dict[str, Any]:
    env = ENVS[game].env(players=players, **options)
    rng = np.random.default_rng(seed)
    evaluated: Policy = (
        masked_random(rng) if policy == "random" else lowest if policy == "lowest" else bot_policy(policy, seed)
    )
    shares: list[float] = []
    scores: list[float] = []
    for g in range(games):
        seat = g % players
        agents = env.possible_agents
        policies = {a: (evaluated if i == seat else masked_random(rng)) for i, a in enumerate(agents)}
        totals, final = play(env, seed * 100_003 + g, policies)
        shares.append(totals[agents[seat]])
        scores.append(final[seat])
    env.close()
    return {"win_share": interval(shares), "score": interval(scores), "games": games, "parity": 1 / players}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game", choices=sorted(ENVS))
    parser.add_argument("--players", type=int, default=None, help="default: 4 (Verräter), 2 (Kreta)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--policy", default="heuristic", help="random, lowest, or a bot spec (default: heuristic)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    players = args.players or (4 if args.game == "verraeter" else 2)
    got = evaluate(args.game, players, args.games, args.policy, args.seed)
    share, score = got["win_share"], got["score"]
    print(f"{args.game}, {players} players, {args.games} games: {args.policy} vs {players - 1} masked random")
    print(f"win share {share[0]:.3f} (95% CI {share[1]:.3f}–{share[2]:.3f}), parity {got['parity']:.3f}")
    print(f"mean score {score[0]:.1f} (95% CI {score[1]:.1f}–{score[2]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
