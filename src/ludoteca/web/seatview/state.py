"""What one connection sees of a match: the ``state`` message, built from that seat's view only.

Everything here starts from ``state.view(seat)``, the rules core's one window onto secrets, so no
message can carry what the seat may not know (``tests/web/test_leaks.py`` reads every frame a seat
receives to check it). The public board SVG is the same for every seat, so it is drawn once per
version and language and shared; the parts that differ per seat (phase text, hand, legal actions, log)
are made once per version, seat and language and shared by that seat's connections (several devices of
one seat; every spectator is seat -1), see :meth:`BoardCache.seat_parts`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ludoteca.present import for_view

from ..language.i18n import Translator
from ..play.match import Match, TurnEnd
from ..play.seat import SeatKind
from ..protocol.outgoing import Diverged, LegalAction, SeatLine, Since, State
from . import guided, text
from .since import changed_places


@dataclass
class BoardCache:
    """What one version of a match shows, made once and shared: the public SVG per language (one render
    serves every seat), and per seat and language the parts of its state message that are the same for
    every connection of that seat (:meth:`seat_parts`, :meth:`log`)."""

    version: int = -1
    svgs: dict[str, str] = field(default_factory=dict)
    encoded: dict[str, str] = field(default_factory=dict)
    parts: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    logs: dict[tuple[Any, ...], list[str]] = field(default_factory=dict)
    since_back: dict[tuple[int, str], tuple[TurnEnd, Any, tuple[str, ...], list[str]]] = field(default_factory=dict)
    """Per seat and language, the places the others changed between the end of the seat's last turn and
    its turn's coming back (:attr:`.Match.turn_backs`; kept across versions: measured once a turn, not at each
    of its steps — the seat's own steps are not the others' doing, and comparing two boards costs
    milliseconds). A function of the game, not of when it was first asked: every frame depends only on
    the seat's view."""

    def _at(self, match: Match) -> None:
        if self.version != match.version:
            self.version, self.svgs, self.encoded, self.parts, self.logs = match.version, {}, {}, {}, {}

    def seat_parts(self, match: Match, seat: int, lang: str, tr: Translator, names: list[str]) -> dict[str, Any]:
        """The fields of ``seat``'s state message that depend on the position, the seat, the language and
        the seats' names only. Keyed besides by what can change between two versions (a name, a seat
        taken or handed to its bot, a game found diverged), so a message never shows a stale part."""
        self._at(match)
        autoplay = match.seats[seat].bot_plays if seat >= 0 else None
        key = (seat, lang, tuple(names), autoplay, match.waiting, id(match.diverged))
        parts = self.parts.get(key)
        if parts is None:
            parts = self.parts[key] = _seat_parts(match, seat, tr, names)
        return parts

    def log(self, match: Match, seat: int, lang: str, tr: Translator, names: list[str], start: int) -> list[str]:
        """The seat's log lines from ``start`` on, made once for the seat's connections that have the same
        lines already (nearly always all of them: they were sent the same states)."""
        self._at(match)
        key = (seat, lang, tuple(names), start)
        lines = self.logs.get(key)
        if lines is None:
            lines = self.logs[key] = text.log_lines(match.view(seat), names, tr, start=start)
        return lines

    def since(self, match: Match, seat: int, lang: str, tr: Translator) -> Since | None:
        """Where ``seat``'s last turn ended in its log and, while its turn has come again, the board's places
        that changed since (:func:`.since.changed_places`); None before its first turn has ended."""
        end = match.turn_ends.get(seat) if seat >= 0 else None
        if end is None:
            return None
        if match.to_act() != seat:
            return {"log": end.log, "changed": []}  # shown only when the turn is back: not measured before
        self._at(match)
        names = match.names_in(tr)
        back = match.turn_backs.get(seat, match.view(-1))
        known = self.since_back.get((seat, lang))
        if known is None or known[0] is not end or known[1] is not back or known[2] != tuple(names):
            now = self.get(match, lang, tr) if back is match.view(-1) else board_svg(back, names, tr)
            changed = changed_places(board_svg(end.public, names, tr), now)
            known = self.since_back[(seat, lang)] = (end, back, tuple(names), changed)
        return {"log": end.log, "changed": known[3]}

    def get(self, match: Match, lang: str, tr: Translator) -> str:
        self._at(match)
        svg = self.svgs.get(lang)
        if svg is None:
            svg = self.svgs[lang] = board_svg(match.view(-1), match.names_in(tr), tr)
        return svg

    def holds(self, match: Match, seat: int, lang: str) -> bool:
        """Whether this version's board in ``lang`` is drawn and encoded, and ``seat``'s parts in ``lang``
        made (its log lines may still be to make: a few lines' words, not a drawing)."""
        return (
            self.version == match.version
            and lang in self.encoded
            and any(key[0] == seat and key[1] == lang for key in self.parts)
        )

    def json(self, lang: str) -> str:
        """The board in ``lang`` (drawn by :meth:`get` for this version) as a JSON string, encoded once
        however many seats receive it."""
        if lang not in self.encoded:
            self.encoded[lang] = json.dumps(self.svgs[lang], ensure_ascii=False)
        return self.encoded[lang]


