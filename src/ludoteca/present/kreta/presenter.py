"""Kreta's :class:`~ludoteca.present.Presenter`: the ``presenter`` facet of its plug-in."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

from ludoteca.core.events import Event
from ludoteca.kreta.actions import KretaAction as Action
from ludoteca.kreta.board import load_board
from ludoteca.kreta.view import KretaView
from ludoteca.present import common
from ludoteca.present.i18n import Translator

from . import svg, svg_figures, svg_hand, targets, words


class KretaPresenter:
    """Kreta in words and pictures (everything a pure function of a view)."""

    def log_line(self, view: KretaView, event: Event, names: Sequence[str], tr: Translator) -> str:
        return words.log_line(view, event, names, tr)

    def action_label(self, view: KretaView, action: Action, names: Sequence[str], tr: Translator) -> str:
        return words.action_label(view, action, names, tr)

    def phase_title(self, view: KretaView, tr: Translator) -> str:
        return words.phase_title(view, tr)

    def phase_text(self, view: KretaView, names: Sequence[str], tr: Translator) -> str:
        return words.phase_text(view, names, tr)

    def rules_text(self, view: KretaView, tr: Translator) -> str:
        return words.rules_text(view, tr)

    def breakdown_labels(self, tr: Translator) -> dict[str, str]:
        return words.breakdown_labels(tr)

    def notation_words(self, tr: Translator) -> dict[str, str]:
        return words.notation_words(tr)

    def board_svg(self, view: KretaView, names: Sequence[str], tr: Translator) -> str:
        return svg.render_svg(view.board, view, names=names, tr=tr)

    def blank_board_svg(self, options: Any, tr: Translator) -> str | None:
        return svg.render_svg(load_board(options.board), tr=tr)

    def private_svg(self, view: KretaView, tr: Translator) -> str | None:
        return svg_hand.render_hand(view, tr)  # public cards, pinned in the dock within the player's reach

    def targets(self, view: KretaView, action: Action) -> list[str]:
        return targets.targets(action)

    def terminal(self, view: KretaView, names: Sequence[str], tr: Translator) -> Any:
        from . import terminal  # rich, only for the terminal

        return terminal.render(view, names, tr)

    def annotate(self, view: KretaView, action: Action, tr: Translator) -> str:
        return ""  # the notation names provinces by name: nothing to tell apart

    def explain(self, view: KretaView, tr: Translator) -> str:
        from . import terminal

        return terminal.explain(view, tr)

    def rules_summary(self, tr: Translator) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def rules_document(self, tr: Translator) -> str:
        return common.player_rules(__package__, tr, svg_figures.FIGURES)

    def rules_section(self, view: KretaView) -> str:
        return words.rules_section(view)


PRESENTER = KretaPresenter()
