"""The lobby's rule options for Kreta: who takes cards back at a scoring (``takeback``)."""

from __future__ import annotations

from ludoteca.web.features.lobby import parse_request, schema
from ludoteca.web.language.i18n import translator


def _kreta(tr: object) -> dict[str, dict[str, object]]:
    (game,) = [g for g in schema(tr) if g["name"] == "kreta"]  # type: ignore[arg-type]
    return {o["key"]: o for o in game["options"]}


def test_kreta_offers_takeback_with_labelled_choices_and_every_player_by_default() -> None:
    options = _kreta(translator("en"))
    takeback = options["takeback"]
    assert takeback["kind"] == "choice" and takeback["choices"] == ["all", "castellan"]
    assert takeback["default"] == "all"
    assert takeback["choice_labels"] == ["Every player", "Only the Castellan's player"]
    german = _kreta(translator("de"))["takeback"]
    assert german["choice_labels"] != takeback["choice_labels"] and german["label"] != takeback["label"]


def test_a_kreta_game_may_be_created_with_takeback_castellan() -> None:
    body = {"game": "kreta", "seats": [{"kind": "human"}] * 2, "options": {"takeback": "castellan"}}
    assert parse_request(body).options["takeback"] == "castellan"
