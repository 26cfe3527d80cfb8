"""Refusals said in the reader's language: an English message and its parameters, translated when sent.

A refusal is kept as what was refused — the message's English template and the values in it — never as a
finished sentence: the error handler (:mod:`.errors`) says it in the language of the request that gets it
(``?lang=``, the cookie, ``Accept-Language``), so a German player reads German whichever language the
game was created in. ``str()`` of a :class:`Said` is the English sentence (logs, tests, exceptions).

Only what a player can meet through the pages is worded this way (a name, a timer, a full server, too
many games); what only a hand-written request can cause (an unknown field, a JSON type) stays English, as
the protocol's own words for developers (``docs/web.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import LudotecaError

from .i18n import Translator


def _(message: str) -> str:
    """Marks a message for translation (extracted by ``scripts/i18n.sh``; translated when sent)."""
    return message


@dataclass(frozen=True)
class Said:
    """An English message template (``%(name)s`` parameters) and its values; a value may itself be a
    :class:`Said` (a reason inside "seat 2: …"), said in the same language."""

    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def in_language(self, tr: Translator) -> str:
        """The sentence in ``tr``'s language."""
        values = {k: v.in_language(tr) if isinstance(v, Said) else v for k, v in self.params.items()}
        return tr(self.message) % values if values else tr(self.message)

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, Said) else v for k, v in self.params.items()}
        return self.message % values if values else self.message


Wording = str | Said
"""What a refusal carries: a :class:`Said`, or a protocol message that stays English."""


def in_language(words: Wording, tr: Translator) -> str:
    """``words`` in ``tr``'s language (a plain string as it is)."""
    return words.in_language(tr) if isinstance(words, Said) else words


class Refused(LudotecaError):
    """An error whose reason is :class:`Wording`, said in each reader's language when it is sent."""

    def __init__(self, words: Wording) -> None:
        super().__init__(str(words))
        self.words = words
