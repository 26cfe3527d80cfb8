"""Kreta in words, in every language of the terminal and the web: the log, action labels, what to do now.

The one place the game's sentences live (the terminal's table in :mod:`.terminal` uses them too); every
sentence is a gettext message with named placeholders, counts use ``ngettext``. Character cards are named as the
published translations name them (Italian: Ammiraglio, Comandante, Abate… from the Italian rules; German:
the originals, Feldherr, Abt, Baumeister, Kastellan). Province names are the board file's own (proper
names, the same in every language, taken into a sentence by :func:`place` with the preposition and article each
language gives that name: "dans le Lasithi", "à Sitia"); nodes are numbers.

Everything here is a pure function of a :class:`KretaView` (or one event of its log), the seat names
and a translator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal

from ludoteca.core.events import Event
from ludoteca.kreta.actions import (
    AbbotMove,
    AbbotPlace,
    AdmiralMove,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    Castellan,
    CommanderMove,
    CommanderPlace,
    Harvest,
    Keep,
    King,
    KretaAction,
    Replace,
    Step,
    Stop,
)
from ludoteca.kreta.components import CARDS, FACE_UP
from ludoteca.kreta.view import KretaView
from ludoteca.present.common import generic_line, number, over_text, seat_name
from ludoteca.present.i18n import Translator

from .svg_draw import card_words, tile_words


def card_name(card: object, tr: Translator) -> str:
    """A character card's name (``card``: a key of ``constants.CARDS``, e.g. ``"castellan"``); the same
    words the map draws on the cards."""
    names = card_words(tr)
    return names.get(str(card), str(card))


def tile_name(tile: object, tr: Translator) -> str:
    """A farm tile's name, as a word inside a sentence ("wheat"), as the map names it."""
    return tile_words(tr).get(str(tile), str(tile))


def kind_name(kind: str, tr: Translator) -> str:
    """A province type's name ("plain", "hill", "mountain")."""
    return {"plain": tr("plain"), "hill": tr("hill"), "mountain": tr("mountain")}.get(kind, kind)


def component_words(tr: Translator) -> dict[str, str]:
    """The pieces and components, as every text of the game calls them: the log and the buttons say them inside
    sentences, the rules for players as words (``tests/present/test_rules_vocabulary.py`` holds the rules to these)."""
    return {
        "abbot": tr("abbot"),
        "villager": tr("villager"),
        "village": tr("village"),
        "fort": tr("fort"),
        "ship": tr("ship"),
        "port": tr("port"),
        "node": tr("node"),
        "province": tr("province"),
        "character cards": tr("character cards"),
        "fort cards": tr("fort cards"),
        "farm tiles": tr("farm tiles"),
        "movement points": tr("movement points"),
        "influence": tr("influence"),
    }


def province_name(view: KretaView, pid: object) -> str:
    """A province id as its name on the board (the id itself if the board does not know it)."""
    try:
        return view.board.province(pid if isinstance(pid, int) else str(pid)).name
    except (KeyError, IndexError):
        return str(pid)


Role = Literal["in", "to", "from", "of"]
"""How a sentence takes a province: where something is or is put (``in``), where a move goes (``to``), where it
comes from (``from``), whose it is (``of``: the port, the tile of a province)."""
_ROLES: tuple[Role, ...] = ("in", "to", "from", "of")


