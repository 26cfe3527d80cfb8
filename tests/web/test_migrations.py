"""Stored games survive upgrades: a database made before migrations is recognised, upgraded and resumed.

The database is built with a frozen copy of the schema as it was before migrations (never with today's
metadata), filled with realistic games in progress — options without ``rules_version``, actions without
digests — then opened by the new code, on SQLite and (with ``LUDOTECA_TEST_DATABASE_URL``) PostgreSQL.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from sqlalchemy.ext.asyncio import create_async_engine

from ludoteca import games
from ludoteca.cli.main import cli
from ludoteca.core.digest import GameDigest
from ludoteca.core.records import GameRecord, replay
from ludoteca.web.live.front import Tables
from ludoteca.web.play.match import Match, MatchError, Seat
from ludoteca.web.storage import migrations
from ludoteca.web.storage.databases import database_revision, upgrade_database
from ludoteca.web.storage.schema import hash_token
from ludoteca.web.storage.store import Store

from serverkit import Client, server_thread

# ------------------------------------------------------------------ the schema before migrations (frozen)

LEGACY = sa.MetaData()
sa.Table(
    "games",
    LEGACY,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("options", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("start_player", sa.Integer),
    sa.Column("turn_seconds", sa.Integer),
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False, index=True),
    sa.Column("result", sa.JSON(none_as_null=True)),
)
sa.Table(
    "seats",
    LEGACY,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("token_hash", sa.Text, index=True),
    sa.Column("autoplay", sa.Boolean, nullable=False, default=False),
)
sa.Table(
    "actions",
    LEGACY,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("by_bot", sa.Boolean, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
)


@dataclass
class OldGame:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    actions: list[str]
    finished: bool = False


def token(game_id: str, seat: int) -> str:
    return f"token-{game_id}-{seat}"


def played(game_id: str, game: str, options: dict[str, Any], seed: int, players: int, moves: int | None) -> OldGame:
    """A game as the old server stored it: random legal moves, options without ``rules_version``."""
    definition = games.get(game)
    match = Match(game_id, definition, options, seed, [Seat(i, f"P{i}", "human") for i in range(players)])
    rng = random.Random(seed)
    while not match.finished and (moves is None or match.version < moves):
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
    stored_options = {k: v for k, v in match.record.options.items() if k != "rules_version"}
    return OldGame(game_id, game, stored_options, seed, players, list(match.record.actions), match.finished)


OLD_GAMES = [
    played("v3", "verraeter", {}, 5, 3, 20),
    played("v4", "verraeter", {"edition": 1998, "hand_limit": 6, "draw_cap": None}, 6, 4, 33),
    played("k2", "kreta", {}, 7, 2, 41),
    played("k4", "kreta", {"abbot_blocks_passing": False}, 8, 4, 12),
    played("new", "kreta", {}, 9, 3, 0),
    played("done", "verraeter", {}, 10, 3, None),
]


async def build_legacy_database(url: str, old_games: list[OldGame]) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(LEGACY.create_all)
            for i, g in enumerate(old_games):
                await conn.execute(
                    LEGACY.tables["games"]
                    .insert()
                    .values(
                        id=g.id,
                        game=g.game,
                        options=g.options,
                        seed=g.seed,
                        start_player=None,
                        turn_seconds=None,
                        created=1000.0 + i,
                        finished=g.finished,
                        result={"scores": []} if g.finished else None,
                    )
                )
                await conn.execute(
                    LEGACY.tables["seats"].insert(),
                    [
                        {
                            "game_id": g.id,
                            "seat": s,
                            "name": f"P{s}",
                            "kind": "human",
                            "bot": None,
                            "token_hash": hash_token(token(g.id, s)),
                            "autoplay": False,
                        }
                        for s in range(g.players)
                    ],
                )
                if g.actions:
                    await conn.execute(
                        LEGACY.tables["actions"].insert(),
                        [
                            {"game_id": g.id, "n": n, "seat": 0, "action": a, "by_bot": False, "at": 2000.0 + n}
                            for n, a in enumerate(g.actions)
                        ],
                    )
    finally:
        await engine.dispose()


def digests_of(g: OldGame) -> list[str]:
    definition = games.get(g.game)
    record = GameRecord(g.game, g.options, g.seed, [f"P{i}" for i in range(g.players)], [])
    state = replay(definition, record)
    chains = GameDigest(g.players)
    chains.update(state.view)
    out = []
    for text in g.actions:
        state.apply(definition.parse_action(text))
        out.append(chains.update(state.view))
    return out


# ------------------------------------------------------------------ tests


@pytest.mark.asyncio
async def test_a_database_from_before_migrations_is_upgraded_and_every_game_resumes(database_url: str) -> None:
    await build_legacy_database(database_url, OLD_GAMES)
    assert await database_revision(database_url) == (migrations.BASELINE, migrations.head())
    store = await Store.open(database_url)  # what the server does on start
    try:
        assert await database_revision(database_url) == (migrations.head(), migrations.head())
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(store, pool, bot_delay=0)
            unfinished = [g for g in OLD_GAMES if not g.finished]
            assert await tables.resume() == len(unfinished)
            for g in unfinished:
                match = tables.rooms[g.id].match
                assert match.diverged is None
                assert match.record.actions == g.actions
                assert match.rules_version == 1
                assert match.digests == digests_of(g)
                stored = await store.load(g.id)
                assert stored is not None
                assert stored.game.rules_version == 1 and stored.game.diverged_at is None
                # actions stored before digests existed got theirs on this first load
                assert [a.digest for a in stored.actions] == match.digests
            # the games go on, each new action stored with its digest
            room = tables.rooms["k2"]
            seat = room.match.to_act()
            action = room.match.state.legal_actions()[0].to_text()
            await tables.act(room, seat, room.match.version, action)
            stored = await store.load("k2")
            assert stored is not None and stored.actions[-1].action == action
            assert stored.actions[-1].digest == room.match.digests[-1]
            finished = await tables.get("done")
            assert finished is not None and finished.match.finished and finished.match.diverged is None
            await tables.close()
        # a second start finds nothing to do, and the games still replay
        assert (await upgrade_database(database_url)) == (migrations.head(), migrations.head())
    finally:
        await store.close()
    reopened = await Store.open(database_url)
    try:
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(reopened, pool, bot_delay=0)
            await tables.resume()
            assert all(room.match.diverged is None for room in tables.rooms.values())
            await tables.close()
    finally:
        await reopened.close()


@pytest.mark.asyncio
async def test_a_game_that_no_longer_replays_is_marked_diverged_never_altered(database_url: str) -> None:
    broken = played("broken", "verraeter", {}, 11, 3, 15)
    broken.actions[9] = "conflict 1/2" if not broken.actions[9].startswith("conflict") else "take farmer"
    await build_legacy_database(database_url, [OLD_GAMES[0], broken])
    store = await Store.open(database_url)
    try:
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(store, pool, bot_delay=0)
            assert await tables.resume() == 2
            match = tables.rooms["broken"].match
            assert match.diverged is not None and match.diverged.at == 10
            assert match.to_act() == -1 and match.version == 15 and len(match.digests) == 9
            with pytest.raises(MatchError) as refused:
                match.check(0, match.version, "pass")
            assert refused.value.code == "diverged"
            stored = await store.load("broken")
            assert stored is not None
            assert stored.game.diverged_at == 10 and "action #10" in (stored.game.diverged_reason or "")
            assert [a.action for a in stored.actions] == broken.actions  # the stored game is not altered
            assert [a.digest is not None for a in stored.actions] == [True] * 9 + [False] * 6
            # a stored digest that no longer matches: the table the players saw differs from the replay
            good = tables.rooms["v3"].match
            async with store._engine.begin() as conn:
                await conn.execute(sa.text("UPDATE actions SET digest = 'x' WHERE game_id = 'v3' AND n = 4"))
            await tables.close()
            tables = Tables(store, pool, bot_delay=0)
            await tables.resume()
            diverged = tables.rooms["v3"].match
            assert diverged.diverged is not None and diverged.diverged.at == 5
            assert diverged.record.actions == good.record.actions
            await tables.close()
    finally:
        await store.close()


def test_the_server_upgrades_on_start_and_shows_a_diverged_game(tmp_path: Path, database_url: str) -> None:
    broken = played("broken", "kreta", {}, 12, 2, 20)
    broken.actions[4] = "stop"
    asyncio.run(build_legacy_database(database_url, [OLD_GAMES[2], broken]))
    with server_thread(tmp_path, database_url) as base:
        record = httpx.get(f"{base}/api/games/broken/record")
        assert record.status_code == 200
        assert record.json()["actions"] == broken.actions
        assert httpx.get(f"{base}/api/games/k2/record").status_code == 403  # still being played

        async def look() -> None:
            async with Client(base, "broken", token("broken", 0), lang="de") as client:
                assert client.state is not None
                shown = client.state["diverged"]
                assert shown["at"] == 5 and "Aktion 5" in shown["text"]
                assert client.state["legal"] == [] and client.state["to_act"] == -1
                await client.act("pass")
                error = await client.error()
                assert error["code"] == "diverged"
            async with Client(base, "k2", token("k2", 0)) as client:
                assert client.state is not None and client.state["diverged"] is None
                assert client.state["version"] == len(OLD_GAMES[2].actions)

        asyncio.run(look())


def test_ludoteca_db_upgrades_and_says_the_revision(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"
    asyncio.run(build_legacy_database(url, OLD_GAMES[:1]))
    runner = CliRunner()
    said = runner.invoke(cli, ["db", "current", "--data-dir", str(tmp_path)])
    assert said.exit_code == 0 and f"revision {migrations.BASELINE}; newest is {migrations.head()}" in said.output
    done = runner.invoke(cli, ["db", "upgrade", "--data-dir", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert f"from revision {migrations.BASELINE} to {migrations.head()}" in done.output
    said = runner.invoke(cli, ["db", "current", "--database-url", f"sqlite:///{tmp_path / 'ludoteca.db'}"])
    assert said.exit_code == 0 and "(the newest)" in said.output
    empty = runner.invoke(cli, ["db", "current", "--data-dir", str(tmp_path / "elsewhere")])
    assert empty.exit_code == 0 and "empty database" in empty.output


@pytest.mark.asyncio
async def test_the_migrations_make_the_schema_the_store_describes(database_url: str) -> None:
    """A fresh database upgraded to the head has every table, column and index of ``store.metadata``."""
    from ludoteca.web.storage.schema import metadata

    store = await Store.open(database_url)
    await store.close()
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:

            def shape(sync: sa.Connection) -> dict[str, Any]:
                inspector = sa.inspect(sync)
                return {
                    name: (
                        sorted(c["name"] for c in inspector.get_columns(name)),
                        sorted(i["name"] for i in inspector.get_indexes(name)),
                    )
                    for name in metadata.tables
                }

            found = await conn.run_sync(shape)
    finally:
        await engine.dispose()
    for name, table in metadata.tables.items():
        assert found[name][0] == sorted(c.name for c in table.columns), name
        assert found[name][1] == sorted(str(i.name) for i in table.indexes), name


def test_new_games_record_their_rules_version_and_a_digest_per_action(tmp_path: Path, database_url: str) -> None:
    from serverkit import create_game

    with server_thread(tmp_path, database_url) as base:
        made = create_game(base, "kreta", [{"kind": "bot", "bot": "random"}] * 2, seed=4)

        async def wait_for_moves() -> None:
            async with Client(base, made["id"]) as spectator:
                await spectator.until_version(6)

        asyncio.run(wait_for_moves())

    async def check() -> None:
        store = await Store.open(database_url)
        try:
            stored = await store.load(made["id"])
        finally:
            await store.close()
        assert stored is not None
        assert stored.game.rules_version == games.get("kreta").rules_version
        assert stored.game.options["rules_version"] == stored.game.rules_version
        assert len(stored.actions) >= 6 and all(a.digest and len(a.digest) == 64 for a in stored.actions)

    asyncio.run(check())


@pytest.mark.asyncio
async def test_servers_starting_together_upgrade_one_after_the_other(database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("PostgreSQL serialises concurrent upgrades with an advisory lock; SQLite serves one server")
    await build_legacy_database(database_url, OLD_GAMES[:2])
    results = await asyncio.gather(*(upgrade_database(database_url) for _ in range(3)))
    assert sorted(results) == sorted([(migrations.BASELINE, migrations.head())] + [(migrations.head(),) * 2] * 2)


@pytest.mark.asyncio
async def test_bot_names_stored_in_english_by_older_servers_are_shown_in_each_readers_language(
    database_url: str,
) -> None:
    """Before revision 0003 a bot nobody named was stored as "Blue (heuristic)": such names are recognised
    and said in the reader's language; any other stored name (a translated one, a player's) is kept as is."""
    from ludoteca.present.i18n import translator

    k4 = OLD_GAMES[3]  # Kreta, four seats: Red, Blue, Yellow, Green
    await build_legacy_database(database_url, [k4])
    engine = create_async_engine(database_url)
    try:
        async with engine.begin() as conn:
            seats = LEGACY.tables["seats"]
            for seat, name, bot in (
                (1, "Blue (heuristic)", "heuristic"),
                (2, "Gelb (heuristic)", "heuristic"),
                (3, "Green (ismcts:hard)", "ismcts:hard"),
            ):
                await conn.execute(
                    seats.update()
                    .where((seats.c.game_id == k4.id) & (seats.c.seat == seat))
                    .values(name=name, kind="bot", bot=bot, token_hash=None)
                )
    finally:
        await engine.dispose()
    store = await Store.open(database_url)
    try:
        stored = await store.load(k4.id)
        assert stored is not None
        assert [s.generated for s in stored.seats] == [False, True, False, True]
        assert [s.name for s in stored.seats] == ["P0", "Blue (heuristic)", "Gelb (heuristic)", "Green (ismcts:hard)"]
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(store, pool, bot_delay=0)
            room = await tables.get(k4.id)
            assert room is not None and room.match.diverged is None
            shown = room.match.names_in
            assert shown(translator("de")) == ["P0", "Blau (heuristisch)", "Gelb (heuristic)", "Grün (schwer)"]
            assert shown(translator("en")) == ["P0", "Blue (heuristic)", "Gelb (heuristic)", "Green (hard)"]
            # the game's record keeps the names as stored
            assert room.match.names == ["P0", "Blue (heuristic)", "Gelb (heuristic)", "Green (ismcts:hard)"]
            await tables.close()
    finally:
        await store.close()
