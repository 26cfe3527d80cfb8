"""The shared vocabulary of Kreta's SVG: number formatting, tile and card styles, and the words shown.

Used by :mod:`ludoteca.present.kreta.svg` (the map) and :mod:`ludoteca.present.kreta.svg_panel` (the panel under it).
Words shown to people go through a ``tr`` callable with literal English arguments, so a gettext
extractor given the keyword ``tr`` finds them and the web app can pass a translation; the default
leaves them English.
"""

from __future__ import annotations

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
