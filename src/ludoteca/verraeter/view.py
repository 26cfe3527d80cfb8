"""What one Verräter player may know, and nothing more.

Private in Verräter: each hand (its size is public), each chosen action card until the reveal, the
card put aside unseen, the leftover action cards (known to the players who saw them), the draw pile's
order and a random starting deal. A view is built only by ``VerraeterState.view``; bots, renderers and
adapters see the game through it. Unknown values are ``-1`` (or absent from the log).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.events import Event

from .options import VerraeterOptions

PHASES = ("setup", "conflict", "draft", "supply", "build", "draw", "over")
"""Phase names: Gutshof placement, phase 1, phase 2, phase 3, phase 7, phase 10 (hand-limit choice), end."""


@dataclass(frozen=True)
class Landscape:
    """One card of the ring as it lies on the table."""

    kind: int
    """Landscape type (index into ``cards.LANDSCAPE_KEYS``)."""
    house: int
    """EAGLE or ROSE: the side face up."""
    estate_owner: int
    """Seat whose estate card lies under it, or -1."""
    kontor: bool
    """Whether that estate card shows its Kontor side."""


@dataclass(frozen=True)
class VerraeterView:
    player: int
    """The seat this view belongs to; -1 for a spectator (public information only)."""
    num_players: int
    options: VerraeterOptions
    round: int
    rounds_total: int
    phase: str
    to_act: int
    start_player: int
    strategy_holder: int
    conflict: int
    """Position of the conflict card (between landscape ``conflict`` and the next), or -1."""
    ring: tuple[Landscape, ...]
    allegiance: tuple[int, ...]
    all_same_at_start: bool
    """Whether every player supported the same house when this round began (2008: Diplomat +5 switches)."""
    reserve: tuple[int, ...]
    """Estate cards each player still holds in reserve."""
    hand: tuple[int, ...]
    """This player's supply cards (empty for a spectator)."""
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    """Supply cards played face up this round, per seat."""
    has_chosen: tuple[bool, ...]
    chosen: tuple[int, ...]
    """Action card per seat as far as this player knows it: own card at once, everyone's after the reveal."""
    offered: tuple[int, ...]
    """The action cards offered to this player in this round's draft (empty before their turn)."""
    revealed: bool
    strength: tuple[int, int] | None
    """Eagle's and Rose's strength once the conflict is resolved this round."""
    conflict_winner: int
    """EAGLE, ROSE, -1 for a tie, or -2 while unresolved."""
    pending_draw: int
    """In the draw phase: how many cards the player to act may draw (their hand-limit choice)."""
    draw_pile_size: int
    discard: tuple[int, ...]
    """The public discard pile, sorted."""
    conflict_vp: tuple[int, ...]
    traitor_vp: tuple[int, ...]
    strategist_vp: tuple[int, ...]
    kontor_vp: tuple[int, ...]
    """Final-scoring bonus (Kontor × cards in hand); 0 until the game is over."""
    log: tuple[Event, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(
            c + t + s + k
            for c, t, s, k in zip(self.conflict_vp, self.traitor_vp, self.strategist_vp, self.kontor_vp, strict=True)
        )
