"""What one connection sees of a match: the ``state`` message, built from that seat's view only.

Everything here starts from ``state.view(seat)``, the rules core's one window onto secrets, so no
message can carry what the seat may not know (``tests/web/test_leaks.py`` reads every frame a seat
receives to check it). The public board SVG is the same for every seat, so it is drawn once per
version and language and shared; the parts that differ per seat (hand, legal actions, log) are small.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ludoteca.present import for_view

from . import guide as guided
from . import text
from .i18n import Translator
from .match import Match


@dataclass
class BoardCache:
    """The last public SVG drawn per language, keyed by version (one render serves every seat)."""

    version: int = -1
    svgs: dict[str, str] = field(default_factory=dict)
    encoded: dict[str, str] = field(default_factory=dict)

    def get(self, match: Match, lang: str, tr: Translator) -> str:
        if self.version != match.version:
            self.version, self.svgs, self.encoded = match.version, {}, {}
        svg = self.svgs.get(lang)
        if svg is None:
            svg = self.svgs[lang] = board_svg(match.view(-1), match.names_in(tr), tr)
        return svg

    def json(self, lang: str) -> str:
        """The board in ``lang`` (drawn by :meth:`get` for this version) as a JSON string, encoded once
        however many seats receive it."""
        if lang not in self.encoded:
            self.encoded[lang] = json.dumps(self.svgs[lang], ensure_ascii=False)
        return self.encoded[lang]


def encode(message: dict[str, Any], board: BoardCache) -> str:
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


def seats(match: Match, connected: dict[int, int], tr: Translator) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "name": s.shown_name(match.definition.seat_names, tr),
            "kind": s.kind,
            "bot": s.bot if s.kind == "bot" else None,
            "autoplay": s.autoplay,
            "connected": s.kind == "bot" or connected.get(s.seat, 0) > 0,
        }
        for s in match.seats
    ]


def legal(match: Match, seat: int, view: Any, tr: Translator) -> list[dict[str, Any]]:
    """The seat's legal actions with labels and click targets, if it is the seat's turn to choose."""
    if seat < 0 or match.to_act() != seat or match.seats[seat].bot_plays or match.waiting:
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
) -> dict[str, Any]:
    """The full ``state`` message for ``seat`` (-1: a spectator), with log lines from ``log_start``; with
    ``guide``, the guided first game's words for the seat too (:func:`.guide.guide_message`)."""
    view = match.view(seat)
    if log_start > len(view.log):
        log_start = 0
    names = match.names_in(tr)
    lines = text.log_lines(view, names, tr, start=log_start)
    finished = match.finished
    result = None
    if finished:
        result = match.result_dict()
        result["breakdown_labels"] = text.breakdown_labels(match.definition.name, tr)
    message = {
        "type": "state",
        "id": match.id,
        "game": match.definition.name,
        "version": match.version,
        "seat": seat,
        "lang": lang,
        "seats": seats(match, connected, tr),
        "to_act": match.to_act(),
        "phase": view.phase,
        "phase_text": text.phase_text(view, names, tr),
        "rules_text": text.rules_text(view, tr),
        "rules_section": for_view(view).rules_section(view),
        "board_svg": board.get(match, lang, tr),
        "private_svg": private_svg(view, tr),
        "legal": legal(match, seat, view, tr),
        "log_start": log_start,
        "log": lines,
        "scores": list(view.scores),
        "result": result,
        "deadline": deadline,
        "diverged": diverged(match, tr),
        "open_seats": [s.seat for s in match.seats if s.kind == "open"],  # a public game waits for them
    }
    if guide:
        message["guide"] = guided.guide_message(match, seat, view, tr)
    return message


def diverged(match: Match, tr: Translator) -> dict[str, Any] | None:
    """Why a stored game stopped (its replay no longer matches what was played), or None while it plays on."""
    if match.diverged is None:
        return None
    text = tr(
        "This game was stored by an older version of the server, and from action %(number)d on it no longer "
        "replays as it was played. Rather than go on from a different game, it has been stopped: no more "
        "moves can be made. Its record can still be downloaded."
    ) % {"number": match.diverged.at}
    return {"at": match.diverged.at, "reason": match.diverged.reason, "text": text}
