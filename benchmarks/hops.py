"""How many files of ``web/`` one WebSocket action passes: the figure of issue #35 ("one WebSocket action
passes about 21 files and 25 hops").

One Kreta game of two people on SQLite, in this process; one ``act`` message is handed to the socket
session's handler (:func:`ludoteca.web.routes.table_session._handle`, as the reader loop does), the
loop is let run until what the action set going has settled, and each seat's next frame is drawn (what
the writer task sends). Every Python call meanwhile, in every thread, is seen by a profile hook; the
figures are the distinct files of ``src/ludoteca/web`` that ran, and the distinct *hops* — a call from
one of those files into another. Run: ``.venv/bin/python benchmarks/hops.py`` (``--list`` names them).
Before the live table was composed of parts (dae8db5, ``Tables`` from ``live.registry`` and ``NewGame``
from ``live.base``) the same script counts 20 files and 26 hops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import threading
from pathlib import Path
from types import FrameType
from typing import Any

from ludoteca import games
from ludoteca.web.language.i18n import translator
from ludoteca.web.live.connection import Connection
from ludoteca.web.live.front import Tables
from ludoteca.web.live.jobs import Workers
from ludoteca.web.live.registry import NewGame
from ludoteca.web.play.match import Seat
from ludoteca.web.routes import table_session
from ludoteca.web.storage.databases import database_url
from ludoteca.web.storage.store import Store

WEB = str(Path(table_session.__file__).resolve().parent.parent)


class _Quiet:
    async def send_text(self, data: str) -> None:
        pass


class Calls:
    """The calls between files of ``web/`` seen by the profile hook."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.hops: set[tuple[str, str]] = set()
        self.on = False

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.on or event != "call":
            return
        callee = frame.f_code.co_filename
        if not callee.startswith(WEB):
            return
        name = callee[len(WEB) + 1 :]
        self.files.add(name)
        caller = frame.f_back
        while caller is not None and not caller.f_code.co_filename.startswith(WEB):
            caller = caller.f_back  # through the standard library and the dependencies
        if caller is not None:
            source = caller.f_code.co_filename[len(WEB) + 1 :]
            if source != name:
                self.hops.add((source, name))


async def measure(data: Path) -> Calls:
    calls = Calls()
    threading.setprofile(calls.hook)  # the store's writer thread too
    sys.setprofile(calls.hook)
    store = await Store.open(database_url(None, data))
    tables = Tables(store, Workers(0, 10.0), bot_delay=0)
    seats = [Seat(i, f"P{i}", "human", token_hash=f"h{i}") for i in range(2)]
    room = await tables.create(NewGame("hops", games.get("kreta"), {}, 7, seats, {}, None))
    conns = []
    for seat in (0, 1):
        conn = Connection(_Quiet(), "en", translator("en"))
        conn.seat = seat
        room.seat_connection(conn, seat)
        room.connections.add(conn)
        room.frame_for(conn)
        conns.append(conn)
    budget = table_session.Budget()
    actor = conns[room.match.to_act()]
    action = room.match.state.legal_actions()[0].to_text()
    message = json.dumps({"type": "action", "id": 1, "version": room.match.version, "action": action})
    for _ in range(3):  # what creating the game set going settles first
        await asyncio.sleep(0)
    calls.on = True
    await table_session._handle(message, room, actor, tables, budget)  # noqa: SLF001 - as the reader loop calls it
    for _ in range(3):
        await asyncio.sleep(0)
    for conn in conns:
        room.frame_for(conn)
    calls.on = False
    sys.setprofile(None)
    threading.setprofile(None)  # type: ignore[arg-type]
    assert room.match.version == 1, "the action was not applied"
    await tables.close()
    await store.close()
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="name the files and the hops")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        calls = asyncio.run(measure(Path(tmp)))
    print(f"files of web/ passed: {len(calls.files)}; hops between them: {len(calls.hops)}")
    if args.list:
        for name in sorted(calls.files):
            print("  ", name)
        for source, target in sorted(calls.hops):
            print(f"   {source} -> {target}")


if __name__ == "__main__":
    main()
