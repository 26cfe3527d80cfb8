"""The OpenSpiel game and state shared by both ludoteca games: a thin layer over a rules core.

Chance is explicit and comes first. The cores draw every random number from the generator their state
holds, seeded once when the game is set up; so the game begins with :data:`SEED_BYTES` chance nodes of
256 equally likely outcomes each, the bytes of the core's 64-bit seed (most significant first). Choosing
the seed is choosing every shuffle of the game at once — as if the decks were shuffled before play —
and after the last byte the state holds ``new_game(options, seed, players)``: every game the core can
deal is reachable, each with the same probability as ``ludoteca play --seed``. ``history()`` (seed
bytes, then the players' actions) therefore replays the game exactly, and the seed is hidden from every
player: information states and observations are built from ``view(player)`` only.

Python-side data lives in one attribute, ``_deal`` (a :class:`Deal`), because OpenSpiel clones a Python
state by deep-copying the values of its ``__dict__`` and serialises it by pickling them: a deal is cloned
with the core's cheap ``clone()`` and pickled as its game record — seed and action texts — rebuilt by
replay; the game's constant :class:`Rules` it refers to are shared by copies and pickled as parameters.

Returns are win shares (1, or 1/k for each of k seats tied first, else 0), paid at the end: a
constant-sum game with utility sum 1, the measure the arena reports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pyspiel

from ludoteca import games
from ludoteca.core.game import GameDefinition
from ludoteca.core.plugin import PluginError
from ludoteca.core.rng import Rng
from ludoteca.rl.encoding import Encoding, encoding_for

SEED_BYTES = 8
"""Chance nodes at the start of a game: the bytes of the core's 64-bit seed."""

CHANCE_OUTCOMES = 256
_CHANCE = [(b, 1.0 / CHANCE_OUTCOMES) for b in range(CHANCE_OUTCOMES)]

Params = Mapping[str, int | float | bool | str]


@dataclass(frozen=True)
class GameSpec:
    """What differs between the two games: names, parameters and how they map to the rule options."""

    short_name: str
    long_name: str
    game: str
    """The ludoteca game (``ludoteca.games.get(game)``)."""
    defaults: Mapping[str, int | float | bool | str]
    """Every OpenSpiel parameter with its default: ``players`` and the rule options."""
    options: Callable[[Params], dict[str, Any]]
    """Parameters → plain rule options for ``options_from_dict``."""
    params: Callable[[Any], dict[str, int | float | bool | str]]
    """Rule options → parameters (how a bot finds the OpenSpiel game of the table it sits at)."""
    max_game_length: Callable[[Any], int]
    """An upper bound on the players' decisions in a game, from the view of a new game."""

    def game_type(self, definition: GameDefinition[Any, Any, Any, Any]) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=definition.max_players,
            min_num_players=definition.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(self.defaults),
        )


_SPECS: dict[str, GameSpec] = {}
_CLASSES: dict[str, type[LudotecaGame]] = {}

DEFAULT_MAX_GAME_LENGTH = 10_000
"""The bound on decisions of a game whose plug-in names no ``openspiel`` facet."""


def register(spec: GameSpec, game_class: type[pyspiel.Game]) -> None:
    """Make ``spec.short_name`` loadable with ``pyspiel.load_game`` (once per process)."""
    if spec.short_name in _SPECS:
        return
    _SPECS[spec.short_name] = spec
    pyspiel.register_game(spec.game_type(games.get(spec.game)), game_class)


def spec_for(game: str) -> GameSpec:
    """The OpenSpiel spec of a registered game: its plug-in's ``openspiel`` facet (a :class:`GameSpec`), or,
    without one, ``ludoteca_<name>`` with the most players it seats and its scalar rule options as
    parameters (options whose default is None are left at their default)."""
    plugin = games.plugin(game)
    if plugin.has("openspiel"):
        found = plugin.facet("openspiel")
        if not isinstance(found, GameSpec):
            raise PluginError(f"{plugin.title}: its openspiel facet is not a ludoteca.rl.openspiel.game.GameSpec")
        return found
    rules = plugin.rules
    scalar = {
        key: value
        for key, value in rules.options_to_dict(rules.options_from_dict({})).items()
        if isinstance(value, int | float | bool | str)
    }

    def options(params: Params) -> dict[str, Any]:
        return {key: params[key] for key in scalar}

    def params(options: Any) -> dict[str, int | float | bool | str]:
        return {key: value for key, value in rules.options_to_dict(options).items() if key in scalar}

    return GameSpec(
        short_name=f"ludoteca_{rules.name}",
        long_name=f"{rules.title} (ludoteca)",
        game=rules.name,
        defaults={"players": rules.max_players, **scalar},
        options=options,
        params=params,
        max_game_length=lambda view: DEFAULT_MAX_GAME_LENGTH,
    )


