"""PettingZoo environments of the ludoteca games (AEC API), like PettingZoo's own classic games::

    from ludoteca.rl.pettingzoo import kreta_v0, verraeter_v0

    env = verraeter_v0.env(players=3, hand_limit=6, render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Every registered game has one, built from its plug-in (rules and ``encoding`` facet) with no code of its own
here: ``env("perudo", players=3)`` or ``raw_env_class("perudo")``. ``verraeter_v0`` and ``kreta_v0`` are the
built-in games' modules, kept as public names. All pass ``pettingzoo.test.api_test`` and ``seed_test``; see
``docs/rl.md`` for the encodings.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ludoteca import games

from ._aec import LudotecaAEC, Obs, env_maker


@cache
def raw_env_class(game: str) -> type[LudotecaAEC]:
    """The unwrapped environment class of a registered game (``ludoteca_<name>_v0``), made once."""
    name = games.plugin(game).name
    metadata: dict[str, Any] = {
        "name": f"ludoteca_{name}_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    cls = type(f"{name}_raw_env", (LudotecaAEC,), {"game": name, "metadata": metadata, "__module__": __name__})
    return cls


def env(
    game: str, render_mode: str | None = None, players: int | None = None, reward: str = "win_share", **options: Any
) -> AECEnv[str, Obs, int]:
    """A wrapped environment of the registered game ``game`` (players: default the most it seats)."""
    raw = raw_env_class(game)
    if players is None:
        players = games.get(game).max_players
    return env_maker(raw)(render_mode, players, reward, **options)


from . import kreta_v0, verraeter_v0  # noqa: E402  (the built-in games' modules use raw_env_class)

__all__ = ["env", "kreta_v0", "raw_env_class", "verraeter_v0"]
