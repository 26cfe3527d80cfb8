"""The presentation layer: each game's words and pictures, once, for every front end.

Between the rules cores and the three front ends (terminal, web, research adapters). A game's
:class:`Presenter` says everything about it in words — event lines, phase titles and instructions,
action labels, the names of cards, landscapes, provinces and pieces, the rule options in force — through
the gettext catalogues the web uses (a :class:`Translator` in, strings out), and draws its pictures
(SVG) from views. A front end adds layout, never wording: the terminal and the web say the same thing
in the same language. Everything here is a pure function of a view (the only window onto secrets), so
nothing a presenter produces can leak what the seat may not know.

A game's presenter is the ``presenter`` facet of its plug-in (:mod:`ludoteca.core.plugin`); use
:func:`presenter` to get it typed. A game may also have a :class:`Guide` (the ``guide`` facet, :func:`guide`):
the words of a guided first game — a lesson per phase, what each choice means, why the hint prefers its
choice — pure functions of a view like everything else here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from ludoteca.core.events import Event
from ludoteca.core.plugin import GamePlugin, PluginError

from .i18n import Translator, translator

# ``Translator``: ``tr("English message")`` is the message in the reader's language (gettext; English is the
# identity), with ``tr.ngettext`` for plurals, ``tr.format_list`` for "a, b and c", ``tr.percent`` and
# ``tr.decimal`` for numbers; ``translator(lang)``
# gives one (see :mod:`ludoteca.present.i18n`, whose catalogues the terminal and the web share).

V_contra = TypeVar("V_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


@runtime_checkable
class Presenter(Protocol[V_contra, A_contra]):
    """A game's words and pictures. ``names`` are the seats' names in seat order; ``tr`` the reader's language."""

    def log_line(self, view: V_contra, event: Event, names: Sequence[str], tr: Translator) -> str:
        """One event of ``view.log`` as a sentence (the log is already what the view's seat may see)."""
        ...

    def action_label(self, view: V_contra, action: A_contra, names: Sequence[str], tr: Translator) -> str:
        """A short label for a legal action of the seat to act; one position's labels are all different."""
        ...

    def phase_title(self, view: V_contra, tr: Translator) -> str:
        """The phase's name ("Phase 3: play supply cards")."""
        ...

    def phase_text(self, view: V_contra, names: Sequence[str], tr: Translator) -> str:
        """What the seat to act must do now: addressed to it in its own view, said of it to everyone else;
        who won once the game is over."""
        ...

    def rules_text(self, view: V_contra, tr: Translator) -> str:
        """The rule options the game is played with, in one line."""
        ...

    def breakdown_labels(self, tr: Translator) -> dict[str, str]:
        """Labels of the keys of the game's ``GameResult.breakdown``."""
        ...

    def board_svg(self, view: V_contra, names: Sequence[str], tr: Translator) -> str:
        """The public table or map, drawn from a (spectator's) view; clickable parts carry ``data-target``."""
        ...

    def blank_board_svg(self, options: Any, tr: Translator) -> str | None:
        """The board with no game on it, for the rule ``options`` (which may name a board file), or None
        if the game has no board to draw (the terminal's ``board`` command)."""
        ...

    def private_svg(self, view: V_contra, tr: Translator) -> str | None:
        """The seat's own cards (a hand, a draft), or None if the game has nothing private to draw."""
        ...

    def targets(self, view: V_contra, action: A_contra) -> list[str]:
        """The ``data-target`` keys a legal action involves, in clicking order (empty: a button)."""
        ...

    def terminal(self, view: V_contra, names: Sequence[str], tr: Translator) -> Any:
        """The table for the terminal (a ``rich`` renderable), with the same words as above."""
        ...

    def annotate(self, view: V_contra, action: A_contra, tr: Translator) -> str:
        """A few words the terminal shows beside a numbered option ("Wald Eagle", "8 CP"); may be empty."""
        ...

    def explain(self, view: V_contra, tr: Translator) -> str:
        """What the current phase asks of the player, in a few sentences (the terminal's ``help``)."""
        ...

    def rules_summary(self, tr: Translator) -> str:
        """The game's rules in brief, as Markdown (the terminal's ``rules``)."""
        ...

    def rules_document(self, tr: Translator) -> str:
        """The game's rules for players in ``tr``'s language, as Markdown (the web's rules page): a quick start,
        then the full rules with every option. Headings may end in ``{#anchor}`` (the anchors
        :meth:`rules_section` names); pictures are fenced blocks with the info string ``figure <caption>``
        holding an SVG document."""
        ...

    def rules_section(self, view: V_contra) -> str:
        """The anchor of the section of :meth:`rules_document` about the phase ``view`` is in (the same in
        every language): where the table's Rules link opens the rules."""
        ...


@dataclass(frozen=True)
class Lesson:
    """What the guide says about the moment under way: a title and a few short paragraphs."""

    title: str
    paragraphs: tuple[str, ...]


@runtime_checkable
class Guide(Protocol[V_contra, A_contra]):
    """A game's guided first game in words, for a beginner, in the game's own vocabulary (the words the
    table and the log use). Pure functions of the view, so a guide can no more leak a secret than the table."""

    def lesson(self, view: V_contra, names: Sequence[str], tr: Translator) -> Lesson:
        """What the phase under way is about and what the player's kinds of choice mean (special moments —
        the set-up, the first conflict or scoring, the end of a round, the end of the game — get their own)."""
        ...

    def meaning(self, view: V_contra, action: A_contra, tr: Translator) -> str:
        """What a legal action of the seat to act does here, computed from the view, in one sentence or two."""
        ...

    def reason(self, view: V_contra, best: A_contra, other: A_contra, tr: Translator) -> str:
        """Why ``best`` is preferred to ``other`` (both legal for the seat to act), in game terms: what
        ``best`` achieves that ``other`` does not, in one or two sentences."""
        ...


_BY_VIEW_TYPE: dict[type, Presenter[Any, Any]] = {}


def for_view(view: object) -> Presenter[Any, Any]:
    """The presenter of the game ``view`` belongs to (``games.plugin_for_view``), remembered per view type:
    the web asks once per label, and a Kreta position can have thousands of legal actions.
    Raises :class:`ludoteca.games.UnknownGameError` for anything but a registered game's view."""
    found = _BY_VIEW_TYPE.get(type(view))
    if found is None:
        from ludoteca import games

        found = _BY_VIEW_TYPE[type(view)] = presenter(games.plugin_for_view(view))
    return found


def presenter(plugin: GamePlugin[Any, Any, Any]) -> Presenter[Any, Any]:
    """The game's presenter, checked to be one."""
    found = plugin.facet("presenter")
    if not isinstance(found, Presenter):
        raise PluginError(f"{plugin.title}: its presenter does not provide the Presenter methods")
    return found


def guide(plugin: GamePlugin[Any, Any, Any]) -> Guide[Any, Any] | None:
    """The game's guide, checked to be one, or None if the game has none (no guided game is offered then)."""
    if not plugin.has("guide"):
        return None
    found = plugin.facet("guide")
    if not isinstance(found, Guide):
        raise PluginError(f"{plugin.title}: its guide does not provide the Guide methods")
    return found


def guide_for_view(view: object) -> Guide[Any, Any] | None:
    """The guide of the game ``view`` belongs to, or None (see :func:`guide`)."""
    from ludoteca import games

    return guide(games.plugin_for_view(view))


__all__ = [
    "Guide",
    "Lesson",
    "Presenter",
    "Translator",
    "for_view",
    "guide",
    "guide_for_view",
    "presenter",
    "translator",
]
