"""Nothing from the network names a file on the server (issue #24's critical finding).

Verräter's ``landscapes`` and Kreta's ``board`` take a file path at a terminal. An uploaded record once handed
its options to the cores unchecked: ``/dev/zero`` filled the memory, ``/proc/self/fd/N`` blocked a thread on
the bot pool's pipe forever, and the refusals told a missing file from a directory from broken JSON. Every
endpoint that accepts a record or options is tried here with each kind of file; each must be refused in words
that say nothing of the server's files, without reading them, and the server must go on answering.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from serverkit import server_thread

MARKER = "format-secret-7f3a"
"""A value inside the JSON file on the server: no answer may echo it."""

GIVEAWAYS = ("no such file", "directory", "not valid json", "permission", "utf-8", "regular file", MARKER)
"""Words by which an answer would tell something about a file on the server."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # one address uploads every record of this module in a burst; the burst limit has its own test (test_floods)
    with server_thread(tmp_path_factory.mktemp("files"), replay_frames_burst=600) as url:
        yield url


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Every kind of file an attacker named, on this machine (the server runs in this process)."""
    where = tmp_path_factory.mktemp("server-files")
    secret = where / "secret.json"
    secret.write_text(json.dumps({"format": MARKER, "landscapes": {}}), encoding="utf-8")
    closed = where / "closed.json"
    closed.write_text("{}", encoding="utf-8")
    closed.chmod(0)
    fifo = where / "fifo"
    os.mkfifo(fifo)
    read_end, write_end = os.pipe()  # nothing is ever written: a read of it would wait forever
    try:
        yield {
            "zero": "/dev/zero",
            "pipe": f"/proc/self/fd/{read_end}",
            "fifo": str(fifo),
            "directory": str(where),
            "unreadable": str(closed),
            "json": str(secret),
            "missing": str(where / "nothing-here.json"),
            "shadow": "/etc/shadow",
        }
    finally:
        os.close(read_end)
        os.close(write_end)


FILE_OPTIONS = {"verraeter": ("landscapes", 3), "kreta": ("board", 2)}


def record(game: str, options: dict[str, Any]) -> bytes:
    players = ["Ada", "Bo", "Cy"][: FILE_OPTIONS[game][1]]
    return json.dumps({"game": game, "options": options, "seed": 1, "players": players, "actions": []}).encode()


def assert_refused_blind(answer: httpx.Response, path: str) -> None:
    assert answer.status_code in (400, 422), answer.text
    text = answer.text.lower()
    assert path.lower() not in text, text
    for word in GIVEAWAYS:
        assert word.lower() not in text, (word, text)


@pytest.mark.parametrize("kind", ["zero", "pipe", "fifo", "directory", "unreadable", "json", "missing", "shadow"])
@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_an_uploaded_record_naming_a_file_is_refused_unread(
    base: str, paths: dict[str, str], game: str, kind: str
) -> None:
    key = FILE_OPTIONS[game][0]
    path = paths[kind]
    for step in ("0", "all", "0"):
        answer = httpx.post(f"{base}/api/replay", params={"seat": step}, content=record(game, {key: path}), timeout=10)
        assert_refused_blind(answer, path)
    assert "option" in answer.json()["error"] and key in answer.json()["error"]
    assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200


@pytest.mark.parametrize("kind", ["zero", "pipe", "directory", "json"])
@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_a_new_game_naming_a_file_is_refused_unread(base: str, paths: dict[str, str], game: str, kind: str) -> None:
    key, players = FILE_OPTIONS[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    path = paths[kind]
    answer = httpx.post(f"{base}/api/games", json={"game": game, "seats": seats, "options": {key: path}}, timeout=10)
    assert_refused_blind(answer, path)


def test_other_strings_and_unknown_options_are_refused_too(base: str) -> None:
    """A record's options pass only as the lobby's types, the shipped data, the data itself or a rules version."""
    refused: list[tuple[str, dict[str, Any]]] = [
        ("verraeter", {"landscapes": "reconstruction.json"}),
        ("verraeter", {"landscapes": 3}),
        ("verraeter", {"hand_limit": "5"}),
        ("verraeter", {"discard_timing": "sometimes"}),
        ("verraeter", {"builder_places_kontor": "yes"}),
        ("verraeter", {"rules_version": "1"}),
        ("verraeter", {"board": None}),
        ("kreta", {"board": "crete"}),
        ("kreta", {"board": {"provinces": []}}),
        ("kreta", {"abbot_blocks_passing": "off"}),
        ("kreta", {"whatever": 1}),
    ]
    for game, options in refused:
        answer = httpx.post(f"{base}/api/replay", content=record(game, options), timeout=10)
        assert answer.status_code == 400 and "option" in answer.json()["error"], (options, answer.text)


def test_records_written_at_a_terminal_still_replay(base: str) -> None:
    """What the cores write (the shipped word, an inline table, an older rules version, a hand limit the lobby
    does not offer) is still accepted."""
    from ludoteca.verraeter.options import shipped_table

    table = shipped_table().to_dict()
    table["landscapes"]["wald"]["vp"] = [9, 5, 2]
    accepted: list[tuple[str, dict[str, Any]]] = [
        ("verraeter", {"landscapes": "reconstruction", "rules_version": 1, "hand_limit": 7, "draw_cap": None}),
        ("verraeter", {"landscapes": table, "edition": 1998}),
        ("verraeter", {"landscapes": None}),
        ("kreta", {"board": None, "takeback": "castellan", "abbot_blocks_passing": False, "rules_version": 1}),
    ]
    for game, options in accepted:
        answer = httpx.post(f"{base}/api/replay", content=record(game, options), timeout=10)
        assert answer.status_code == 200, (options, answer.text)
