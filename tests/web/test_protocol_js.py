"""The page's message types (``static/js/protocol.js``) are the server's, checked both ways (#35 point 6).

The server defines each message once (:mod:`ludoteca.web.protocol.outgoing`, :mod:`~ludoteca.web.protocol.incoming`),
its refusal codes (:class:`~ludoteca.web.language.refusals.Refusal`) and seat kinds
(:class:`~ludoteca.web.play.seat.SeatKind`); the pages type what they read and send with JSDoc typedefs that
``tsc`` checks every use of. This test reads those typedefs and holds them to the server's definitions: the
same message types, the same fields by name, a field the page counts on always sent, ``null`` admitted where
the server may send it, and the same codes and kinds — so ``tsc`` checks the pages against the server.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, NotRequired

from pydantic import BaseModel

from ludoteca.web.language.refusals import Refusal
from ludoteca.web.play.seat import SeatKind
from ludoteca.web.protocol import incoming, outgoing

PROTOCOL_JS = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static" / "js" / "protocol.js"

SERVER_TO_PAGE: dict[type, str] = {
    outgoing.SeatLine: "Seat",
    outgoing.LegalAction: "LegalAction",
    outgoing.Diverged: "Diverged",
    outgoing.Since: "Since",
    outgoing.GuideChoice: "GuideChoice",
    outgoing.GuideWords: "GuideWords",
    outgoing.Suggestion: "Suggestion",
    outgoing.ChatLine: "ChatLine",
    outgoing.Welcome: "Welcome",
    outgoing.State: "State",
    outgoing.Patch: "Patch",
    outgoing.Hint: "Hint",
    outgoing.Chat: "ChatMessage",
    outgoing.ChatHistory: "ChatHistory",
    outgoing.Rematch: "RematchOffer",
    outgoing.RematchOf: "RematchOf",
    outgoing.Error: "Refusal",
    outgoing.Ack: "Ack",
    outgoing.Pong: "Pong",
}
"""Each server definition (a message or a part of one) and the page's typedef for it."""

PAGE_ONLY = {"Result", "Frame"}
"""Typedefs with no TypedDict of the socket's: a result (stored JSON data) and a replay frame (HTTP)."""


@dataclass(frozen=True)
class Property:
    type: str
    optional: bool


@dataclass(frozen=True)
class Typedef:
    type: str
    properties: dict[str, Property]


def _braced(text: str, start: int) -> tuple[str, int]:
    """The text inside the braces opening at ``start`` (nested ones included), and the index after them."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1 : i], i + 1
    raise ValueError(f"unbalanced braces from {text[start : start + 40]!r}")


@cache
def typedefs() -> dict[str, Typedef]:
    """Every ``@typedef`` of protocol.js, with its ``@property`` lines."""
    found: dict[str, Typedef] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", PROTOCOL_JS.read_text(encoding="utf-8"), re.S):
        text = " ".join(re.sub(r"^\s*\*\s?", "", line) for line in block.splitlines())
        current: Typedef | None = None
        for tag in re.finditer(r"@(typedef|property)\s*(?=\{)", text):
            kind, rest = _braced(text, tag.end())
            named = re.match(r"\s*(\[?)(\w+)", text[rest:])
            assert named, text[tag.start() : tag.start() + 80]
            optional, name = bool(named.group(1)), named.group(2)
            if tag.group(1) == "typedef":
                current = found[name] = Typedef(" ".join(kind.split()), {})
            else:
                assert current is not None, f"@property {name} outside a typedef"
                current.properties[name] = Property(" ".join(kind.split()), optional)
    return found


def members(union: str) -> list[str]:
    """The members of a union type, split at its top-level ``|``."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(union):
        depth += (c in "{([") - (c in "})]")
        if c == "|" and depth == 0:
            parts.append(union[start:i].strip())
            start = i + 1
    parts.append(union[start:].strip())
    return parts


def literals(union: str) -> set[str]:
    found = [re.fullmatch(r'"(\w+)"', member) for member in members(union)]
    assert all(found), union
    return {m.group(1) for m in found if m}


