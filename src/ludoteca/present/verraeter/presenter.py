"""Verräter's :class:`~ludoteca.present.Presenter`: the ``presenter`` facet of its plug-in."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

from ludoteca.core.events import Event
from ludoteca.present import common
from ludoteca.present.i18n import Translator
from ludoteca.verraeter.actions import Action
from ludoteca.verraeter.view import VerraeterView

from . import svg, svg_figures, targets, words


class VerraeterPresenter:
    """Verräter in words and pictures (everything a pure function of a view)."""

    def log_line(self, view: VerraeterView, event: Event, names: Sequence[str], tr: Translator) -> str:
        return words.log_line(view, event, names, tr)

    def action_label(self, view: VerraeterView, action: Action, names: Sequence[str], tr: Translator) -> str:
        return words.action_label(view, action, names, tr)

    def phase_title(self, view: VerraeterView, tr: Translator) -> str:
        return words.phase_title(view, tr)

    def phase_text(self, view: VerraeterView, names: Sequence[str], tr: Translator) -> str:
        return words.phase_text(view, names, tr)

    def rules_text(self, view: VerraeterView, tr: Translator) -> str:
        return words.rules_text(view, tr)

    def breakdown_labels(self, tr: Translator) -> dict[str, str]:
        return words.breakdown_labels(tr)

    def notation_words(self, tr: Translator) -> dict[str, str]:
        return words.notation_words(tr)

    def board_svg(self, view: VerraeterView, names: Sequence[str], tr: Translator) -> str:
        return svg.render_table(view, names, tr)

    def blank_board_svg(self, options: Any, tr: Translator) -> str | None:
        return None  # the ring is dealt, not printed: there is no board without a game

    def private_svg(self, view: VerraeterView, tr: Translator) -> str | None:
        return svg.render_hand(view, tr) if view.player >= 0 else None

    def targets(self, view: VerraeterView, action: Action) -> list[str]:
        return targets.targets(action)

    def terminal(self, view: VerraeterView, names: Sequence[str], tr: Translator) -> Any:
        from . import terminal  # rich, only for the terminal

        return terminal.render(view, names, tr)

    def annotate(self, view: VerraeterView, action: Action, tr: Translator) -> str:
        from . import terminal

        return terminal.annotate(action, view, tr)

    def explain(self, view: VerraeterView, tr: Translator) -> str:
        from . import terminal

        return terminal.explain(view, tr)

    def rules_summary(self, tr: Translator) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def rules_document(self, tr: Translator) -> str:
        return common.player_rules(__package__, tr, svg_figures.FIGURES)

    def rules_section(self, view: VerraeterView) -> str:
        return words.rules_section(view)


PRESENTER = VerraeterPresenter()