@lru_cache(maxsize=8)
def _shipped_places(tr: Translator) -> dict[str, tuple[str, str, str, str]]:
    """The shipped board's provinces in each :data:`Role`, as each language writes them: French and Italian
    give a region its article and a town none ("dans le Lasithi", "à Sitia"; "nel Lasithi", "a Sitia"), German
    gives one to the Messara and the Ida ("in der Messara", "auf dem Ida") — one message per name and role,
    since no rule tells which name is a region, a town or a mountain."""
    return {
        "Kissamos": (
            tr.pgettext("province", "in Kissamos"),
            tr.pgettext("province", "to Kissamos"),
            tr.pgettext("province", "from Kissamos"),
            tr.pgettext("province", "of Kissamos"),
        ),
        "Kydonia": (
            tr.pgettext("province", "in Kydonia"),
            tr.pgettext("province", "to Kydonia"),
            tr.pgettext("province", "from Kydonia"),
            tr.pgettext("province", "of Kydonia"),
        ),
        "Sfakia": (
            tr.pgettext("province", "in Sfakia"),
            tr.pgettext("province", "to Sfakia"),
            tr.pgettext("province", "from Sfakia"),
            tr.pgettext("province", "of Sfakia"),
        ),
        "Apokoronas": (
            tr.pgettext("province", "in Apokoronas"),
            tr.pgettext("province", "to Apokoronas"),
            tr.pgettext("province", "from Apokoronas"),
            tr.pgettext("province", "of Apokoronas"),
        ),
        "Rethymno": (
            tr.pgettext("province", "in Rethymno"),
            tr.pgettext("province", "to Rethymno"),
            tr.pgettext("province", "from Rethymno"),
            tr.pgettext("province", "of Rethymno"),
        ),
        "Amari": (
            tr.pgettext("province", "in Amari"),
            tr.pgettext("province", "to Amari"),
            tr.pgettext("province", "from Amari"),
            tr.pgettext("province", "of Amari"),
        ),
        "Mylopotamos": (
            tr.pgettext("province", "in Mylopotamos"),
            tr.pgettext("province", "to Mylopotamos"),
            tr.pgettext("province", "from Mylopotamos"),
            tr.pgettext("province", "of Mylopotamos"),
        ),
        "Messara": (
            tr.pgettext("province", "in Messara"),
            tr.pgettext("province", "to Messara"),
            tr.pgettext("province", "from Messara"),
            tr.pgettext("province", "of Messara"),
        ),
        "Ida": (
            tr.pgettext("province", "in Ida"),
            tr.pgettext("province", "to Ida"),
            tr.pgettext("province", "from Ida"),
            tr.pgettext("province", "of Ida"),
        ),
        "Candia": (
            tr.pgettext("province", "in Candia"),
            tr.pgettext("province", "to Candia"),
            tr.pgettext("province", "from Candia"),
            tr.pgettext("province", "of Candia"),
        ),
        "Pediada": (
            tr.pgettext("province", "in Pediada"),
            tr.pgettext("province", "to Pediada"),
            tr.pgettext("province", "from Pediada"),
            tr.pgettext("province", "of Pediada"),
        ),
        "Viannos": (
            tr.pgettext("province", "in Viannos"),
            tr.pgettext("province", "to Viannos"),
            tr.pgettext("province", "from Viannos"),
            tr.pgettext("province", "of Viannos"),
        ),
        "Lasithi": (
            tr.pgettext("province", "in Lasithi"),
            tr.pgettext("province", "to Lasithi"),
            tr.pgettext("province", "from Lasithi"),
            tr.pgettext("province", "of Lasithi"),
        ),
        "Mirabello": (
            tr.pgettext("province", "in Mirabello"),
            tr.pgettext("province", "to Mirabello"),
            tr.pgettext("province", "from Mirabello"),
            tr.pgettext("province", "of Mirabello"),
        ),
        "Ierapetra": (
            tr.pgettext("province", "in Ierapetra"),
            tr.pgettext("province", "to Ierapetra"),
            tr.pgettext("province", "from Ierapetra"),
            tr.pgettext("province", "of Ierapetra"),
        ),
        "Sitia": (
            tr.pgettext("province", "in Sitia"),
            tr.pgettext("province", "to Sitia"),
            tr.pgettext("province", "from Sitia"),
            tr.pgettext("province", "of Sitia"),
        ),
    }


def place(name: str, role: Role, tr: Translator) -> str:
    """A province's name as a sentence takes it in ``role``, preposition and article included: French
    ``place("Lasithi", "in", fr)`` is "dans le Lasithi", ``place("Ierapetra", "from", fr)`` "d'Ierapetra". A name the
    shipped board does not have (a board file's own) gets each language's plain form ("à Knossos")."""
    forms = _shipped_places(tr).get(name)
    if forms is not None:
        return forms[_ROLES.index(role)]
    values = {"province": name}
    if role == "in":
        return tr.pgettext("province", "in %(province)s") % values
    if role == "to":
        return tr.pgettext("province", "to %(province)s") % values
    if role == "from":
        return tr.pgettext("province", "from %(province)s") % values
    return tr.pgettext("province", "of %(province)s") % values


def province_place(view: KretaView, pid: object, role: Role, tr: Translator) -> str:
    """:func:`place` of a province id of ``view``'s board ("in Lasithi", "dans le Lasithi")."""
    return place(province_name(view, pid), role, tr)


def breakdown_labels(tr: Translator) -> dict[str, str]:
    """Labels of ``GameResult.breakdown``'s keys (``KretaState.result``)."""
    return {"provinces": tr("Provinces"), "tiles": tr("Farm tiles")}


