"""Perudo's words and pictures (the ``presenter`` facet, a :class:`ludoteca.present.Presenter`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from rich.console import Group
from rich.text import Text

from ludoteca.core.events import Event

from .rules import Bid, Dudo, PerudoView

Tr = Any

FACE_NAMES = ("ace", "two", "three", "four", "five", "six")


def _face(face: int, tr: Tr) -> str:
    return str(tr(FACE_NAMES[face - 1] + "s"))


def _bid(bid: Bid, tr: Tr) -> str:
    return f"{bid.quantity} × {_face(bid.face, tr)}"


class PerudoPresenter:
    def log_line(self, view: PerudoView, event: Event, names: Sequence[str], tr: Tr) -> str:
        who = names[event.seat] if 0 <= event.seat < len(names) else ""
        d = event.data
        if event.kind == "round":
            return str(tr("Round {n}: {who} starts")).format(n=d[0], who=who)
        if event.kind == "roll":
            return str(tr("{who} rolls {dice}")).format(who=who, dice=" ".join(str(x) for x in d[0]))  # type: ignore[attr-defined]
        if event.kind == "bid":
            return str(tr("{who} bids {bid}")).format(who=who, bid=_bid(Bid(int(d[0]), int(d[1])), tr))  # type: ignore[call-overload]
        if event.kind == "reveal":
            hands = d[0]
            return str(tr("The dice: {dice}")).format(
                dice="; ".join(f"{names[s]} {' '.join(map(str, h))}" for s, h in enumerate(hands) if h)  # type: ignore[arg-type]
            )
        if event.kind == "dudo":
            _bidder, q, f, found, loser = d
            return str(tr("{who} calls dudo on {bid}: there are {found}; {loser} loses a die")).format(
                who=who,
                bid=_bid(Bid(int(q), int(f)), tr),
                found=found,
                loser=names[int(loser)],  # type: ignore[call-overload]
            )
        if event.kind == "over":
            return str(tr("{who} wins")).format(who=who)
        return f"{who} {event.kind}"

    def action_label(self, view: PerudoView, action: Any, names: Sequence[str], tr: Tr) -> str:
        if isinstance(action, Dudo):
            return str(tr("Dudo!"))
        return str(tr("Bid {bid}")).format(bid=_bid(action, tr))

    def phase_title(self, view: PerudoView, tr: Tr) -> str:
        return str(tr("Game over")) if view.phase == "over" else str(tr("Round {n}")).format(n=view.round)

    def phase_text(self, view: PerudoView, names: Sequence[str], tr: Tr) -> str:
        if view.phase == "over":
            winner = max(range(view.num_players), key=lambda s: view.dice_counts[s])
            return str(tr("{who} wins")).format(who=names[winner])
        if view.to_act == view.player:
            return str(tr("Raise the bid or call dudo"))
        return str(tr("{who} is to bid or call dudo")).format(who=names[view.to_act])

    def rules_text(self, view: PerudoView, tr: Tr) -> str:
        return str(tr(view.options.describe()))

    def breakdown_labels(self, tr: Tr) -> dict[str, str]:
        return {"dice": str(tr("Dice left"))}

    def board_svg(self, view: PerudoView, names: Sequence[str], tr: Tr) -> str:
        rows = []
        for seat in range(view.num_players):
            y = 30 + 40 * seat
            rows.append(
                f'<text x="10" y="{y}">{escape(names[seat])}: {view.dice_counts[seat]}</text>'
                + "".join(
                    f'<rect x="{150 + 30 * k}" y="{y - 18}" width="24" height="24" rx="4" fill="#ddd"/>'
                    for k in range(view.dice_counts[seat])
                )
            )
        bid = "" if view.bid is None else _bid(view.bid, tr)
        faces = "".join(
            f'<g data-target="face{f}"><rect x="{10 + 40 * (f - 1)}" y="{40 * view.num_players + 30}" '
            f'width="32" height="32" rx="5" fill="#fff" stroke="#333"/><text x="{20 + 40 * (f - 1)}" '
            f'y="{40 * view.num_players + 52}">{f}</text></g>'
            for f in range(1, 7)
        )
        height = 40 * view.num_players + 80
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 {height}" class="perudo">'
            + "".join(rows)
            + f'<text x="250" y="20">{escape(bid)}</text>'
            + faces
            + "</svg>"
        )

    def private_svg(self, view: PerudoView, tr: Tr) -> str | None:
        if not view.hand:
            return None
        dice = "".join(
            f'<g><rect x="{5 + 40 * k}" y="5" width="32" height="32" rx="5" fill="#fff" stroke="#333"/>'
            f'<text x="{16 + 40 * k}" y="27">{d}</text></g>'
            for k, d in enumerate(view.hand)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {40 * len(view.hand) + 10} 42">{dice}</svg>'

    def targets(self, view: PerudoView, action: Any) -> list[str]:
        return [f"face{action.face}"] if isinstance(action, Bid) else []

    def terminal(self, view: PerudoView, names: Sequence[str], tr: Tr) -> Any:
        lines = [Text(self.phase_title(view, tr), style="bold")]
        for seat in range(view.num_players):
            lines.append(Text(f"{names[seat]}: {view.dice_counts[seat]} " + str(tr("dice"))))
        if view.hand:
            lines.append(Text(str(tr("Your dice")) + ": " + " ".join(map(str, view.hand))))
        if view.bid is not None:
            lines.append(Text(str(tr("Bid")) + ": " + _bid(view.bid, tr)))
        lines.append(Text(self.phase_text(view, names, tr)))
        return Group(*lines)

    def blank_board_svg(self, options: Any, tr: Tr) -> str | None:
        return None  # no board: the dice are the game

    def annotate(self, view: PerudoView, action: Any, tr: Tr) -> str:
        return ""

    def explain(self, view: PerudoView, tr: Tr) -> str:
        return str(tr("Raise the bid (more dice, or the same number of a higher face), or call dudo if you doubt it."))

    def rules_document(self, tr: Tr) -> str:
        return self.rules_summary(tr).replace("# Perudo", "# Perudo {#perudo}", 1)  # the anchor rules_section names

    def rules_section(self, view: PerudoView) -> str:
        return "perudo"

    def rules_summary(self, tr: Tr) -> str:
        return (
            "# Perudo\n\nEveryone rolls their dice in secret. In turn, raise the bid on how many dice of a face lie "
            "on the table (aces are wild), or call **dudo**: if the bid is wrong the bidder loses a die, else the "
            "caller does. The last player with dice wins."
        )


PRESENTER = PerudoPresenter()
