"""The view digest: canonical (no dependence on hash randomisation or insertion order), chained, and cheap."""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.core.digest import GameDigest, ViewChain, encode, step
from ludoteca.core.events import Event

ROOT = Path(__file__).resolve().parents[2]


class Colour(enum.Enum):
    RED = 1
    BLUE = 2


@dataclass(frozen=True)
class Small:
    a: int
    b: tuple[int, ...]
    log: tuple[Event, ...] = ()
    extra: int = 0
    options: str = "fixed"


def test_equal_values_encode_equally_whatever_their_order() -> None:
    assert encode({"x": 1, "y": {3, 1, 2}}) == encode({"y": {2, 3, 1}, "x": 1})
    assert encode(frozenset({"a", "b"})) == encode(frozenset({"b", "a"}))


def test_different_values_encode_differently() -> None:
    values = [None, True, False, 0, 1, -1, "", "1", "a", (), (1,), ("1",), [1, 2], (1, 2, 3), (True,), 1.5,
              Colour.RED, Colour.BLUE, {1: 2}, {2: 1}, frozenset({1}), b"1", Event("x"), Event("x", 1)]
    assert len({encode(v) for v in values}) == len(values)


def test_a_field_at_its_default_is_left_out() -> None:
    """A view can gain a field with a default without changing the digests of games that never use it."""
    assert encode(Small(1, (2,))) == encode(Small(1, (2,), extra=0))
    assert encode(Small(1, (2,))) != encode(Small(1, (2,), extra=1))


def test_unknown_types_are_refused() -> None:
    with pytest.raises(TypeError):
        encode(object())


def test_constant_fields_are_left_out_and_the_log_is_chained() -> None:
    one = Small(1, (2,), log=(Event("a"),))
    two = Small(1, (2,), log=(Event("a"), Event("b")))
    assert step("", one, 0)[0] == step("", Small(1, (2,), log=(Event("a"),), options="other"), 0)[0]
    d1, seen = step("", one, 0)
    assert seen == 1
    # the next link covers only the new event: the same as a view whose log held only it, chained
    assert step(d1, two, seen)[0] == step(d1, Small(1, (2,), log=(Event("b"),)), 0)[0]
    chain = ViewChain(0)
    chain.update(one)
    assert chain.update(two) == step(d1, two, 1)[0]


def test_digests_do_not_depend_on_hash_randomisation() -> None:
    code = (
        "from ludoteca import games; from ludoteca.core.digest import GameDigest;"
        "d = games.get('kreta'); s = d.new_game(d.options_from_dict({}), 5, 3);"
        "g = GameDigest(3); g.update(s.view); s.apply(s.legal_actions()[-1]); print(g.update(s.view))"
    )
    outputs = set()
    for seed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT / "src")}
        outputs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("game", games.names())
def test_every_seat_has_a_chain_and_secrets_separate_them(game: str) -> None:
    definition = games.get(game)
    state = definition.new_game(definition.options_from_dict({}), 11, definition.max_players)
    digests = GameDigest(definition.max_players)
    first = digests.update(state.view)
    assert len(digests.seats) == definition.max_players + 1
    state.apply(state.legal_actions()[0])
    assert digests.update(state.view) != first


def test_field_defaults_with_factories() -> None:
    @dataclass(frozen=True)
    class WithList:
        items: list[int] = field(default_factory=list)

    assert encode(WithList()) == encode(WithList([]))