def notation_words(tr: Translator) -> dict[str, str]:
    """The keywords of Kreta's notation (``architect fort 15``) as a player of ``tr``'s language types them
    at the terminal (:mod:`ludoteca.present.notation`); province ids and numbers are the same everywhere."""
    return {
        "admiral": tr.pgettext("notation", "admiral"),
        "commander": tr.pgettext("notation", "commander"),
        "abbot": tr.pgettext("notation", "abbot"),
        "farmer": tr.pgettext("notation", "farmer"),
        "architect": tr.pgettext("notation", "architect"),
        "king": tr.pgettext("notation", "king"),
        "castellan": tr.pgettext("notation", "castellan"),
        "step": tr.pgettext("notation", "step"),
        "stop": tr.pgettext("notation", "stop"),
        "fort": tr.pgettext("notation", "fort"),
        "village": tr.pgettext("notation", "village"),
        "keep": tr.pgettext("notation", "keep"),
        "replace": tr.pgettext("notation", "replace"),
    }


def board_name(view: KretaView, tr: Translator) -> str:
    """The board's name: the shipped reconstruction's in the reader's language, a board file's as it is written."""
    if view.options.board is None:
        return tr("Crete (ludoteca reconstruction)")
    return view.board.name


def rules_text(view: KretaView, tr: Translator) -> str:
    """The rule options in force, in one line (like ``KretaOptions.describe``)."""
    o = view.options
    board = (
        tr("Crete, reconstructed (the printed map is not published)")
        if o.board is None
        else tr("board %(name)s") % {"name": board_name(view, tr)}
    )
    abbot = (
        tr("abbots block passing villagers")
        if o.abbot_blocks_passing
        else tr("villagers may pass through another player's abbot's province")
    )
    takeback = "" if o.takeback == "all" else "; " + tr("only the Castellan's player takes cards back")
    return f"{board}; {abbot}{takeback}"


def next_node(view: KretaView) -> int | None:
    """The node the next scoring takes: the leftmost face-up fort card."""
    return next((n for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None), None)


def revealed_node(view: KretaView) -> int | None:
    """In the Castellan's choice: the node of the fort card just turned up."""
    slot = view.scorings + FACE_UP - 1
    return view.fort_row[slot] if 0 <= slot < len(view.fort_row) else None


# ---------------------------------------------------------------- the log

_Line = Callable[[KretaView, tuple[object, ...], str, Sequence[str], Translator], str]


def log_line(view: KretaView, event: Event, names: Sequence[str], tr: Translator) -> str:
    """One event of ``view.log`` in words (an unknown kind, or data of an unexpected shape, gets
    :func:`generic_line`)."""
    fn = _LINES.get(event.kind)
    if fn is None:
        return generic_line(event, names, tr)
    if event.kind == "takeback" and event.seat < 0:
        return tr("Everyone takes their played cards back into hand.")
    try:
        return fn(view, event.data, seat_name(names, event.seat, tr), names, tr)
    except (IndexError, TypeError, ValueError, KeyError):
        return generic_line(event, names, tr)


