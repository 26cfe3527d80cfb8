"""One vocabulary per language: the rules for players call every component what the table calls it.

The table's words come from the presenters' word lists translated through the catalogues (the same
``tr`` the board, the buttons and the log use). For each language, each game's rules text must contain
each term exactly as the catalogue gives it (case aside: a term may begin a sentence), and none of the
competing translations listed here: the words the seeds or other translations use for the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from ludoteca import games
from ludoteca.present import presenter
from ludoteca.present.i18n import LANGUAGES, Translator, translator
from ludoteca.present.kreta import words as kreta_words
from ludoteca.present.kreta.svg_draw import card_words, tile_words
from ludoteca.present.verraeter import words as verraeter_words
from ludoteca.present.verraeter.svg_draw import action_words, house_words


def _verraeter_terms(tr: Translator) -> dict[str, str]:
    terms = {f"house {k}": w for k, w in enumerate(house_words(tr))}
    terms |= {f"landscape {k}": verraeter_words.kind_name(k, tr) for k in range(6)}
    terms |= {f"action {k}": w for k, w in enumerate(action_words(tr))}
    terms |= {"Gutshof": tr("Gutshof"), "Kontor": tr("Kontor"), "CP": tr("CP"), "VP": tr("VP")}
    return terms | verraeter_words.component_words(tr)


def _kreta_terms(tr: Translator) -> dict[str, str]:
    terms = {f"card {k}": w for k, w in card_words(tr).items()}
    terms |= {f"tile {k}": w for k, w in tile_words(tr).items()}
    terms |= {f"kind {k}": kreta_words.kind_name(k, tr) for k in ("plain", "hill", "mountain")}
    return terms | kreta_words.component_words(tr) | {"VP": tr("VP")}


TERMS: dict[str, Callable[[Translator], dict[str, str]]] = {"verraeter": _verraeter_terms, "kreta": _kreta_terms}

COMPETING: dict[tuple[str, str], dict[str, list[str]]] = {
    # the words other translations (the seeds among them) use for a component the table names otherwise
    ("verraeter", "en"): {
        "Gutshof": ["farmstead", "granary"],
        "Kontor": ["office", "trading post"],
        "house 0": ["Aquila"],
    },
    ("verraeter", "it"): {
        "Gutshof": ["Fattoria", "Podere", "Granaio"],
        "Kontor": ["Ufficio", "Comptoir"],
        "landscape 3": ["Legname", "Foresta"],
        "landscape 0": ["Deserto"],
        "landscape 5": ["Cittadina"],
        "supply cards": ["approvvigionament", "carte Risorsa"],
        "house 0": ["famiglia delle Aquile"],
    },
    ("verraeter", "fr"): {
        "Gutshof": ["Dépôt", "Ferme"],
        "Kontor": ["Bureau"],
        "landscape 1": ["Prairie", "Pâturage"],
        "landscape 0": ["Désert"],
        "action 3": ["Constructeur"],
        "action 5": ["Fermier", "Agriculteur"],
        "supply cards": ["Ravitaillement", "Approvisionnement"],
    },
    ("verraeter", "de"): {
        "landscape 0": ["Wüste"],
        "action 5": ["Landwirt"],
        "supply cards": ["Nachschub"],
    },
    ("kreta", "en"): {"card commander": ["General"], "card castellan": ["Governor"], "fort": ["castle"]},
    ("kreta", "it"): {
        "villager": ["paesan", "abitant"],
        "fort": ["fortezz", "castell "],
        "card commander": ["Generale"],
        "farm tiles": ["tessere"],
    },
    ("kreta", "fr"): {"card castellan": ["Gouverneur"], "ship": ["bateau"], "fort": ["forteresse"]},
    ("kreta", "de"): {
        "card commander": ["Kommandant", "General"],
        "fort": ["Festung", "Burg "],
        "card castellan": ["Burgvogt"],
        "villager": ["Siedler"],
    },
}


def rules_text(game: str, lang: str) -> str:
    """The rules for players as the page shows them, without the figures (their words are the table's own)."""
    text = presenter(games.plugin(game)).rules_document(translator(lang))
    return " ".join(re.sub(r"```figure.*?```", "", text, flags=re.DOTALL).split())  # lines joined, as shown


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(TERMS))
def test_the_rules_use_the_tables_words(game: str, lang: str) -> None:
    text = rules_text(game, lang).casefold()
    terms = TERMS[game](translator(lang))
    missing = {key: term for key, term in terms.items() if term.casefold() not in text}
    assert not missing, f"{game} rules in {lang} never say the table's word for: {missing}"
    competing = COMPETING.get((game, lang), {})
    assert set(competing) <= set(terms), "a competing translation listed for a term that is not checked"
    used = {key: word for key, words in competing.items() for word in words if word.casefold() in text}
    assert not used, f"{game} rules in {lang} use a competing translation: {used}"


SAME_THING = {("kreta", "abbot", "card abbot")}
"""Components that are one thing under two keys: the Abbot card moves the abbot."""


def test_two_components_never_share_a_word() -> None:
    """Two components of a game never share a word in one language (the reader could not tell them apart)."""
    for game, terms_of in TERMS.items():
        for lang in LANGUAGES:
            words: dict[str, list[str]] = {}
            for key, word in terms_of(translator(lang)).items():
                words.setdefault(word.casefold(), []).append(key)
            shared = {w: keys for w, keys in words.items() if len(keys) > 1 and (game, *sorted(keys)) not in SAME_THING}
            assert not shared, f"{game} in {lang}: one word for two components: {shared}"
