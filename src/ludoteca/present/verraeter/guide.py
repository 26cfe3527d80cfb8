"""Verräter's guided first game: a lesson per phase, what each choice means, why the hint prefers its choice.

The ``guide`` facet of the plug-in (:class:`ludoteca.present.Guide`). Written for someone who has never
played: each lesson says what the phase under way is about and what the kinds of choice mean, with the
numbers of the table in front of them (the CP of the two landscapes in the conflict, what is on the table,
what each house would score). The words are the table's and the log's (:mod:`.words`): a lesson that said
"village" where the table says "Dorf" would teach the wrong name.

Everything is a pure function of the view: another player's hand or secret action card is never named,
and before the reveal the guide counts only the cards played face up, saying so.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.present import Lesson
from ludoteca.present.common import number, over_text, seat_name
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
from ludoteca.verraeter.components import (
    BUILDER,
    DIPLOMAT2,
    DIPLOMAT5,
    EAGLE,
    FARMER,
    FARMER_DRAW,
    MAX_KONTOR,
    RING_SIZE,
    STRATEGIST,
    TRAITOR,
)
from ludoteca.verraeter.scoring import switches_house
from ludoteca.verraeter.view import VerraeterView

from .words import action_label, card_name, cards_text, house_name, kind_name, landscape_name, phase_title

# ---------------------------------------------------------------- what the view tells


def _switches(view: VerraeterView, card: int) -> bool:
    """Whether keeping ``card`` turns its holder to the other house at the reveal (the core's rule)."""
    return switches_house(card, view.options.edition, view.all_same_at_start)


def _side(view: VerraeterView, card: int | None = None) -> int:
    """The house the player's supply cards will count for: their allegiance after the reveal, as far as
    their own action card (``card``, or the one they kept) decides it."""
    house = view.allegiance[view.player]
    if view.revealed:
        return house
    own = view.chosen[view.player] if card is None else card
    return 1 - house if own >= 0 and _switches(view, own) else house


def _sites(view: VerraeterView, position: int) -> tuple[int, int]:
    """The Eagle and the Rose landscape of the conflict at ``position`` (either order on the ring)."""
    a, b = position, (position + 1) % RING_SIZE
    return (a, b) if view.ring[a].house == EAGLE else (b, a)


def _cp(view: VerraeterView, landscape: int) -> int:
    return view.options.landscapes.cp[view.ring[landscape].kind]


def _on_table(view: VerraeterView, extra: int = 0) -> tuple[int, int]:
    """Eagle's and Rose's strength from what lies face up: the landscapes' CP and the supply cards played
    (for the houses their players support now; the player's own cards and Diplomat for the house they will
    support), plus ``extra`` CP of the player's. Secret action cards of others are not counted."""
    eagle_land, rose_land = _sites(view, view.conflict)
    strength = [_cp(view, eagle_land), _cp(view, rose_land)]
    me = view.player
    for p, cards in enumerate(view.played):
        if p == me:
            continue
        house = view.allegiance[p]
        strength[house] += sum(cards)
        if view.revealed:
            strength[house] += 2 if view.chosen[p] == DIPLOMAT2 else 5 if view.chosen[p] == DIPLOMAT5 else 0
    own = view.chosen[me]
    bonus = 2 if own == DIPLOMAT2 else 5 if own == DIPLOMAT5 else 0
    strength[_side(view)] += sum(view.played[me]) + bonus + extra
    return strength[0], strength[1]


def _supporters(view: VerraeterView, house: int) -> int:
    return sum(1 for h in view.allegiance if h == house)


def _gutshof_draws(view: VerraeterView, house: int) -> int:
    """The cards the player's Gutshof bring while they support ``house`` (before the limits)."""
    return sum(1 for land in view.ring if land.estate_owner == view.player and not land.kontor and land.house == house)


def _site_text(view: VerraeterView, position: int, tr: Translator) -> str:
    eagle_land, rose_land = _sites(view, position)
    return tr("%(eagle)s (%(eagle_house)s, %(eagle_cp)d CP) against %(rose)s (%(rose_house)s, %(rose_cp)d CP)") % {
        "eagle": landscape_name(view, eagle_land, tr),
        "eagle_house": house_name(EAGLE, tr),
        "eagle_cp": _cp(view, eagle_land),
        "rose": landscape_name(view, rose_land, tr),
        "rose_house": house_name(1 - EAGLE, tr),
        "rose_cp": _cp(view, rose_land),
    }


def _stake(view: VerraeterView, position: int, house: int) -> int:
    """The VP each supporter of ``house`` would score for winning the conflict at ``position`` now."""
    eagle_land, rose_land = _sites(view, position)
    lost = rose_land if house == EAGLE else eagle_land
    return view.options.points(view.ring[lost].kind, max(1, _supporters(view, house)))


# ---------------------------------------------------------------- lessons


def lesson(view: VerraeterView, names: Sequence[str], tr: Translator) -> Lesson:
    """The lesson for the phase under way (see :class:`ludoteca.present.Guide`)."""
    me = view.player
    mine = me >= 0 and view.to_act == me
    house = house_name(view.allegiance[me], tr) if me >= 0 else ""
    if view.phase == "over":
        return Lesson(tr("The end of the game"), _over(view, names, tr))
    if view.phase == "setup":
        paragraphs = [
            tr(
                "Verräter is played over %(rounds)d rounds. Twelve landscapes lie in a ring, each showing the house it "
                "belongs to, Eagle or Rose. Every round the two houses fight over one border between them: the "
                "landscape that loses is turned over to the winning house, and the players who supported the winner "
                "score victory points (VP)."
            )
            % {"rounds": view.rounds_total},
            tr(
                "Every landscape has conflict points (CP): %(list)s. In a conflict each house starts with the CP "
                "of its own landscape."
            )
            % {"list": ", ".join(f"{kind_name(k, tr)} {cp}" for k, cp in enumerate(view.options.landscapes.cp))},
            tr(
                "First each player places a Gutshof under a landscape that has none yet. Every round, each of your "
                "Gutshof under a landscape of the house you support brings you a supply card; supply cards are the "
                "CP you play in conflicts. A landscape with many CP is hard to conquer, so a Gutshof there keeps "
                "paying."
            ),
        ]
        if me >= 0:
            paragraphs.append(
                tr("You support %(house)s. That can change: the Traitor switches house.") % {"house": house}
            )
        return Lesson(tr("The set-up"), tuple(paragraphs))
    paragraphs = []
    title = phase_title(view, tr)
    if view.phase in ("conflict", "draft") and view.round > 1:
        recap = _last_round(view, tr)
        if recap:
            paragraphs.append(recap)
    if view.phase == "conflict":
        if view.round == 1:
            title = tr("Round 1: the first conflict")
            paragraphs.append(
                tr(
                    "A round: the conflict site is chosen; everyone secretly keeps an action card; everyone plays "
                    "supply cards in turn; the action cards are revealed and the conflict is decided; the Builder "
                    "builds; everyone draws new supply cards."
                )
            )
        else:
            title = tr("Round %(round)d of %(total)d: a new conflict") % {
                "round": view.round,
                "total": view.rounds_total,
            }
        rule = tr(
            "Each house starts with the CP of its landscape there; the house that loses the conflict loses its "
            "landscape."
        )
        if view.strategy_holder == me:
            holder = tr(
                "You hold the strategy card: put the conflict card between two neighbouring landscapes of "
                "different houses."
            )
        else:
            holder = tr(
                "%(who)s holds the strategy card and puts the conflict card between two neighbouring landscapes "
                "of different houses."
            ) % {"who": seat_name(names, view.strategy_holder, tr)}
        paragraphs.append(f"{holder} {rule}")
        if mine:
            paragraphs.append(
                tr(
                    "You support %(house)s: choose a border where %(house)s starts strong, or where the landscape "
                    "it could conquer is worth many VP. A Gutshof of yours under either landscape is at stake too."
                )
                % {"house": house}
            )
    elif view.phase == "draft":
        if view.conflict >= 0:
            paragraphs.append(tr("The conflict: %(site)s.") % {"site": _site_text(view, view.conflict, tr)})
        paragraphs.append(
            tr(
                "Each player keeps one action card in secret and passes the rest on. The cards are revealed after "
                "everyone has played supply cards."
            )
        )
        if view.round <= 2 or (view.options.edition == 2008 and view.all_same_at_start):
            paragraphs.append(_cards_glossary(view, tr))  # the first rounds, and when the Diplomat +5 switches
    elif view.phase == "supply":
        eagle, rose = _on_table(view)
        paragraphs.append(
            tr("The conflict: %(site)s. On the table now: %(eagle_house)s %(eagle)d CP, %(rose_house)s %(rose)d CP.")
            % {
                "site": _site_text(view, view.conflict, tr),
                "eagle_house": house_name(EAGLE, tr),
                "eagle": eagle,
                "rose_house": house_name(1 - EAGLE, tr),
                "rose": rose,
            }
        )
        paragraphs.append(
            tr(
                "In turn, each player plays up to five supply cards face up. They count for the house the player "
                "supports after the action cards are revealed, so a Traitor's cards help the other house. Cards "
                "played are discarded; cards you keep can be played in a later round."
            )
        )
        if me >= 0 and view.chosen[me] >= 0 and _switches(view, view.chosen[me]):
            paragraphs.append(
                tr("You keep the %(card)s: at the reveal you switch to %(house)s, so your cards will count for it.")
                % {"card": card_name(view.chosen[me], tr), "house": house_name(_side(view), tr)}
            )
    elif view.phase == "build":
        result = _this_round(view, tr)
        if result:
            paragraphs.append(result)
        paragraphs.append(
            tr(
                "The Builder may place a reserve estate card, Gutshof side up, under a landscape without one, or "
                "turn one of their estate cards over. A Gutshof brings supply cards; a Kontor brings none, but at "
                "the end each Kontor (at most %(kontor)d) scores 1 VP for each card in hand (at most 3)."
            )
            % {"kontor": MAX_KONTOR}
        )
    elif view.phase == "draw":
        result = _this_round(view, tr)
        if result:
            paragraphs.append(result)
        cap = view.options.draw_cap
        limits = (
            tr("Nobody holds more than %(limit)d cards after drawing.") % {"limit": view.options.hand_limit}
            if cap is None
            else tr("Nobody draws more than %(cap)d cards in a round or holds more than %(limit)d after drawing.")
            % {"cap": cap, "limit": view.options.hand_limit}
        )
        paragraphs.append(
            tr(
                "Everyone draws supply cards: the Farmer 3; every other player 1 for each Gutshof under a landscape "
                "of the house they support; whoever played the Diplomat +2 draws one more."
            )
            + " "
            + limits
        )
        if mine and view.options.discard_timing == "before":
            paragraphs.append(
                tr(
                    "You may draw %(n)d but that would take you over the limit: discard some cards first and draw "
                    "them all, or discard nothing and draw fewer. Keep your highest cards."
                )
                % {"n": view.pending_draw}
            )
        elif mine:
            paragraphs.append(
                tr("You hold more cards than the limit: choose which to discard. Keep your highest cards.")
            )
    return Lesson(title, tuple(paragraphs))


def _cards_glossary(view: VerraeterView, tr: Translator) -> str:
    text = tr(
        "Traitor: you switch house at the reveal and score 1 VP. Diplomat +2 and +5: that many CP for your house "
        "(the +2 also draws a card). Builder: place or turn an estate card. Strategist: 2 VP whatever happens, "
        "and you choose the next conflict. Farmer: you draw 3 supply cards at the end of the round."
    )
    if switches_house(DIPLOMAT5, view.options.edition, view.all_same_at_start):
        text += " " + tr("This round everyone supports the same house, so the Diplomat +5 switches house too.")
    return text


def _last_round(view: VerraeterView, tr: Translator) -> str:
    """The end of the last round in words: the conflict's result and what the player scored."""
    for event in reversed(view.log):
        if event.kind == "won":
            winner, eagle, rose, lost = event.data[:4]
            text = tr("Last round %(house)s won %(winner)d to %(loser)d and conquered %(landscape)s.") % {
                "house": house_name(winner, tr),
                "winner": max(number(eagle), number(rose)),
                "loser": min(number(eagle), number(rose)),
                "landscape": landscape_name(view, lost, tr),
            }
            break
        if event.kind == "tie":
            text = tr("Last round the conflict was a tie at %(cp)d CP: no landscape changed hands.") % {
                "cp": event.data[0]
            }
            break
    else:
        return ""
    if view.player >= 0:
        text += " " + tr("You have %(vp)d VP; the leader has %(best)d.") % {
            "vp": view.scores[view.player],
            "best": max(view.scores),
        }
    return text


def _this_round(view: VerraeterView, tr: Translator) -> str:
    if view.strength is None or view.conflict_winner == -2:
        return ""
    eagle, rose = view.strength
    if view.conflict_winner < 0:
        return tr("The conflict was a tie at %(cp)d CP: no landscape changes hands.") % {"cp": eagle}
    won = house_name(view.conflict_winner, tr)
    text = tr("%(house)s won the conflict %(winner)d to %(loser)d.") % {
        "house": won,
        "winner": max(eagle, rose),
        "loser": min(eagle, rose),
    }
    if view.player >= 0:
        if view.allegiance[view.player] == view.conflict_winner:
            text += " " + tr("You supported %(house)s and scored with it.") % {"house": won}
        else:
            text += " " + tr("You supported the losing house.")
    return text


def _over(view: VerraeterView, names: Sequence[str], tr: Translator) -> tuple[str, ...]:
    paragraphs = [
        tr(
            "At the end each player scores their Kontor bonus: Kontor in play (at most 2) × supply cards in hand "
            "(at most 3). The most VP wins."
        ),
        over_text(view.scores, names, tr),
    ]
    me = view.player
    if me >= 0:
        paragraphs.append(
            tr(
                "Your %(total)d VP: %(conflict)d from conflicts, %(traitor)d as Traitor, %(strategist)d as "
                "Strategist, %(kontor)d Kontor bonus."
            )
            % {
                "total": view.scores[me],
                "conflict": view.conflict_vp[me],
                "traitor": view.traitor_vp[me],
                "strategist": view.strategist_vp[me],
                "kontor": view.kontor_vp[me],
            }
        )
    paragraphs.append(tr("You can start a new game from the lobby, with the bots or with friends."))
    return tuple(paragraphs)


# ---------------------------------------------------------------- what a choice means


def meaning(view: VerraeterView, action: Action, tr: Translator) -> str:
    """What ``action`` does here, with the table's numbers (see :class:`ludoteca.present.Guide`)."""
    me = view.player
    if isinstance(action, PlaceGutshof | Build):
        land = view.ring[action.landscape]
        values = {
            "landscape": landscape_name(view, action.landscape, tr),
            "house": house_name(land.house, tr),
            "cp": _cp(view, action.landscape),
        }
        if isinstance(action, Build) and action.kontor:
            return tr("A Kontor under %(landscape)s: no supply cards, but it counts for the Kontor bonus.") % values
        if land.house == view.allegiance[me]:
            return (
                tr(
                    "A Gutshof under %(landscape)s (%(house)s, %(cp)d CP): it brings you a supply card each round "
                    "while you support %(house)s and %(landscape)s stays %(house)s."
                )
                % values
            )
        return (
            tr(
                "A Gutshof under %(landscape)s (%(house)s, %(cp)d CP): it brings you nothing while you support the "
                "other house, unless %(landscape)s is conquered."
            )
            % values
        )
    if isinstance(action, SetConflict):
        mine = view.allegiance[me]
        eagle_land, rose_land = _sites(view, action.position)
        own, other = (eagle_land, rose_land) if mine == EAGLE else (rose_land, eagle_land)
        lead = _cp(view, own) - _cp(view, other)
        values = {
            "site": _site_text(view, action.position, tr),
            "house": house_name(mine, tr),
            "n": abs(lead),
            "vp": _stake(view, action.position, mine),
            "landscape": landscape_name(view, other, tr),
        }
        if lead > 0:
            text = tr("%(site)s: %(house)s starts %(n)d CP ahead.") % values
        elif lead < 0:
            text = tr("%(site)s: %(house)s starts %(n)d CP behind.") % values
        else:
            text = tr("%(site)s: both houses start level.") % values
        text += " " + tr("If %(house)s conquers %(landscape)s, each of its players scores %(vp)d VP.") % values
        owned = [i for i in (eagle_land, rose_land) if view.ring[i].estate_owner == me]
        if owned:
            text += " " + tr("Your estate card under %(landscape)s is at stake.") % {
                "landscape": landscape_name(view, owned[0], tr)
            }
        return text
    if isinstance(action, TakeAction):
        return _card_meaning(view, action.card, tr)
    if isinstance(action, PlaySupply):
        side = _side(view)
        eagle, rose = _on_table(view, sum(action.cards))
        ours, theirs = (eagle, rose) if side == EAGLE else (rose, eagle)
        left = len(view.hand) - len(action.cards)
        values = {"cp": sum(action.cards), "house": house_name(side, tr), "ours": ours, "theirs": theirs}
        kept = tr.ngettext("You keep %(n)d card.", "You keep %(n)d cards.", left) % {"n": left}
        if not action.cards:
            return tr("Plays nothing: %(house)s stays at %(ours)d CP against %(theirs)d on the table.") % values + (
                " " + kept
            )
        return (
            tr(
                "Adds %(cp)d CP to %(house)s: %(ours)d against %(theirs)d on the table (cards still to come and "
                "secret action cards not counted)."
            )
            % values
            + " "
            + kept
        )
    if isinstance(action, TurnEstate):
        values = {"landscape": landscape_name(view, action.landscape, tr), "n": min(len(view.hand), 3)}
        if view.ring[action.landscape].kontor:
            return tr("Your Kontor under %(landscape)s becomes a Gutshof again: it brings supply cards again.") % values
        return (
            tr(
                "Your Gutshof under %(landscape)s becomes a Kontor: no more supply cards from it, but at the end it "
                "scores 1 VP per card in your hand (with your hand now: %(n)d VP)."
            )
            % values
        )
    if isinstance(action, PassBuild):
        return tr("Leaves your estate cards as they are.")
    if isinstance(action, Discard):
        keep = len(view.hand) - len(action.cards)
        if view.options.discard_timing == "after":
            return tr.ngettext(
                "Discards %(cards)s and keeps %(n)d card.", "Discards %(cards)s and keeps %(n)d cards.", keep
            ) % {"cards": cards_text(action.cards), "n": keep}
        draws = min(view.pending_draw, max(0, view.options.hand_limit - keep))
        if not action.cards:
            return tr.ngettext(
                "Discards nothing and draws only %(n)d card.", "Discards nothing and draws only %(n)d cards.", draws
            ) % {"n": draws}
        return tr.ngettext(
            "Discards %(cards)s, then draws %(n)d card.", "Discards %(cards)s, then draws %(n)d cards.", draws
        ) % {"cards": cards_text(action.cards), "n": draws}
    return action.to_text()


def _card_meaning(view: VerraeterView, card: int, tr: Translator) -> str:
    me = view.player
    house = view.allegiance[me]
    values = {
        "house": house_name(house, tr),
        "other": house_name(1 - house, tr),
        "n": _gutshof_draws(view, house),
        "reserve": view.reserve[me],
    }
    if card == TRAITOR:
        return (
            tr(
                "At the reveal you switch from %(house)s to %(other)s (your supply cards then count for %(other)s) "
                "and score 1 VP."
            )
            % values
        )
    if card == DIPLOMAT2:
        return tr("Adds 2 CP to %(house)s and draws you one extra supply card at the end of the round.") % values
    if card == DIPLOMAT5:
        if _switches(view, card):
            return (
                tr("Everyone supports one house, so you switch to %(other)s at the reveal and add 5 CP to it.") % values
            )
        return tr("Adds 5 CP to %(house)s.") % values
    if card == BUILDER:
        if view.reserve[me]:
            if view.reserve[me] == 1:
                return tr("After the conflict you may place your last reserve estate card or turn one over.")
            return (
                tr("After the conflict you may place one of your %(reserve)d reserve estate cards or turn one over.")
                % values
            )
        return tr("After the conflict you may turn one of your estate cards over (none left in reserve).") % values
    if card == STRATEGIST:
        return tr("Scores 2 VP whatever happens, and you choose the next conflict site.")
    if card == FARMER:
        return tr(
            "You draw %(farmer)d supply cards at the end of the round, instead of the %(n)d your Gutshof bring now."
        ) % {**values, "farmer": FARMER_DRAW}
    return card_name(card, tr)


# ---------------------------------------------------------------- why the hint prefers its choice


def reason(view: VerraeterView, best: Action, other: Action, tr: Translator) -> str:
    """Why ``best`` rather than ``other`` (see :class:`ludoteca.present.Guide`)."""
    values = {"best": _subject(view, best, tr), "other": _subject(view, other, tr)}
    found = _reason(view, best, other, tr, values)
    if found:
        return found[:1].upper() + found[1:]  # "nichts statt 4 zu spielen …" begins a sentence
    return tr(
        "“%(best)s” and “%(other)s” look alike on the table; the search played the game on many times from here "
        "and did a little better after “%(best)s”."
    ) % {"best": action_label(view, best, (), tr), "other": action_label(view, other, (), tr)}


def _subject(view: VerraeterView, action: Action, tr: Translator) -> str:
    """What a reason calls a choice: the landscape, the border, the card, the cards played."""
    if isinstance(action, PlaceGutshof | Build | TurnEstate):
        return landscape_name(view, action.landscape, tr)
    if isinstance(action, SetConflict):
        return tr("%(first)s – %(second)s") % {
            "first": landscape_name(view, action.position, tr),
            "second": landscape_name(view, (action.position + 1) % RING_SIZE, tr),
        }
    if isinstance(action, TakeAction):
        return card_name(action.card, tr)
    if isinstance(action, PlaySupply | Discard):
        return cards_text(action.cards) if action.cards else tr("nothing")
    return action_label(view, action, (), tr)


def _reason(view: VerraeterView, best: Action, other: Action, tr: Translator, values: dict[str, str]) -> str:
    me = view.player
    house = view.allegiance[me]
    values = {**values, "house": house_name(house, tr)}
    if isinstance(best, PlaceGutshof) and isinstance(other, PlaceGutshof):
        b, o = view.ring[best.landscape], view.ring[other.landscape]
        if b.house == house and o.house != house:
            return (
                tr(
                    "%(best)s belongs to %(house)s, the house you support, so a Gutshof there brings you cards from "
                    "the first round; %(other)s does not."
                )
                % values
            )
        if _cp(view, best.landscape) > _cp(view, other.landscape):
            return (
                tr("%(best)s has more CP than %(other)s: it is harder to conquer, so a Gutshof there keeps paying.")
                % values
            )
        return ""
    if isinstance(best, SetConflict) and isinstance(other, SetConflict):
        lead_b = _lead(view, best.position, house)
        lead_o = _lead(view, other.position, house)
        vp_b, vp_o = _stake(view, best.position, house), _stake(view, other.position, house)
        if lead_b > lead_o:
            return tr("At %(best)s %(house)s starts %(b)s; at %(other)s %(o)s.") % {
                **values,
                "b": _lead_text(lead_b, tr),
                "o": _lead_text(lead_o, tr),
            }
        if vp_b > vp_o:
            return tr("Winning at %(best)s scores %(b)d VP for each player of %(house)s; at %(other)s only %(o)d.") % {
                **values,
                "b": vp_b,
                "o": vp_o,
            }
        return ""
    if isinstance(best, TakeAction) and isinstance(other, TakeAction):
        return _card_reason(view, best.card, other.card, tr)
    if isinstance(best, PlaySupply) and isinstance(other, PlaySupply):
        side = _side(view)
        bs, os_ = _on_table(view, sum(best.cards)), _on_table(view, sum(other.cards))
        ahead_b, ahead_o = bs[side] > bs[1 - side], os_[side] > os_[1 - side]
        more = {**values, "house": house_name(side, tr), "b": bs[side], "o": os_[side], "them": bs[1 - side]}
        if ahead_b and not ahead_o:
            return (
                tr(
                    "Playing %(best)s puts %(house)s ahead on the table (%(b)d to %(them)d); %(other)s would leave it "
                    "behind (%(o)d)."
                )
                % more
            )
        if sum(best.cards) < sum(other.cards):
            if ahead_b:
                return (
                    tr(
                        "Playing %(best)s is already enough to lead on the table (%(b)d to %(them)d) and keeps more "
                        "cards for later rounds than %(other)s."
                    )
                    % more
                )
            if ahead_o:
                return (
                    tr(
                        "Playing %(best)s rather than %(other)s keeps cards for later rounds: the lead %(other)s would "
                        "give (%(o)d to %(them)d) could still be overturned by cards to come and secret action cards."
                    )
                    % more
                )
            return (
                tr(
                    "Playing %(best)s rather than %(other)s spends less on a conflict where %(house)s is not ahead "
                    "on the table (%(b)d to %(them)d) and keeps cards for later rounds."
                )
                % more
            )
        if sum(best.cards) == sum(other.cards):
            if len(best.cards) < len(other.cards):
                return (
                    tr(
                        "%(best)s and %(other)s add the same CP, but %(best)s uses fewer cards: more stay in your hand "
                        "for later rounds and the Kontor bonus."
                    )
                    % more
                )
            if len(best.cards) > len(other.cards):
                return (
                    tr("%(best)s and %(other)s add the same CP, but after %(best)s your strongest card stays in hand.")
                    % more
                )
            return ""
        if ahead_b:
            return (
                tr(
                    "Playing %(best)s rather than %(other)s gives %(house)s a safer margin (%(b)d to %(them)d on the "
                    "table) against cards still to come and secret Diplomats."
                )
                % more
            )
        return (
            tr(
                "Playing %(best)s rather than %(other)s brings %(house)s closer (%(b)d to %(them)d on the table), with "
                "cards still to come and the action cards not yet revealed."
            )
            % more
        )
    if isinstance(best, Discard) and isinstance(other, Discard):
        if sum(best.cards) < sum(other.cards):
            return tr("Discarding %(best)s gives up fewer CP than %(other)s: you keep your strongest cards.") % values
        return tr("Discarding %(best)s rather than %(other)s lets you draw more new cards.") % values
    if isinstance(best, Build | TurnEstate | PassBuild):
        return _build_reason(view, best, other, tr, values)
    return ""


def _lead_text(lead: int, tr: Translator) -> str:
    """ "3 CP ahead", "3 CP behind", "level"."""
    if lead > 0:
        return tr("%(n)d CP ahead") % {"n": lead}
    if lead < 0:
        return tr("%(n)d CP behind") % {"n": -lead}
    return tr("level")


def _lead(view: VerraeterView, position: int, house: int) -> int:
    eagle_land, rose_land = _sites(view, position)
    lead = _cp(view, eagle_land) - _cp(view, rose_land)
    return lead if house == EAGLE else -lead


def _card_reason(view: VerraeterView, best: int, other: int, tr: Translator) -> str:
    """Why one action card rather than another, from the situation the view shows."""
    me = view.player
    values: dict[str, object] = {"best": card_name(best, tr), "other": card_name(other, tr)}
    eagle, rose = _on_table(view)
    house = view.allegiance[me]
    behind = (eagle, rose)[house] < (eagle, rose)[1 - house]
    why = {
        TRAITOR: (
            tr(
                "Rather than the %(other)s: the %(best)s takes you to the house that leads on the table and scores 1 "
                "VP."
            )
            if behind
            else tr(
                "Rather than the %(other)s: the %(best)s scores 1 VP and takes you to the other house, which may "
                "turn out stronger."
            )
        ),
        DIPLOMAT2: tr("Rather than the %(other)s: the %(best)s adds 2 CP to your house and brings an extra card."),
        DIPLOMAT5: tr("Rather than the %(other)s: the %(best)s adds 5 CP, often enough to decide the conflict."),
        BUILDER: tr(
            "Rather than the %(other)s: the %(best)s adds an estate card, which brings supply cards every round "
            "or Kontor VP at the end."
        ),
        STRATEGIST: tr(
            "Rather than the %(other)s: the %(best)s scores 2 VP for sure and lets you choose the next conflict."
        ),
        FARMER: tr("Rather than the %(other)s: the %(best)s brings 3 cards where your Gutshof bring %(n)d."),
    }
    text = why.get(best)
    return "" if text is None else text % {**values, "n": _gutshof_draws(view, house)}


def _build_reason(view: VerraeterView, best: Action, other: Action, tr: Translator, values: dict[str, str]) -> str:
    house = view.allegiance[view.player]
    if isinstance(best, Build):
        if view.ring[best.landscape].house == house:
            return tr("A Gutshof under %(best)s, land of %(house)s, brings you a supply card every round.") % values
        return tr("A Gutshof under %(best)s will pay once %(best)s is conquered or you switch house.") % values
    if isinstance(best, TurnEstate):
        if view.ring[best.landscape].kontor:
            return tr("Turned back to a Gutshof, the card under %(best)s brings supply cards again.") % values
        n = min(len(view.hand), 3)
        return tr.ngettext(
            "With %(n)d card in hand, a Kontor under %(best)s is worth %(n)d VP at the end.",
            "With %(n)d cards in hand, a Kontor under %(best)s is worth up to %(n)d VP at the end.",
            n,
        ) % {**values, "n": n}
    if isinstance(other, Build) and view.ring[other.landscape].house != house:
        return tr("A Gutshof under %(other)s would bring nothing while you support %(house)s.") % values
    if isinstance(other, TurnEstate) and not view.ring[other.landscape].kontor:
        return tr("Turning the Gutshof under %(other)s to a Kontor would cost you its supply cards.") % values
    if isinstance(other, TurnEstate) and view.ring[other.landscape].kontor:
        return tr("Turning the Kontor under %(other)s back would cost you its VP at the end.") % values
    return ""


class VerraeterGuide:
    """The ``guide`` facet: the functions above, as a :class:`ludoteca.present.Guide`."""

    def lesson(self, view: VerraeterView, names: Sequence[str], tr: Translator) -> Lesson:
        return lesson(view, names, tr)

    def meaning(self, view: VerraeterView, action: Action, tr: Translator) -> str:
        return meaning(view, action, tr)

    def reason(self, view: VerraeterView, best: Action, other: Action, tr: Translator) -> str:
        return reason(view, best, other, tr)


GUIDE = VerraeterGuide()
