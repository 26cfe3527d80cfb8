"""Click targets: every key of every legal action is something on the SVGs to click, and clicking an
action's keys narrows the legal actions to it (or to a few told apart by their labels).

The presenters say which keys an action involves (``ludoteca.present.*.targets``); how the page narrows
the legal actions by the keys clicked is ``static/js/selection.js``, tested with node in
``tests/js/selection.test.js``."""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import cache
from typing import Any
from xml.etree import ElementTree

import pytest

from ludoteca import games
from ludoteca.kreta import parse_action as kreta_action
from ludoteca.present import for_view
from ludoteca.present.kreta.svg import render_svg
from ludoteca.present.verraeter.svg import render_hand, render_table
from ludoteca.verraeter import parse_action as verraeter_action

GAMES: dict[str, tuple[tuple[int, int, dict[str, Any]], ...]] = {
    "verraeter": ((3, 1, {}), (4, 2, {"builder_places_kontor": True}), (4, 5, {"edition": 1998, "hand_limit": 6})),
    "kreta": ((2, 1, {}), (3, 2, {}), (4, 3, {})),
}
KEY = re.compile(r"^(landscape|gap|draft|hand|province|node|port|card|fort):[\w.'-]+$")


def targets(view: Any, action: Any) -> list[str]:
    """The keys ``action`` involves, from the presenter of the game ``view`` belongs to."""
    return for_view(view).targets(view, action)


@cache
def positions(game: str) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
    """Random positions of ``game``: the view of the seat to act and its legal actions."""
    out = []
    definition = games.get(game)
    for players, seed, options in GAMES[game]:
        state = definition.new_game(definition.options_from_dict(options), seed, players)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = tuple(state.legal_actions())
            out.append((state.view(state.current_player()), legal))
            moves = [a for a in legal if type(a).__name__ in ("CommanderMove", "Step")]
            state.apply(rng.choice(moves if moves and rng.random() < 0.4 else legal))
    return tuple(out)


def drawn_keys(view: Any) -> Counter[str]:
    """The ``data-target`` keys on everything the seat is shown, with how many elements carry each."""
    verraeter = games.for_view(view).name == "verraeter"
    svgs = [render_table(view), render_hand(view)] if verraeter else [render_svg(view.board, view)]
    keys: Counter[str] = Counter()
    for svg in svgs:
        keys.update(e.get("data-target", "") for e in ElementTree.fromstring(svg).iter() if e.get("data-target"))
    return keys


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_of_every_legal_action_is_drawn(game: str) -> None:
    for view, legal in positions(game)[::2]:
        drawn = drawn_keys(view)
        for action in legal:
            keys = targets(view, action)
            assert all(KEY.match(k) for k in keys), keys
            missing = Counter(keys) - drawn  # a multiset: two 5s to play need two 5s to click
            assert not missing, (action.to_text(), missing)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_clicking_an_actions_keys_leaves_it_or_a_few_told_apart(game: str) -> None:
    """Actions sharing the same keys are few (build N / build N kontor; a->b / b->a; the King's copies)."""
    largest = 0
    for view, legal in positions(game):
        same_keys: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for action in legal:
            keys = targets(view, action)
            if keys:
                same_keys[tuple(sorted(keys))].append(action.to_text())
        for texts in same_keys.values():
            assert len(set(texts)) == len(texts)
            largest = max(largest, len(texts))
    assert largest <= 3


VERRAETER = [
    ("gutshof 5", ["landscape:4"]),
    ("conflict 5/6", ["gap:4"]),
    ("conflict 12/1", ["gap:11"]),
    ("take traitor", ["draft:0"]),
    ("take farmer", ["draft:5"]),
    ("supply 3,5,5", ["hand:3", "hand:5", "hand:5"]),
    ("supply none", []),
    ("discard 2,2", ["hand:2", "hand:2"]),
    ("discard none", []),
    ("build 7", ["landscape:6"]),
    ("build 7 kontor", ["landscape:6"]),
    ("turn 12", ["landscape:11"]),
    ("pass", []),
]
KRETA = [
    ("admiral +candia", ["card:admiral", "port:candia"]),
    ("admiral kydonia->sitia", ["card:admiral", "port:kydonia", "port:sitia"]),
    (
        "admiral kydonia->messara, rethymno->sitia",
        ["card:admiral", "port:kydonia", "port:messara", "port:rethymno", "port:sitia"],
    ),
    ("commander +rethymno", ["card:commander", "province:rethymno"]),
    ("commander amari->messara", ["card:commander", "province:amari", "province:messara"]),
    ("step messara->candia", ["province:messara", "province:candia"]),
    ("stop", []),
    ("abbot +amari", ["card:abbot", "province:amari"]),
    ("abbot amari->messara", ["card:abbot", "province:amari", "province:messara"]),
    ("farmer", ["card:farmer"]),
    ("architect fort 17", ["card:architect", "node:17"]),
    ("architect village messara", ["card:architect", "province:messara"]),
    ("king commander +rethymno", ["card:king", "province:rethymno"]),
    ("king farmer", ["card:king"]),
    ("castellan", ["card:castellan"]),
    ("keep", []),
    ("replace", []),
]


@pytest.mark.parametrize(
    ("game", "parse", "text", "expected"),
    [("verraeter", verraeter_action, t, e) for t, e in VERRAETER] + [("kreta", kreta_action, t, e) for t, e in KRETA],
)
def test_the_keys_of_each_kind_of_action(
    game: str, parse: Callable[[str], Any], text: str, expected: list[str]
) -> None:
    view = positions(game)[0][0]
    assert targets(view, parse(text)) == expected


def test_another_games_action_is_refused() -> None:
    with pytest.raises(TypeError):
        targets(positions("verraeter")[0][0], kreta_action("stop"))
    with pytest.raises(TypeError):
        targets(positions("kreta")[0][0], verraeter_action("pass"))
