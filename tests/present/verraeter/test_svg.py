"""The Verräter SVGs: well-formed from set-up to game over, the table public, the hand private, words translatable."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from typing import Any
from xml.etree import ElementTree

import pytest

from ludoteca import games
from ludoteca.present.verraeter.svg import render_hand, render_table
from ludoteca.verraeter.components import LANDSCAPE_NAMES, RING_SIZE
from ludoteca.verraeter.view import VerraeterView

GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (3, 1, {}),
    (4, 2, {"edition": 1998, "builder_places_kontor": True}),
    (4, 3, {"hand_limit": 6, "draw_cap": "none"}),
    (3, 4, {"builder_places_kontor": True}),
)
"""Player count, seed and options of the random games every test walks through."""


@cache
def positions() -> tuple[tuple[VerraeterView, ...], ...]:
    """Every position of the random games, as the views of seat 0..n-1 and then the spectator's (-1)."""
    out = []
    for players, seed, options in GAMES:
        definition = games.get("verraeter")
        state = definition.new_game(definition.options_from_dict(options), seed, players)
        rng = random.Random(seed)
        while True:
            out.append(tuple(state.view(p) for p in (*range(players), -1)))
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    return tuple(out)


def parse(svg: str) -> Any:
    return ElementTree.fromstring(svg.encode("utf-8"))


def targets(root: Any) -> Counter[str]:
    return Counter(e.get("data-target") for e in root.iter() if e.get("data-target"))


def test_the_games_cover_every_phase() -> None:
    phases = {views[0].phase for views in positions()}
    assert phases == {"setup", "conflict", "draft", "supply", "build", "draw", "over"}


def test_every_position_renders_well_formed_svg_for_the_seat_to_act() -> None:
    for views in positions():
        view = views[max(views[0].to_act, 0)]
        table, hand = parse(render_table(view)), parse(render_hand(view))
        assert table.tag == hand.tag == "{http://www.w3.org/2000/svg}svg"
        keys = targets(table)
        assert keys == Counter({f"landscape:{i}": 1 for i in range(RING_SIZE)} | {f"gap:{i}": 1 for i in range(12)})
        for element in table.iter():
            if element.get("data-target"):
                assert "target" in element.get("class", "").split()


def test_the_table_is_the_same_for_every_seat_and_a_spectator() -> None:
    for k, views in enumerate(positions()):
        if k % 3:
            continue  # every third position is plenty, and keeps the test quick
        spectator = render_table(views[-1])
        for view in views[:-1]:
            assert render_table(view) == spectator


def test_the_table_reads_no_private_field() -> None:
    """Whatever a seat alone may know can change without changing its table."""
    for views in positions()[::4]:
        for view in views[:-1]:
            n = view.num_players
            secret = replace(
                view,
                player=-1,
                hand=(8, 8, 6),
                offered=(0, 1, 2, 3, 4),
                chosen=view.chosen if view.revealed else tuple(5 if c < 0 else 0 for c in view.chosen),
                pending_draw=7,
                log=(),
            )
            assert render_table(secret) == render_table(view), (view.phase, n)


def test_the_hand_shows_the_seats_own_cards_and_nothing_else() -> None:
    for views in positions()[::2]:
        for view in views[:-1]:
            p = view.player
            root = parse(render_hand(view))
            values = [int(e.get("data-value")) for e in root.iter() if "supply-card" in e.get("class", "")]
            assert sorted(values) == sorted(view.hand)
            keys = targets(root)
            assert Counter({k: n for k, n in keys.items() if k.startswith("hand:")}) == Counter(
                f"hand:{v}" for v in view.hand
            )
            assert all(k.startswith(("hand:", "draft:")) for k in keys)
            shown = {int(e.get("data-card")) for e in root.iter() if e.get("data-card") is not None}
            assert shown <= set(view.offered) | {view.chosen[p]}
            others = replace(
                view,
                chosen=tuple(c if q == p else (q + 1) % 6 for q, c in enumerate(view.chosen)),
                hand_sizes=(9,) * view.num_players,
                played=((8,),) * view.num_players,
                log=(),
            )
            assert render_hand(others) == render_hand(view)


def targets_of_draft(root: Any) -> list[str]:
    return [
        e.get("data-target").split(":")[1] for e in root.iter() if (e.get("data-target") or "").startswith("draft:")
    ]


