"""Verräter in words, in every language of the terminal and the web: the log, action labels, what to do now.

The one place the game's sentences live (the terminal's table in :mod:`.terminal` uses them too). Every
sentence is a gettext message with named placeholders, so a translator can reorder it, and counts use
``ngettext``. Card, house and landscape names are messages of their own: in Italian and French they
follow the published rule translations (Traditore, Traître; Magazzino, Grenier; Rifornimento,
Richesses), in German they are the printed originals (Verräter, Baumeister, Gutshof, Kontor).
Landscapes are named by type and ring number ("Forest 5"), the number the table shows.

Everything here is a pure function of a :class:`VerraeterView` (or one event of its log), the seat
names and a translator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludoteca.core.events import Event
from ludoteca.present.common import generic_line, number, numbers_text, over_text, seat_name
from ludoteca.present.i18n import Translator
from ludoteca.verraeter.actions import (
    Action,
    Build,
    Discard,
    PassBuild,
    PlaceGutshof,
    PlaySupply,
    SetConflict,
    TakeAction,
    TurnEstate,
)
from ludoteca.verraeter.components import DIPLOMAT5, EAGLE, RING_SIZE, ROSE, TRAITOR
from ludoteca.verraeter.options import SHIPPED
from ludoteca.verraeter.view import VerraeterView

from .svg_draw import action_words, house_words, phase_words


def card_name(card: object, tr: Translator) -> str:
    """An action card's name (``card``: index into ``cards.ACTION_KEYS``), as the table's cards name it."""
    names = action_words(tr)
    return names[card] if isinstance(card, int) and 0 <= card < len(names) else "?"


def house_name(house: object, tr: Translator) -> str:
    return house_words(tr)[house] if house in (EAGLE, ROSE) else "?"


def kind_name(kind: object, tr: Translator) -> str:
    """A landscape type's name (``kind``: index into ``cards.LANDSCAPE_KEYS``)."""
    names = (tr("Wasteland"), tr("Meadow"), tr("River"), tr("Forest"), tr("Village"), tr("Town"))
    return names[kind] if isinstance(kind, int) and 0 <= kind < len(names) else "?"


def component_words(tr: Translator) -> dict[str, str]:
    """The components that have no card name of their own, as every text of the game calls them: the log and the
    buttons say them inside sentences, the rules for players as words (``tests/present/test_rules_vocabulary.py`` holds
    the rules to these)."""
    return {
        "supply cards": tr("supply cards"),
        "action cards": tr("action cards"),
        "strategy card": tr("strategy card"),
        "conflict card": tr("conflict card"),
        "start player": tr("start player"),
        "draw pile": tr("draw pile"),
        "discard pile": tr("discard pile"),
    }


def landscape_name(view: VerraeterView, i: object, tr: Translator) -> str:
    """A landscape of the ring by type and number as on the table: "Forest 5" (``i`` is 0-based)."""
    if not isinstance(i, int) or not 0 <= i < len(view.ring):
        return tr("landscape %(number)s") % {"number": i}
    return tr("%(kind)s %(number)d") % {"kind": kind_name(view.ring[i].kind, tr), "number": i + 1}


def cards_text(values: Sequence[object]) -> str:
    """Supply card values as a sum: "5 + 3"."""
    return numbers_text(values, " + ")


def cards_list(values: Sequence[object]) -> str:
    """Supply card values as a list: "2, 5, 5" (cards held or drawn, not added up)."""
    return numbers_text([number(v) for v in values])


def breakdown_labels(tr: Translator) -> dict[str, str]:
    """Labels of ``GameResult.breakdown``'s keys (``VerraeterState.result``)."""
    return {
        "conflict": tr("Conflicts"),
        "traitor": tr("Traitor"),
        "strategist": tr("Strategist"),
        "kontor": tr("Kontor bonus"),
    }


def rules_text(view: VerraeterView, tr: Translator) -> str:
    """The rule options in force, in one line (like ``VerraeterOptions.describe``)."""
    o = view.options
    parts = [
        tr("%(edition)d edition") % {"edition": o.edition},
        tr("hand limit %(limit)d") % {"limit": o.hand_limit},
        tr("no draw cap") if o.draw_cap is None else tr("draw cap %(cap)d") % {"cap": o.draw_cap},
    ]
    if o.discard_timing == "after":
        parts.append(tr("discard after drawing"))
    if o.builder_places_kontor:
        parts.append(tr("the Builder may place a Kontor"))
    if o.to_dict()["landscapes"] != SHIPPED:  # a user's own table of victory points
        parts.append(tr("landscape VP from %(source)s") % {"source": o.landscapes.source})
    return ", ".join(parts)


