"""Kreta's provinces inside sentences (issue #34, minor: French "en Lasithi"): every province of the shipped board
in every role of :func:`ludoteca.present.kreta.words.place`, in each language, as that language writes it."""

from __future__ import annotations

import re

import pytest

from ludoteca.core.events import Event
from ludoteca.kreta import KretaOptions, new_game
from ludoteca.kreta.board import load_board
from ludoteca.present import translator
from ludoteca.present.kreta.words import action_label, log_line, place

PROVINCES = [p.name for p in load_board().provinces]
ROLES = ("in", "to", "from", "of")
LANGS = ("en", "it", "fr", "de")

FRENCH_ARTICLES = {"le ": "du ", "la ": "de la ", "l'": "de l'"}


def test_every_province_has_its_own_form_in_every_language() -> None:
    assert len(PROVINCES) == 16
    for lang in LANGS:
        tr = translator(lang)
        for name in PROVINCES:
            for role in ROLES:
                form = place(name, role, tr)
                assert name in form, (lang, role, form)
                if lang != "en":  # translated in the catalogue (an untranslated message is its English msgid)
                    assert form != f"{role} {name}" or (lang, role) == ("de", "in"), (lang, form)


@pytest.mark.parametrize("name", PROVINCES)
def test_french_gives_a_region_its_article_and_a_town_none(name: str) -> None:
    fr = translator("fr")
    where, to, frm, of = (place(name, role, fr) for role in ROLES)
    assert not where.startswith("en "), where  # "en Lasithi" is not French for a province
    assert where == to and frm == of
    if where.startswith("à "):  # a town's name: à Sitia, de Sitia, d'Ierapetra
        assert where == f"à {name}"
        assert frm == (f"d'{name}" if name[0] in "AEIOU" else f"de {name}")
    else:  # a region's (dans le Lasithi, du Lasithi) or a mountain's (sur l'Ida, de l'Ida)
        m = re.fullmatch(r"(dans|sur) (le |la |l')(.+)", where)
        assert m is not None and m[3] == name, where
        assert (m[2] == "l'") == (name[0] in "AEIOU"), where
        assert frm == FRENCH_ARTICLES[m[2]] + name
    for form in (where, frm):
        assert not re.search(r"\b(de|à) (le|les)\b|\bde [AEIOU]", form), form


@pytest.mark.parametrize("name", PROVINCES)
def test_italian_contracts_the_article_with_its_preposition(name: str) -> None:
    it = translator("it")
    where, to, frm, of = (place(name, role, it) for role in ROLES)
    assert where == to
    if where.startswith("a "):  # a town: a Sitia, da Sitia, di Sitia
        assert (frm, of) == (f"da {name}", f"di {name}")
    else:  # nel Lasithi, dal Lasithi, del Lasithi; nella Messara…; sull'Ida
        m = re.fullmatch(r"(nel |nella |nell'|sull')(.+)", where)
        assert m is not None and m[2] == name, where
        article = {"nel ": "l ", "nella ": "lla ", "nell'": "ll'", "sull'": "ll'"}[m[1]]
        assert (frm, of) == (f"da{article}{name}", f"de{article}{name}")
    assert not re.search(r"\b(in|di|da) (il|la|lo|l')", where + frm + of)


@pytest.mark.parametrize("name", PROVINCES)
def test_german_declines_the_two_names_with_an_article(name: str) -> None:
    de = translator("de")
    forms = tuple(place(name, role, de) for role in ROLES)
    expected = {
        "Messara": ("in der Messara", "in die Messara", "von der Messara", "der Messara"),
        "Ida": ("auf dem Ida", "auf den Ida", "vom Ida", "des Ida"),
    }.get(name, (f"in {name}", f"nach {name}", f"von {name}", f"von {name}"))
    assert forms == expected


def test_a_board_files_own_province_gets_the_plain_form() -> None:
    assert place("Knossos", "in", translator("fr")) == "à Knossos"
    assert place("Knossos", "from", translator("it")) == "da Knossos"
    assert place("Knossos", "to", translator("de")) == "nach Knossos"
    assert place("Knossos", "of", translator("en")) == "of Knossos"


def test_the_log_and_the_labels_put_the_province_in_the_sentence() -> None:
    state = new_game(KretaOptions(), 3, 2)
    view = state.view(0)
    lasithi, messara, ierapetra = "lasithi", "messara", "ierapetra"  # the log's data name a province by its id
    fr = translator("fr")
    names = ["Ada", "Bo"]
    line = log_line(view, Event("place", 0, ("abbot", lasithi)), names, fr)
    assert line == "Ada place son abbé dans le Lasithi."
    line = log_line(view, Event("move", 1, ("villager", ierapetra, messara)), names, fr)
    assert line == "Bo déplace un villageois d'Ierapetra dans la Messara."
    line = log_line(view, Event("move", 1, ("ship", lasithi, ierapetra)), names, translator("it"))
    assert line == "Bo sposta una nave dal Lasithi a Ierapetra."
    line = log_line(view, Event("place", 0, ("villager", messara)), names, translator("de"))
    assert line == "Ada setzt einen Dorfbewohner in der Messara ein."
    assert log_line(view, Event("place", 0, ("villager", messara)), names, translator("en")) == (
        "Ada puts a villager in Messara."
    )
    for action in state.legal_actions():
        assert " en " not in action_label(view, action, names, fr)