def server_fields(definition: type) -> dict[str, tuple[Any, bool]]:
    """A TypedDict's fields: each one's type (without ``Annotated`` and ``NotRequired``) and whether it is required."""
    hints = typing.get_type_hints(definition, include_extras=True)
    fields = {}
    for name, hint in hints.items():
        hint = typing.get_args(hint)[0] if typing.get_origin(hint) is NotRequired else hint
        hint = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
        fields[name] = (hint, name in definition.__required_keys__)
    return fields


def message_type(member: str) -> str:
    """The ``type`` of one member of ``ServerMessage``: its typedef's, or the literal it is narrowed by."""
    inline = re.search(r'\{type: "(\w+)"\}', member)
    if inline:
        return inline.group(1)
    (kind,) = literals(typedefs()[member].properties["type"].type)
    return kind


def named_in(member: str) -> str:
    """The typedef a member of a union names (``({type: "state"} & State)``: ``State``)."""
    names = [part.strip(" ()") for part in member.split("&")]
    (name,) = [n for n in names if re.fullmatch(r"\w+", n)]
    return name


def test_every_typedef_is_the_servers_or_said_to_be_the_pages() -> None:
    client = {named_in(m) for m in members(typedefs()["ClientMessage"].type)}
    known = {*SERVER_TO_PAGE.values(), *client, *PAGE_ONLY, "ServerMessage", "ClientMessage", "RefusalCode", "SeatKind"}
    assert set(typedefs()) == known


def test_the_page_reads_every_message_the_server_sends() -> None:
    union = members(typedefs()["ServerMessage"].type)
    by_type = {message_type(m): named_in(m) for m in union}
    assert len(by_type) == len(union)
    server = {typing.get_args(server_fields(m)["type"][0])[0]: m for m in outgoing.MESSAGES}
    assert set(by_type) == set(server)
    for kind, message in server.items():
        assert SERVER_TO_PAGE[message] == by_type[kind], kind


def test_each_message_and_part_has_the_servers_fields() -> None:
    for definition, name in SERVER_TO_PAGE.items():
        page = typedefs()[name].properties
        server = server_fields(definition)
        assert set(page) == set(server), (name, set(page) ^ set(server))
        for field, (hint, required) in server.items():
            prop = page[field]
            where = f"{name}.{field}: {prop.type!r}"
            assert required or prop.optional, f"{where} is counted on by the page, the server may leave it out"
            if type(None) in typing.get_args(hint):
                assert "null" in members(prop.type), f"{where} has no null, which the server may send"
            if typing.get_origin(hint) is Literal:
                assert literals(prop.type) == set(typing.get_args(hint)), where


def test_the_codes_and_seat_kinds_are_the_servers() -> None:
    assert literals(typedefs()["RefusalCode"].type) == {code.value for code in Refusal}
    assert literals(typedefs()["SeatKind"].type) == {kind.value for kind in SeatKind}
    assert typedefs()["Refusal"].properties["code"].type == "RefusalCode"
    assert server_fields(outgoing.Error)["code"][0] is Refusal
    assert typedefs()["Seat"].properties["kind"].type == "SeatKind"
    assert server_fields(outgoing.SeatLine)["kind"][0] is SeatKind


def test_the_page_sends_only_what_the_server_reads() -> None:
    """Each message the page may send is a type the server has a model for, with that model's fields; a field
    the server needs is one the page's type requires (so ``tsc`` refuses a message the server would refuse)."""
    sent = {}
    for member in members(typedefs()["ClientMessage"].type):
        definition = typedefs()[member]
        (kind,) = literals(definition.properties["type"].type)
        sent[kind] = definition
    assert set(sent) == set(incoming.MODELS)
    for kind, definition in sent.items():
        model: type[BaseModel] = incoming.MODELS[kind]
        assert set(definition.properties) == set(model.model_fields), (kind, model.__name__)
        for name, field in model.model_fields.items():
            if name != "type":
                assert definition.properties[name].optional == (not field.is_required()), (kind, name)
