"""The games' languages: gettext catalogues compiled in memory, one :class:`Translator` per language.

Every front end speaks through these catalogues — the terminal, the web, the research adapters — so a game's
words exist once. The translations live as plain ``.po`` files in ``locale/<lang>/LC_MESSAGES/messages.po``
(written and reviewed by people, updated by ``scripts/i18n.sh``). No compiled ``.mo`` file is kept in the
repository: the first use of a language reads its ``.po`` with Babel, compiles it in memory and caches the
result, so a catalogue can never be stale against its source. Fuzzy entries (Babel's guesses after an
update) are left out until someone confirms them; a message without a translation shows its English msgid.

A :class:`Translator` is what the presenters take: call it like ``_`` (``tr("Stop")``), or use
``gettext``/``ngettext``/``pgettext`` — the same object serves Jinja2's ``jinja2.ext.i18n``. The web's own
concerns (negotiating a request's language, the browser's catalogue) live in :mod:`ludoteca.web.language.i18n`.
"""

from __future__ import annotations

import ast
import gettext
import io
import os
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
from babel.numbers import format_decimal, format_percent

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

    def percent(self, fraction: float) -> str:
        """A fraction as a whole percentage in this language (Babel's CLDR data: "35%", "35 %")."""
        return str(format_percent(fraction, locale=self.lang))

    def decimal(self, value: float, digits: int = 1) -> str:
        """A number with ``digits`` decimals in this language ("1.1", "1,1")."""
        return str(format_decimal(value, format="#,##0." + "0" * digits if digits else "#,##0", locale=self.lang))

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


ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables the terminal's language defaults from, in gettext's order of precedence."""


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE`` may list several, ``it:en``), else English.

    The first variable that is set decides, as in gettext; ``C`` and ``POSIX`` mean English.
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for code in value.split(":"):
            found = supported(code.split(".", 1)[0])
            if found:
                return found
        return DEFAULT
    return DEFAULT


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