def game_class(game: str) -> type[LudotecaGame]:
    """The OpenSpiel game class of a registered game, made and registered with pyspiel on first use."""
    name = games.plugin(game).name
    if name not in _CLASSES:
        spec = spec_for(name)
        cls = type(f"{name.capitalize()}Game", (LudotecaGame,), {"spec": spec, "__module__": __name__})
        cls.__doc__ = f"{spec.long_name} for OpenSpiel: ``pyspiel.load_game({spec.short_name!r})``."
        register(spec, cls)
        globals()[cls.__name__] = cls  # so the class pickles by name
        _CLASSES[name] = cls
    return _CLASSES[name]


def register_all() -> dict[str, str]:
    """Register every registered game with pyspiel; the OpenSpiel name of each ludoteca game."""
    return {name: game_class(name).spec.short_name for name in games.names()}


@dataclass(frozen=True, eq=False)
class Rules:
    """One OpenSpiel game's constant data: the core's definition, the options, the encoding.

    Shared by all the game's states: deep copies return it as it is, pickles name it by parameters.
    """

    spec: GameSpec
    params: tuple[tuple[str, int | float | bool | str], ...]
    definition: GameDefinition[Any, Any, Any, Any]
    options: Any
    players: int
    encoding: Encoding

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    def __reduce__(self) -> tuple[Callable[..., Rules], tuple[str, tuple[tuple[str, Any], ...]]]:
        return rules_for, (self.spec.short_name, self.params)


