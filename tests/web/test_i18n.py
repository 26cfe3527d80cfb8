"""The web app's languages: every message translated, catalogues compiled in memory, language negotiation,
the browser's catalogue and the Jinja2 integration."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from jinja2 import Environment

from ludoteca.present import i18n as catalogues
from ludoteca.web.language import i18n
from ludoteca.web.language.i18n import DEFAULT, LANGUAGES, catalog, negotiate, translator

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT]
PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*[diouxXeEfFgGcrs]|\{\w*\}")
"""Named gettext placeholders (``%(who)s``) and the pages' ``{name}`` placeholders: a translation must keep them all."""

Message = tuple[str | tuple[str, ...], str | None]
"""A message as extracted: its id (a tuple for a plural) and its context."""


@cache
def extracted() -> dict[Message, list[str]]:
    """Every message of the sources, found the way ``scripts/i18n.sh`` finds them (babel.cfg, -k tr -k t)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f, "babel.cfg")  # type: ignore[no-untyped-call]
    keywords = {**DEFAULT_KEYWORDS, "tr": None, "t": None}
    found: dict[Message, list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=keywords
    ):
        msgid: str | tuple[str, ...] = message if isinstance(message, str) else tuple(m for m in message if m)
        found.setdefault((msgid, context), []).append(f"{filename}:{lineno}")
    return found


@cache
def po(lang: str) -> Catalog:
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def _problems(lang: str) -> Iterator[str]:
    translations = po(lang)
    for (msgid, context), where in sorted(extracted().items(), key=str):
        singular = msgid if isinstance(msgid, str) else msgid[0]
        entry = translations.get(singular, context)
        label = f"{singular!r} ({where[0]})"
        if entry is None:
            yield f"missing: {label}"
            continue
        forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        if entry.fuzzy or not all(forms):
            yield f"{'fuzzy' if entry.fuzzy else 'untranslated'}: {label}"
            continue
        wanted = sorted(PLACEHOLDER.findall(msgid if isinstance(msgid, str) else msgid[-1]))
        for form in forms:
            got = sorted(PLACEHOLDER.findall(form or ""))
            if got != wanted:
                yield f"placeholders {got} instead of {wanted}: {label} -> {form!r}"


def test_sources_have_messages() -> None:
    """The extraction itself works: the games' words and the templates' are found."""
    ids = {msgid for msgid, _ in extracted()}
    assert "Traitor" in ids and "Castellan" in ids
    assert ("%(who)s draws %(n)d supply card.", "%(who)s draws %(n)d supply cards.") in ids
    assert len(ids) > 150


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    """Completeness: each message of the sources has a confirmed translation that keeps its placeholders.

    When this fails after new strings were added, run ``scripts/i18n.sh`` and translate what it lists.
    """
    problems = list(_problems(lang))
    shown = "\n  ".join(problems[:40])
    assert not problems, f"{len(problems)} message(s) not ready in {lang} (run scripts/i18n.sh):\n  {shown}"


CALL_IN_FSTRING = re.compile(r"""\b(?:tr|_|gettext)\(\s*(?P<literal>(?P<q>['"])(?:\\.|(?!(?P=q)).)*(?P=q))\s*[,)]""")


def _calls_inside_fstrings() -> Iterator[tuple[str, str]]:
    """``(where, msgid)`` of each ``tr("...")`` written inside an f-string of the Python sources."""
    for path in sorted((ROOT / "src" / "ludoteca").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            prefix = token.string[: len(token.string) - len(token.string.lstrip("rRbBuUfF"))]
            if token.type == tokenize.STRING and "f" in prefix.lower():
                for match in CALL_IN_FSTRING.finditer(token.string):
                    yield f"{path.relative_to(ROOT)}:{token.start[0]}", ast.literal_eval(match["literal"])


def test_no_message_hides_inside_an_fstring() -> None:
    """Babel's tokenizer does not look inside f-strings before Python 3.12; ``i18n.extract_python`` reads them
    from the syntax tree so that a ``tr("...")`` there still reaches the catalogues. Checked with a plain scan."""
    ids = {msgid if isinstance(msgid, str) else msgid[0] for msgid, _ in extracted()}
    hidden = sorted({f"{where}: {msgid!r}" for where, msgid in _calls_inside_fstrings() if msgid not in ids})
    assert not hidden, "messages the extractor missed inside f-strings:\n  " + "\n  ".join(hidden)


def test_extractor_reads_inside_fstrings() -> None:
    source = b"x = f\"<t>{tr('Libyan Sea')}</t>{n}\"\ny = tr('Rules') + f'{ngettext(\"a\", \"b\", n)}'\n"
    found = {(funcname, messages) for _, funcname, messages, _ in i18n.extract_python(
        io.BytesIO(source), {"tr": None, "ngettext": (1, 2)}, [], {}
    )}  # fmt: skip
    assert {("tr", "Libyan Sea"), ("tr", "Rules"), ("ngettext", ("a", "b", None))} <= found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_header(lang: str) -> None:
    assert po(lang).locale is not None and str(po(lang).locale) == lang
    assert po(lang).num_plurals == 2


# ---------------------------------------------------------------- translators


def test_english_is_the_identity() -> None:
    tr = translator("en")
    assert tr("Traitor") == "Traitor"
    assert tr.gettext("a message nobody wrote") == "a message nobody wrote"
    assert tr.ngettext("%(n)d card", "%(n)d cards", 1) == "%(n)d card"
    assert tr.ngettext("%(n)d card", "%(n)d cards", 2) == "%(n)d cards"
    assert tr.pgettext("ctx", "Rose") == "Rose"


def test_translations_are_used() -> None:
    assert translator("de")("Traitor") == "Verräter"
    assert translator("it")("Traitor") == "Traditore"
    assert translator("fr")("Traitor") == "Traître"
    assert translator("de")("Eagle") == "Adler"
    assert translator("it")("a message nobody wrote") == "a message nobody wrote"


def test_plural_forms_follow_each_language() -> None:
    singular, plural = "%(who)s draws %(n)d supply card.", "%(who)s draws %(n)d supply cards."
    de = translator("de")
    assert de.ngettext(singular, plural, 1) != de.ngettext(singular, plural, 2)
    fr = translator("fr")
    assert fr.ngettext(singular, plural, 0) == fr.ngettext(singular, plural, 1)  # French: 0 is singular
    it = translator("it")
    assert it.ngettext(singular, plural, 0) == it.ngettext(singular, plural, 2)  # Italian: 0 is plural


@pytest.mark.parametrize("code", ["xx", "", "klingon", None, "e", "en-", "-de"])
def test_unknown_languages_never_raise(code: str | None) -> None:
    assert translator(code).lang in LANGUAGES
    assert catalog(code) == catalog("en") or code == "-de"


def test_regional_codes_find_their_language() -> None:
    assert translator("de-CH").lang == "de"
    assert translator("fr_BE").lang == "fr"
    assert translator("IT").lang == "it"
    assert translator("it")("Rules") == translator("it-IT")("Rules")


def test_translators_are_cached() -> None:
    assert translator("it") is translator("it")
    assert translator("it-CH") is translator("it")


def test_list_of_names_in_each_language() -> None:
    assert translator("en").format_list(["Ada", "Bo"]) == "Ada and Bo"
    assert translator("it").format_list(["Ada", "Bo"]) == "Ada e Bo"
    assert translator("fr").format_list(["Ada", "Bo"]) == "Ada et Bo"
    assert translator("de").format_list(["Ada", "Bo"]) == "Ada und Bo"


def test_fuzzy_and_empty_entries_are_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fuzzy guess (after an update) must not reach players until someone confirms it."""
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Confirmed"\nmsgstr "Confermato"\n\n'
        '#, fuzzy\nmsgid "Guessed"\nmsgstr "Indovinato"\n\n'
        'msgid "Untranslated"\nmsgstr ""\n\n'
        'msgid "%(n)d card"\nmsgid_plural "%(n)d cards"\nmsgstr[0] "%(n)d carta"\nmsgstr[1] "%(n)d carte"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    _clear_caches()
    try:
        tr = translator("it")
        assert tr("Confirmed") == "Confermato"
        assert tr("Guessed") == "Guessed"
        assert tr("Untranslated") == "Untranslated"
        assert tr.ngettext("%(n)d card", "%(n)d cards", 3) == "%(n)d carte"
        assert catalog("it") == {"Confirmed": "Confermato", "%(n)d card": "%(n)d carta", "%(n)d cards": "%(n)d carte"}
        assert translator("fr")("Traitor") == "Traitor"  # no file for French here: English, no error
    finally:
        monkeypatch.undo()
        _clear_caches()
    assert translator("it")("Traitor") == "Traditore"


def _clear_caches() -> None:
    for cached in (catalogues._catalogue, catalogues._translator, i18n._browser_catalog):
        cached.cache_clear()


def test_no_compiled_catalogue_in_the_repository() -> None:
    assert not list(i18n.LOCALE_DIR.rglob("*.mo"))


# ---------------------------------------------------------------- the browser's catalogue


def test_browser_catalogue() -> None:
    de = catalog("de")
    assert de["Traitor"] == "Verräter"
    assert de["Rules"] == translator("de")("Rules")
    # plural entries: the singular msgid gives the first form, the plural msgid the second
    assert de["%(who)s draws %(n)d supply card."] == "%(who)s zieht %(n)d Versorgungskarte."
    assert de["%(who)s draws %(n)d supply cards."] == "%(who)s zieht %(n)d Versorgungskarten."
    assert all(isinstance(k, str) and k and isinstance(v, str) and v for k, v in de.items())
    assert "" not in de


def test_browser_catalogue_is_a_copy() -> None:
    mine = catalog("fr")
    mine["Traitor"] = "changed"
    assert catalog("fr")["Traitor"] == "Traître"


def test_english_catalogue_is_empty() -> None:
    assert catalog("en") == {}


def test_plural_rule_for_the_browser() -> None:
    assert i18n.plural_forms("fr") == "nplurals=2; plural=(n > 1);"
    assert i18n.plural_forms("en").startswith("nplurals=2")
    assert i18n.plural_forms("zz") == i18n.plural_forms("en")


def test_language_choices() -> None:
    assert [code for code, _ in i18n.language_choices()] == list(LANGUAGES)
    assert dict(i18n.language_choices())["de"] == "Deutsch"


# ---------------------------------------------------------------- negotiation


def test_query_wins_over_cookie_and_browser() -> None:
    assert negotiate("it", "fr", "de") == "it"
    assert negotiate(None, "fr", "de") == "fr"
    assert negotiate(None, None, "de") == "de"
    assert negotiate(None, None, None) == DEFAULT


def test_unsupported_choices_fall_through() -> None:
    assert negotiate("pt", "fr", "de") == "fr"
    assert negotiate("pt", "es", "de") == "de"
    assert negotiate("", "", "") == DEFAULT
    assert negotiate("pt", "zz", "ja, zh;q=0.8") == DEFAULT


def test_accept_language_q_values() -> None:
    assert negotiate(None, None, "fr-CH;q=0.5, de;q=0.9, en;q=0.1") == "de"
    assert negotiate(None, None, "es, it;q=0.3, fr;q=0.2") == "it"
    assert negotiate(None, None, "de;q=0, fr") == "fr"  # q=0: not acceptable
    assert negotiate(None, None, "de-AT") == "de"
    assert negotiate(None, None, "*, fr;q=0.5") == "fr"
    assert negotiate(None, None, "it;q=0.5, fr;q=0.5") == "it"  # equal q: header order


@pytest.mark.parametrize(
    "header", ["", ",,,", ";q=1", "de;q=abc", "de;q=2", "de;q=-1", "q=0.5", "de ; q = 0.7 , fr;q=", "ü"]
)
def test_malformed_accept_language_never_raises(header: str) -> None:
    assert negotiate(None, None, header) in LANGUAGES


def test_regional_cookie_and_query() -> None:
    assert negotiate("de-DE", None, None) == "de"
    assert negotiate(None, "FR", None) == "fr"


# ---------------------------------------------------------------- Jinja2


def _env(lang: str, newstyle: bool) -> Environment:
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    env.install_gettext_translations(translator(lang), newstyle=newstyle)  # type: ignore[attr-defined]
    return env


def test_jinja_gettext_oldstyle() -> None:
    template = _env("it", newstyle=False).from_string(
        '{{ _("Rules") }} · {{ gettext("Lobby") }} · {% trans %}Rules{% endtrans %}'
    )
    assert template.render() == "Regole · Sala · Regole"


def test_jinja_trans_with_variables_and_plurals() -> None:
    env = _env("de", newstyle=True)
    template = env.from_string(
        '{{ _("Rules of %(title)s", title=name) }}|'
        '{{ ngettext("%(who)s draws %(n)d supply card.", "%(who)s draws %(n)d supply cards.", k, who=name, n=k) }}'
    )
    assert template.render(name="Kreta", k=2) == "Regeln von Kreta|Kreta zieht 2 Versorgungskarten."
    assert template.render(name="Kreta", k=1) == "Regeln von Kreta|Kreta zieht 1 Versorgungskarte."


def test_jinja_trans_block_and_context() -> None:
    env = _env("fr", newstyle=False)
    template = env.from_string("{% trans title=name %}Rules of {{ title }}{% endtrans %}|{{ pgettext('x', 'Rose') }}")
    assert template.render(name="Verräter") == "Règles de Verräter|Rose"


def test_jinja_escapes_translations() -> None:
    template = _env("en", newstyle=True).from_string('{{ _("Rules of %(title)s", title=name) }}')
    assert template.render(name="<b>") == "Rules of &lt;b&gt;"