# ---------------------------------------------------------------- the log

_Line = Callable[[VerraeterView, Event, str, Sequence[str], Translator], str]


def log_line(view: VerraeterView, event: Event, names: Sequence[str], tr: Translator) -> str:
    """One event of ``view.log`` in words (an unknown kind, or data of an unexpected shape, gets
    :func:`generic_line`)."""
    fn = _LINES.get(event.kind)
    if fn is None:
        return generic_line(event, names, tr)
    try:
        return fn(view, event, seat_name(names, event.seat, tr), names, tr)
    except (IndexError, TypeError, ValueError, KeyError):
        return generic_line(event, names, tr)


def _setup(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("New game (%(edition)s edition): %(who)s is the start player and supports Eagle.") % {
        "edition": e.data[0],
        "who": who,
    }


def _round(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("Round %(round)d of %(total)d: %(who)s is the start player.") % {
        "round": number(e.data[0]),
        "total": view.rounds_total,
        "who": who,
    }


def _conflict(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    a = number(e.data[0])
    return tr("%(who)s sets the conflict between %(first)s and %(second)s.") % {
        "who": who,
        "first": landscape_name(view, a, tr),
        "second": landscape_name(view, (a + 1) % RING_SIZE, tr),
    }


def _supply(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    cards = [number(v) for v in e.data]
    if not cards:
        return tr("%(who)s plays no supply cards.") % {"who": who}
    return tr("%(who)s plays supply %(cards)s (%(cp)d CP).") % {
        "who": who,
        "cards": cards_text(cards),
        "cp": sum(cards),
    }


def _reveal(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    cards = [
        tr("%(who)s: %(card)s") % {"who": seat_name(names, p, tr), "card": card_name(c, tr)}
        for p, c in enumerate(e.data)
    ]
    return tr("Action cards revealed: %(cards)s.") % {"cards": "; ".join(cards)}


def _switch(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    values = {"who": who, "house": house_name(e.data[0], tr)}
    card = e.data[1] if len(e.data) > 1 else None
    if card == TRAITOR:
        return tr("%(who)s (Traitor) switches to %(house)s.") % values
    if card == DIPLOMAT5:
        return tr("%(who)s (Diplomat +5) switches to %(house)s: everyone supported one house (2008 rule).") % values
    return tr("%(who)s switches to %(house)s.") % values


def _tie(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("Tie at %(eagle)d to %(rose)d: no landscape changes hands.") % {
        "eagle": number(e.data[0]),
        "rose": number(e.data[1]),
    }


def _won(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    w, eagle, rose, lost = e.data[:4]
    winner, loser = (eagle, rose) if w == EAGLE else (rose, eagle)
    return tr("%(house)s wins the conflict %(winner)d to %(loser)d; %(landscape)s is conquered.") % {
        "house": house_name(w, tr),
        "winner": number(winner),
        "loser": number(loser),
        "landscape": landscape_name(view, lost, tr),
    }


def _score(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    values = {"who": who, "vp": number(e.data[0])}
    source = e.data[1] if len(e.data) > 1 else None
    if source == "conflict":
        return tr("%(who)s scores %(vp)d VP for the conquest.") % values
    if source == "traitor":
        return tr("%(who)s scores %(vp)d VP as Traitor.") % values
    if source == "strategist":
        return tr("%(who)s scores %(vp)d VP as Strategist.") % values
    return tr("%(who)s scores %(vp)d VP.") % values


def _conquer(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("%(landscape)s turns to %(house)s.") % {
        "landscape": landscape_name(view, e.data[0], tr),
        "house": house_name(e.data[1], tr),
    }


def _build(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    values = {"who": who, "landscape": landscape_name(view, e.data[0], tr)}
    if e.data[1]:
        return tr("%(who)s (Builder) places a Kontor under %(landscape)s.") % values
    return tr("%(who)s (Builder) places a Gutshof under %(landscape)s.") % values


def _turn(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    values = {"who": who, "landscape": landscape_name(view, e.data[0], tr)}
    if e.data[1]:
        return tr("%(who)s (Builder) turns the estate card under %(landscape)s to its Kontor side.") % values
    return tr("%(who)s (Builder) turns the estate card under %(landscape)s to its Gutshof side.") % values


def _discard(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    cards = [number(v) for v in e.data]
    if not cards:
        return tr("%(who)s discards nothing and draws fewer cards (hand limit).") % {"who": who}
    return tr("%(who)s discards %(cards)s to stay within the hand limit.") % {"who": who, "cards": cards_list(cards)}


def _draw(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    k = number(e.data[0]) if e.data else 0
    if k == 0:
        return tr("%(who)s draws no cards.") % {"who": who}
    return tr.ngettext("%(who)s draws %(n)d supply card.", "%(who)s draws %(n)d supply cards.", k) % {
        "who": who,
        "n": k,
    }


def _drew(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    return tr.ngettext(
        "%(who)s drew the supply card %(cards)s.", "%(who)s drew the supply cards %(cards)s.", len(e.data)
    ) % {"who": who, "cards": cards_list(e.data)}


def _reshuffle(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    n = number(e.data[0])
    return tr.ngettext(
        "The discard pile is shuffled into a new draw pile (%(n)d card).",
        "The discard pile is shuffled into a new draw pile (%(n)d cards).",
        n,
    ) % {"n": n}


def _over(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
    values = {"round": number(e.data[0]), "total": RING_SIZE}
    if len(e.data) > 1 and e.data[1]:
        return tr("Game over in round %(round)d: one house holds all %(total)d landscapes.") % values
    return tr("Game over after round %(round)d.") % values


def _simple(message: Callable[[Translator], str]) -> _Line:
    """A line whose only placeholder is ``who``."""

    def line(view: VerraeterView, e: Event, who: str, names: Sequence[str], tr: Translator) -> str:
        return message(tr) % {"who": who}

    return line


_LINES: dict[str, _Line] = {
    "setup": _setup,
    "gutshof": lambda v, e, who, n, tr: (
        tr("%(who)s places a Gutshof under %(landscape)s.")
        % {"who": who, "landscape": landscape_name(v, e.data[0], tr)}
    ),
    "dealt": lambda v, e, who, n, tr: (
        tr("%(who)s is dealt the supply cards %(cards)s.") % {"who": who, "cards": cards_list(e.data)}
    ),
    "round": _round,
    "conflict": _conflict,
    "take": _simple(lambda tr: tr("%(who)s keeps an action card.")),
    "took": lambda v, e, who, n, tr: (
        tr("%(who)s keeps the %(card)s (secret).") % {"who": who, "card": card_name(e.data[0], tr)}
    ),
    "supply": _supply,
    "reveal": _reveal,
    "switch": _switch,
    "tie": _tie,
    "won": _won,
    "score": _score,
    "conquer": _conquer,
    "build": _build,
    "turn": _turn,
    "pass": _simple(lambda tr: tr("%(who)s (Builder) builds nothing.")),
    "strategy": _simple(lambda tr: tr("%(who)s takes the strategy and conflict cards.")),
    "discard": _discard,
    "draw": _draw,
    "drew": _drew,
    "reshuffle": _reshuffle,
    "over": _over,
}
EVENT_KINDS = frozenset(_LINES)
"""Every event kind of the Verräter core that :func:`log_line` puts in words."""


# ---------------------------------------------------------------- actions

def notation_words(tr: Translator) -> dict[str, str]:
    """The keywords of Verräter's notation (``take builder``, ``supply 3,5``) as a player of ``tr``'s language
    types them at the terminal (:mod:`ludoteca.present.notation`); numbers are the same everywhere."""
    return {
        "gutshof": tr.pgettext("notation", "gutshof"),
        "kontor": tr.pgettext("notation", "kontor"),
        "conflict": tr.pgettext("notation", "conflict"),
        "take": tr.pgettext("notation", "take"),
        "supply": tr.pgettext("notation", "supply"),
        "build": tr.pgettext("notation", "build"),
        "turn": tr.pgettext("notation", "turn"),
        "pass": tr.pgettext("notation", "pass"),
        "discard": tr.pgettext("notation", "discard"),
        "traitor": tr.pgettext("notation", "traitor"),
        "diplomat+2": tr.pgettext("notation", "diplomat+2"),
        "diplomat+5": tr.pgettext("notation", "diplomat+5"),
        "builder": tr.pgettext("notation", "builder"),
        "strategist": tr.pgettext("notation", "strategist"),
        "farmer": tr.pgettext("notation", "farmer"),
    }


_TAKE = {
    0: lambda tr: tr("Take the Traitor"),
    1: lambda tr: tr("Take the Diplomat +2"),
    2: lambda tr: tr("Take the Diplomat +5"),
    3: lambda tr: tr("Take the Builder"),
    4: lambda tr: tr("Take the Strategist"),
    5: lambda tr: tr("Take the Farmer"),
}


def action_label(view: VerraeterView, action: Action, names: Sequence[str], tr: Translator) -> str:
    """A short label for a legal action of the seat to act: what clicking its button does."""
    if isinstance(action, TakeAction):
        take = _TAKE.get(action.card)
        return take(tr) if take else action.to_text()
    if isinstance(action, PlaySupply):
        if not action.cards:
            return tr("Play no supply")
        return tr("Play supply %(cards)s (%(cp)d CP)") % {"cards": cards_text(action.cards), "cp": sum(action.cards)}
    if isinstance(action, SetConflict):
        return tr("Conflict between %(first)s and %(second)s") % {
            "first": landscape_name(view, action.position, tr),
            "second": landscape_name(view, (action.position + 1) % RING_SIZE, tr),
        }
    if isinstance(action, PlaceGutshof):
        return tr("Place a Gutshof under %(landscape)s") % {"landscape": landscape_name(view, action.landscape, tr)}
    if isinstance(action, Build):
        values = {"landscape": landscape_name(view, action.landscape, tr)}
        if action.kontor:
            return tr("Build a Kontor under %(landscape)s") % values
        return tr("Build a Gutshof under %(landscape)s") % values
    if isinstance(action, TurnEstate):
        values = {"landscape": landscape_name(view, action.landscape, tr)}
        if view.ring[action.landscape].kontor:
            return tr("Turn the Kontor under %(landscape)s to Gutshof") % values
        return tr("Turn the Gutshof under %(landscape)s to Kontor") % values
    if isinstance(action, PassBuild):
        return tr("Build nothing")
    if isinstance(action, Discard):
        if view.options.discard_timing == "after":
            return tr("Discard %(cards)s") % {"cards": cards_text(action.cards)}
        if not action.cards:
            return tr("Discard nothing, draw fewer")
        return tr("Discard %(cards)s, then draw") % {"cards": cards_text(action.cards)}
    return action.to_text()


# ---------------------------------------------------------------- the phase


RULES_SECTIONS = {
    "setup": "setup",
    "conflict": "phase-1",
    "draft": "phase-2",
    "supply": "phase-3",
    "build": "phase-7",
    "draw": "phase-10",
    "over": "end",
}
"""Each phase's section of the rules for players: anchors, the same in every language."""


def rules_section(view: VerraeterView) -> str:
    """The anchor of the rules' section on the phase ``view`` is in (the table's Rules link opens it)."""
    return RULES_SECTIONS.get(view.phase, "rules")


def phase_title(view: VerraeterView, tr: Translator) -> str:
    """The phase's name as the rules number it ("Phase 3: play supply cards"), as the table shows it."""
    return phase_words(tr, view.phase)


def phase_text(view: VerraeterView, names: Sequence[str], tr: Translator) -> str:
    """What the seat to act must do now, in one sentence: an instruction to that seat itself,
    a description to everyone else."""
    if view.phase == "over" or view.to_act < 0:
        return over_text(view.scores, names, tr)
    who = seat_name(names, view.to_act, tr)
    if view.player != view.to_act:
        others = {
            "setup": tr("%(who)s is placing a Gutshof."),
            "conflict": tr("%(who)s is choosing the conflict site."),
            "draft": tr("%(who)s is choosing an action card."),
            "supply": tr("%(who)s is playing supply cards."),
            "build": tr("%(who)s (Builder) is building."),
            "draw": tr("%(who)s is choosing what to discard for the hand limit."),
        }
        return others.get(view.phase, tr("%(who)s is to act.")) % {"who": who}
    if view.phase == "setup":
        return tr("Place a Gutshof under a landscape that has no estate card yet.")
    if view.phase == "conflict":
        return tr("Put the conflict card between two neighbouring landscapes of different houses.")
    if view.phase == "draft":
        if (view.player + 1) % view.num_players == view.start_player:
            return tr("Keep one of the action cards offered to you; the rest are put aside.")
        return tr("Keep one of the action cards offered to you and pass the rest on.")
    if view.phase == "supply":
        return tr("Play up to five supply cards for %(house)s, or none.") % {
            "house": house_name(view.allegiance[view.player], tr)
        }
    if view.phase == "build":
        return tr("As Builder, place a Gutshof, turn one of your estate cards over, or build nothing.")
    if view.phase == "draw" and view.options.discard_timing == "after":
        n = len(view.hand) - view.options.hand_limit
        return tr.ngettext(
            "You hold %(n)d card over the hand limit of %(limit)d: choose the card to discard.",
            "You hold %(n)d cards over the hand limit of %(limit)d: choose the cards to discard.",
            n,
        ) % {"n": n, "limit": view.options.hand_limit}
    if view.phase == "draw":
        n = view.pending_draw
        return tr.ngettext(
            "You may draw %(n)d card but the hand limit is %(limit)d: discard first, or discard nothing "
            "and draw fewer.",
            "You may draw %(n)d cards but the hand limit is %(limit)d: discard first, or discard nothing "
            "and draw fewer.",
            n,
        ) % {"n": n, "limit": view.options.hand_limit}
    return tr("It is your turn.")
