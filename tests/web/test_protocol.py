"""The table's WebSocket protocol is typed both ways and said once (#25 point 4).

Every message the server sends is defined in :mod:`ludoteca.web.protocol.outgoing` with every field
documented, ``docs/web.md``'s protocol section names each of them, the messages a real table sends are
exactly those, and every refusal says which request it answers (the ``id`` the client gave it).
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NotRequired

import pytest

from ludoteca.web.protocol import incoming, outgoing

from serverkit import Client, create_game, run, server_thread

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"

PARTS = (
    outgoing.SeatLine,
    outgoing.LegalAction,
    outgoing.Diverged,
    outgoing.GuideWords,
    outgoing.GuideChoice,
    outgoing.Suggestion,
    outgoing.ChatLine,
)
"""The parts messages are made of (a state's seats, a hint's suggestions, a chat line…)."""


def protocol_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## The table's WebSocket") : text.index("## The guided first game")]


def fields(kind: type) -> dict[str, Any]:
    """A TypedDict's fields and their annotations (``NotRequired`` unwrapped)."""
    hints = typing.get_type_hints(kind, include_extras=True)
    return {name: typing.get_args(h)[0] if typing.get_origin(h) is NotRequired else h for name, h in hints.items()}


def kind_of(message: type) -> str:
    (kind,) = typing.get_args(fields(message)["type"])
    return str(kind)


def named(name: str, text: str) -> bool:
    return f"`{name}`" in text or f'"{name}"' in text


def test_every_message_and_part_the_server_sends_documents_every_field() -> None:
    assert {kind_of(m) for m in outgoing.MESSAGES} == {
        "welcome", "state", "patch", "hint", "chat", "chat_history", "rematch", "rematch_of", "error", "ack", "pong"
    }  # fmt: skip
    for kind in (*outgoing.MESSAGES, *PARTS):
        assert kind.__doc__, kind
        for name, hint in fields(kind).items():
            if name == "type":
                continue  # the message's name: its class says what it is
            docs = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, outgoing.Doc)]
            assert docs and docs[0].text, f"{kind.__name__}.{name} says nothing of what it means"


def test_the_protocol_section_names_every_message_and_every_field_both_ways() -> None:
    section = protocol_section()
    missing = [kind_of(m) for m in outgoing.MESSAGES if not named(kind_of(m), section)]
    assert not missing, f"docs/web.md's protocol section does not name the messages {missing}"
    for kind in (*outgoing.MESSAGES, *PARTS):
        unnamed = [name for name in fields(kind) if not named(name, section)]
        assert not unnamed, f"docs/web.md's protocol section does not name {kind.__name__}'s {unnamed}"
    for model in set(incoming.MODELS.values()):
        unnamed = [name for name in model.model_fields if not named(name, section)]
        assert not unnamed, f"docs/web.md's protocol section does not name {model.__name__}'s {unnamed}"


def test_every_client_message_type_has_its_own_model() -> None:
    """Each type a client may send is parsed into its own model (#35 point 6), which the session dispatches on
    by its class, and the protocol section names each type."""
    assert set(incoming.MODELS) == {
        "hello", "action", "undo", "lang", "chat", "sync", "ping", "hint", "leave", "take_back", "rematch"
    }  # fmt: skip
    assert len(set(incoming.MODELS.values())) == len(incoming.MODELS)
    section = protocol_section()
    for kind, model in incoming.MODELS.items():
        assert named(kind, section), kind
        needed = {"lang": {"lang": "de"}, "undo": {"version": 0}}.get(kind, {})
        frame = {"type": kind, "id": 1, **needed}
        parsed = incoming.parse(json.dumps(frame))
        assert type(parsed) is model and parsed.type == kind
    assert type(incoming.parse('{"type": "fly", "id": 2}')) is incoming.Unknown


def conforms(message: dict[str, Any]) -> None:
    """``message`` is one of the defined messages: its type known, every required field there, no other."""
    by_kind = {kind_of(m): m for m in outgoing.MESSAGES}
    definition = by_kind[message["type"]]
    keys = set(message)
    assert keys >= definition.__required_keys__, (message["type"], definition.__required_keys__ - keys)
    assert keys <= definition.__required_keys__ | definition.__optional_keys__, (
        message["type"],
        keys - definition.__required_keys__ - definition.__optional_keys__,
    )


