"""The actions' notation in the reader's language, for the terminal: ``architetto forte 15`` for ``architect fort 15``.

A game's notation (``Action.to_text``, what records keep) is English and stays so. A game's presenter may say
how its notation's keywords read in a language (``notation_words(tr)``: English keyword → the word in ``tr``'s
language, through the catalogues with the context ``notation``); :func:`localize` writes an action's notation
with those words, and :func:`read` turns what a player typed — in their language, in English, or a mix —
back into the notation the rules core parses. Only whole words are replaced: province ids, numbers and
signs (``+chania``, ``3,5``, ``a->b``) are the same in every language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from .i18n import Translator


@runtime_checkable
class HasNotationWords(Protocol):
    """A presenter that knows its notation's keywords in other languages (optional: without it, English only)."""

    def notation_words(self, tr: Translator) -> dict[str, str]:
        """Each keyword of the game's notation (lower case) → the word a player of ``tr``'s language types."""
        ...


def words_of(presenter: Any, tr: Translator) -> dict[str, str]:
    """The keywords of ``presenter``'s game in ``tr``'s language (lower case), or none for a game without them."""
    if not isinstance(presenter, HasNotationWords):
        return {}
    return {english: word.strip().lower() for english, word in presenter.notation_words(tr).items() if word.strip()}


def localize(text: str, words: Mapping[str, str]) -> str:
    """The notation ``text`` with its keywords in the reader's language (``words`` from :func:`words_of`)."""
    return " ".join(words.get(token, token) for token in text.split(" "))


def read(text: str, words: Mapping[str, str]) -> str:
    """What a player typed, with every keyword of the reader's language (``words`` from :func:`words_of`)
    turned back into the English notation; English keywords and everything else are kept as typed. A
    keyword may be typed without its accents (``abbe`` for ``abbé``: a keyboard without them)."""
    back = {word: english for english, word in words.items()}
    plain = {_unaccented(word): english for word, english in back.items()}
    return " ".join(back.get(token.lower(), plain.get(_unaccented(token), token)) for token in text.split())


def _unaccented(word: str) -> str:
    """``word`` in lower case without its accents (``Château`` → ``chateau``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


__all__ = ["HasNotationWords", "localize", "read", "words_of"]
