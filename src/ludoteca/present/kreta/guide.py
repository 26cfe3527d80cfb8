"""Kreta's guided first game: a lesson per moment, what each choice means, why the hint prefers its choice.

The ``guide`` facet of the plug-in (:class:`ludoteca.present.Guide`). Kreta is won at the scorings, so the
guide keeps the next two in view: the nodes of the two face-up fort cards, the provinces they touch, and
where the player stands in each (influence against the strongest other player, what they would score).
A choice is explained by what it changes there: a villager, a ship, a fort or a village is influence, and
influence decides who scores a province. The words are the table's and the log's (:mod:`.words`).

Everything is a pure function of the view: the face-down fort cards and the pile's order are never named
(Kreta hides nothing else).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from ludoteca.kreta.components import PROVINCE_LIMIT
from ludoteca.kreta.scoring import awards
from ludoteca.kreta.view import KretaView
from ludoteca.present import Lesson
from ludoteca.present.common import number, over_text
from ludoteca.present.i18n import Translator

from .words import (
    action_label,
    card_name,
    next_node,
    phase_title,
    province_name,
    province_place,
    revealed_node,
    tile_name,
)

Delta = dict[int, int]
"""Change of the player's influence per province index."""

# ---------------------------------------------------------------- what the view tells


def _award(view: KretaView, province: int, delta: Delta | None = None) -> int:
    """What the player would score for ``province`` at a scoring, with ``delta`` added to their influence."""
    inf = list(view.influences(province))
    inf[view.player] += (delta or {}).get(province, 0)
    return awards(inf, view.board.provinces[province].vp)[view.player]


def _provinces(view: KretaView, node: int) -> tuple[int, ...]:
    try:
        return view.board.node(node).provinces
    except KeyError:
        return ()


def _node_value(view: KretaView, node: int | None, delta: Delta | None = None) -> int:
    """What the player would score at the scoring of ``node``, with ``delta``."""
    if node is None:
        return 0
    return sum(_award(view, p, delta) for p in _provinces(view, node))


def _second_node(view: KretaView) -> int | None:
    """The node of the second face-up fort card (the scoring after the next)."""
    up = [n for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None]
    return up[1] if len(up) > 1 else None


def _index(view: KretaView, pid: str) -> int:
    try:
        return view.board.province(pid).index
    except KeyError:
        return -1


def _delta(view: KretaView, action: KretaAction) -> Delta:
    """How ``action`` changes the player's influence, per province."""
    delta: Delta = {}

    def add(pid: str, n: int) -> None:
        i = _index(view, pid)
        if i >= 0:
            delta[i] = delta.get(i, 0) + n

    if isinstance(action, King):
        return _delta(view, action.action)
    if isinstance(action, AdmiralPlace):
        add(action.port, 1)
    elif isinstance(action, CommanderPlace | AbbotPlace):
        add(action.province, 1)
    elif isinstance(action, BuildVillage):
        add(action.province, 2)
    elif isinstance(action, CommanderMove | Step | AbbotMove):
        add(action.frm, -1)
        add(action.to, 1)
    elif isinstance(action, AdmiralMove):
        for a, b in zip(action.frm, action.to, strict=True):
            add(a, -1)
            add(b, 1)
    elif isinstance(action, BuildFort):
        for p in _provinces(view, action.node):
            delta[p] = delta.get(p, 0) + 1
    return {p: d for p, d in delta.items() if d}


def _harvest(view: KretaView) -> list[tuple[int, str]]:
    """The tiles the Farmer would harvest now: (province, tile), as the rules link villagers to ships."""
    me = view.player
    has = [view.villagers[me][p] > 0 for p in range(len(view.board.provinces))]
    reach = {p for p in view.ships[me] if has[p]}
    todo = list(reach)
    while todo:
        p = todo.pop()
        for q in view.board.adjacent[p]:
            if has[q] and q not in reach:
                reach.add(q)
                todo.append(q)
    return [(p, tile) for p in sorted(reach) if (tile := view.tiles_on_board[p]) is not None]


def _harvest_vp(view: KretaView) -> int:
    """VP of the harvest: the n-th tile of a kind is worth n."""
    held = list(view.tiles[view.player])
    vp = 0
    for _, tile in _harvest(view):
        held.append(tile)
        vp += held.count(tile)
    return vp


