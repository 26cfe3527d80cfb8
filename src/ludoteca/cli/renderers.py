"""The terminal's side of a game's presenter: its table, log lines and help, in the reader's language.

A game's words and pictures are its presenter's (:mod:`ludoteca.present`), found through the game's
plug-in; the terminal adds layout only, so it says what the web says, in the same language. A game whose
plug-in names no presenter still plays, with a plain dump of its view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from rich.console import RenderableType
from rich.markdown import Markdown
from rich.pretty import Pretty

from ludoteca import games
from ludoteca.core.events import Event
from ludoteca.present import Presenter, presenter
from ludoteca.present.common import generic_line
from ludoteca.present.i18n import LANGUAGES, Translator, from_environment, supported, translator


def language_option(value: str | None) -> str:
    """The terminal's language: ``--lang`` if given (``it``, ``de-CH``, ``fr_FR.UTF-8``…), else the
    environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    if value is None or not value.strip():
        return from_environment()
    found = supported(value.split(".", 1)[0])
    if found is None:
        raise click.BadParameter(
            f"{value!r} is not a language ludoteca speaks (choose from {', '.join(LANGUAGES)})", param_hint="'--lang'"
        )
    return found


F = TypeVar("F", bound=Callable[..., Any])


def lang_option(command: F) -> F:
    """The ``--lang`` option of the commands that show a game (play, replay, board)."""
    return click.option(
        "--lang",
        metavar="LANG",
        callback=lambda ctx, param, value: language_option(value),
        help=f"Language of the game's words: {', '.join(LANGUAGES)} "
        "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en).",
    )(command)


class Renderer:
    """A game's presenter as the terminal uses it, bound to one language."""

    def __init__(self, game: str, lang: str | None = None) -> None:
        self.game = game
        self.plugin = games.plugin(game)
        self.tr: Translator = translator(lang or "en")
        self.presenter: Presenter[Any, Any] | None = presenter(self.plugin) if self.plugin.has("presenter") else None

    def render(self, view: Any, names: Sequence[str]) -> RenderableType:
        if self.presenter is not None:
            rendered: RenderableType = self.presenter.terminal(view, names, self.tr)
            return rendered
        if dataclasses.is_dataclass(view):
            skip = ("log", "board")
            return Pretty({f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name not in skip})
        return Pretty(view)

    def describe(self, view: Any, event: Event, names: Sequence[str]) -> str:
        """One event of ``view.log`` in words (the web's log line, in this language)."""
        if self.presenter is not None:
            return self.presenter.log_line(view, event, names, self.tr)
        return generic_line(event, names, self.tr)

    def annotate(self, action: Any, view: Any) -> str:
        return self.presenter.annotate(view, action, self.tr) if self.presenter is not None else ""

    def explain(self, view: Any) -> str:
        if self.presenter is not None:
            return self.presenter.explain(view, self.tr)
        return f"Current phase: {getattr(view, 'phase', '?')}."

    def rules(self) -> RenderableType:
        """The game's rules summary, or where to find the full rules."""
        if self.presenter is not None:
            return Markdown(self.presenter.rules_summary(self.tr))
        return Markdown(f"No rules summary here yet: see the rules of {self.plugin.title}.")

    def rules_text(self, view: Any, fallback: str) -> str:
        """The rule options in force, in one line of this language (``fallback`` without a presenter)."""
        return self.presenter.rules_text(view, self.tr) if self.presenter is not None else fallback

    def breakdown_labels(self) -> dict[str, str]:
        """The score table's column names for the game's breakdown keys, in this language."""
        return self.presenter.breakdown_labels(self.tr) if self.presenter is not None else {}
