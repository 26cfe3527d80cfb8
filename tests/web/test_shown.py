"""Everything the server makes up is said when it is shown, in the reader's language, not when it is stored.

A game created in English and watched or played in German shows German seat names for the seats nobody
named (colour and bot level), the rule options in force, the end-of-game breakdown, and German refusals;
the English forms are what is stored (and what an English reader sees).
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from ludoteca import games
from ludoteca.present.i18n import translator
from ludoteca.web.features.lobby import new_game
from ludoteca.web.protocol.requests import CreateGame

from browserkit import CHROMIUM, VIEWPORT, TablePage
from serverkit import Client, create_game, play_out, server_thread

DE = translator("de")


def test_a_seat_nobody_named_is_named_again_in_each_language() -> None:
    request = CreateGame.model_validate(
        {
            "game": "kreta",
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "ismcts:hard"},
                {"kind": "human", "name": "Ada"},
                {"kind": "bot", "bot": "random", "name": "Robo"},
            ],
        }
    )
    new = new_game(request)
    assert [(s.name, s.generated) for s in new.seats] == [
        ("Red", True),
        ("Blue (hard)", True),
        ("Ada", False),
        ("Robo", False),
    ]
    seat_names = new.definition.seat_names
    assert [s.shown_name(seat_names, DE) for s in new.seats] == ["Rot", "Blau (schwer)", "Ada", "Robo"]
    assert [s.shown_name(seat_names, translator("fr")) for s in new.seats][:2] == ["Rouge", "Bleu (difficile)"]
    assert [s.shown_name(seat_names, translator("it")) for s in new.seats][:2] == ["Rosso", "Blu (difficile)"]


@pytest.mark.parametrize("game", ["kreta", "verraeter"])
def test_every_seat_colour_is_translated(game: str) -> None:
    """The colours are data of the rules core; the plug-ins mark them for the catalogues."""
    for lang in ("it", "fr", "de"):
        tr = translator(lang)
        for colour in games.get(game).seat_names:
            assert tr(colour) != colour or colour == "Orange", (lang, colour)


def test_a_game_created_in_english_is_shown_in_german(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(
            base,
            "kreta",
            [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}],
            options={"takeback": "castellan", "abbot_blocks_passing": False},
            seed=3,
        )
        assert [s["name"] for s in made["seats"]] == ["Red", "Blue (random)", "Yellow (heuristic)"]
        human = made["seats"][0]["token"]

        async def look() -> None:
            async with Client(base, made["id"], human, lang="de") as ada:
                state = ada.state
                assert state is not None
                assert [s["name"] for s in state["seats"]] == ["Rot", "Blau (zufällig)", "Gelb (heuristisch)"]
                assert "Dorfbewohner" in state["rules_text"] and "Kastellan" in state["rules_text"]
                # the board and the log speak of the seats by their German names
                assert "Rot" in state["board_svg"] and "Red" not in re.sub(r"<[^>]*>", " ", state["board_svg"])
                # refusals: a code, and the sentence in the connection's language
                await ada.act("pass", version=state["version"] + 5)
                stale = await ada.error()
                assert stale["code"] == "stale" and "Tisch" in stale["message"]
                assert f"gewählt bei Zug {state['version'] + 5}" in stale["message"]
                # the same connection switched to English reads the English forms
                await ada.send({"type": "lang", "lang": "en"})
                english_state = await ada.until(lambda m: m["type"] == "state" and m["lang"] == "en")
                assert [s["name"] for s in english_state["seats"]] == ["Red", "Blue (random)", "Yellow (heuristic)"]
                assert "villagers" in english_state["rules_text"]

        asyncio.run(look())


def test_the_lobby_answers_in_the_readers_language(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        body = {"game": "verraeter", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:easy"}] * 2}
        created = httpx.post(f"{base}/api/games", json=body, headers={"Accept-Language": "de"})
        assert created.status_code == 201, created.text
        seats = created.json()["seats"]
        assert [s["name"] for s in seats] == ["Braun", "Blau (leicht)", "Grün", "Orange (leicht)"]
        token = seats[0]["token"]
        mine = httpx.post(f"{base}/api/my-games?lang=fr", json={"tokens": [token]}).json()["games"][0]
        assert mine["name"] == "Marron" and mine["names"][1] == "Bleu (facile)"
        # a refusal a player can meet in the form, in their language; English without one
        same = {"game": "kreta", "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "ada"}]}
        german = httpx.post(f"{base}/api/games", json=same, headers={"Accept-Language": "de"})
        assert german.status_code == 400 and "denselben Namen" in german.json()["error"]
        assert "same name" in httpx.post(f"{base}/api/games", json=same).json()["error"]
        long_name = {"game": "kreta", "seats": [{"kind": "human", "name": "x" * 41}, {"kind": "human"}]}
        french = httpx.post(f"{base}/api/games?lang=fr", json=long_name)
        assert french.json()["error"] == "place 1 : un nom fait au plus 40 caractères"
        missing = httpx.get(f"{base}/api/games/nothing/record", headers={"Accept-Language": "it"})
        assert missing.status_code == 404 and missing.json()["error"] == "questa partita non esiste"
        # the lobby's form: each seat's default name is its colour in the reader's language
        page = httpx.get(f"{base}/?lang=de").text
        assert 'placeholder="Braun"' in page and 'placeholder="Rot"' in page


def test_the_end_of_a_game_created_in_english_is_shown_in_german(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(base, "verraeter", [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2, seed=8)

        async def play() -> None:
            async with Client(base, made["id"], made["seats"][0]["token"], lang="de") as ada:
                end = await play_out({0: ada}, random.Random(8))
                result = end["result"]
                assert result is not None
                assert result["breakdown_labels"]["conflict"] == "Konflikte"
                assert [s["name"] for s in end["seats"]] == ["Braun", "Blau (zufällig)", "Grün (zufällig)"]
                log = [line for f in ada.frames if f["type"] == "state" for line in f["log"]]
                assert any("Blau (zufällig)" in line for line in log)
                assert not any("Blue" in line for line in log)

        asyncio.run(play())


@pytest.mark.skipif(CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium")
def test_seats_left_unnamed_in_a_german_lobby_are_named_in_each_players_language(
    tmp_path: Path, browser: Browser
) -> None:
    with server_thread(tmp_path) as base:
        page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
        page.goto(base + "/?lang=de")
        page.check('input[name="game"][value="kreta"]')
        config = page.locator('.game-config[data-game="kreta"]')
        config.locator('[data-role="players"]').select_option("2")
        expect(config.locator('.seat-row[data-seat="0"] [data-role="name"]')).to_have_attribute("placeholder", "Rot")
        bot = config.locator('.seat-row[data-seat="1"]')
        bot.locator('[data-role="kind"]').select_option("bot")
        bot.locator('[data-role="bot"]').select_option("ismcts:easy")
        page.click("#create-btn")
        expect(page.locator(".invite-name")).to_have_text(["Rot"])
        page.locator('[data-testid="play-seat"]').click()
        table = TablePage(page)
        table.wait_connected()
        expect(page.locator("#seats .seat-name")).to_have_text([re.compile(r"^Rot"), "Blau (leicht)"])
        expect(page.locator('[data-testid="rules-in-force"]')).to_contain_text("Dorfbewohner")
        # the same seat in English: the names are made again, nothing was stored in German
        path, fragment = page.url.split("#", 1)
        page.goto(path.split("?")[0] + "?lang=en#" + fragment)
        table.wait_connected()
        expect(page.locator("#seats .seat-name")).to_have_text([re.compile(r"^Red"), "Blue (easy)"])
        assert table.errors == []
