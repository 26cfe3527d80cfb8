"""One game on the server, without transport, storage or clock: the record, the live state, the seats.

Modelled on boardgame.io's master and the websockets tutorial's game object: the server's other
parts (sockets, storage, bot workers, timers) wrap a :class:`Match`, and everything a client may ask
of a game is checked here first. A match is rebuilt after a restart from exactly what was stored —
options, seed, seats and the ordered actions — by replaying them through the rules core, so the live
state can never drift from the stored record. Each stored action carries the digest of every seat's view
after it (:mod:`ludoteca.core.digest`); a replay that no longer gives those views (the rules changed
without a new rules version, or a bug) makes the match **diverged**: it stops at the last position that
still agrees, refuses every action, and says why, instead of going on silently from a different game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core.digest import GameDigest
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.records import GameRecord, parse_record_action, replay, start, stored_options
from ludoteca.core.seeds import SERVER_SALT, derive_seed
from ludoteca.present.i18n import Translator

from ..hosting import jsonin
from ..language.refusals import Refusal
from ..language.wording import Said, Wording, _
from .seat import Seat, SeatKind
from .undo import UNDO, as_played


class MatchError(LudotecaError):
    """A request the match refuses. ``code`` is stable (clients and translations key on it); ``detail``
    says more, in the reader's language where a player can meet it (:class:`.wording.Said`)."""

    def __init__(self, code: Refusal, detail: Wording = "") -> None:
        super().__init__(str(detail) or code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Diverged:
    """Why a stored game no longer replays as it was played: from action ``at`` on (1: the first)."""

    at: int
    reason: str


@dataclass(frozen=True)
class _Before:
    """The position before a step that may be undone, and who made it (:meth:`Match.prepare_undo`)."""

    actor: int
    state: Any
    chains: GameDigest


@dataclass
class Prepared:
    """An accepted action's outcome, computed before it is stored: the next state and its digests."""

    state: Any
    chains: GameDigest
    digest: str
    views: dict[int, Any]
    """The views the digest was made of, per seat (-1: a spectator): the first states sent use them too."""


@dataclass(frozen=True)
class TurnEnd:
    """Where a seat's last turn ended: what "since your last turn" is measured from."""

    log: int
    """The length of that seat's log just after its turn's last action."""
    public: Any
    """The public view then (the board as it stood when the turn passed on)."""


class Match:
    """A live game: the rules state, the ordered action texts and the seats.

    ``version`` is the revision of the table a client acts on: every action a client sends names the
    version it was chosen on, so a click made on an out-of-date table is refused instead of landing in a
    position the player never saw. It is the number of rows stored (:attr:`rows`), not of actions played
    (:attr:`played`): a step and its undo are two rows (:mod:`.undo`), so the version goes on while the
    actions played go back, and a restart finds the same version again.
    """

    def __init__(
        self,
        game_id: str,
        definition: AnyGameDefinition,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[Seat],
        *,
        start_player: int | None = None,
        turn_seconds: int | None = None,
        actions: Sequence[str] = (),
        digests: Sequence[str | None] = (),
        by_bot: Sequence[bool] = (),
        diverged: Diverged | None = None,
        setup: dict[str, Any] | None = None,
        seed_chosen: bool = False,
    ) -> None:
        """``actions``: the stored rows' actions, undo rows among them (:mod:`.undo`); ``digests``: the stored
        digest after each row (None where none was stored); ``by_bot``: whether a bot made each row (a bot's
        step is never undone; missing: a person's); ``diverged``: a divergence found earlier (the match then
        replays only the rows before it); ``setup``: an explicit set-up (a shared record's, docs/records.md)
        instead of the seeded one."""
        self.id = game_id
        self.definition = definition
        self.seed = seed
        self.seed_chosen = seed_chosen
        """The game's creator chose ``seed``, and so may know every card: every seat's table says so."""
        self.seats = list(seats)
        self.start_player = start_player
        self.turn_seconds = turn_seconds
        self.record = GameRecord(
            game=definition.name,
            options=dict(options),
            seed=seed,
            players=[s.name for s in self.seats],
            actions=as_played(actions),
            start_player=start_player,
            seats=[s.bot_spec if s.kind == SeatKind.BOT else "human" for s in self.seats],
            setup=setup,
        )
        self.rows = list(actions)
        """The stored rows' actions, undo rows among them: :attr:`record` holds them as played."""
        self.diverged = diverged
        self.digests: list[str] = []
        """The digest after each row, as replayed (up to a divergence)."""
        self._agreed = 0
        """The record's actions that replay as found by the replay (see :attr:`agreed`)."""
        self._undoable: list[_Before] = []
        """Before each step at the end of the record that may be undone (the last one last)."""
        self.state: Any = None
        self.chains = GameDigest(len(self.seats))
        self._views_of: Any = None
        self._views: dict[int, Any] = {}
        self.turn_ends: dict[int, TurnEnd] = {}
        self.turn_backs: dict[int, Any] = {}
        """Per seat, the public view when the turn last came to it (what "since your last turn" compares the
        board at its last turn's end with: the others' doing, not the seat's own steps since)."""
        """Per seat, where its last turn ended (kept by :meth:`commit`, found again by the replay)."""
        self._replay(digests, by_bot)
        self.version = len(self.rows)
        """The revision a client acts on (see the class docstring)."""
        # normalised options (defaults filled in), so what is stored is what is played
        self.record.options = definition.options_to_dict(stored_options(definition, options))

    def _replay(self, stored: Sequence[str | None], by_bot: Sequence[bool]) -> None:
        """Replay the stored rows, checking each against its stored digest (see the module docstring)."""
        definition, rows = self.definition, self.rows
        state = start(definition, self.record)  # a set-up that cannot be built raises: nothing to show
        chains = self.chains
        chains.update(state.view)
        stop = len(rows) if self.diverged is None else self.diverged.at - 1
        played: list[str] = []
        for i, text in enumerate(rows[:stop]):
            actor = -1 if state.is_terminal() else int(state.current_player())
            try:
                if text == UNDO:
                    if not self._undoable or self._undoable[-1].actor != actor:
                        raise MatchError(Refusal.CANNOT_UNDO, "no step of this seat to undo")
                    before = self._undoable.pop()
                    state, chains = before.state.clone(), before.chains.copy()
                    played.pop()
                else:
                    action = parse_record_action(definition, text)
                    self._note(state, action, actor, i < len(by_bot) and by_bot[i], chains, copy=True)
                    state.apply(action)
                    played.append(text)
            except (LudotecaError, ValueError, TypeError, KeyError) as e:
                self.diverged = Diverged(i + 1, f"action #{i + 1} {text!r} no longer replays: {e}")
                break
            digest = chains.combined() if text == UNDO else chains.update(state.view)
            if i < len(stored) and stored[i] is not None and stored[i] != digest:
                self.diverged = Diverged(i + 1, f"after action #{i + 1} {text!r} the table differs from the one played")
                played = as_played(rows[:i])  # the last position that still agrees
                state = replay(definition, replace(self.record, actions=played))
                break
            self.digests.append(digest)
            self._turn_ended(actor, state, state.view)
        self.state, self.chains, self._agreed = state, chains, len(played)
        if self.diverged is not None:
            self._undoable = []

    def _note(self, state: Any, action: Any, actor: int, by_bot: bool, chains: GameDigest, *, copy: bool) -> None:
        """Before ``actor`` plays ``action`` in ``state``: keep the position if the step may be undone (the
        rules say so, and a person made it), else forget every earlier one (the turn passed, or something
        was revealed or drawn)."""
        can_undo = self.definition.can_undo
        if actor >= 0 and not by_bot and can_undo is not None and can_undo(state, action):
            kept = (state.clone(), chains.copy()) if copy else (state, chains)
            self._undoable.append(_Before(actor, *kept))
        else:
            self._undoable.clear()

    def _turn_ended(self, actor: int, state: Any, view: Any) -> None:
        """After an action of ``actor``: if the turn passed on (or the game ended), note where (``view``: the
        state's views, the match's own cache after a commit)."""
        if actor >= 0 and (state.is_terminal() or int(state.current_player()) != actor):
            public = view(-1)
            self.turn_ends[actor] = TurnEnd(len(view(actor).log), public)
            if not state.is_terminal():
                self.turn_backs[int(state.current_player())] = public

    @classmethod
    def replayed(
        cls, game_id: str, definition: AnyGameDefinition, record: GameRecord, seats: Sequence[Seat], upto: int
    ) -> Match:
        """The match after the first ``upto`` actions of ``record``: one frame of the replay viewer.

        Nothing is checked against digests (a shared record has none, and a stored game was checked when
        it was loaded), so a frame costs one replay of ``upto`` actions."""
        match = cls(
            game_id,
            definition,
            record.options,
            record.seed,
            seats,
            start_player=record.start_player,
            setup=record.setup,
        )
        match.state = replay(definition, record, upto=upto)
        match.record.actions = list(record.actions[:upto])
        match.rows = list(match.record.actions)
        match.version = match.played  # the frame's revision: the replay's step
        return match

    def missing_digests(self, stored: Sequence[str | None]) -> dict[int, str]:
        """The digests to store for actions that have none (stored before digests existed), by action row ``n``."""
        return {n: self.digests[n] for n, d in enumerate(stored) if d is None and n < len(self.digests)}

    @property
    def rules_version(self) -> int:
        return int(self.record.options["rules_version"])

    # ------------------------------------------------------------------ reading

    @property
    def agreed(self) -> int:
        """The record's actions that replay as they were played: all of them (as they go on) unless diverged."""
        return self.played if self.diverged is None else self._agreed

    @property
    def played(self) -> int:
        """The number of actions played (the record's: a step undone is not counted, see :attr:`rows`)."""
        return len(self.record.actions)

    @property
    def names(self) -> list[str]:
        """The seats' names as stored (generated ones in English): what the game's record keeps."""
        return [s.name for s in self.seats]

    def names_in(self, tr: Translator) -> list[str]:
        """The seats' names as a reader of ``tr``'s language sees them (see :attr:`Seat.generated`)."""
        return [s.shown_name(self.definition.seat_names, tr) for s in self.seats]

    @property
    def finished(self) -> bool:
        return bool(self.state.is_terminal())

    def to_act(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.finished or self.diverged else int(self.state.current_player())

    @property
    def waiting(self) -> bool:
        """A public game with open seats: nobody acts (no bot moves, no timer runs) until all are taken."""
        return any(s.kind == SeatKind.OPEN for s in self.seats)

    def bot_to_act(self) -> int | None:
        """The seat to act if a bot plays it now (a bot seat, or a human seat on autoplay)."""
        seat = self.to_act()
        return seat if seat >= 0 and self.seats[seat].bot_plays and not self.waiting else None

    def human_to_act(self) -> int | None:
        """The seat to act if a person is expected to play it (so a turn timer may run): the one answer to "may
        this seat act now" — its turn, not played by a bot (a bot seat or a seat on autoplay), and no open seat
        still waited for. The legal actions shown, the guide's choices and the actions accepted all ask this."""
        seat = self.to_act()
        return seat if seat >= 0 and not self.seats[seat].bot_plays and not self.waiting else None

    def bots_only(self) -> bool:
        """Whether no person plays: every seat a bot's or handed to one (``leave``, a turn timer run out).
        Such a game costs worker time with nobody at the table waiting for it."""
        return all(s.bot_plays for s in self.seats)

    def hold_seat(self, held: Seat) -> None:
        """Seat ``held.seat`` is held as ``held`` says now — who holds it (its kind, name, token hash) and
        whether its bot plays it (autoplay) — as the write path stored it or read it from the store."""
        seat = self.seats[held.seat]
        seat.kind, seat.name, seat.generated = held.kind, held.name, held.generated
        seat.token_hash, seat.autoplay = held.token_hash, held.autoplay
        self.record.players[held.seat] = held.name

    def seat_of(self, token_hash: str) -> int | None:
        for s in self.seats:
            if s.token_hash is not None and s.token_hash == token_hash:
                return s.seat
        return None

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot deciding ``seat``'s next move: a function of the game seed, the seat and
        the version, so a bot's move after a restart is the move it would have made without one."""
        return derive_seed(self.seed, seat, self.played, salt=SERVER_SALT)

    # ------------------------------------------------------------------ acting

    def check(self, seat: int, version: Any, action: Any) -> tuple[Any, str]:
        """The parsed action and its notation if ``seat`` may play it now, else :class:`MatchError`.

        Checks, in the order a player would want them explained: a seat at all, the game still on,
        a current version, the seat's turn, a readable action, a legal one. Nothing changes here.
        """
        self._check_current(seat, version, "the action")
        if self.waiting:
            raise MatchError(Refusal.WAITING)
        if self.to_act() != seat:
            raise MatchError(Refusal.NOT_YOUR_TURN)
        if isinstance(action, dict):
            action = json.dumps(action)
        if not isinstance(action, str) or not action.strip() or len(action) > 2000:
            raise MatchError(Refusal.MALFORMED, "the action must be its notation text")
        if action.lstrip().startswith("{"):  # the JSON form: through the one door for network JSON first
            try:
                jsonin.loads(action)
            except jsonin.JSONInputError as e:
                raise MatchError(Refusal.MALFORMED, str(e)) from None
        try:
            parsed = parse_record_action(self.definition, action)
        except (LudotecaError, ValueError, TypeError, KeyError) as e:
            raise MatchError(Refusal.MALFORMED, str(e)) from None
        if parsed not in self.state.legal_actions():
            try:
                self.state.clone().apply(parsed)  # for the rules' own explanation of why not
            except LudotecaError as e:
                raise MatchError(Refusal.ILLEGAL, str(e)) from None
            raise MatchError(Refusal.ILLEGAL, parsed.to_text())
        return parsed, str(parsed.to_text())

    def _check_current(self, seat: int, version: Any, what: str) -> None:
        """What every change a seat asks for must pass first, whatever it is (``what``, for the refusal's
        words): a seat at all, the game still on, named on the current version."""
        if self.diverged is not None:
            raise MatchError(Refusal.DIVERGED, self.diverged.reason)
        if seat < 0:
            raise MatchError(Refusal.SPECTATOR)
        if self.finished:
            raise MatchError(Refusal.FINISHED)
        if not isinstance(version, int) or isinstance(version, bool):
            raise MatchError(Refusal.MALFORMED, f"{what} has no version number")
        if version != self.version:
            stale = _("chosen on version %(chosen)d, the game is at version %(now)d")
            raise MatchError(Refusal.STALE, Said(stale, {"chosen": version, "now": self.version}))

    def prepare(self, action: Any) -> Prepared:
        """The outcome of an action :meth:`check` accepted, without changing the match: its digest is
        stored with the action, in the same statement."""
        state = self.state.clone()
        state.apply(action)
        chains = self.chains.copy()
        views: dict[int, Any] = {}

        def view(seat: int) -> Any:
            views[seat] = state.view(seat)
            return views[seat]

        return Prepared(state, chains, chains.update(view), views)

    def commit(self, action: Any, text: str, prepared: Prepared | None = None, *, by_bot: bool = False) -> None:
        """Apply an action :meth:`check` accepted (after it has been stored, with ``prepared.digest``)."""
        done = prepared or self.prepare(action)
        actor = self.to_act()
        self._note(self.state, action, actor, by_bot, self.chains, copy=False)  # neither is changed in place
        self.state, self.chains = done.state, done.chains
        self._views_of, self._views = done.state, done.views
        self.digests.append(done.digest)
        self.rows.append(text)
        self.record.actions.append(text)
        self.version += 1
        self._turn_ended(actor, self.state, self.view)

    # ------------------------------------------------------------------ undo

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may undo its last step now: the turn is still its own, the step was its (not its
        bot's), and the rules said it could be undone (nothing revealed or drawn since: each core's
        ``can_undo``). The bots never undo; a player may undo step after step back to the turn's first."""
        return (
            bool(self._undoable)
            and self._undoable[-1].actor == seat
            and self.to_act() == seat
            and not self.waiting
            and not self.seats[seat].bot_plays
        )

    def check_undo(self, seat: int, version: Any) -> None:
        """:class:`MatchError` unless ``seat`` may undo its last step on ``version`` (see :meth:`can_undo`)."""
        self._check_current(seat, version, "the undo")
        if not self.can_undo(seat):
            raise MatchError(Refusal.CANNOT_UNDO)

    def prepare_undo(self) -> Prepared:
        """The position the last step undone returns to (:meth:`check_undo` accepted it), without changing
        the match: its digest is the undo row's."""
        before = self._undoable[-1]
        return Prepared(before.state, before.chains, before.chains.combined(), {})

    def commit_undo(self, prepared: Prepared) -> None:
        """Undo the last step (after the undo row has been stored, with ``prepared.digest``)."""
        self._undoable.pop()
        self.state, self.chains = prepared.state, prepared.chains
        self.digests.append(prepared.digest)
        self.rows.append(UNDO)
        self.record.actions.pop()
        self.version += 1

    def view(self, seat: int) -> Any:
        """``state.view(seat)``, made once per position: the digest of an action and every state message
        sent after it read the same views (a view is frozen; a new position is a new state object)."""
        if self._views_of is not self.state:
            self._views_of, self._views = self.state, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def result_dict(self) -> dict[str, Any]:
        return result_of(self.state)


def result_of(state: Any) -> dict[str, Any]:
    """A finished state's result as the store keeps it (``games.result``): what a game's last action writes
    in the same transaction as itself, before the match applies it (:mod:`ludoteca.web.live.write_path`)."""
    result = state.result()
    return {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "breakdown": [dict(b) for b in result.breakdown],
        "progress": dict(result.progress),
    }
