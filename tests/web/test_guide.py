"""The guided first game on the wire: ``hello`` with ``guide: true``, the ``guide`` of each state, the hint's
``reason`` and ``meaning``s, leaving the guide — and a guide that, like every frame, reads only the seat's view.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca import games
from ludoteca.core.rng import Rng
from ludoteca.web.language import i18n
from ludoteca.web.play.match import Match, Seat
from ludoteca.web.seatview.state import BoardCache, state_message

from serverkit import Client, create_game, server_thread

BOT = {"kind": "bot", "bot": "heuristic"}


def guide_of(match: Match, seat: int, lang: str) -> Any:
    message = state_message(
        match,
        seat,
        lang,
        i18n.translator(lang),
        board=BoardCache(),
        connected={},
        log_start=0,
        deadline=None,
        guide=True,
    )
    return json.loads(json.dumps(message["guide"]))


@pytest.mark.parametrize("name, players", [("verraeter", 3), ("verraeter", 4), ("kreta", 3)])
def test_the_guide_depends_only_on_the_seats_view(name: str, players: int) -> None:
    """For positions of a random game, each seat's guide is the same in worlds resampled from its view:
    no hidden card (another hand, a secret action card, the draw pile, a face-down fort card) is named."""
    definition = games.get(name)
    assert definition.determinize is not None
    seats = [Seat(i, f"P{i}", "human") for i in range(players)]
    match = Match("x", definition, {}, 21, seats)
    rng = random.Random(21)
    checked = 0
    while not match.finished:
        if match.version % 4 == 0:
            for seat in range(players):
                truth = guide_of(match, seat, "fr")
                assert truth["title"] and truth["paragraphs"]
                assert (match.to_act() == seat) == bool(truth["choices"])
                real = match.state
                for r in range(2):
                    match.state = definition.determinize(real.view(seat), Rng(1000 * match.version + r))
                    try:
                        assert guide_of(match, seat, "fr") == truth, f"seat {seat}, version {match.version}"
                    finally:
                        match.state = real
                checked += 1
        legal = match.state.legal_actions()
        action = rng.choice(legal).to_text()
        parsed, text = match.check(match.to_act(), match.version, action)
        match.commit(parsed, text, match.prepare(parsed))
    assert checked > 20


def test_a_guided_connection_gets_lessons_meanings_and_reasons(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, BOT, BOT], seed=3)
        token = made["seats"][0]["token"]
        schema = {g["name"]: g for g in _lobby_games(base)}
        assert schema["verraeter"]["guide"]["players"] == 3 and schema["kreta"]["guide"]["players"] == 2

        async def run() -> None:
            async with Client(base, made["id"], token, lang="it") as plain:
                assert plain.state is not None and "guide" not in plain.state
            async with Client(base, made["id"], token, lang="it") as c:
                await c.send({"type": "hello", "token": token, "lang": "it", "guide": True})
                state = await c.until(lambda m: m["type"] == "state" and "guide" in m)
                guide = state["guide"]
                assert guide["title"] == "La preparazione" and guide["paragraphs"]
                legal = {a["text"] for a in state["legal"]}
                assert legal and {ch["text"] for ch in guide["choices"]} == legal
                assert all(ch["meaning"] for ch in guide["choices"])
                await c.send({"type": "hint"})
                hint = await c.until(lambda m: m["type"] == "hint")
                assert hint["reason"] and "Magazzino" in hint["best"]["meaning"]
                assert all(item["meaning"] for item in hint["alternatives"])
                await c.send({"type": "hello", "token": token, "lang": "it"})  # leaving the guide
                state = await c.until(lambda m: m["type"] == "state")
                assert "guide" not in state
                await c.send({"type": "hint"})
                hint = await c.until(lambda m: m["type"] == "hint")
                assert "reason" not in hint and "meaning" not in hint["best"]

        asyncio.run(run())


def _lobby_games(base: str) -> list[dict[str, Any]]:
    """The games of the lobby page's data (what its "Guided first game" buttons start)."""
    html = httpx.get(base + "/").text
    start = html.index('<script type="application/json" id="lobby-data">') + len(
        '<script type="application/json" id="lobby-data">'
    )
    return list(json.loads(html[start : html.index("</script>", start)])["games"])


def test_bots_slow_down_while_a_learner_is_at_the_table() -> None:
    from ludoteca.web.live.bots import GUIDED_PACE
    from ludoteca.web.live.connection import Connection
    from ludoteca.web.live.room import Room

    room = Room(Match("x", games.get("kreta"), {}, 1, [Seat(0, "A", "human"), Seat(1, "B", "bot", "heuristic")]))
    plain, guided = Connection(None, "en", i18n.translator("en")), Connection(None, "en", i18n.translator("en"))  # type: ignore[arg-type]
    room.connections.add(plain)
    assert not room.guided()
    guided.guide = True
    room.connections.add(guided)
    room.seat_connection(guided, -1)
    assert not room.guided()  # a spectator's guide does not slow the table (#24)
    room.seat_connection(guided, 0)
    assert room.guided() and GUIDED_PACE > 1


def test_the_guide_names_bots_in_the_readers_language() -> None:
    """A seat nobody named is called by its colour (and bot) in each reader's language, in the guide's lessons
    as everywhere else on the page (it once passed the English names to the lessons)."""
    definition = games.get("verraeter")
    seats = [Seat(0, "Ada", "human")] + [
        Seat(i, f"{colour} (heuristic)", "bot", "heuristic", generated=True)
        for i, colour in ((1, "Blue"), (2, "Green"))
    ]
    match = Match("g", definition, {}, 11, seats)
    rng = random.Random(1)  # a game Blue wins: the end names the winner
    english = ("Blue", "Green")
    seen_italian = False
    italian = match.names_in(i18n.translator("it"))
    while True:  # the names come up when the Strategist's holder is named and at the end
        for seat in range(3):
            text = json.dumps(guide_of(match, seat, "it"), ensure_ascii=False)
            assert not any(f"{colour} (" in text for colour in english), text
            seen_italian = seen_italian or any(name in text for name in italian[1:])
        if match.finished:
            break
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
    assert seen_italian
