"""The rematch: one click at the end of a game proposes the same game again, and every human reaches their
new seat through the page they are on (``docs/web.md``, "Rematch").

The rematch has the finished game's seats (names, humans and bots at their levels, in the same order), its
rule options under the current rules version, its turn timer and its public flag, and a new random seed.
The first click stores it and links the two games (``games.rematch`` / ``games.rematch_of``, decided by
:meth:`.Store.create_rematch`); every later click, by anyone, finds that one. The first click is a new
game of its address, counted with ``POST /api/games`` (``--creates-per-minute``), or a chain of rematches
would make games without limit.

**Who gets which seat.** The server stores no token, only hashes, so it cannot hand out new seats by
itself; it does not need to. The new seat's token is *derived from the old seat's token*:
``HMAC-SHA256(key=old token, "ludoteca rematch " + new game id)`` (:func:`seat_token`). Only a page that
holds the old seat's token — that is, a connection authenticated as that seat by its ``hello`` — can
have it computed, and it is computed again, identically, whenever that page comes back (a reload, a
reconnection, a restart of the server): nothing secret is kept anywhere, in memory or in the database,
and the database alone (hashes) does not give the new seats away. Until its player comes, a human seat of
the rematch holds a placeholder instead of a hash (:func:`placeholder`, never the sha256 of anything), which
the first delivery over the old seat's connection replaces with the new token's hash
(:meth:`.Store.claim_seat`). A spectator is told where the rematch is, never a token.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
import weakref
from dataclasses import dataclass, replace

from ludoteca.core.errors import LudotecaError

from ..language.refusals import Refusal
from ..live.connection import Connection
from ..live.events import CaughtUp, Change, RematchLinked, RoomLive
from ..live.front import Tables
from ..live.registry import RoomsFull
from ..live.room import Room
from ..play.match import Match, MatchError
from ..play.seat import Seat, SeatKind
from ..protocol import outgoing
from ..storage.errors import StoreError
from ..storage.schema import GameRow, hash_token

log = logging.getLogger("ludoteca.web")


def seat_token(old_token: str, new_id: str) -> str:
    """The token of a rematch's seat for the holder of ``old_token``: 32 URL-safe characters (192 bits,
    like the lobby's ``secrets.token_urlsafe(24)``), the same every time it is asked for."""
    digest = hmac.new(old_token.encode(), f"ludoteca rematch {new_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def placeholder(old_id: str, seat: int) -> str:
    """What a rematch's human seat holds until its player is given the seat: not a hex digest, so no
    token ever matches it."""
    return f"rematch:{old_id}:{seat}"


def rematch_seats(match: Match) -> list[Seat]:
    """The finished game's seats again: humans (autoplay or not) waiting for their players, bots as they were."""
    return [
        replace(s, token_hash=placeholder(match.id, s.seat) if s.kind == SeatKind.HUMAN else None, autoplay=False)
        for s in match.seats
    ]


def rematch_row(match: Match, old: GameRow) -> GameRow:
    """The rematch's game row: the same game, options (under today's rules version), timer and public flag,
    a new seed. Checked by building its match, so nothing is stored that would not start."""
    definition = match.definition
    chosen = {k: v for k, v in match.record.options.items() if k != "rules_version"}
    try:
        options = definition.options_to_dict(definition.options_from_dict(chosen))
        seats = [replace(s, token_hash=None, autoplay=False) for s in match.seats]
        fresh = Match("rematch", definition, options, secrets.randbits(62), seats, turn_seconds=match.turn_seconds)
    except (LudotecaError, ValueError, TypeError, KeyError) as e:
        log.warning("game %s: no rematch (%s)", match.id, e)
        raise MatchError(Refusal.REMATCH_FAILED) from None
    return GameRow(
        id=secrets.token_urlsafe(9),
        game=definition.name,
        options=fresh.record.options,
        seed=fresh.seed,
        start_player=None,
        turn_seconds=match.turn_seconds,
        created=time.time(),
        rules_version=fresh.rules_version,
        public=old.public,
    )


async def propose(tables: Tables, room: Room, conn: Connection) -> None:
    """A player's click on Rematch: the rematch is stored (unless one exists) and every connection at the
    table is told — each seat its own new token, spectators only where to watch."""
    match = room.match
    if conn.seat is None or conn.seat < 0:
        raise MatchError(Refusal.SPECTATOR)
    if match.diverged is not None:
        raise MatchError(Refusal.DIVERGED)
    if not match.finished:
        raise MatchError(Refusal.NOT_FINISHED)
    if link_of(room).rematch is not None:
        await deliver(tables, room, conn)
        return
    stored = await tables.store.load(match.id)
    if stored is None:
        raise MatchError(Refusal.NOT_FOUND)
    if not tables.creations.allow(conn.address):  # a new game: rematch after rematch would dodge the limit
        raise MatchError(Refusal.TOO_MANY_GAMES)
    row = rematch_row(match, stored.game)
    try:  # the same whoever writes it: the store decides; the other processes' clients are told too
        chosen = await tables.write_path.link_rematch(room, row, rematch_seats(match), by=conn.seat)
    except StoreError:
        log.exception("could not store the rematch of game %s", match.id)
        raise MatchError(Refusal.REMATCH_FAILED) from None
    if chosen != row.id:  # another click was first (in another request that has told the table already)
        await deliver(tables, room, conn)
        return
    log.info("game %s: seat %d proposed the rematch %s", match.id, conn.seat, chosen)
    with contextlib.suppress(RoomsFull):  # stored all the same: it starts when a player opens it
        await tables.get(chosen)  # live at once: its bots move, its timer runs
    for other in list(room.connections):
        await deliver(tables, room, other)


@dataclass
class Link:
    """What a live room knows of its rematches (stored: ``games.rematch_of``, ``rematch``, ``rematch_by``)."""

    of: str | None = None
    """The game this one is the rematch of."""
    rematch: str | None = None
    """This finished game's rematch, once proposed."""
    by: int | None = None
    """The seat that proposed the rematch."""


_LINKS: weakref.WeakKeyDictionary[Room, Link] = weakref.WeakKeyDictionary()
"""Each live room's rematches, from the game's row when the room became live, then from the write path's
events (gone with the room)."""


def link_of(room: Room) -> Link:
    """What the live room knows of its rematches."""
    link = _LINKS.get(room)
    if link is None:
        link = _LINKS[room] = Link()
    return link


def follow(tables: Tables) -> None:
    """Subscribe to the tables' events (the app does, when it is wired): each live room's rematches are kept
    here, and a rematch another process stored reaches every page here."""
    tables.events.changed.subscribe(_changed)
    tables.events.caught_up.subscribe(lambda caught: _caught_up(tables, caught))


def _changed(change: Change) -> None:
    if isinstance(change, RoomLive):
        _LINKS[change.room] = Link(change.game.rematch_of, change.game.rematch, change.game.rematch_by)
    elif isinstance(change, RematchLinked):
        link = link_of(change.room)
        link.rematch = change.rematch
        if change.by is not None:
            link.by = change.by


async def _caught_up(tables: Tables, caught: CaughtUp) -> None:
    link, game = link_of(caught.room), caught.stored.game
    appeared = link.rematch is None and game.rematch is not None
    link.rematch, link.by = game.rematch, game.rematch_by
    if appeared:
        for conn in list(caught.room.connections):
            await deliver(tables, caught.room, conn)


async def after_hello(tables: Tables, room: Room, conn: Connection) -> None:
    """What a page learns on arriving (or coming back) at a table: where its seat's rematch is, and, at a
    rematch, which game it repeats."""
    link = link_of(room)
    if link.rematch is not None:
        await deliver(tables, room, conn)
    if link.of is not None:
        conn.send({"type": "rematch_of", "id": link.of})


async def deliver(tables: Tables, room: Room, conn: Connection) -> None:
    """Tell one connection where the rematch is: its own seat's token and link for a player (the seat is
    given that token first if it still waits for it), only the spectators' link for anyone else."""
    link = link_of(room)
    new_id = link.rematch
    if new_id is None or conn.seat is None:
        return
    message: outgoing.Rematch = {"type": "rematch", "id": new_id, "seat": -1, "by": None, "link": f"/g/{new_id}"}
    if link.by is not None:
        message["by"] = room.match.seats[link.by].shown_name(room.match.definition.seat_names, conn.tr)
    seat = conn.seat
    if seat >= 0 and conn.token and room.match.seats[seat].kind == SeatKind.HUMAN:
        token = seat_token(conn.token, new_id)
        try:
            await _claim(tables, new_id, seat, placeholder(room.match.id, seat), hash_token(token))
        except StoreError:  # told nothing rather than a token that opens nothing: the next hello tries again
            log.exception("game %s: could not give seat %d of the rematch %s", room.match.id, seat, new_id)
            return
        message["seat"], message["token"], message["link"] = seat, token, f"/g/{new_id}#t={token}"
    conn.send(message)


async def _claim(tables: Tables, new_id: str, seat: int, held: str, token_hash: str) -> None:
    """Give the rematch's ``seat`` the token hash, through the write path: under its live room's lock if it
    may be live (it is loaded for it: its bots move, its timer runs), in the store alone if not."""
    live = tables.rooms.get(new_id)
    if live is not None and live.match.seats[seat].token_hash == token_hash:
        return  # given already: a reload or a second tab of the seat costs no write
    try:
        live = await tables.get(new_id)
    except RoomsFull:
        live = None  # stored all the same: a room loaded from the store from now on has the hash
    await tables.write_path.claim_rematch_seat(new_id, live, seat, held, token_hash)
