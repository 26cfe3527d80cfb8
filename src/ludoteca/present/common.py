"""Words both games share: seat names, the fallback log line, who won.

Split out of ``text.py`` so that the two game modules (``text_verraeter``, ``text_kreta``) depend on
this and on nothing of each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.core.events import Event

from .i18n import Translator


def seat_name(names: Sequence[str], seat: int, tr: Translator) -> str:
    """The seat's name, or "Seat 3" when none is given."""
    return names[seat] if 0 <= seat < len(names) else tr("Seat %(number)d") % {"number": seat + 1}


def generic_line(event: Event, names: Sequence[str], tr: Translator) -> str:
    """The log line for an event kind (or data shape) the game's module does not know: kind and data as they are."""
    data = ", ".join(map(str, event.data))
    text = event.kind + (f" ({data})" if data else "")
    if event.seat < 0:
        return text
    return tr("%(who)s: %(event)s") % {"who": seat_name(names, event.seat, tr), "event": text}


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
