"""Kreta's click targets: the ``data-target`` keys of :mod:`.svg` a legal action involves.

``card:NAME`` (a character card in the hand of the seat to act), ``province:ID``, ``node:N``,
``port:ID`` (the port of province ID), ``fort:I`` (a slot of the fort-card row). ``commander a->b`` and
``commander b->a``, or the King copying two cards into one province, share their clicks: the buttons'
labels tell them apart. The page's ``static/js/selection.js`` (in ``ludoteca/web``) says how it uses them.
"""

from __future__ import annotations

from ludoteca.kreta import actions as kreta


def targets(action: object) -> list[str]:
    """Kreta: the card played, then the places it names in the order the notation names them."""
    if isinstance(action, kreta.King):
        return ["card:king", *_places(action.action)]
    if isinstance(action, kreta.Step | kreta.Stop | kreta.Keep | kreta.Replace):
        return _places(action)  # no card: a movement goes on, or the Castellan's player answers
    if isinstance(action, kreta.Castellan):
        return ["card:castellan"]
    if isinstance(action, kreta.CARD_ACTION_TYPES):
        return [f"card:{_CARD[type(action)]}", *_places(action)]
    raise TypeError(f"not a Kreta action: {action!r}")


_CARD: dict[type, str] = {
    kreta.AdmiralPlace: "admiral",
    kreta.AdmiralMove: "admiral",
    kreta.CommanderPlace: "commander",
    kreta.CommanderMove: "commander",
    kreta.AbbotPlace: "abbot",
    kreta.AbbotMove: "abbot",
    kreta.Harvest: "farmer",
    kreta.BuildFort: "architect",
    kreta.BuildVillage: "architect",
}


def _places(action: object) -> list[str]:
    """What a card's action names on the board: provinces, ports (ships) or a node."""
    match action:
        case kreta.AdmiralPlace(port=p):
            return [f"port:{p}"]
        case kreta.AdmiralMove(frm=frm, to=to):
            return [f"port:{p}" for pair in zip(frm, to, strict=True) for p in pair]
        case kreta.CommanderPlace(province=p) | kreta.AbbotPlace(province=p) | kreta.BuildVillage(province=p):
            return [f"province:{p}"]
        case kreta.CommanderMove(frm=a, to=b) | kreta.AbbotMove(frm=a, to=b) | kreta.Step(frm=a, to=b):
            return [f"province:{a}", f"province:{b}"]
        case kreta.BuildFort(node=n):
            return [f"node:{n}"]
    return []  # the Farmer harvests everywhere; stop, keep and replace name nothing
