"""Every refusal is a member of one enumeration, with its words in every language (#35 point 6).

A refusal's code is the protocol's: pages and scripts key on it. An unknown code is a type error (mypy sees
``MatchError(code: Refusal)``), and a code's words are found through the enumeration, with no generic
sentence standing in for words nobody wrote.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ludoteca.web.features import chat
from ludoteca.web.language import i18n, refusals
from ludoteca.web.language.i18n import DEFAULT, LANGUAGES, translator
from ludoteca.web.language.refusals import WORDS, Refusal
from ludoteca.web.routes.table_session import CLOSE_CODES, error_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"


@cache
def po(lang: str) -> Catalog:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_every_refusal_has_its_words() -> None:
    assert set(WORDS) == set(Refusal)
    for code in Refusal:
        assert code.words.strip(), code


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT])
def test_every_refusal_is_translated(lang: str) -> None:
    catalogue = po(lang)
    untranslated = []
    for code in Refusal:
        entry = catalogue.get(code.words)
        if entry is None or entry.fuzzy or not entry.string:
            untranslated.append(code.value)
    assert not untranslated, f"{lang}: no words for {untranslated}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_said_in_every_language(lang: str) -> None:
    """Each code's words, with the values they name, make a sentence in each language; no two codes say the
    same (a reader could not tell them apart)."""
    tr = translator(lang)
    said = {code: error_text(code, tr) for code in Refusal}
    for code, text in said.items():
        assert text and "%(" not in text, (code, text)
    assert len(set(said.values())) == len(said)
    if lang == DEFAULT:
        assert all(said[code] == code.words for code in Refusal if code not in chat.REFUSAL_VALUES)


def test_the_words_are_those_the_pages_showed() -> None:
    """The enumeration changed no sentence a player reads (the wire stays the same)."""
    de = translator("de")
    assert error_text(Refusal.CHAT_TOO_LONG, de) == "Eine Chat-Nachricht hat höchstens 300 Zeichen."
    assert error_text(Refusal.SPECTATOR, de) == "Zuschauer können nicht ziehen."
    assert refusals.said(Refusal.NOT_YOUR_TURN, translator("en")) == "It is not your turn."


def test_a_refusal_is_its_code_on_the_wire() -> None:
    """A member is the text the protocol has always sent: it compares equal to it and is written as it."""
    assert Refusal.STALE == "stale" and f"{Refusal.STALE}" == "stale"
    assert Refusal("bad_token") is Refusal.BAD_TOKEN
    assert {code.value for code in Refusal} == {code.name.lower() for code in Refusal}
    assert set(CLOSE_CODES) <= set(Refusal)


def test_docs_name_every_code_both_ways() -> None:
    text = DOC.read_text(encoding="utf-8")
    paragraph = text[text.index("Error codes: ") : text.index("A message of a known type with a field")]
    named = set(re.findall(r"`([a-z_]+)`", paragraph))
    assert named == {code.value for code in Refusal}
