"""The AEC environment both games share: a thin layer over a rules core and its :class:`Encoding`.

PettingZoo's Agent Environment Cycle fits turn-based games as they are: one agent acts at a time, and
the agent to act is the core's ``current_player()`` (the same seat may act several times in a row, as
Kreta's Commander does). Shaped like PettingZoo's classic games (``connect_four``, ``texas_holdem``):
observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` (the mask is all
zeros for an agent not to act), rewards come only at the end, and :func:`wrap` adds the classic
wrappers, so an illegal action id ends the game with -1 for the agent that played it.

Agents get nothing of the core's state but the seat's view (observations) and the legal actions (the
mask); the rewards come from its final result. ``reset(seed=…)`` is the only seeding, and passes the
seed to the core. The core's state is ``game_state``, not ``state``: PettingZoo reserves ``state()``
for a global observation, which these games do not offer.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ludoteca import games
from ludoteca.core.game import GameResult
from ludoteca.rl.encoding import Encoding, encoding_for

Obs = dict[str, np.ndarray]

REWARDS = ("win_share", "zero_sum", "score")
"""Reward schemes (keyword ``reward``), all paid once, when the game ends:

- ``win_share``: 1 to the winner, 1/k to each of k tied winners, 0 to the others (rewards sum to 1);
- ``zero_sum``: the win share minus 1/players (rewards sum to 0: what zero-sum learners expect);
- ``score``: the final victory points.
"""


def final_rewards(result: GameResult, scheme: str) -> list[float]:
    """Each seat's reward for a finished game under ``scheme`` (one of :data:`REWARDS`)."""
    shares = result.win_shares()
    if scheme == "win_share":
        return shares
    if scheme == "zero_sum":
        return [s - 1 / len(shares) for s in shares]
    return [float(v) for v in result.scores]


class LudotecaAEC(AECEnv[str, Obs, int], EzPickle):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One game of a ludoteca rules core as a PettingZoo AEC environment (subclasses name the game)."""

    game: str = ""
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self, render_mode: str | None = None, players: int | None = None, reward: str = "win_share", **options: Any
    ) -> None:
        EzPickle.__init__(self, render_mode, players, reward, **options)
        super().__init__()
        self.definition = definition = games.get(self.game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.render_mode = render_mode
        self.reward_scheme = reward
        self.rule_options = definition.options_from_dict(options)
        """The core's validated options (an unknown or bad keyword raises ``OptionError``, a ``ValueError``)."""
        n = definition.max_players if players is None else players
        self.encoding: Encoding = encoding_for(definition, self.rule_options, n)
        self.players = n
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        enc = self.encoding
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=enc.observation_high(), shape=enc.observation_shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(enc.num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(enc.num_actions) for agent in self.possible_agents}
        self.game_state: Any = None
        """The core's game state (for analysis and tests; agents should only observe)."""
        self.game_seed: int | None = None
        """The seed of the game under way (drawn at random when ``reset`` gets none)."""
        self._legal: list[Any] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` is the core's seed (a fresh random one if None). ``options`` is accepted
        for the API's sake and ignored: rule options are fixed when the environment is made."""
        self.game_seed = secrets.randbits(63) if seed is None else int(seed)
        self.game_state = self.definition.new_game(self.rule_options, self.game_seed, self.players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal = self.game_state.legal_actions()
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> Obs:
        seat = self.possible_agents.index(agent)
        observation = self.encoding.observe(self.game_state.view(seat))
        if agent == self.agent_selection and not self.game_state.is_terminal():
            mask = self.encoding.mask(self._legal)
        else:
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        move = self.encoding.action(int(action), self._legal)  # ValueError naming the id if it is not legal
        self.game_state.apply(move)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game_state.is_terminal():
            self._legal = []
            for who, value in zip(
                self.agents, final_rewards(self.game_state.result(), self.reward_scheme), strict=True
            ):
                self.rewards[who] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self._legal = self.game_state.legal_actions()
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
            self._accumulate_rewards()

    def render(self) -> str | None:
        """The game's terminal table (its presenter's, in English) of the acting seat's view (a spectator's
        once the game is over)."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.game_state is None:
            raise RuntimeError("call reset() before render()")
        from rich.console import Console

        from ludoteca.present import presenter, translator

        seat = -1 if self.game_state.is_terminal() else self.game_state.current_player()
        names = list(self.definition.seat_names[: self.players]) or self.possible_agents
        out = io.StringIO()
        Console(file=out, width=100, color_system=None).print(
            presenter(games.plugin(self.game)).terminal(self.game_state.view(seat), names, translator("en"))
        )
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    def action_text(self, index: int) -> str:
        """The notation of action id ``index`` (e.g. ``supply 3,5``), for logs and debugging."""
        return self.encoding.action_names()[index]


def env_maker(raw: type[LudotecaAEC]) -> Callable[..., AECEnv[str, Obs, int]]:
    """The module-level ``env(render_mode=None, players=4, reward="win_share", **options)`` of a game: its
    :class:`LudotecaAEC` subclass, wrapped as the classic games are."""

    def env(
        render_mode: str | None = None, players: int = 4, reward: str = "win_share", **options: Any
    ) -> AECEnv[str, Obs, int]:
        return wrap(raw(render_mode, players, reward, **options))

    env.__doc__ = f"A wrapped {games.get(raw.game).title} environment (``raw_env`` is the unwrapped one)."
    return env


def wrap(env: LudotecaAEC) -> AECEnv[str, Obs, int]:
    """The classic games' wrappers: an illegal id ends the game with -1 for its player (a warning says
    so), an id outside the space fails an assertion, and the API's order of calls is enforced."""
    wrapped: AECEnv[str, Obs, int] = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