def encode(message: State, board: BoardCache) -> str:
    """The message as JSON text, with the shared board SVG spliced in from the cache's encoding (call it
    right after building the message, before the version can move on)."""
    rest = {key: value for key, value in message.items() if key != "board_svg"}
    head = json.dumps(rest, ensure_ascii=False)
    return f'{head[:-1]}, "board_svg": {board.json(message["lang"])}}}'


def board_svg(public: Any, names: list[str], tr: Translator) -> str:
    """The public table or map, drawn by the game's presenter from the public view."""
    return for_view(public).board_svg(public, names, tr)


def private_svg(view: Any, tr: Translator) -> str | None:
    """The seat's own cards (Verräter's hand and draft), or None if the game has nothing private to draw."""
    return for_view(view).private_svg(view, tr)


def seats(match: Match, connected: dict[int, int], tr: Translator) -> list[SeatLine]:
    return [
        {
            "seat": s.seat,
            "name": s.shown_name(match.definition.seat_names, tr),
            "kind": s.kind,
            "bot": s.bot if s.kind == SeatKind.BOT else None,
            "autoplay": s.autoplay,
            "connected": s.kind == SeatKind.BOT or connected.get(s.seat, 0) > 0,
        }
        for s in match.seats
    ]


def legal(match: Match, seat: int, view: Any, tr: Translator) -> list[LegalAction]:
    """The seat's legal actions with labels and click targets, if it is the seat's turn to choose."""
    if seat < 0 or match.human_to_act() != seat:
        return []
    words, names = for_view(view), match.names_in(tr)
    return [
        {"text": a.to_text(), "label": words.action_label(view, a, names, tr), "targets": words.targets(view, a)}
        for a in match.state.legal_actions()
    ]


def state_message(
    match: Match,
    seat: int,
    lang: str,
    tr: Translator,
    *,
    board: BoardCache,
    connected: dict[int, int],
    log_start: int,
    deadline: float | None,
    guide: bool = False,
) -> State:
    """The full ``state`` message for ``seat`` (-1: a spectator), with log lines from ``log_start``; with
    ``guide``, the guided first game's words for the seat too (:func:`.guided.guide_message`)."""
    view = match.view(seat)
    if log_start > len(view.log):
        log_start = 0
    names = match.names_in(tr)
    parts = board.seat_parts(match, seat, lang, tr, names)
    message: State = {
        "type": "state",
        "id": match.id,
        "game": match.definition.name,
        "version": match.version,
        "seat": seat,
        "lang": lang,
        "seats": seats(match, connected, tr),
        "to_act": match.to_act(),
        "phase": view.phase,
        "phase_text": parts["phase_text"],
        "rules_text": parts["rules_text"],
        "rules_section": parts["rules_section"],
        "board_svg": board.get(match, lang, tr),
        "private_svg": parts["private_svg"],
        "legal": parts["legal"],
        "undo": seat >= 0 and match.can_undo(seat),
        "log_start": log_start,
        "log": board.log(match, seat, lang, tr, names, log_start),
        "scores": parts["scores"],
        "result": parts["result"],
        "deadline": deadline,
        "diverged": parts["diverged"],
        "open_seats": [s.seat for s in match.seats if s.kind == SeatKind.OPEN],  # a public game waits for them
        "chosen_deal": parts["chosen_deal"],
        "since": board.since(match, seat, lang, tr),
    }
    if guide:
        message["guide"] = guided.guide_message(match, seat, view, tr)
    return message


def _seat_parts(match: Match, seat: int, tr: Translator, names: list[str]) -> dict[str, Any]:
    """The parts of a state message every connection of ``seat`` in ``tr``'s language shares (their
    values are shared as they are: nothing changes a message once it is made)."""
    view = match.view(seat)
    result = None
    if match.finished:
        result = match.result_dict()
        result["breakdown_labels"] = text.breakdown_labels(match.definition.name, tr)
    return {
        "phase_text": text.phase_text(view, names, tr),
        "rules_text": text.rules_text(view, tr),
        "rules_section": for_view(view).rules_section(view),
        "private_svg": private_svg(view, tr),
        "legal": legal(match, seat, view, tr),
        "scores": list(view.scores),
        "result": result,
        "diverged": diverged(match, tr),
        "chosen_deal": chosen_deal(match, tr),
    }


def chosen_deal(match: Match, tr: Translator) -> str | None:
    """What every seat is told when the game's creator chose its seed, never the seed itself (it would give
    every hand away); None for a deal left to chance."""
    if not match.seed_chosen:
        return None
    return tr(
        "This deal was chosen by whoever created the game, not left to chance: they may know every hand "
        "and every card to come."
    )


def diverged(match: Match, tr: Translator) -> Diverged | None:
    """Why a stored game stopped (its replay no longer matches what was played), or None while it plays on."""
    if match.diverged is None:
        return None
    text = tr(
        "This game was stored by an older version of the server, and from action %(number)d on it no longer "
        "replays as it was played. Rather than go on from a different game, it has been stopped: no more "
        "moves can be made. Its record can still be downloaded."
    ) % {"number": match.diverged.at}
    return {"at": match.diverged.at, "reason": match.diverged.reason, "text": text}
