"""Game records: the JSON file that describes a game completely.

A record holds the game's name, its rule options, the seed, the player names and the ordered actions
(in text notation); optionally a start player, or an explicit set-up from which play starts instead of
the seeded set-up. Replaying a record reproduces the game exactly. Parsing is strict: anything
unexpected raises :class:`RecordError` naming the problem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import LudotecaError, RecordError
from .game import GameDefinition, GameState

S = TypeVar("S", bound="GameState[Any, Any]")
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741

FORMAT = "ludoteca-record"
VERSION = 1
_KEYS = {"format", "version", "game", "options", "seed", "players", "seats", "start_player", "setup", "actions"}


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    actions: list[str] = field(default_factory=list)
    start_player: int | None = None
    setup: dict[str, Any] | None = None
    seats: list[str] | None = None
    """Who played each seat (``human`` or a bot's name), so a game can be resumed with the same seats."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
        }
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if self.start_player is not None:
            out["start_player"] = self.start_player
        if self.setup is not None:
            out["setup"] = self.setup
        out["actions"] = list(self.actions)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        unknown = set(data) - _KEYS
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(sorted(unknown))}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"not a ludoteca record (format {data.get('format')!r})")
        if data.get("version", VERSION) != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r} (this is version {VERSION})")
        for key in ("game", "seed", "players"):
            if key not in data:
                raise RecordError(f"record has no {key!r}")
        game, seed, players = data["game"], data["seed"], data["players"]
        options = data.get("options", {})
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a string")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RecordError("record field 'seed' must be a non-negative integer")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("record field 'players' must be a list of names")
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        start = data.get("start_player")
        if start is not None and (not isinstance(start, int) or isinstance(start, bool)):
            raise RecordError("record field 'start_player' must be a seat number")
        seats = data.get("seats")
        if seats is not None and (
            not isinstance(seats, list) or len(seats) != len(players) or not all(isinstance(k, str) for k in seats)
        ):
            raise RecordError("record field 'seats' must list one kind (human or a bot name) per player")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise RecordError("record field 'setup' must be an object")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("record field 'actions' must be a list")
        texts: list[str] = []
        for i, a in enumerate(actions):
            if isinstance(a, str):
                texts.append(a)
            elif isinstance(a, dict):
                texts.append(json.dumps(a))  # JSON form; parsed by the game in replay()
            else:
                raise RecordError(f"action #{i + 1} is neither notation text nor a JSON object")
        return cls(game, options, seed, players, texts, start, setup, seats)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
        return cls.from_dict(data)


LEGACY_RULES_VERSION = 1
"""The rules version of stored options that name none: everything recorded before rules versions existed."""


def stored_options(definition: GameDefinition[Any, Any, Any, O], options: Mapping[str, Any]) -> O:
    """The options object of a stored game or a shared record (its ``options`` as written down).

    Options written before rules versions existed name none, and were played under version 1; reading
    them with today's default would replay an old game under newer rules. Options chosen now (a lobby,
    ``-o KEY=VALUE``) go through ``definition.options_from_dict`` and get the current version instead.
    """
    if not isinstance(options, Mapping):
        raise RecordError("record field 'options' must be an object")
    return definition.options_from_dict({"rules_version": LEGACY_RULES_VERSION, **options})


def parse_record_action(definition: GameDefinition[Any, A, Any, Any], text: str) -> A:
    """An action from its record entry: notation text, or a JSON object kept as text."""
    if text.lstrip().startswith("{"):
        return definition.action_from_json(json.loads(text))
    return definition.parse_action(text)


def start(definition: GameDefinition[S, Any, Any, Any], record: GameRecord) -> S:
    """The state a record's actions start from (the seeded set-up or the explicit one)."""
    n = len(record.players)
    if not definition.min_players <= n <= definition.max_players:
        raise RecordError(
            f"{definition.title} takes {definition.min_players}–{definition.max_players} players, record has {n}"
        )
    try:
        options = stored_options(definition, record.options)
        if record.setup is not None:
            return definition.from_setup(options, record.seed, n, record.setup)
        return definition.new_game(options, record.seed, n, start_player=record.start_player)
    except RecordError:
        raise
    except LudotecaError as e:
        raise RecordError(str(e)) from None


def replay(definition: GameDefinition[S, Any, Any, Any], record: GameRecord, upto: int | None = None) -> S:
    """The state after the record's first ``upto`` actions (all by default)."""
    state = start(definition, record)
    for i, text in enumerate(record.actions[:upto]):
        try:
            action = parse_record_action(definition, text)
            state.apply(action)
        except LudotecaError as e:
            raise RecordError(f"action #{i + 1} {text!r}: {e}") from None
        except (json.JSONDecodeError, TypeError, KeyError) as bad:  # not `e`: compiled code gives it one type
            raise RecordError(f"action #{i + 1} {text!r}: malformed ({bad})") from None
    return state