def test_the_draft_cards_are_targets_only_while_the_seat_chooses() -> None:
    seen = False
    for views in positions():
        view = views[max(views[0].to_act, 0)]
        drafted = set(targets_of_draft(parse(render_hand(view))))
        if view.phase == "draft":
            assert drafted == {str(c) for c in view.offered}
            seen = True
        else:
            assert not drafted
    assert seen


def test_a_spectator_has_no_cards_of_their_own() -> None:
    for views in positions()[::10]:
        root = parse(render_hand(views[-1]))
        assert not targets(root) and not [e for e in root.iter() if e.get("data-card") or e.get("data-value")]


def test_the_table_shows_the_conflict_and_the_seat_to_act() -> None:
    for views in positions()[::5]:
        view = views[-1]
        root = parse(render_table(view))
        marked = [e.get("data-gap") for e in root.iter() if "conflict" in (e.get("class") or "").split()]
        assert marked == ([str(view.conflict)] if view.conflict >= 0 else [])
        acting = [
            e.get("id") for e in root.iter() if "to-act" in (e.get("class") or "").split() and e.tag.endswith("g")
        ]
        assert acting == ([f"player-{view.to_act}"] if view.to_act >= 0 else [])


def test_names_are_escaped_and_shown() -> None:
    view = positions()[40][-1]
    names = ["<Ada & Bo>", 'Cy "the" Third', "Dé", "Ed"][: view.num_players]
    text = " ".join(parse(render_table(view, names)).itertext())
    for name in names:
        assert name in text


def test_an_estate_tab_names_its_owner_short_and_in_full_in_its_tooltip() -> None:
    """A generated bot name is too long for the tab under a card: the tab drops the parenthesis, the
    tooltip keeps the whole name (and the seat's shape stands beside it, for colour-blind players)."""
    view = next(v[-1] for v in positions() if any(land.estate_owner >= 0 for land in v[-1].ring))
    names = [f"{colour} (heuristic)" for colour in ("Brown", "Blue", "Green", "Orange")][: view.num_players]
    root = parse(render_table(view, names))
    estates = [e for e in root.iter() if (e.get("class") or "").startswith("estate ")]
    assert estates
    for estate in estates:
        owner = names[int(estate.get("data-seat"))]
        shown = [t.text for t in estate.iter() if t.tag.endswith("text")]
        assert shown == [owner.split(" (")[0]]
        assert owner in "".join(t.text or "" for t in estate.iter() if t.tag.endswith("title"))
        assert any("seat-mark" in (e.get("class") or "") for e in estate.iter())


def mark(english: str) -> str:
    """A stand-in translation that marks every word, so a line broken in two stays marked."""
    return " ".join("§" + word for word in english.split(" "))


NUMBERISH = re.compile(r"^[\d\s×=+/:–—…IV,]*$")


def test_every_english_word_goes_through_tr() -> None:
    """With a marking ``tr`` every line of text is marked, unless it is a name, a number or a printed landscape name."""
    allowed = {"Verräter", *LANDSCAPE_NAMES, "Brown", "Blue", "Green", "Orange"}
    for views in positions()[::7]:
        for view in (views[-1], views[0]):
            names = ["Brown", "Blue", "Green", "Orange"][: view.num_players]
            svgs = [render_table(view, names, tr=mark)]
            if view.player >= 0:
                svgs.append(render_hand(view, tr=mark))
            for svg in svgs:
                for element in parse(svg).iter():
                    if not element.tag.endswith(("}text", "}title")) or not element.text:
                        continue
                    line = element.text.strip()
                    assert "§" in line or line in allowed or NUMBERISH.match(line), line


@pytest.mark.parametrize("players", [3, 4])
def test_a_fresh_game_renders_for_every_seat(players: int) -> None:
    definition = games.get("verraeter")
    state = definition.new_game(definition.options_from_dict({}), 99, players)
    for p in (*range(players), -1):
        parse(render_table(state.view(p)))
        parse(render_hand(state.view(p)))


def test_the_hand_limit_note_is_wrapped_under_the_supply_cards() -> None:
    """The note goes with the supply cards (the group the web page keeps together when it packs the hand),
    in lines short enough for the width of the cards."""
    notes = 0
    for views in positions():
        for view in views[:-1]:
            root = parse(render_hand(view))
            lines = [e for e in root.iter() if e.get("class") == "draw-note"]
            if not lines:
                continue
            notes += 1
            supply = next(e for e in root.iter() if e.get("class") == "supply-hand")
            assert all(line in list(supply) for line in lines)
            assert all(len(line.text or "") <= 46 for line in lines)
            assert "hand limit" in " ".join(line.text or "" for line in lines)
    assert notes > 0