@cache
def rules_for(short_name: str, params: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of game ``short_name`` with ``params`` (sorted name/value pairs, defaults filled in)."""
    spec = _SPECS[short_name]
    values = dict(params)
    definition = games.get(spec.game)
    players = int(values["players"])
    if not definition.min_players <= players <= definition.max_players:
        raise ValueError(
            f"{spec.short_name} takes {definition.min_players} to {definition.max_players} players, not {players}"
        )
    options = definition.options_from_dict(spec.options(values))
    encoding = encoding_for(spec.game, options, players)
    return Rules(spec, params, definition, options, players, encoding)


def normalize_params(spec: GameSpec, params: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """Parameters with the defaults filled in, unknown names refused, in a canonical order."""
    given = dict(params or {})
    unknown = sorted(set(given) - set(spec.defaults))
    if unknown:
        raise ValueError(f"unknown parameter(s) of {spec.short_name}: {', '.join(unknown)}")
    return tuple(sorted({**spec.defaults, **given}.items()))


class Deal:
    """The Python-side state of one game: the seed bytes drawn so far, then the core state.

    ``record`` holds the actions applied to the core (a game record with the seed), or is ``None`` for
    a world sampled from a view by ``resample_from_infostate``, which has no history to replay.
    ``cache`` keeps what was derived from the current position (views, strings, the legal indices).
    """

    __slots__ = ("cache", "core", "record", "rules", "seed_bytes")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seed_bytes: list[int] = []
        self.core: Any = None
        self.record: list[Any] | None = []
        self.cache: dict[Any, Any] = {}

    @property
    def seed(self) -> int | None:
        if len(self.seed_bytes) < SEED_BYTES:
            return None
        return int.from_bytes(bytes(self.seed_bytes), "big")

    def view(self, player: int) -> Any:
        """The core's view for ``player`` (-1: a spectator), computed once per position."""
        key = ("view", player)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.core.view(player)
        return found

    def legal(self) -> dict[int, Any]:
        """The legal actions of the seat to act, by their index in the encoding."""
        found = self.cache.get("legal")
        if found is None:
            index = self.rules.encoding.index
            found = self.cache["legal"] = {index(a): a for a in self.core.legal_actions()}
        return found

    def draw_seed_byte(self, byte: int) -> None:
        self.seed_bytes.append(byte)
        seed = self.seed
        if seed is not None:
            rules = self.rules
            self.core = rules.definition.new_game(rules.options, seed, rules.players)
        self.cache = {}

    def apply(self, action: Any) -> None:
        self.core.apply(action)
        if self.record is not None:
            self.record.append(action)
        self.cache = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        copy = Deal.__new__(Deal)
        copy.rules = self.rules
        copy.seed_bytes = list(self.seed_bytes)
        copy.core = None if self.core is None else self.core.clone()
        copy.record = None if self.record is None else list(self.record)
        copy.cache = {}
        return copy

    def __reduce__(self) -> tuple[Callable[..., Deal], tuple[Any, ...]]:
        if self.record is None:  # a sampled world: no record to replay, so the core itself
            return _world, (self.rules, self.core)
        return _replay, (self.rules, tuple(self.seed_bytes), tuple(a.to_text() for a in self.record))


def _replay(rules: Rules, seed_bytes: Sequence[int], actions: Sequence[str]) -> Deal:
    """A deal rebuilt from its record: the seed bytes drawn, then every action parsed and applied."""
    deal = Deal(rules)
    for byte in seed_bytes:
        deal.draw_seed_byte(byte)
    for text in actions:
        deal.apply(rules.definition.parse_action(text))
    return deal


def _world(rules: Rules, core: Any) -> Deal:
    deal = Deal(rules)
    deal.seed_bytes = [0] * SEED_BYTES
    deal.core = core
    deal.record = None
    return deal


@cache
def _action_names(rules: Rules) -> list[str]:
    return rules.encoding.action_names()


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over a ludoteca rules core; subclasses name their :class:`GameSpec`."""

    spec: GameSpec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        normalized = normalize_params(self.spec, params)
        rules = rules_for(self.spec.short_name, normalized)
        probe = rules.definition.new_game(rules.options, 0, rules.players).view(0)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.encoding.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=rules.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.spec.max_game_length(probe),
        )
        super().__init__(self.spec.game_type(rules.definition), info, dict(normalized))
        self.rules = rules

    def new_initial_state(self) -> LudotecaState:
        """The game before the deal: the first of the seed's chance nodes."""
        return LudotecaState(self, Deal(self.rules))

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """Strings and tensors from a seat's view (see :mod:`.observer`)."""
        from .observer import ViewObserver

        return ViewObserver(self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def state_from_view(self, view: Any, rng: Rng) -> LudotecaState:
        """A state consistent with ``view``: its hidden parts sampled with the game's ``determinize``.

        What a bot handed only a view searches from (the result has no replayable history).
        """
        determinize = self.rules.definition.determinize
        assert determinize is not None
        return LudotecaState(self, _world(self.rules, determinize(view, rng, keep_log=True)))


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """A position of a ludoteca game, as OpenSpiel sees it: seed bytes first, then the core's turns."""

    def __init__(self, game: LudotecaGame, deal: Deal) -> None:
        super().__init__(game)
        self._deal = deal

    @property
    def deal(self) -> Deal:
        """The Python-side data of this state (seed bytes, the core's state, caches); the observer reads it."""
        return self._deal

    @property
    def core(self) -> Any:
        """The rules core's state (``None`` while the seed is being drawn)."""
        return self._deal.core

    def current_player(self) -> int:
        core = self._deal.core
        if core is None:
            return int(pyspiel.PlayerId.CHANCE)
        if core.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(core.current_player())

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._deal.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_CHANCE)

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        if deal.core is None:
            if not 0 <= action < CHANCE_OUTCOMES:
                raise ValueError(f"a seed byte is 0 to 255, not {action}")
            deal.draw_seed_byte(int(action))
            return
        chosen = deal.legal().get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal here")
        deal.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        deal = self._deal
        if deal.core is not None and not deal.core.is_terminal() and deal.core.current_player() == player:
            chosen = deal.legal().get(int(action))
            if chosen is not None:
                return str(chosen.to_text())
        return _action_names(deal.rules)[action]

    def is_terminal(self) -> bool:
        core = self._deal.core
        return core is not None and bool(core.is_terminal())

    def returns(self) -> list[float]:
        core = self._deal.core
        if core is None or not core.is_terminal():
            return [0.0] * self._deal.rules.players
        return list(core.result().win_shares())

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> LudotecaState:
        """A state ``player_id`` cannot tell from this one, its hidden parts sampled afresh.

        Built with the game's ``determinize`` on the player's view (the other hands, the draw pile, the
        face-down fort cards, and the generator of the chance still to come), seeded from two draws of
        ``probability_sampler``. Before the deal is complete the seed bytes are hidden from everyone, so
        they are redrawn. The result has no replayable history (``history()`` is empty).
        """
        game = self.get_game()
        seed = int(probability_sampler() * (1 << 32)) << 32 | int(probability_sampler() * (1 << 32))
        deal = self._deal
        if deal.core is None:
            fresh = Deal(deal.rules)
            rng = Rng(seed)
            fresh.seed_bytes = [rng.below(CHANCE_OUTCOMES) for _ in deal.seed_bytes]
            return LudotecaState(game, fresh)
        return game.state_from_view(deal.view(player_id), Rng(seed))  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The whole position, for debugging: the deal so far, the public view and each seat's secrets."""
        from .observer import table_text

        deal = self._deal
        if deal.core is None:
            return f"deal: seed bytes {deal.seed_bytes}"
        head = "sampled world" if deal.record is None else f"seed {deal.seed:#018x}, {len(deal.record)} actions"
        views = [deal.view(p) for p in range(deal.rules.players)]
        return f"{head}\n{table_text(views, deal.view(-1))}"
