"""The door for network JSON: depth is counted before parsing, and only JSON comes through."""

from __future__ import annotations

import pytest

from ludoteca.web.hosting import jsonin


@pytest.mark.parametrize(
    "text, depth",
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('"[[[[["', 0),
        ('["\\"[[[", "]"]', 1),
        ('["\\\\", [[]]]', 3),  # an escaped backslash ends before the quote, which then closes the string
    ],
)
def test_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert jsonin.depth(text) == depth


def test_the_limit_is_inclusive() -> None:
    assert jsonin.loads("[" * jsonin.MAX_DEPTH + "]" * jsonin.MAX_DEPTH) is not None
    with pytest.raises(jsonin.JSONInputError, match="nested"):
        jsonin.loads("[" * (jsonin.MAX_DEPTH + 1) + "]" * (jsonin.MAX_DEPTH + 1))


@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000])
def test_deep_text_is_refused_without_recursion(text: str) -> None:
    with pytest.raises(jsonin.JSONInputError):
        jsonin.loads(text)


@pytest.mark.parametrize(
    "text", ["NaN", "[Infinity]", '{"a": -Infinity}', '{"a": 1, "a": 2}', "{", "", b"\xff", "9" * 5000]
)
def test_only_json_comes_through(text: str | bytes) -> None:
    with pytest.raises(jsonin.JSONInputError):
        jsonin.loads(text)


def test_json_comes_through() -> None:
    assert jsonin.loads(b'{"type": "hello", "token": null, "n": [1, 2.5, true]}') == {
        "type": "hello",
        "token": None,
        "n": [1, 2.5, True],
    }