def _node_text(view: KretaView, node: int, tr: Translator, *, upcoming: bool = False) -> str:
    """Where the player stands at the scoring of ``node`` (``upcoming``: said as the next scoring)."""
    parts = []
    for p in _provinces(view, node):
        me = view.player
        mine = view.influence(me, p)
        others = max((view.influence(s, p) for s in range(view.num_players) if s != me), default=0)
        parts.append(
            tr("%(province)s (%(vp)d VP): you %(mine)d, the strongest other %(others)d")
            % {"province": province_name(view, p), "vp": view.board.provinces[p].vp, "mine": mine, "others": others}
        )
    values = {"node": node, "provinces": "; ".join(parts), "vp": _node_value(view, node)}
    if upcoming:
        return (
            tr(
                "The next scoring is node %(node)d, which touches %(provinces)s. As things stand you would score "
                "%(vp)d VP there."
            )
            % values
        )
    return tr("Node %(node)d touches %(provinces)s. As things stand you would score %(vp)d VP there.") % values


# ---------------------------------------------------------------- lessons


def lesson(view: KretaView, names: Sequence[str], tr: Translator) -> Lesson:
    """The lesson for the moment under way (see :class:`ludoteca.present.Guide`)."""
    me = view.player
    if view.phase == "over" or view.to_act < 0:
        return Lesson(tr("The end of the game"), _over(view, names, tr))
    paragraphs: list[str] = []
    title = phase_title(view, tr)
    first = not any(e.kind == "play" for e in view.log)
    if first and view.phase == "play" and not view.move_points:
        title = tr("The set-up")
        paragraphs += [
            tr(
                "Kreta has %(total)d scorings. Each scores the node on the leftmost face-up fort card: every province "
                "touching that node goes to the player with the most influence there, who scores its VP."
            )
            % {"total": len(view.fort_row)}
            + " "
            + (
                tr("With two players, only the strongest scores; tied players all score.")
                if view.num_players < 3
                else tr("The second strongest scores half, rounded down; tied players all score.")
            ),
            tr(
                "Influence: your abbot 1, each villager 1, a ship in the province's port 1, each fort on a node of the "
                "province 1, each village 2. A province holding %(limit)d pieces (abbots, villagers, villages) is full."
            )
            % {"limit": PROVINCE_LIMIT},
            tr(
                "On your turn you play one character card from your hand and carry out its action. It stays in front "
                "of you until someone plays the Castellan: that scores the node, and then the played cards go back "
                "into hand."
            ),
        ]
    else:
        recap = _last_scoring(view, tr)
        if recap:
            if view.scorings == 1 and view.phase == "play":
                title = tr("After the first scoring")
            paragraphs.append(recap)
    if view.phase == "castellan":
        node = revealed_node(view)
        paragraphs.append(
            tr(
                "The fort card just turned up names the node scored after the next one. The Castellan's player keeps "
                "it, or puts it under the pile and turns up the top card instead: an unseen card, so a gamble."
            )
        )
        if me >= 0 and node is not None:
            paragraphs.append(_node_text(view, node, tr))
        return Lesson(title, tuple(paragraphs))
    if view.move_points:
        paragraphs.append(
            tr(
                "Each movement point moves one of your villagers across one border. A villager may not enter a full "
                "province, nor one with another player's abbot unless your own abbot is there. Stop when you like."
            )
        )
    node = next_node(view)
    if node is not None and me < 0:
        paragraphs.append(
            tr("The next scoring is node %(node)d: %(provinces)s.")
            % {"node": node, "provinces": tr.format_list(province_name(view, p) for p in _provinces(view, node))}
        )
    if node is not None and me >= 0:
        paragraphs.append(_node_text(view, node, tr, upcoming=True))
        second = _second_node(view)
        if second is not None:
            paragraphs.append(
                tr("After it comes node %(node)d, where you would score %(vp)d VP as things stand.")
                % {"node": second, "vp": _node_value(view, second)}
            )
    if me >= 0 and view.phase == "play" and not view.move_points and view.scorings == 0:
        paragraphs += [_card_text(view, c, tr) for c in view.hands[me]]  # until the first scoring: each card
    return Lesson(title, tuple(paragraphs))


def _card_text(view: KretaView, card: str, tr: Translator) -> str:
    texts = {
        "admiral": tr("Admiral: a ship into a port, or move your ships (1 influence in the port's province)."),
        "commander": tr("Commander: a villager into a province, or 4 steps of villagers across borders."),
        "abbot": tr("Abbot: your abbot into a province or up to 3 provinces on; others cannot bring villagers there."),
        "farmer": tr(
            "Farmer: harvest the farm tiles your villagers reach from your ships (the n-th tile of a kind is worth "
            "n VP)."
        ),
        "architect": tr("Architect: a fort on a free node, or a village (2 influence; the n-th needs n tiles)."),
        "king": tr("King: repeat the action of a card lying in front of you."),
        "castellan": tr("Castellan: the next node is scored now; then the played cards go back into hand."),
    }
    return texts.get(card, card_name(card, tr))


