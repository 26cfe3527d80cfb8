"""The rules reference pages: the project's rules documents (``docs/*-rules.md``) as HTML.

The documents in ``docs/`` are the one source: an installed wheel carries copies of them in
``ludoteca/web/rules/`` (see ``pyproject.toml``), a checkout reads them where they are.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from markdown_it import MarkdownIt

_FILES = {"verraeter": "verraeter-rules.md", "kreta": "kreta-rules.md"}


def _source(game: str) -> str:
    name = _FILES[game]
    packaged = resources.files("ludoteca.web") / "rules" / name
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[3] / "docs" / name
    return checkout.read_text(encoding="utf-8")


@cache
def html(game: str) -> str:
    """The rules of ``game`` as an HTML fragment (Markdown with tables; raw HTML in the source is escaped)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return str(md.render(_source(game)))
