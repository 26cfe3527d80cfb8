"""Verräter's click targets: the ``data-target`` keys of :mod:`.svg` a legal action involves.

``landscape:I`` (ring card, 0-based), ``gap:I`` (between card I and I+1), ``draft:C`` (offered action
card, index into ``ACTION_KEYS``), ``hand:V`` (one per supply card of value V). ``build 7`` and
``build 7 kontor`` share their clicks: the buttons' labels tell them apart. The page's
``static/js/selection.js`` (in ``ludoteca/web``) says how it uses them.
"""

from __future__ import annotations

from ludoteca.verraeter import actions as verraeter


def targets(action: object) -> list[str]:
    """Verräter: a landscape, a gap, an offered card, or the supply cards played or discarded."""
    match action:
        case verraeter.PlaceGutshof(landscape=i) | verraeter.Build(landscape=i) | verraeter.TurnEstate(landscape=i):
            return [f"landscape:{i}"]
        case verraeter.SetConflict(position=i):
            return [f"gap:{i}"]
        case verraeter.TakeAction(card=c):
            return [f"draft:{c}"]
        case verraeter.PlaySupply(cards=cards) | verraeter.Discard(cards=cards):
            return [f"hand:{v}" for v in cards]
        case verraeter.PassBuild():
            return []
    raise TypeError(f"not a Verräter action: {action!r}")
