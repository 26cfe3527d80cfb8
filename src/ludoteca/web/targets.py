"""Click targets: which things on the table a legal action involves, as keys of the SVGs' ``data-target``.

The page keeps a selection (a multiset of clicked keys) and narrows the legal actions to those whose
targets contain it; when one is left whose targets equal the selection it is played, otherwise the
candidates are offered as buttons. So each action lists what a player would click to mean it, in the
order they would click it, and an action with nothing to click (pass, stop, keep, supply none) lists
nothing and is always a button. The keys, and the SVG elements carrying them, are those of
:mod:`ludoteca.verraeter.svg` and :mod:`ludoteca.kreta.svg`:

- Verräter: ``landscape:I`` (ring card, 0-based), ``gap:I`` (between card I and I+1), ``draft:C``
  (offered action card, index into ``ACTION_KEYS``), ``hand:V`` (one per supply card of value V).
- Kreta: ``card:NAME`` (a character card in the hand of the seat to act), ``province:ID``, ``node:N``,
  ``port:ID`` (the port of province ID), ``fort:I`` (a slot of the fort-card row).

Where two actions share their clicks (``build 7`` and ``build 7 kontor``; ``commander a->b`` and
``commander b->a``; the King copying two cards into one province) the buttons' labels tell them apart.
"""

from __future__ import annotations

from ludoteca.kreta import actions as kreta
from ludoteca.kreta.view import KretaView
from ludoteca.verraeter import actions as verraeter
from ludoteca.verraeter.view import VerraeterView

__all__ = ["kreta_targets", "targets", "verraeter_targets"]


def targets(view: object, action: object) -> list[str]:
    """The keys ``action`` involves, for the game ``view`` belongs to (a multiset, in clicking order)."""
    if isinstance(view, VerraeterView):
        return verraeter_targets(action)
    if isinstance(view, KretaView):
        return kreta_targets(action)
    raise TypeError(f"no click targets for a {type(view).__name__}")


def verraeter_targets(action: object) -> list[str]:
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


def kreta_targets(action: object) -> list[str]:
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
