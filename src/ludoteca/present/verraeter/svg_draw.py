"""The drawing vocabulary of Verräter's SVG: elements, house marks, landscape art and the words shown.

Split from :mod:`ludoteca.present.verraeter.svg` so that module keeps to the layout of the table. Everything
here is a pure function returning SVG text. The words shown to people are looked up through a ``tr``
callable with literal English arguments, so a gettext extractor given the keyword ``tr`` finds them and
the web app can pass a translation in; the default leaves them English.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ludoteca.present.common import Tr as Tr  # the drawing modules' translator type, and its English default
from ludoteca.present.common import same as same

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#2b1d0e"
MUTED = "#6f6758"
PAPER = "#f7f1e1"

SEAT_FILL = ("#a0642d", "#3c8cff", "#2eb82e", "#ff8c00")
"""Brown, Blue, Green, Orange: the seat colours of the game (as in the terminal)."""
SEAT_INK = ("#7a4a1e", "#1f5fcf", "#1d7f1d", "#c25e00")
"""The same colours dark enough for text on paper."""

HOUSE_FILL = ("#f0b400", "#b3124e")
"""Eagle gold and Rose crimson: told apart by lightness as well as hue, and by the mark's shape."""
HOUSE_INK = ("#6b4e00", "#8e0c3d")
HOUSE_PAPER = ("#fcf1cc", "#f9dde8")
"""The landscape card's background for the side face up."""

LAND_FILL = ("#d8c7a4", "#bfe08f", "#9dcdee", "#6fae6a", "#e2b27c", "#b9bccb")
"""Ödnis, Weide, Fluss, Wald, Dorf, Stadt: the colour of each landscape's picture band."""

CONFLICT_RED = "#d62828"


# ---------------------------------------------------------------- elements


def num(x: float) -> str:
    """A number for SVG text: at most one decimal, no trailing zero."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def attrs(values: dict[str, object]) -> str:
    """Attributes from a dict, keys as written; ``None`` values are left out, floats trimmed."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, float):
            shown = num(value)
        else:
            shown = str(value)
            if not _PLAIN.issuperset(shown):
                shown = escape(shown, {'"': "&quot;"})
        parts.append(f' {key}="{shown}"')
    return "".join(parts)


_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 #.,:;-+()/_%")
"""Characters an attribute value may hold without escaping (the common case, checked fast)."""


def el(name: str, content: str | None = None, /, **values: object) -> str:
    """One element; keyword ``class_`` is ``class``, other underscores become hyphens."""
    named = {("class" if k == "class_" else k.replace("_", "-")): v for k, v in values.items()}
    if content is None:
        return f"<{name}{attrs(named)}/>"
    return f"<{name}{attrs(named)}>{content}</{name}>"


def approx_width(words: str, size: float, bold: bool = False) -> float:
    """About how wide a line of text is drawn (SVG has no text metrics before it is laid out)."""
    return len(words) * size * (0.64 if bold else 0.58)


def text(x: float, y: float, words: str, size: float = 12, **values: object) -> str:
    """A line of text (escaped); ``bold=True`` for weight, ``fit=W`` squeezes it into ``W`` if it looks
    wider (long translations), other keywords as in :func:`el`."""
    bold = bool(values.pop("bold", False))
    fit = values.pop("fit", None)
    if isinstance(fit, int | float) and approx_width(words, size, bold) > fit:
        values["textLength"] = float(fit)
        values["lengthAdjust"] = "spacingAndGlyphs"
    return el(
        "text", escape(words), x=float(x), y=float(y), font_size=size, font_weight="bold" if bold else None, **values
    )


def title(words: str) -> str:
    """A tooltip for the enclosing group."""
    return f"<title>{escape(words)}</title>"