def _last_scoring(view: KretaView, tr: Translator) -> str:
    """The last scoring in words: its node and what the player scored."""
    me = view.player
    scored = 0
    for event in reversed(view.log):
        if event.kind == "score" and event.seat == me:
            scored += number(event.data[1])
        if event.kind == "scoring":
            return tr(
                "At the last scoring, node %(node)s, you scored %(vp)d VP. You have %(total)d VP; the leader has "
                "%(best)d."
            ) % {
                "node": event.data[1],
                "vp": scored,
                "total": view.scores[me] if me >= 0 else 0,
                "best": max(view.scores),
            }
    return ""


def _over(view: KretaView, names: Sequence[str], tr: Translator) -> tuple[str, ...]:
    paragraphs = [over_text(view.scores, names, tr)]
    me = view.player
    if me >= 0:
        paragraphs.append(
            tr("Your %(total)d VP: %(provinces)d from provinces, %(tiles)d from farm tiles.")
            % {"total": view.scores[me], "provinces": view.province_vp[me], "tiles": view.tile_vp[me]}
        )
    paragraphs.append(tr("You can start a new game from the lobby, with the bots or with friends."))
    return tuple(paragraphs)


# ---------------------------------------------------------------- what a choice means


def meaning(view: KretaView, action: KretaAction, tr: Translator) -> str:
    """What ``action`` does here (see :class:`ludoteca.present.Guide`)."""
    if isinstance(action, King):
        return tr("With the King: %(meaning)s") % {"meaning": meaning(view, action.action, tr)}
    node = next_node(view)
    if isinstance(action, Castellan):
        if node is None:
            return tr("A scoring.")
        return tr("Scores node %(node)d now: you would score %(vp)d VP. Then the played cards go back into hand.") % {
            "node": node,
            "vp": _node_value(view, node),
        }
    if isinstance(action, Keep | Replace):
        revealed = revealed_node(view)
        if revealed is None:
            return action.to_text()
        if isinstance(action, Keep):
            return tr(
                "Node %(node)d stays the scoring after the next; as things stand you would score %(vp)d VP there."
            ) % {
                "node": revealed,
                "vp": _node_value(view, revealed),
            }
        return tr("Node %(node)d goes under the pile and the top card of the pile, unseen, takes its place.") % {
            "node": revealed
        }
    if isinstance(action, Stop):
        return tr("Ends the movement; the points left are lost.")
    if isinstance(action, Harvest):
        found = _harvest(view)
        if not found:
            return tr("Harvests nothing now.")
        return tr("Harvests %(tiles)s: +%(vp)d VP.") % {
            "tiles": tr.format_list(
                tr("the %(tile)s %(of_province)s")
                % {"tile": tile_name(t, tr), "of_province": province_place(view, p, "of", tr)}
                for p, t in found
            ),
            "vp": _harvest_vp(view),
        }
    delta = _delta(view, action)
    if not delta:
        return action_label(view, action, (), tr)
    me = view.player
    parts = []
    for p, d in sorted(delta.items()):
        mine = view.influence(me, p) + d
        others = max((view.influence(s, p) for s in range(view.num_players) if s != me), default=0)
        values = {"n": abs(d), "in_province": province_place(view, p, "in", tr), "mine": mine, "others": others}
        if d > 0:
            parts.append(tr("+%(n)d influence %(in_province)s (you %(mine)d, the strongest other %(others)d)") % values)
        else:
            parts.append(tr("−%(n)d influence %(in_province)s (you %(mine)d, the strongest other %(others)d)") % values)
    text = "; ".join(parts) + "."
    if node is not None:
        before, after = _node_value(view, node), _node_value(view, node, delta)
        if before != after:
            text += " " + tr("At the next scoring, node %(node)d: %(after)d VP instead of %(before)d.") % {
                "node": node,
                "after": after,
                "before": before,
            }
    return text


# ---------------------------------------------------------------- why the hint prefers its choice


def _now(view: KretaView, action: KretaAction) -> int:
    """VP the action scores at once (a harvest)."""
    inner = action.action if isinstance(action, King) else action
    return _harvest_vp(view) if isinstance(inner, Harvest) else 0


