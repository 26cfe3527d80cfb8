"""Seat names: what :func:`ludoteca.web.protocol.names.clean` drops and what
:func:`~ludoteca.web.protocol.names.check` refuses."""

from __future__ import annotations

import unicodedata

import pytest

from ludoteca.web.language import i18n
from ludoteca.web.protocol import names


@pytest.mark.parametrize(
    "raw, cleaned",
    [
        ("Ada", "Ada"),
        ("A\x00d\x07a\x7f", "Ada"),  # Cc
        ("\u202eadA\u202c", "adA"),  # right-to-left override, pop directional formatting
        ("\u2066Ada\u2069\u200e\u200f", "Ada"),  # isolates, LRM, RLM
        ("A\u200bd\u200c\u200da\ufeff\u2060", "Ada"),  # zero-width space/non-joiner/joiner, BOM, word joiner
        ("Ada\U000e0041\U000e007f", "Ada"),  # tag characters
        ("\u3164\u115fAda\u2800", "Ada"),  # Hangul fillers, Braille blank
        ("Ada\ue000\udc00", "Ada"),  # private use, lone surrogate
        ("  Ada\u00a0\u2003 \t\nLovelace\u2028 ", "Ada Lovelace"),  # any whitespace, collapsed
        ("Cafe\u0301", "Caf\u00e9"),  # NFC
        ("Zo" + "\u0308" * 20 + "e", "Z\u00f6" + "\u0308" * 3 + "e"),  # a stack of marks is cut to three
        ("\u0301Ada", "Ada"),  # a mark with nothing to sit on
        ("Łukasz Żółć", "Łukasz Żółć"),
        ("李小龍", "李小龍"),
        ("محمد", "محمد"),  # right-to-left script itself is fine: only the overrides go
        ("\u200b\u202e \u200d", ""),
    ],
)
def test_clean(raw: str, cleaned: str) -> None:
    assert names.clean(raw) == cleaned
    assert unicodedata.is_normalized("NFC", names.clean(raw))


def test_nothing_invisible_or_moving_survives_cleaning() -> None:
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    left = names.clean("x" + every + "x")
    assert not {unicodedata.category(ch) for ch in left} & {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def test_the_markers_are_the_catalogues_own() -> None:
    assert names.marker_words() == {i18n.translator(lang)("you") for lang in i18n.LANGUAGES}
    assert names.marker_words() >= {"you", "tu", "vous", "du"}


@pytest.mark.parametrize(
    "name", ["Ada (you)", "Ada(YOU)", "Ada ( du )", "Ada [tu]", "Ada {vous}", "Ada <you>", "Ada\uff08\uff59ou\uff09"]
)
def test_a_name_ending_in_a_seat_marker_is_refused(name: str) -> None:
    with pytest.raises(names.BadName, match="marker"):
        names.check(names.clean(name))


@pytest.mark.parametrize("name", ["Ada", "you", "Ada (the younger)", "(you) Ada", "Yout (u)", "Dudu"])
def test_other_names_pass(name: str) -> None:
    assert names.check(names.clean(name)) == name


def test_length_is_counted_after_cleaning() -> None:
    assert names.check(names.clean("x" * 40 + "\u200b" * 100)) == "x" * 40
    with pytest.raises(names.BadName, match="40"):
        names.check("x" * 41)


def test_key_folds_case_and_width() -> None:
    assert names.key("ADA") == names.key("ada") == names.key("\uff21da")
    assert names.key("Ada") != names.key("Adam")


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),  # one family
        ("\u2764\ufe0f gg", "\u2764\ufe0f gg"),  # the heart keeps its emoji form
        ("\U0001f44d\U0001f3fd", "\U0001f44d\U0001f3fd"),  # a skin tone (a modifier symbol, Sk) stays
        ("A\u200dda\ufe0f", "Ada"),  # no symbol before: the glue hides letters, as in names
        ("\U0001f44d\u200d \u200dx", "\U0001f44d x"),  # a joiner that joins nothing goes
        ("\U0001f44d\u200d\u200d\u200d\U0001f44d\u200d", "\U0001f44d\u200d\U0001f44d"),
    ],
)
def test_chat_text_keeps_emoji_sequences(raw: str, cleaned: str) -> None:
    assert names.clean(raw, emoji=True) == cleaned


def test_emoji_cleaning_keeps_nothing_else_invisible() -> None:
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    left = names.clean("\U0001f44d" + every + "x", emoji=True)
    assert {ch for ch in left if unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"}} <= {"\u200d"}
    assert all(
        0 < i < len(left) - 1 and unicodedata.category(left[i + 1]) == "So"
        for i, ch in enumerate(left)
        if ch == "\u200d"
    )