def document(width: float, height: float, body: list[str], css_class: str, label: str) -> str:
    """A standalone SVG document."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(width)}" height="{num(height)}" font-family={quoteattr(FONT)} class="{css_class}">'
    )
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head, title(label), *body, "</svg>"]) + "\n"


# ---------------------------------------------------------------- marks


def house_mark(house: int, cx: float, cy: float, r: float) -> str:
    """The house's badge: Eagle a gold shield with spread wings, Rose a crimson disc with a flower.

    Shape, inner picture and lightness all differ, so the two never depend on telling hues apart.
    """
    if house == 0:
        shield = (
            f"M{num(cx - r)},{num(cy - r * 0.9)} H{num(cx + r)} V{num(cy + r * 0.1)} "
            f"Q{num(cx + r)},{num(cy + r * 0.75)} {num(cx)},{num(cy + r * 1.1)} "
            f"Q{num(cx - r)},{num(cy + r * 0.75)} {num(cx - r)},{num(cy + r * 0.1)} Z"
        )
        k = r * 0.8
        wings = (
            f"M{num(cx - k)},{num(cy - k * 0.35)} L{num(cx - k * 0.25)},{num(cy + k * 0.05)} "
            f"L{num(cx)},{num(cy - k * 0.6)} L{num(cx + k * 0.25)},{num(cy + k * 0.05)} "
            f"L{num(cx + k)},{num(cy - k * 0.35)} L{num(cx + k * 0.35)},{num(cy + k * 0.55)} "
            f"L{num(cx)},{num(cy + k * 0.3)} L{num(cx - k * 0.35)},{num(cy + k * 0.55)} Z"
        )
        return el(
            "g",
            el("path", d=shield, fill=HOUSE_FILL[0], stroke=HOUSE_INK[0], stroke_width=1.2)
            + el("path", d=wings, fill="#3d2c00"),
            class_="house-mark eagle",
        )
    petals = "".join(
        el("circle", cx=cx + r * 0.36 * dx, cy=cy + r * 0.36 * dy, r=r * 0.3, fill="#ffffff")
        for dx, dy in ((0.0, -1.0), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309))
    )
    return el(
        "g",
        el("circle", cx=cx, cy=cy, r=r, fill=HOUSE_FILL[1], stroke=HOUSE_INK[1], stroke_width=1.2)
        + petals
        + el("circle", cx=cx, cy=cy, r=r * 0.17, fill="#f0b400"),
        class_="house-mark rose",
    )


def house_badge(house: int, x: float, y: float, words: tuple[str, str], size: float = 12) -> str:
    """Mark and name of a house on one line, starting at ``x`` with its middle at ``y``."""
    return house_mark(house, x + size * 0.6, y, size * 0.6) + text(
        x + size * 1.45, y + size * 0.36, words[house], size, bold=True, fill=HOUSE_INK[house]
    )


def swords(cx: float, cy: float, r: float) -> str:
    """The conflict card: a red disc with two crossed swords."""
    k = r * 0.55
    blade = 'stroke="#ffffff" stroke-width="2.6" stroke-linecap="round"'
    guard = 'stroke="#ffffff" stroke-width="2" stroke-linecap="round"'
    return (
        el("circle", cx=cx, cy=cy, r=r, fill=CONFLICT_RED, stroke="#7a0f0f", stroke_width=1.5)
        + f'<path d="M{num(cx - k)},{num(cy - k)} L{num(cx + k)},{num(cy + k)} '
        f'M{num(cx + k)},{num(cy - k)} L{num(cx - k)},{num(cy + k)}" {blade}/>'
        + f'<path d="M{num(cx + k * 0.2)},{num(cy + k * 0.75)} L{num(cx + k * 0.75)},{num(cy + k * 0.2)} '
        f'M{num(cx - k * 0.2)},{num(cy + k * 0.75)} L{num(cx - k * 0.75)},{num(cy + k * 0.2)}" {guard}/>'
    )


def estate_glyph(kontor: bool, x: float, y: float, color: str) -> str:
    """A farmhouse for a Gutshof, a stack of coins for a Kontor (``x, y``: the glyph's bottom left)."""
    if not kontor:
        d = f"M{num(x)},{num(y)} V{num(y - 7)} L{num(x + 6)},{num(y - 12)} L{num(x + 12)},{num(y - 7)} V{num(y)} Z"
        return el("path", d=d, fill=color, stroke="#111", stroke_width=0.8)
    return "".join(
        el("ellipse", cx=x + 6, cy=y - 2.5 - 3.5 * k, rx=6, ry=2.6, fill=color, stroke="#111", stroke_width=0.8)
        for k in range(3)
    )


def landscape_art(kind: int, x: float, y: float, w: float, h: float) -> str:
    """A small picture of the landscape type in a ``w`` × ``h`` box (decoration only)."""
    mid = y + h / 2
    if kind == 0:  # Ödnis: rocks
        return "".join(
            el("ellipse", cx=x + w * fx, cy=mid + h * fy, rx=w * rx, ry=h * 0.13, fill="#8d7f6a", stroke="#5e5444")
            for fx, fy, rx in ((0.25, 0.15, 0.1), (0.55, 0.05, 0.14), (0.82, 0.2, 0.08))
        )
    if kind == 1:  # Weide: tufts of grass
        tufts = []
        for fx, fy in ((0.18, 0.2), (0.45, -0.05), (0.72, 0.18), (0.9, -0.1)):
            bx, by = x + w * fx, mid + h * fy + 6
            tufts.append(f"M{num(bx - 5)},{num(by - 9)} L{num(bx)},{num(by)} L{num(bx + 5)},{num(by - 9)}")
            tufts.append(f"M{num(bx)},{num(by - 12)} V{num(by)}")
        return el("path", d=" ".join(tufts), fill="none", stroke="#3f7d20", stroke_width=2, stroke_linecap="round")
    if kind == 2:  # Fluss: waves
        waves = []
        for dy in (-6.0, 4.0):
            yy = mid + dy
            q = num(w / 4)
            waves.append(f"M{num(x + 4)},{num(yy)} q{num(w / 8)},-6 {q},0 t{q},0 t{q},0 t{num(w / 4 - 8)},0")
        return el("path", d=" ".join(waves), fill="none", stroke="#1f5f9e", stroke_width=2.4, stroke_linecap="round")
    if kind == 3:  # Wald: fir trees
        trees = []
        for fx, s in ((0.2, 1.0), (0.42, 1.25), (0.66, 1.05), (0.86, 0.85)):
            bx, by = x + w * fx, mid + h * 0.32
            trees.append(
                el(
                    "path",
                    d=f"M{num(bx - 7 * s)},{num(by)} L{num(bx)},{num(by - 20 * s)} L{num(bx + 7 * s)},{num(by)} Z",
                    fill="#1f5a28",
                )
            )
        return "".join(trees)
    if kind == 4:  # Dorf: houses
        houses = []
        for fx, s in ((0.25, 1.0), (0.55, 1.2), (0.82, 0.9)):
            bx, by = x + w * fx, mid + h * 0.3
            d = (
                f"M{num(bx - 7 * s)},{num(by)} V{num(by - 8 * s)} L{num(bx)},{num(by - 15 * s)} "
                f"L{num(bx + 7 * s)},{num(by - 8 * s)} V{num(by)} Z"
            )
            houses.append(el("path", d=d, fill="#f4e3c9", stroke="#7a4a1e", stroke_width=1.3))
        return "".join(houses)
    towers = []  # Stadt: a wall with towers
    base = mid + h * 0.32
    towers.append(el("rect", x=x + w * 0.1, y=base - 10, width=w * 0.8, height=10, fill="#e9e6ef", stroke="#4a4d63"))
    for fx, th in ((0.16, 24.0), (0.5, 30.0), (0.84, 24.0)):
        bx = x + w * fx
        d = f"M{num(bx - 6)},{num(base)} V{num(base - th)} h3 v3 h3 v-3 h3 v3 h3 v-3 h0 V{num(base)} Z"
        towers.append(el("path", d=d, fill="#e9e6ef", stroke="#4a4d63", stroke_width=1.2))
    return "".join(towers)


# ---------------------------------------------------------------- words


def house_words(tr: Tr) -> tuple[str, str]:
    return (tr("Eagle"), tr("Rose"))


def landscape_words(tr: Tr) -> tuple[str, ...]:
    """The English names of the landscape types (the printed German names are shown as they are)."""
    return (tr("wasteland"), tr("meadow"), tr("river"), tr("forest"), tr("village"), tr("town"))


def action_words(tr: Tr) -> tuple[str, ...]:
    return (tr("Traitor"), tr("Diplomat +2"), tr("Diplomat +5"), tr("Builder"), tr("Strategist"), tr("Farmer"))


def action_effects(tr: Tr) -> tuple[str, ...]:
    """What each action card does, in a few words for the card's face."""
    return (
        tr("switch house, +1 VP"),
        tr("+2 CP, draw 1 more"),
        tr("+5 CP"),
        tr("build or turn an estate"),
        tr("+2 VP, strategy card"),
        tr("draw 3 supply cards"),
    )


def seat_words(tr: Tr) -> tuple[str, ...]:
    """Default seat names: the game's colours."""
    return (tr("Brown"), tr("Blue"), tr("Green"), tr("Orange"))


def phase_words(tr: Tr, phase: str) -> str:
    """The title of a phase."""
    titles = {
        "setup": tr("Set-up: place a Gutshof"),
        "conflict": tr("Phase 1: choose the conflict site"),
        "draft": tr("Phase 2: choose action cards"),
        "supply": tr("Phase 3: play supply cards"),
        "build": tr("Phase 7: the Builder builds"),
        "draw": tr("Phase 10: draw, within the hand limit"),
        "over": tr("Game over"),
    }
    return titles.get(phase, phase)


def action_icon(card: int, cx: float, cy: float) -> str:
    """A picture for an action card: the two houses for the Traitor, the CP for a Diplomat, and so on."""
    if card == 0:
        return house_mark(0, cx - 11, cy, 9) + house_mark(1, cx + 11, cy, 9)
    if card in (1, 2):
        return text(cx, cy + 8, "+2" if card == 1 else "+5", 22, bold=True, fill=INK, text_anchor="middle")
    if card == 3:
        return estate_glyph(False, cx - 16, cy + 7, "#c9a36b") + estate_glyph(True, cx + 4, cy + 7, "#c9a36b")
    if card == 4:
        return swords(cx, cy, 11)
    return "".join(
        el("rect", x=cx - 14 + 7 * k, y=cy - 10 + 2 * k, width=14, height=19, rx=2, fill="#ffffff", stroke=INK)
        for k in range(3)
    )


def wrap(words: str, width: int) -> list[str]:
    """Greedy line breaking at about ``width`` characters (SVG text does not wrap by itself)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
