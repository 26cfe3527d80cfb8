"""The shared vocabulary of Kreta's SVG: number formatting, tile and card styles, and the words shown.

Used by :mod:`ludoteca.present.kreta.svg` (the map) and :mod:`ludoteca.present.kreta.svg_panel` (the panel under it).
Words shown to people go through a ``tr`` callable with literal English arguments, so a gettext
extractor given the keyword ``tr`` finds them and the web app can pass a translation; the default
leaves them English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.present.common import Tr as Tr  # the drawing modules' translator type, and its English default
from ludoteca.present.common import same as same

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

TILE_STYLE = {
    "wheat": ("Wh", "#e5b53a", "#3a2a00"),
    "olive": ("Ol", "#6b7f2a", "#ffffff"),
    "wine": ("Wi", "#7a2048", "#ffffff"),
    "thyme": ("Th", "#8f73c2", "#ffffff"),
    "cheese": ("Ch", "#f6e7b0", "#4a3a00"),
}
"""Farm tiles: letters, fill and ink."""
CARD_LETTERS = {
    "admiral": "Ad",
    "commander": "Co",
    "abbot": "Ab",
    "farmer": "Fa",
    "architect": "Ar",
    "king": "Ki",
    "castellan": "Ca",
}
CARD_COLORS = {
    "admiral": "#2f6690",
    "commander": "#b23a48",
    "abbot": "#6a4c93",
    "farmer": "#6b8f23",
    "architect": "#8a5a2b",
    "king": "#c99700",
    "castellan": "#4f5d75",
}
"""A band of colour per character card, so the seven are told apart at a glance."""


def num(x: float) -> str:
    """A number for SVG text: at most one decimal, no trailing zeros."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def card_words(tr: Tr) -> dict[str, str]:
    """The character cards' names."""
    return {
        "admiral": tr("Admiral"),
        "commander": tr("Commander"),
        "abbot": tr("Abbot"),
        "farmer": tr("Farmer"),
        "architect": tr("Architect"),
        "king": tr("King"),
        "castellan": tr("Castellan"),
    }


def card_initials(tr: Tr) -> dict[str, str]:
    """Two letters for each character card, from its name in this language and different from every other
    card's: the first two letters, else the first and a later one ("Cm" Comandante, "Cn" Contadino). Drawn
    large over a card too small for its name (a phone's overview of the panel)."""
    names = card_words(tr)
    initials: dict[str, str] = {}
    for card, name in names.items():
        letters = [c for c in name if c.isalpha()]
        others = {n[:2].lower() for c, n in names.items() if c != card}
        pick = "".join(letters[:2])
        for later in letters[1:]:
            pick = letters[0] + later
            if pick.lower() not in others and pick.lower() not in {v.lower() for v in initials.values()}:
                break
        initials[card] = pick[:1].upper() + pick[1:].lower()
    return initials


def tile_words(tr: Tr) -> dict[str, str]:
    """The farm tiles' names."""
    return {
        "wheat": tr("wheat"),
        "olive": tr("olive"),
        "wine": tr("wine"),
        "thyme": tr("thyme"),
        "cheese": tr("cheese"),
    }


def approx_width(words: str, size: float, bold: bool = False) -> float:
    """About how wide a line of text is drawn (SVG has no text metrics before it is laid out)."""
    return len(words) * size * (0.64 if bold else 0.58)


def squeeze(words: str, size: float, room: float, bold: bool = False) -> str:
    """Attributes that fit a line into ``room`` if it looks wider (long translations), else nothing."""
    if approx_width(words, size, bold) <= room:
        return ""
    return f' textLength="{num(room)}" lengthAdjust="spacingAndGlyphs"'


class Groups:
    """Groups of one drawing already drawn, keyed by the few values each reads (issue #19).

    The server draws the map once per action, and an action changes a province or two, a seat's line of
    the panel, a port: the rest is the same text as before. Each group of the drawing is asked for with
    a small hashable key naming everything it reads (besides the board, the language and the colours,
    which pick the :class:`Groups` itself, see :func:`groups_for`) and drawn only the first time. The
    text is the same as drawing it again; ``tests/present/kreta/test_svg_groups.py`` checks it over whole games.
    """

    __slots__ = ("board", "colors", "drawn", "older", "tr")
    LIMIT = 20_000
    """Groups drawn since the last turnover kept at most (a game draws a few hundred over its course,
    a few dozen at a time). Past it the newer ones become the older generation and the oldest are
    forgotten: a group still in use is found among the older ones and kept, so a server with hundreds of
    live games does not draw them all again at once, as forgetting everything did."""

    def __init__(self, board: object, tr: Tr, colors: tuple[str, ...]) -> None:
        self.board, self.tr, self.colors = board, tr, colors
        self.drawn: dict[tuple[object, ...], str] = {}
        self.older: dict[tuple[object, ...], str] = {}

    def get(self, key: tuple[object, ...], draw: Callable[..., str], *args: Any) -> str:
        """The group named by ``key``: ``draw(*args)`` the first time."""
        text = self.drawn.get(key)
        if text is None:
            text = self.older.get(key)
            if text is None:
                text = draw(*args)
            if len(self.drawn) >= self.LIMIT:
                self.older, self.drawn = self.drawn, {}
            self.drawn[key] = text
        return text


_groups: dict[tuple[int, int, tuple[str, ...]], Groups] = {}


def groups_for(board: object, tr: Tr, colors: tuple[str, ...]) -> Groups:
    """The groups drawn for ``board`` in ``tr``'s language and ``colors``. Keyed by the board's and the
    translator's identity (both are loaded once and kept; hashing a whole board per drawing would cost
    more than the lookup saves); the :class:`Groups` holds them, so an identity is never reused while
    its entry lives."""
    key = (id(board), id(tr), colors)
    groups = _groups.get(key)
    if groups is None or groups.board is not board or groups.tr is not tr:
        if len(_groups) >= 64:
            _groups.clear()
        groups = _groups[key] = Groups(board, tr, colors)
    return groups
