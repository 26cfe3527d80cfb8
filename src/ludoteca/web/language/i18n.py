"""The web app's languages: choosing one per request, and the browser's catalogue.

The catalogues and the :class:`~ludoteca.present.i18n.Translator` are the presentation layer's
(:mod:`ludoteca.present.i18n`), shared with the terminal, and re-exported here; this module adds what only
the web needs. The same translator serves Jinja2's ``jinja2.ext.i18n``
(``env.install_gettext_translations(translator(lang))``). The browser gets :func:`catalog`.
"""

from __future__ import annotations

from functools import cache

from ludoteca.present.i18n import (
    DEFAULT,
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    NATIVE_NAMES,
    Translator,
    _catalogue,
    extract_python,
    language_choices,
    supported,
    translator,
)

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "NATIVE_NAMES",
    "Translator",
    "catalog",
    "extract_python",
    "language_choices",
    "negotiate",
    "plural_forms",
    "supported",
    "translator",
]


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
