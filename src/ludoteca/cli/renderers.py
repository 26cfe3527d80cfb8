"""Finds a game's terminal renderer module, ``ludoteca.cli.render_<game>``, and fills the gaps.

A renderer module provides ``render(view, names)`` and ``describe(event, names)``; it may add
``explain(view)`` (help for the current phase) and ``annotate(action, view)`` (a few words beside an
option). A game whose renderer is not written yet still plays, with a plain dump of its view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from importlib import import_module, resources
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.pretty import Pretty
from rich.text import Text

from ludoteca.core.events import Event


class Renderer:
    """The game's terminal renderer module, with plain fallbacks for whatever it does not provide."""

    def __init__(self, game: str) -> None:
        self.game = game
        name = f"ludoteca.cli.render_{game}"
        self.module: ModuleType | None
        try:
            self.module = import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            self.module = None

    def render(self, view: Any, names: Sequence[str]) -> RenderableType:
        if self.module is not None:
            rendered: RenderableType = self.module.render(view, names)
            return rendered
        if dataclasses.is_dataclass(view):
            skip = ("log", "board")
            return Pretty({f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name not in skip})
        return Pretty(view)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        if self.module is not None:
            return str(self.module.describe(event, names))
        who = names[event.seat] if 0 <= event.seat < len(names) else ""
        return " ".join(str(x) for x in (who, event.kind, *event.data) if x != "")

    def annotate(self, action: Any, view: Any) -> str:
        annotate = getattr(self.module, "annotate", None)
        return str(annotate(action, view)) if annotate is not None else ""

    def explain(self, view: Any) -> str:
        explain = getattr(self.module, "explain", None)
        return str(explain(view)) if explain is not None else f"Current phase: {getattr(view, 'phase', '?')}."

    def rules(self) -> RenderableType:
        """The game's rules summary (``cli/rules/<game>.md``), or where to find the full rules."""
        try:
            text = resources.files("ludoteca.cli").joinpath(f"rules/{self.game}.md").read_text(encoding="utf-8")
        except (FileNotFoundError, OSError):
            return Text(f"No rules summary here yet: see docs/{self.game}-rules.md in the ludoteca repository.")
        return Markdown(text)