def _place(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    if d[0] == "ship":
        return tr("%(who)s puts a ship into the port %(of_province)s.") % {
            "who": who,
            "of_province": province_place(view, d[1], "of", tr),
        }
    values = {"who": who, "in_province": province_place(view, d[1], "in", tr)}
    if d[0] == "abbot":
        return tr("%(who)s puts their abbot %(in_province)s.") % values
    if d[0] == "villager":
        return tr("%(who)s puts a villager %(in_province)s.") % values
    raise ValueError(d[0])


def _move(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    values = {
        "who": who,
        "from_province": province_place(view, d[1], "from", tr),
        "to_province": province_place(view, d[2], "to", tr),
    }
    if d[0] == "abbot":
        return tr("%(who)s moves their abbot %(from_province)s %(to_province)s.") % values
    if d[0] == "ship":
        return tr("%(who)s sails a ship %(from_province)s %(to_province)s.") % values
    if d[0] == "villager":
        return tr("%(who)s moves a villager %(from_province)s %(to_province)s.") % values
    raise ValueError(d[0])


def _stop(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    n = number(d[0])
    return tr.ngettext(
        "%(who)s ends the Commander's movement with %(n)d point unused.",
        "%(who)s ends the Commander's movement with %(n)d points unused.",
        n,
    ) % {"who": who, "n": n}


def _build(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    if d[0] == "fort":
        return tr("%(who)s builds a fort on node %(node)s.") % {"who": who, "node": d[1]}
    if d[0] == "village":
        return tr("%(who)s builds a village %(in_province)s.") % {
            "who": who,
            "in_province": province_place(view, d[1], "in", tr),
        }
    raise ValueError(d[0])


def _harvest(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("%(who)s harvests the %(tile)s %(of_province)s: +%(vp)d VP.") % {
        "who": who,
        "tile": tile_name(d[1], tr),
        "of_province": province_place(view, d[0], "of", tr),
        "vp": number(d[2]),
    }


def _scoring(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("Scoring %(number)d of %(total)d, at node %(node)s.") % {
        "number": number(d[0]),
        "total": len(view.fort_row),
        "node": d[1],
    }


def _province(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    raw = d[2]
    influence = list(raw) if isinstance(raw, tuple | list) else []
    values = {"province": province_name(view, d[0]), "vp": number(d[1])}
    parts = [f"{seat_name(names, s, tr)} {v}" for s, v in enumerate(influence) if v]
    if not parts:
        return tr("%(province)s (%(vp)d VP) is scored: nobody has influence there.") % values
    return tr("%(province)s (%(vp)d VP) is scored. Influence: %(influence)s.") % {
        **values,
        "influence": ", ".join(parts),
    }


def _score(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("%(who)s scores %(vp)d VP %(in_province)s (influence %(influence)d).") % {
        "who": who,
        "vp": number(d[1]),
        "in_province": province_place(view, d[0], "in", tr),
        "influence": number(d[2]),
    }


def _reveal(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    return tr("A fort card is turned up in slot %(slot)d: node %(node)s.") % {"slot": number(d[0]) + 1, "node": d[1]}


def _end(view: KretaView, d: tuple[object, ...], who: str, names: Sequence[str], tr: Translator) -> str:
    scores, winners = d[0], d[1]
    if not isinstance(scores, tuple | list) or not isinstance(winners, tuple | list):
        raise TypeError("scores and winners")
    totals = ", ".join(f"{seat_name(names, s, tr)} {v}" for s, v in enumerate(scores))
    return tr.ngettext(
        "Game over. Final scores: %(scores)s. %(who)s wins.",
        "Game over. Final scores: %(scores)s. %(who)s share the win.",
        len(winners),
    ) % {"scores": totals, "who": tr.format_list(seat_name(names, number(s), tr) for s in winners)}


_LINES: dict[str, _Line] = {
    "start": lambda v, d, who, n, tr: tr("A new game of Kreta: %(who)s starts.") % {"who": who},
    "setup": lambda v, d, who, n, tr: tr("The game starts from a prepared position."),
    "play": lambda v, d, who, n, tr: tr("%(who)s plays the %(card)s.") % {"who": who, "card": card_name(d[0], tr)},
    "copy": lambda v, d, who, n, tr: (
        tr("With the King, %(who)s carries out the %(card)s again.") % {"who": who, "card": card_name(d[0], tr)}
    ),
    "place": _place,
    "move": _move,
    "stop": _stop,
    "build": _build,
    "harvest": _harvest,
    "scoring": _scoring,
    "province": _province,
    "score": _score,
    "spent": lambda v, d, who, n, tr: tr("The fort card of node %(node)s is spent.") % {"node": d[1]},
    "reveal": _reveal,
    "keep": lambda v, d, who, n, tr: tr("%(who)s keeps the fort card of node %(node)s.") % {"who": who, "node": d[1]},
    "replace": lambda v, d, who, n, tr: (
        tr("%(who)s puts node %(old)s under the draw pile and turns up node %(new)s instead.")
        % {"who": who, "old": d[1], "new": d[2]}
    ),
    # seat -1: every player (see log_line); a seat: only the Castellan's player (option takeback=castellan)
    "takeback": lambda v, d, who, n, tr: tr("%(who)s takes their played cards back into hand.") % {"who": who},
    "end": _end,
}
EVENT_KINDS = frozenset(_LINES)
"""Every event kind of the Kreta core that :func:`log_line` puts in words."""


# ---------------------------------------------------------------- actions


def _detail(view: KretaView, action: KretaAction, tr: Translator) -> str:
    """What a card action does, without the card's name ("a ship into the port of Sitia")."""

    def p(pid: str) -> str:
        return province_name(view, pid)

    if isinstance(action, AdmiralPlace):
        return tr("a ship into the port %(of_province)s") % {"of_province": province_place(view, action.port, "of", tr)}
    if isinstance(action, AdmiralMove):
        moves = list(zip(action.frm, action.to, strict=True))
        if len(moves) == 1:
            return tr("a ship %(from)s → %(to)s") % {"from": p(moves[0][0]), "to": p(moves[0][1])}
        return tr("ships %(from)s → %(to)s and %(from2)s → %(to2)s") % {
            "from": p(moves[0][0]),
            "to": p(moves[0][1]),
            "from2": p(moves[1][0]),
            "to2": p(moves[1][1]),
        }
    if isinstance(action, CommanderPlace):
        return tr("a villager %(in_province)s") % {"in_province": province_place(view, action.province, "in", tr)}
    if isinstance(action, CommanderMove):
        return tr("move a villager %(from)s → %(to)s") % {"from": p(action.frm), "to": p(action.to)}
    if isinstance(action, AbbotPlace):
        return tr("the abbot %(in_province)s") % {"in_province": province_place(view, action.province, "in", tr)}
    if isinstance(action, AbbotMove):
        return tr("the abbot %(from)s → %(to)s") % {"from": p(action.frm), "to": p(action.to)}
    if isinstance(action, Harvest):
        return tr("harvest every tile you can reach")
    if isinstance(action, BuildFort):
        return tr("a fort on node %(node)d") % {"node": action.node}
    if isinstance(action, BuildVillage):
        return tr("a village %(in_province)s") % {"in_province": province_place(view, action.province, "in", tr)}
    return action.to_text()


def action_label(view: KretaView, action: KretaAction, names: Sequence[str], tr: Translator) -> str:
    """A short label for a legal action of the seat to act: what clicking its button does."""
    if isinstance(action, King):
        return tr("King as %(card)s: %(action)s") % {
            "card": card_name(_card_key(action.action), tr),
            "action": _detail(view, action.action, tr),
        }
    if isinstance(action, Step):
        return tr("Step %(from)s → %(to)s") % {
            "from": province_name(view, action.frm),
            "to": province_name(view, action.to),
        }
    if isinstance(action, Stop):
        n = view.move_points
        return tr.ngettext("Stop moving (%(n)d point left)", "Stop moving (%(n)d points left)", n) % {"n": n}
    if isinstance(action, Castellan):
        node = next_node(view)
        if node is None:
            return tr("Castellan: a scoring")
        return tr("Castellan: score node %(node)d") % {"node": node}
    if isinstance(action, Keep):
        node = revealed_node(view)
        return tr("Keep the fort card (node %(node)s)") % {"node": node if node is not None else "?"}
    if isinstance(action, Replace):
        node = revealed_node(view)
        return tr("Replace node %(node)s with the top card of the pile") % {"node": node if node is not None else "?"}
    return tr("%(card)s: %(action)s") % {"card": card_name(_card_key(action), tr), "action": _detail(view, action, tr)}


def _card_key(action: KretaAction) -> str:
    card = getattr(action, "card", -1)
    return CARDS[card] if isinstance(card, int) and 0 <= card < len(CARDS) else "?"


# ---------------------------------------------------------------- the phase


RULES_SECTIONS = {"play": "turn", "move": "commander", "castellan": "castellan", "over": "end"}
"""Each phase's section of the rules for players (``move``: a Commander's movement under way): anchors, the
same in every language."""


def rules_section(view: KretaView) -> str:
    """The anchor of the rules' section on the phase ``view`` is in (the table's Rules link opens it)."""
    phase = "move" if view.move_points and view.phase == "play" else view.phase
    return RULES_SECTIONS.get(phase, "rules")


def phase_title(view: KretaView, tr: Translator) -> str:
    """The phase's name: a turn, a Commander movement, the Castellan's choice, or the end."""
    if view.phase == "over" or view.to_act < 0:
        return tr("Game over")
    if view.phase == "castellan":
        return tr("The Castellan's choice")
    if view.move_points:
        return tr("Commander: moving villagers")
    return tr("Scoring %(number)d of %(total)d to come") % {"number": view.scorings + 1, "total": len(view.fort_row)}


def phase_text(view: KretaView, names: Sequence[str], tr: Translator) -> str:
    """What the seat to act must do now, in one sentence: an instruction to that seat itself,
    a description to everyone else."""
    if view.phase == "over" or view.to_act < 0:
        return over_text(view.scores, names, tr)
    values = {"who": seat_name(names, view.to_act, tr), "n": view.move_points}
    node = revealed_node(view)
    mine = view.player == view.to_act
    if view.phase == "castellan":
        if not mine:
            return tr("%(who)s is deciding whether to keep the fort card just turned up.") % values
        return tr(
            "Keep the fort card just turned up (node %(node)s), or put it under the pile and turn up the top card "
            "instead."
        ) % {"node": node if node is not None else "?"}
    if view.move_points:
        if not mine:
            return tr("%(who)s is moving villagers with the Commander.") % values
        return (
            tr.ngettext(
                "Move your villagers across borders: %(n)d movement point left. Take a step, or stop.",
                "Move your villagers across borders: %(n)d movement points left. Take a step, or stop.",
                view.move_points,
            )
            % values
        )
    if not mine:
        return tr("%(who)s is playing a character card.") % values
    return tr("Play a character card from your hand and carry out its action.")
