"""The web app's languages: gettext catalogues compiled in memory, and choosing a language per request.

The translations live as plain ``.po`` files in ``locale/<lang>/LC_MESSAGES/messages.po`` (written and
reviewed by people, updated by ``scripts/i18n.sh``). No compiled ``.mo`` file is kept in the repository:
the first use of a language reads its ``.po`` with Babel, compiles it in memory and caches the result,
so a catalogue can never be stale against its source. Fuzzy entries (Babel's guesses after an update)
are left out until someone confirms them; a message without a translation shows its English msgid.

A :class:`Translator` is what the rest of the web layer passes around: call it like ``_`` (``tr("Stop")``),
or use ``gettext``/``ngettext``/``pgettext`` — the same object serves Jinja2's ``jinja2.ext.i18n``
(``env.install_gettext_translations(translator(lang))``). The browser gets :func:`catalog`.
"""

from __future__ import annotations

import ast
import gettext
import io
import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import IO, Any

from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python as babel_extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "it", "fr", "de")
"""The languages of the web app, English (the msgids themselves) first."""
DEFAULT = "en"
NATIVE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "de": "Deutsch"}
"""Each language's name in that language: what the language switch shows."""
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


def language_choices() -> list[tuple[str, str]]:
    """``(code, native name)`` for every language, in the order of :data:`LANGUAGES` (for the switch)."""
    return [(code, NATIVE_NAMES[code]) for code in LANGUAGES]


def supported(code: object) -> str | None:
    """The supported language a code names (``"de-CH"`` → ``"de"``, ``"EN_us"`` → ``"en"``), or None.

    Anything else — an unknown language, an empty or non-text value — gives None and never raises.
    """
    if not isinstance(code, str):
        return None
    primary = code.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else None


class Translator:
    """One language's translations, callable as ``tr("msgid")``.

    English is the identity (the msgids are the English text). The method names are gettext's, so the
    object also serves ``jinja2.ext.i18n`` (which looks for ``gettext``, ``ngettext``, ``pgettext`` and
    ``npgettext``) and any code written against :class:`gettext.NullTranslations`.
    """

    __slots__ = ("_translations", "lang")

    def __init__(self, lang: str, translations: gettext.NullTranslations | None = None) -> None:
        self.lang = lang
        self._translations = translations or gettext.NullTranslations()

    def __call__(self, message: str) -> str:
        return self._translations.gettext(message)

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's plural rule (``n == 1`` in English)."""
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._translations.npgettext(context, singular, plural, n)

    def format_list(self, items: Iterable[str]) -> str:
        """``a, b and c`` in this language (Babel's CLDR list patterns: "a, b e c", "a, b et c"…)."""
        return format_list(list(items), locale=self.lang)

    def __repr__(self) -> str:
        return f"<Translator {self.lang}>"


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalogue(lang: str) -> Catalog | None:
    """The language's ``.po`` file as Babel reads it (None for English or when the file is missing)."""
    path = _po_path(lang)
    if lang == DEFAULT or not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN, ignore_obsolete=True)


@cache
def _translator(lang: str) -> Translator:
    po = _catalogue(lang)
    if po is None:
        return Translator(lang)
    buffer = io.BytesIO()
    write_mo(buffer, po, use_fuzzy=False)
    buffer.seek(0)
    return Translator(lang, gettext.GNUTranslations(buffer))


def translator(lang: str | None) -> Translator:
    """The translator for ``lang`` (compiled at first use, then cached); an unknown code gets English."""
    return _translator(supported(lang) or DEFAULT)


@cache
def _browser_catalog(lang: str) -> dict[str, str]:
    po = _catalogue(lang)
    out: dict[str, str] = {}
    if po is None:
        return out
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            for msgid, text in zip(message.id, forms, strict=False):
                if text:
                    out[msgid] = text
        elif isinstance(message.string, str) and message.string:
            out[message.id] = message.string
    return out


def catalog(lang: str | None) -> dict[str, str]:
    """The translations for the browser: ``{msgid: translation}``, served as ``/i18n/<lang>.json``.

    Only confirmed (non-fuzzy, non-empty) translations are included; the page's ``t(msgid)`` falls back
    to the msgid itself, so English is an empty dictionary. Plural entries appear twice: the singular
    msgid maps to the first form and the plural msgid to the second (Italian, French and German have
    exactly two forms; pick by ``n === 1``, or ``n <= 1`` for French). A fresh dict each call.
    """
    return dict(_browser_catalog(supported(lang) or DEFAULT))


def _accept_language(header: str) -> list[str]:
    """The language ranges of an ``Accept-Language`` header, best first (``q=0`` and junk dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        fields = [f.strip() for f in part.split(";")]
        tag, q = fields[0], 1.0
        for param in fields[1:]:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag and tag != "*" and 0 < q <= 1:
            ranked.append((-q, position, tag))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language of a request: the first supported of an explicit ``?lang=``, the cookie, the
    browser's ``Accept-Language`` (by q-value), else :data:`DEFAULT`. Nothing here raises."""
    for choice in (query, cookie):
        found = supported(choice)
        if found:
            return found
    if isinstance(accept_language, str):
        for tag in _accept_language(accept_language):
            found = supported(tag)
            if found:
                return found
    return DEFAULT


def plural_forms(lang: str | None) -> str:
    """The language's ``Plural-Forms`` header (``nplurals=2; plural=(n != 1);`` for English)."""
    po = _catalogue(supported(lang) or DEFAULT)
    return po.plural_forms if po is not None else "nplurals=2; plural=(n != 1);"


def extract_python(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's Python extractor, plus the ``tr("...")`` calls written inside f-strings.

    Babel reads Python with the tokenizer, which before Python 3.12 sees an f-string as one opaque string
    token: a message in ``f"<title>{tr('Libyan Sea')}</title>"`` would never reach the catalogues. The
    f-strings' expressions are read here from the syntax tree instead (``babel.cfg`` names this function).
    Yields Babel's ``(lineno, funcname, messages, comments)``.
    """
    source = fileobj.read()
    yield from babel_extract_python(io.BytesIO(source), keywords, comment_tags, options)
    if sys.version_info >= (3, 12):  # the tokenizer looks inside f-strings itself
        return
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    seen: set[int] = set()  # an f-string nested in another is walked twice
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if not isinstance(call, ast.Call) or id(call) in seen:
                continue
            seen.add(id(call))
            func = call.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in keywords:
                continue
            args = tuple(
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in call.args
            )
            if args and args[0] is not None:
                yield call.lineno, name, args if len(args) > 1 else args[0], []