def _leads(view: KretaView, delta: Delta) -> tuple[int, int]:
    """How many provinces the player would lead alone with ``delta``, and their VP in all."""
    me = view.player
    count = vp = 0
    for p, province in enumerate(view.board.provinces):
        mine = view.influence(me, p) + delta.get(p, 0)
        if mine > max((view.influence(s, p) for s in range(view.num_players) if s != me), default=0):
            count += 1
            vp += province.vp
    return count, vp


def _at(view: KretaView, action: KretaAction, node: int | None) -> int:
    """What the player would score at ``node`` after ``action`` (a Castellan scores the next node now)."""
    return _node_value(view, node, _delta(view, action))


def reason(view: KretaView, best: KretaAction, other: KretaAction, tr: Translator) -> str:
    """Why ``best`` rather than ``other`` (see :class:`ludoteca.present.Guide`)."""
    values: dict[str, object] = {
        "best": action_label(view, best, (), tr),
        "other": action_label(view, other, (), tr),
    }
    if isinstance(best, Keep | Replace):
        node = revealed_node(view)
        vp = _node_value(view, node)
        if isinstance(best, Keep):
            return tr(
                "You would score %(vp)d VP at node %(node)s as things stand; the replacement would be a card nobody "
                "has seen."
            ) % {"vp": vp, "node": node}
        return tr("You would score only %(vp)d VP at node %(node)s; an unseen card is likely to suit you better.") % {
            "vp": vp,
            "node": node,
        }
    node, second = next_node(view), _second_node(view)
    if isinstance(best, Castellan) and node is not None:
        return tr(
            "The Castellan scores node %(node)d now, while you would score %(vp)d VP there; later the others could "
            "change that."
        ) % {"node": node, "vp": _node_value(view, node)}
    now_b, now_o = _now(view, best), _now(view, other)
    if now_b > now_o:
        return tr("“%(best)s” scores %(b)d VP at once; “%(other)s” %(o)d.") % {**values, "b": now_b, "o": now_o}
    for which, n in ((0, node), (1, second)):
        if n is None:
            continue
        b, o = _at(view, best, n), _at(view, other, n)
        if isinstance(other, Castellan) and which == 0:
            o = _node_value(view, n)
        if b > o:
            message = (
                tr(
                    "At the next scoring, node %(node)d, you would score %(b)d VP after “%(best)s” and %(o)d after "
                    "“%(other)s”."
                )
                if which == 0
                else tr(
                    "At the scoring after the next, node %(node)d, you would score %(b)d VP after “%(best)s” and %(o)d "
                    "after “%(other)s”."
                )
            )
            return message % {**values, "node": n, "b": b, "o": o}
    led_b, led_o = _leads(view, _delta(view, best)), _leads(view, _delta(view, other))
    if led_b[0] > led_o[0]:
        return tr(
            "After “%(best)s” you would lead in %(b)d provinces, after “%(other)s” in %(o)d: ahead of the scorings "
            "still hidden in the row."
        ) % {**values, "b": led_b[0], "o": led_o[0]}
    if led_b[1] > led_o[1]:
        return tr(
            "After “%(best)s” the provinces you lead would be worth %(b)d VP, after “%(other)s” %(o)d: ahead of the "
            "scorings still hidden in the row."
        ) % {**values, "b": led_b[1], "o": led_o[1]}
    gain_b, gain_o = sum(_delta(view, best).values()), sum(_delta(view, other).values())
    if gain_b > gain_o:
        return tr("“%(best)s” adds more influence on the board (%(b)+d against %(o)+d) for the scorings to come.") % {
            **values,
            "b": gain_b,
            "o": gain_o,
        }
    return (
        tr(
            "“%(best)s” and “%(other)s” look alike for the next scorings; the search played the game on many times "
            "from here and did a little better after “%(best)s”."
        )
        % values
    )


class KretaGuide:
    """The ``guide`` facet: the functions above, as a :class:`ludoteca.present.Guide`."""

    def lesson(self, view: KretaView, names: Sequence[str], tr: Translator) -> Lesson:
        return lesson(view, names, tr)

    def meaning(self, view: KretaView, action: KretaAction, tr: Translator) -> str:
        return meaning(view, action, tr)

    def reason(self, view: KretaView, best: KretaAction, other: KretaAction, tr: Translator) -> str:
        return reason(view, best, other, tr)


GUIDE = KretaGuide()
