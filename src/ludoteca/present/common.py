"""Words every game's presenter shares: seat names, number lists, the fallback log line, who won.

Written once here for every presenter (``ludoteca.present.<game>``) and front end; the games' packages
depend on this and on nothing of each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from importlib import resources

from ludoteca.core.events import Event

from .i18n import Translator

Tr = Callable[[str], str]
"""What drawing needs of a translator: one English message in, the reader's out (a :class:`Translator` is one)."""


def same(text: str) -> str:
    """The identity ``tr``: English as written (the drawings' default)."""
    return text


def seat_name(names: Sequence[str], seat: int, tr: Tr) -> str:
    """The seat's name, or "Seat 3" when none is given (the one place a seat without a name is named)."""
    return names[seat] if 0 <= seat < len(names) else tr("Seat %(number)d") % {"number": seat + 1}


def colour_name(seat_names: Sequence[str], seat: int, tr: Tr) -> str:
    """The seat's own name in the rules ("Blue"), in the reader's language; "Player 5" past the game's colours."""
    if 0 <= seat < len(seat_names):
        return tr(seat_names[seat])
    return tr("Player %(number)d") % {"number": seat + 1}


def bot_level(spec: str, tr: Translator) -> str:
    """A bot of the lobby by its level, in one word of the reader's language ("ismcts:hard" → "hard"), and a
    terminal's ``human`` seat as such; a spec the lobby does not offer (a stored game's budget, a terminal's
    ``ismcts:2s``) as it is written."""
    levels = {
        "human": tr.pgettext("seat kind", "human"),
        "heuristic": tr.pgettext("bot level", "heuristic"),
        "random": tr.pgettext("bot level", "random"),
        "ismcts:easy": tr.pgettext("bot level", "easy"),
        "ismcts:normal": tr.pgettext("bot level", "normal"),
        "ismcts:hard": tr.pgettext("bot level", "hard"),
        "reader:expert": tr.pgettext("bot level", "expert"),
    }
    return levels.get(spec, spec)


def generated_name(seat_names: Sequence[str], seat: int, bot: str | None, tr: Translator) -> str:
    """The name of a seat nobody named, made when it is shown so that each reader reads it in their own
    language: the seat's colour, and a bot's level after it ("Blue (hard)", "Blau (schwer)").

    Only the facts are stored (seat, bot spec, that the name is generated); the English form is stored
    too, as what records and older servers show (:data:`ENGLISH`)."""
    colour = colour_name(seat_names, seat, tr)
    if bot is None:
        return colour
    return tr("%(colour)s (%(level)s)") % {"colour": colour, "level": bot_level(bot, tr)}


def generic_line(event: Event, names: Sequence[str], tr: Translator) -> str:
    """The log line for an event kind (or data shape) the game's module does not know: kind and data as they are."""
    data = ", ".join(map(str, event.data))
    text = event.kind + (f" ({data})" if data else "")
    if event.seat < 0:
        return text
    return tr("%(who)s: %(event)s") % {"who": seat_name(names, event.seat, tr), "event": text}


def numbers_text(values: Sequence[object], separator: str = ", ") -> str:
    """Numbers as a list ("2, 5, 5"), or joined by ``separator`` (" + " for a sum)."""
    return separator.join(str(v) for v in values)


def number(value: object) -> int:
    """An integer from event data (a ``TypeError`` otherwise, which turns the line into the generic one)."""
    if not isinstance(value, int):
        raise TypeError(f"expected a number, not {value!r}")
    return value


def over_text(scores: Sequence[int], names: Sequence[str], tr: Translator) -> str:
    """Who won, in one sentence (ties share the win)."""
    if not scores:
        return tr("The game is over.")
    best = max(scores)
    winners = [seat_name(names, p, tr) for p, s in enumerate(scores) if s == best]
    return tr.ngettext(
        "Game over: %(who)s wins with %(vp)d VP.",
        "Game over: %(who)s share the win with %(vp)d VP each.",
        len(winners),
    ) % {"who": tr.format_list(winners), "vp": best}


ENGLISH = Translator("en")
"""The identity translation (the msgids are English): the default where no reader's language is given."""


FIGURE = re.compile(r"^\[\[figure (?P<name>[a-z-]+) \| (?P<caption>[^\]`]+)\]\]$", re.MULTILINE)
"""A figure in a rules text: a line ``[[figure NAME | caption]]``, NAME one of the game's figures."""
_ID = re.compile(r'\b(id="|url\(#|href="#)([^")]+)')


def player_rules(package: str, tr: Translator, figures: Mapping[str, Callable[[Tr], str]]) -> str:
    """A game's rules for players in ``tr``'s language (English if there is no text in it), as Markdown.

    The texts are package data (``<package>/rules/<lang>.md``, shipped in the wheel). Each figure line
    becomes a fenced block with the info string ``figure <caption>`` holding the figure's SVG drawn in the
    same language, so the text stays Markdown and a front end decides how to show a picture (the web
    inlines it). Ids inside each figure get a prefix of their own: one page holds several drawings of the
    same table, and ids must stay unique for the page's anchors and the drawings' references.
    """
    folder = resources.files(package) / "rules"
    lang = tr.lang if (folder / f"{tr.lang}.md").is_file() else "en"
    source = (folder / f"{lang}.md").read_text(encoding="utf-8")

    def figure(match: re.Match[str]) -> str:
        svg = figures[match["name"]](tr).split("?>", 1)[-1].strip()
        svg = _ID.sub(lambda m: f"{m[1]}{match['name']}-{m[2]}", svg)
        return f"```figure {match['caption'].strip()}\n{svg}\n```"

    return FIGURE.sub(figure, source)


SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
"""Each seat's shape, drawn beside or on its colour wherever a seat is shown (board, seat list, end
screen): two seats whose colours a colour-blind player cannot tell apart still differ in shape."""


def seat_mark(seat: int, cx: float, cy: float, r: float, fill: str, stroke: str = "#111111") -> str:
    """The seat's shape (:data:`SEAT_SHAPES`) centred on ``cx, cy`` within radius ``r``, as SVG."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{_n(max(0.8, r / 6))}" class="seat-mark {shape}"'
    if shape == "circle":
        return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.9)}" {paint}/>'
    if shape == "square":
        k = r * 0.8
        return f'<rect x="{_n(cx - k)}" y="{_n(cy - k)}" width="{_n(2 * k)}" height="{_n(2 * k)}" {paint}/>'
    points: tuple[tuple[float, float], ...]
    if shape == "triangle":
        points = ((cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75))
    else:
        points = ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
    return f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}" {paint}/>'


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
