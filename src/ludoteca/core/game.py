"""The game protocol every rules core implements, and the description a game registers.

Modelled on OpenSpiel's state API and python-chess's board: a mutable state changed only through a
checked :meth:`GameState.apply`, a cheap :meth:`GameState.clone`, and per-player views that are the
only window onto hidden information. Chance is not a separate player: every random draw comes from
the seeded generator the state holds, so ``(options, seed, actions)`` replays a game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from .rng import Rng

TERMINAL = -1
"""What :meth:`GameState.current_player` answers once the game is over."""


@runtime_checkable
class Action(Protocol):
    """Actions are small immutable values with a text and a JSON form that parse back to them."""

    def to_text(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameResult:
    """Final (or provisional) scores.

    ``scores`` are totals in seat order; ``breakdown`` gives each seat's total split by source
    (the keys are the game's own, e.g. ``conflict``, ``traitor``); ``winners`` are the seats with the
    highest total (ties share the win); ``progress`` is the game's measure of length
    (``{"rounds": 8}`` for Verräter, ``{"scorings": 11}`` for Kreta).
    """

    scores: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    winners: tuple[int, ...]
    progress: Mapping[str, int] = field(default_factory=dict)

    def win_shares(self) -> list[float]:
        """Each seat's share of the win: ``1/k`` for each of ``k`` tied winners, 0 for the others."""
        return win_shares(self.winners, len(self.scores))


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of one game's win: 1/k for each of k tied winners, 0 for everyone else.

    The one measure of winning that bots (search rewards) and the arena (win share) both use.
    """
    if not winners:
        return [0.0] * players
    share = 1 / len(set(winners))
    return [share if p in winners else 0.0 for p in range(players)]


A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)


@runtime_checkable
class GameView(Protocol):
    """What every game's view offers the outer layers besides its own fields (the web's state message, the
    terminal's log and the digests rely on it): whose view it is, the phase's name, the log as that seat may
    see it, and the scores as that seat may know them (the points shown on the table while the game goes on;
    once it is over, the same as the result's scores)."""

    @property
    def player(self) -> int: ...

    @property
    def num_players(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def log(self) -> Sequence[Any]: ...

    @property
    def scores(self) -> Sequence[int]: ...


class GameState(Protocol[A, V_co]):
    """What bots, the CLI, simulations and adapters rely on."""

    @property
    def num_players(self) -> int: ...

    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> list[A]:
        """Every legal action of the seat to act (empty exactly when the game is over)."""
        ...

    def apply(self, action: A) -> None:
        """Play ``action``; an illegal or malformed one raises a ``ValueError`` subclass and changes nothing."""
        ...

    def is_terminal(self) -> bool: ...

    def view(self, player: int) -> V_co:
        """Exactly what ``player`` may know (``-1``: a spectator's public view)."""
        ...

    def clone(self) -> Self: ...

    def result(self) -> GameResult: ...


S = TypeVar("S")
"""A game's state type (a :class:`GameState`)."""
Act = TypeVar("Act")
"""A game's action type."""
V = TypeVar("V")
"""A game's view type."""
O = TypeVar("O")  # noqa: E741
"""A game's options type."""


S_co = TypeVar("S_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class NewGame(Protocol[O_contra, S_co]):
    """``new_game(options, seed, num_players, start_player=None) -> state``."""

    def __call__(self, options: O_contra, seed: int, num_players: int, start_player: int | None = None) -> S_co: ...


class FromSetup(Protocol[O_contra, S_co]):
    """``from_setup(options, seed, num_players, setup) -> state``."""

    def __call__(self, options: O_contra, seed: int, num_players: int, setup: Mapping[str, Any]) -> S_co: ...


class Determinize(Protocol[V_contra, S_co]):
    """``determinize(view, rng, keep_log=True) -> state``."""

    def __call__(self, view: V_contra, rng: Rng, *, keep_log: bool = True) -> S_co: ...


@dataclass(frozen=True)
class GameDefinition(Generic[S, Act, V, O]):
    """How the outer layers find a game: its name, its options, how to start it and read its actions.

    Generic in the game's state ``S``, action ``Act``, view ``V`` and options ``O``, so a layer that holds
    a ``GameDefinition[KretaState, KretaAction, KretaView, KretaOptions]`` computes on typed values; the
    registry, which serves any game, hands out ``GameDefinition[Any, Any, Any, Any]``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_from_dict: Callable[[Mapping[str, Any]], O]
    """Validated options from plain values (unknown keys or bad values raise ``OptionError``)."""
    options_to_dict: Callable[[O], dict[str, Any]]
    new_game: NewGame[O, S]
    """``new_game(options, seed, num_players, start_player=None) -> state``."""
    from_setup: FromSetup[O, S]
    """``from_setup(options, seed, num_players, setup: Mapping) -> state``."""
    parse_action: Callable[[str], Act]
    action_from_json: Callable[[Any], Act]
    progress_key: str
    """The name of the game's length measure in results: ``rounds`` or ``scorings``."""
    seat_names: Sequence[str] = ()
    """Default names for the seats (the games' own colours)."""
    view_type: type[V] | None = None
    """The class of the game's views, so a bot handed only a view can find its game."""
    rules_version: int = 1
    """The current version of the game's rules (the ``rules_version`` option's default); raised with every
    change that would make an existing record play differently."""
    determinize: Determinize[V, S] | None = None
    """``determinize(view, rng, keep_log=True) -> state``: a full state the view could have come from, hidden
    parts sampled from ``rng`` (for search with hidden information); ``state.view(view.player) == view``."""
    option_warnings: Callable[[O], Sequence[str]] | None = None
    """``option_warnings(options) -> lines``: what people should know about the options before playing
    (Kreta: how a board file departs from the printed board as sources describe it); data, shown by the
    front ends. None: the game never has any."""
    can_undo: Callable[[S, Act], bool] | None = None
    """``can_undo(state, action) -> bool``: whether the legal ``action``, applied in ``state``, may be undone
    within the turn (Board Game Arena's rule, #34): it draws nothing from the generator, shows no seat anything
    hidden and leaves the same seat to act. Said from the rules per kind of action (each core's ``undo``
    module); a "no" may be conservative in named cases, a "yes" never is. An undo replays the record without
    its last action, so records stay exact. None: no step of the game can be undone."""


AnyGameDefinition = GameDefinition[Any, Any, Any, Any]
"""Any game's definition: what the outer layers hold when the game is chosen at run time (by name or view)."""
