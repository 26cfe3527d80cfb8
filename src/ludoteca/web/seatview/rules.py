"""The rules pages: each game's rules for players (its presenter's Markdown document) as HTML, per language.

Two things are added to CommonMark here, both for the presenters' documents: a heading may end in
``{#anchor}``, which becomes its id (the anchors the table's Rules link opens, the same in every
language); and a fenced block with the info string ``figure <caption>`` is a picture, its SVG inlined in a
``<figure>`` with the caption. Any other raw HTML in a document is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from ludoteca import games
from ludoteca.present import presenter
from ludoteca.present.i18n import translator

_ANCHOR = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")


def _heading_ids(state: StateCore) -> None:
    """``## Phase 1 {#phase-1}``: the trailing ``{#…}`` of a heading becomes the heading's id."""
    tokens = state.tokens
    for k, token in enumerate(tokens[:-1]):
        if token.type != "heading_open":
            continue
        inline = tokens[k + 1]
        found = _ANCHOR.search(inline.content)
        if found:
            token.attrSet("id", found[1])
            inline.content = inline.content[: found.start()]


def _fence(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    """A ``figure`` block is the presenter's SVG, shown as it is (it is the project's drawing, not user text)."""
    token = tokens[idx]
    kind, _, caption = token.info.strip().partition(" ")
    if kind != "figure" or not token.content.lstrip().startswith("<svg"):
        return _code(token)
    return (
        f'<figure class="rules-figure">{token.content.strip()}'
        f"<figcaption>{escape(caption.strip())}</figcaption></figure>\n"
    )


def _code(token: Token) -> str:
    return f"<pre><code>{escape(token.content)}</code></pre>\n"


def renderer() -> MarkdownIt:
    """CommonMark with tables, heading anchors and figures (raw HTML escaped)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.before("inline", "heading_ids", _heading_ids)
    md.add_render_rule("fence", _fence)
    return md


@cache
def html(game: str, lang: str = "en") -> str:
    """The rules of ``game`` for players in ``lang``, as an HTML fragment."""
    return str(renderer().render(presenter(games.plugin(game)).rules_document(translator(lang))))
