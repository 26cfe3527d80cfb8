"""Seat names from the network: cleaned so that what one player sees is what the others see.

A name is shown to every seat, in the seat list and in every log line, so it must not be able to
hide, reorder or fake anything around it. :func:`clean` normalises to NFC (one spelling of "é"),
drops what renders as nothing or moves other text (controls, format characters such as bidi overrides
and zero-width spaces, unassigned, private-use and surrogate code points, the invisible fillers
outside those categories, and long stacks of combining marks), collapses whitespace and strips it.
:func:`check` then refuses what would still mislead: a name longer than :data:`MAX_NAME`, and a name
ending in the marker the table puts after your own seat — "(you)", "(tu)", "(vous)", "(du)", taken
from the catalogues of the languages the UI shows — since "Ada (you)" would make every other player
believe the seat was theirs. :func:`key` is the form two names are compared in (case and width
folded, after cleaning), so that "Ada" and "ADA" count as the same name.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from ..language import i18n
from ..language.wording import Refused, Said, _

MAX_NAME = 40
"""Characters (code points after cleaning) in a name: enough for "Bernadette Lefebvre-Duchamp"."""

MAX_MARKS = 3
"""Combining marks kept after one base character (real scripts need two or three; more is "Zalgo")."""

_DROPPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn"}
_INVISIBLE = {
    "\u034f",  # combining grapheme joiner
    "\u115f",
    "\u1160",
    "\u3164",
    "\uffa0",  # Hangul fillers
    "\u17b4",
    "\u17b5",  # Khmer inherent vowels (invisible)
    "\u2800",  # Braille blank
    *(chr(c) for c in range(0xFE00, 0xFE10)),  # variation selectors
    *(chr(c) for c in range(0xE0100, 0xE01F0)),
}


class BadName(Refused):
    """A name the server refuses, with the reason in words (said in the reader's language)."""


_EMOJI_GLUE = {"\u200d", "\ufe0e", "\ufe0f"}
"""The zero-width joiner and the text/emoji variation selectors: kept by :func:`clean` with ``emoji=True``
inside an emoji sequence only (👨‍👩‍👧, ❤️), where they change how symbols render and hide nothing."""


def _emoji_before(kept: list[str]) -> bool:
    """The last kept character is a symbol (or a selector after one) that emoji glue may follow."""
    return bool(kept) and (unicodedata.category(kept[-1]) in ("So", "Sk") or kept[-1] in ("\ufe0e", "\ufe0f"))


def clean(raw: str, *, emoji: bool = False) -> str:
    """``raw`` in NFC without invisible or text-moving characters, whitespace collapsed (may be empty).

    With ``emoji`` (chat text) the joiner and variation selectors of emoji sequences are kept where they
    stand between symbols; a joiner not followed by a symbol is dropped (it would join nothing visible).
    """
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", raw):
        category = unicodedata.category(ch)
        if kept and kept[-1] == "\u200d" and category != "So":
            kept.pop()  # a joiner joins two symbols, or nothing
        if ch.isspace():
            kept.append(" ")
            marks = 0
            continue
        if emoji and ch in _EMOJI_GLUE and _emoji_before(kept):
            if kept[-1] != "\u200d":
                kept.append(ch)
            continue
        if category in _DROPPED_CATEGORIES or ch in _INVISIBLE:
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS or not kept or kept[-1] == " ":
                continue
        else:
            marks = 0
        kept.append(ch)
    if kept and kept[-1] == "\u200d":
        kept.pop()
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


def key(name: str) -> str:
    """The form two cleaned names are compared in: compatibility-normalised and case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def marker_words() -> set[str]:
    """The word of the own-seat marker in every language the UI shows ("you", "tu", "vous", "du")."""
    return {i18n.translator(lang)("you") for lang in i18n.LANGUAGES}


@cache
def _marker() -> re.Pattern[str]:
    alternatives = "|".join(re.escape(key(w)) for w in sorted(marker_words()))
    return re.compile(rf"[(\[{{<]\s*(?:{alternatives})\s*[)\]}}>]\s*$")


def check(name: str) -> str:
    """``name`` (already cleaned) if it may stand at a table, else :class:`BadName`."""
    if len(name) > MAX_NAME:
        raise BadName(Said(_("a name is at most %(n)d characters"), {"n": MAX_NAME}))
    if _marker().search(key(name)):
        raise BadName(
            Said(_("a name cannot end in a seat marker such as '(you)': the table puts it after your own seat"))
        )
    return name