# ---------------------------------------------------------------- over a real socket

TWO = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(Path(tmp_path_factory.mktemp("protocol")), creates_per_minute=1000) as url:
        yield url


def test_every_refusal_says_which_request_it_answers(base: str) -> None:
    made = create_game(base, "kreta", TWO)

    async def scenario() -> None:
        async with Client(base, made["id"], None) as watcher:
            asked: list[tuple[dict[str, Any] | str, str, int | None]] = [
                ({"type": "action", "version": 0, "action": "pass", "id": 3}, "spectator", 3),
                ({"type": "action", "version": "zero", "id": 4}, "malformed", 4),  # refused by the model
                ({"type": "fly", "id": 5}, "unknown_type", 5),
                ({"type": "hint", "id": 9}, "no_hint", 9),
                ({"type": "action", "version": 0, "action": "pass"}, "spectator", None),  # an older client
                ({"type": "ping", "id": "a"}, "malformed", None),  # an id that is no number is said back as none
                ({"type": "ping", "id": 2**53}, "malformed", None),
                ('{"type": "ping", "id": 6', "malformed", None),  # no JSON: no id to read
            ]
            for sent, code, request in asked:
                await watcher.send(sent)
                error = await watcher.error()
                assert (error["code"], error["request"]) == (code, request), (sent, error)
            await watcher.send({"type": "ping", "id": 7})
            assert (await watcher.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"

    run(scenario())


def test_the_messages_a_table_sends_are_the_ones_defined(base: str) -> None:
    made = create_game(base, "kreta", TWO)
    tokens = [s["token"] for s in made["seats"]]

    async def scenario() -> None:
        async with Client(base, made["id"], tokens[0], patches=True) as ada, Client(base, made["id"], tokens[1]) as bea:
            await ada.send({"type": "chat", "text": "hello", "id": 1})
            await bea.until(lambda m: m["type"] == "chat")
            await ada.send({"type": "ping"})
            await ada.until(lambda m: m["type"] == "pong")
            await bea.send({"type": "sync"})
            await bea.until(lambda m: m["type"] == "state")
            waiting = next(c for c in (ada, bea) if c.state is not None and c.state["to_act"] != c.state["seat"])
            await waiting.send({"type": "hint", "id": 2})  # not its turn: refused at once, no search
            assert (await waiting.error())["request"] == 2
            sent = [*ada.frames, *bea.frames]
            assert {m["type"] for m in sent} >= {"welcome", "state", "chat_history", "chat", "pong", "error"}
            for message in sent:
                conforms(message)
            assert any(m["type"] == "patch" for m in ada.frames) or len(ada.states) == 1

    run(scenario())


def test_every_action_is_answered_by_an_ack_or_a_refusal_that_names_it(base: str) -> None:
    """Acknowledged means stored (#35 point 5): the sender of an applied action gets ``ack`` with the action's
    ``id``, before the state that shows it; a refused one gets ``error`` with it; nobody else gets either."""
    made = create_game(base, "kreta", TWO)
    tokens = [s["token"] for s in made["seats"]]

    async def scenario() -> None:
        async with Client(base, made["id"], tokens[0]) as ada, Client(base, made["id"], tokens[1]) as bea:
            for request in (21, 23):
                assert ada.state is not None
                actor, other = (ada, bea) if ada.state["to_act"] == 0 else (bea, ada)
                await actor.until_version(ada.state["version"])
                assert actor.state is not None
                version, legal = actor.state["version"], actor.state["legal"]
                await actor.send({"type": "action", "version": version, "action": legal[0]["text"], "id": request})
                answer = await actor.until(lambda m: m["type"] in ("ack", "error"))
                assert not any(m["type"] == "state" and m["version"] > version for m in actor.frames)
                assert answer == {"type": "ack", "request": request, "version": version + 1}
                await actor.send({"type": "action", "version": version, "action": legal[0]["text"], "id": request + 1})
                refusal = await actor.error()
                assert (refusal["code"], refusal["request"]) == ("stale", request + 1)
                await other.until_version(version + 1)
                await ada.until_version(version + 1)
            for client in (ada, bea):
                for message in client.frames:
                    conforms(message)
            acks = [m["request"] for c in (ada, bea) for m in c.frames if m["type"] == "ack"]
            assert sorted(acks) == [21, 23]

    run(scenario())
