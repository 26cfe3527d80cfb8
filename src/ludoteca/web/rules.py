"""The rules reference pages: each game's full rules (its presenter's Markdown document) as HTML."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt

from ludoteca import games
from ludoteca.present import presenter
from ludoteca.present.i18n import translator


@cache
def html(game: str) -> str:
    """The rules of ``game`` as an HTML fragment (Markdown with tables; raw HTML in the source is escaped)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return str(md.render(presenter(games.plugin(game)).rules_document(translator("en"))))
