"""The Kreta SVG of a position: click targets on provinces, nodes, ports, fort slots and the cards of the
seat to act; the same picture for every seat; a Commander movement shown; words translatable."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from typing import Any
from xml.etree import ElementTree

from ludoteca import games
from ludoteca.kreta import load_board
from ludoteca.kreta.view import KretaView
from ludoteca.present.kreta.svg import TILE_STYLE, render_svg
from ludoteca.present.kreta.svg_draw import card_initials
from ludoteca.present.kreta.svg_hand import render_hand

GAMES = ((2, 1), (3, 2), (4, 3))
"""Player count and seed of the random games the tests walk through."""


@cache
def positions() -> tuple[tuple[KretaView, ...], ...]:
    """Every position of the random games, as the views of seat 0..n-1 and then the spectator's (-1).

    The random player prefers Commander movements, so that movements under way are common.
    """
    out = []
    for players, seed in GAMES:
        definition = games.get("kreta")
        state = definition.new_game(definition.options_from_dict({}), seed, players)
        rng = random.Random(seed)
        while True:
            out.append(tuple(state.view(p) for p in (*range(players), -1)))
            if state.is_terminal():
                break
            legal = state.legal_actions()
            moves = [a for a in legal if type(a).__name__ in ("CommanderMove", "Step")]
            state.apply(rng.choice(moves if moves and rng.random() < 0.5 else legal))
    return tuple(out)


def parse(svg: str) -> Any:
    return ElementTree.fromstring(svg.encode("utf-8"))


def targets(root: Any) -> Counter[str]:
    return Counter(e.get("data-target") for e in root.iter() if e.get("data-target"))


def test_the_games_reach_a_movement_the_castellan_choice_and_the_end() -> None:
    views = [v[-1] for v in positions()]
    assert any(v.move_points for v in views)
    assert {v.phase for v in views} == {"play", "castellan", "over"}


def test_every_place_on_the_board_is_a_target_once() -> None:
    board = load_board()
    for views in positions()[::3]:
        view = views[-1]
        root = parse(render_svg(board, view))
        keys = targets(root)
        for p in board.provinces:
            assert keys[f"province:{p.id}"] == 1
            if p.port:
                ships = sum(p.index in view.ships[s] for s in range(view.num_players))
                assert keys[f"port:{p.id}"] == 1 + ships  # the port and the ships lying in it
        for n in board.nodes:
            assert keys[f"node:{n.number}"] == 1
        for i in range(len(view.fort_row)):
            assert keys[f"fort:{i}"] == 1
        for element in root.iter():
            if element.get("data-target"):
                assert "target" in element.get("class", "").split()


def test_the_cards_of_the_seat_to_act_are_targets_and_no_others() -> None:
    board = load_board()
    for views in positions()[::2]:
        view = views[-1]
        cards = {k for k in targets(parse(render_svg(board, view))) if k.startswith("card:")}
        playing = view.phase == "play" and not view.move_points
        assert cards == ({f"card:{c}" for c in view.hands[view.to_act]} if playing else set())


def test_every_seats_cards_are_drawn_in_hand_or_played() -> None:
    board = load_board()
    for views in positions()[::11]:
        view = views[-1]
        root = parse(render_svg(board, view))
        for seat in range(view.num_players):
            drawn = {
                e.get("data-card"): e.get("class", "").split()
                for e in root.iter()
                if "character-card" in e.get("class", "") and e.get("data-seat") == str(seat)
            }
            assert {c for c, cls in drawn.items() if "in-hand" in cls} == set(view.hands[seat])
            assert {c for c, cls in drawn.items() if "played" in cls} == set(view.played[seat])


def test_every_seat_and_a_spectator_see_the_same_picture() -> None:
    board = load_board()
    for views in positions()[::4]:
        spectator = render_svg(board, views[-1])
        for view in views[:-1]:
            assert render_svg(board, view) == spectator


def test_a_movement_under_way_shows_its_points_and_changes() -> None:
    board = load_board()
    moving = [v[-1] for v in positions() if v[-1].move_points and v[-1].move_start]
    assert moving
    for view in moving[:20]:
        root = parse(render_svg(board, view))
        group = [e for e in root.iter() if "movement" in (e.get("class") or "").split()]
        assert len(group) == 1 and group[0].get("data-points") == str(view.move_points)
        now = view.villagers[view.to_act]
        changed = {p.id: (view.move_start[p.index], now[p.index]) for p in board.provinces}
        changed = {k: v for k, v in changed.items() if v[0] != v[1]}
        tags = {
            e.get("data-province"): (int(e.get("data-before")), int(e.get("data-now")))
            for e in root.iter()
            if "move-change" in (e.get("class") or "")
        }
        assert tags == changed
        assert f"{view.move_points}" in " ".join(root.itertext())


def test_the_new_fort_card_is_marked_while_the_castellan_chooses() -> None:
    board = load_board()
    choosing = [v[-1] for v in positions() if v[-1].phase == "castellan"]
    assert choosing
    for view in choosing[:5]:
        root = parse(render_svg(board, view))
        new = [e.get("data-slot") for e in root.iter() if "new" in (e.get("class") or "").split()]
        assert new == [str(view.scorings + 1)]


def mark(english: str) -> str:
    """A stand-in translation that marks every word."""
    return " ".join("§" + word for word in english.split(" "))


def test_every_english_word_goes_through_tr() -> None:
    board = load_board()
    names = ["Ann", "Bo", "Cy", "Di"]
    allowed = {*names, *(p.name for p in board.provinces), "KRETA", board.name}
    allowed |= {letters for letters, _, _ in TILE_STYLE.values()}
    allowed |= set(card_initials(mark).values())  # two letters of each translated card name (a phone's overview)
    numberish = re.compile(r"^[\d\s×→+·/:]*$")
    for views in positions()[::25]:
        view = views[-1]
        svg = render_svg(board, view, names=names[: view.num_players], tr=mark)
        for element in parse(svg).iter():
            if element.tag.endswith(("}text", "}title")) and element.text:
                line = element.text.strip()
                assert "§" in line or line in allowed or numberish.match(line), line


def test_the_bare_board_has_no_targets() -> None:
    assert not targets(parse(render_svg(load_board())))


def test_a_seats_hand_holds_its_own_cards_clickable_only_while_it_plays_one() -> None:
    """The dock's hand (``svg_hand``): the seat's cards in hand and played, its ``card:NAME`` targets the
    very ones the panel offers that seat, and nothing for a spectator."""
    for views in positions()[::7]:
        assert render_hand(views[-1]) is None
        for view in views[:-1]:
            hand = render_hand(view)
            assert hand is not None
            root = ElementTree.fromstring(hand.encode("utf-8"))
            cards = {e.get("data-card") for e in root.iter() if e.get("data-card")}
            assert cards == set(view.hands[view.player]) | set(view.played[view.player])
            mine = Counter(e.get("data-target") for e in root.iter() if e.get("data-target"))
            board = ElementTree.fromstring(render_svg(view.board, view).encode("utf-8"))
            offered = Counter(
                e.get("data-target")
                for e in board.iter()
                if (e.get("data-target") or "").startswith("card:") and e.get("data-seat") == str(view.player)
            )
            assert mine == offered
