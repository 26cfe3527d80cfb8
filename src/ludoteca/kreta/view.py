"""What one Kreta player may know: everything but the face-down fort cards and the draw pile's order.

This dataclass is the contract between the rules core (which builds it in ``KretaState.view``), the
renderers (terminal and SVG) and the bots. Province-indexed tuples follow ``board.provinces``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.events import Event

from .board import Board
from .options import KretaOptions


@dataclass(frozen=True)
class KretaView:
    player: int
    """The seat this view belongs to; -1 for a spectator (who sees exactly the same: hands are public)."""
    num_players: int
    options: KretaOptions
    board: Board
    to_act: int
    """The seat to act, or -1 once the game is over."""
    phase: str
    """``"play"`` (the seat to act plays a character card), ``"castellan"`` (the Castellan's player keeps
    or replaces the newly revealed fort card) or ``"over"``."""
    start_player: int

    # pieces on the board, per seat
    abbots: tuple[int, ...]
    """Per seat: province index of the abbot, or -1 while it is in reserve."""
    villagers: tuple[tuple[int, ...], ...]
    """Per seat: number of villagers in each province."""
    villages: tuple[tuple[int, ...], ...]
    """Per seat: number of villages in each province."""
    ships: tuple[tuple[int, ...], ...]
    """Per seat: the (port) province indices holding that seat's ships, sorted."""
    forts: tuple[tuple[int, ...], ...]
    """Per seat: the node numbers holding that seat's forts, sorted."""

    # farm tiles
    tiles_on_board: tuple[str | None, ...]
    """Per province: the farm tile still lying there (wheat, olive, wine, thyme, cheese) or None."""
    tiles: tuple[tuple[str, ...], ...]
    """Per seat: harvested tiles, in the order harvested."""

    # character cards (all public in Kreta)
    hands: tuple[tuple[str, ...], ...]
    """Per seat: character cards in hand (admiral, commander, abbot, farmer, architect, king, castellan)."""
    played: tuple[tuple[str, ...], ...]
    """Per seat: cards lying face up in front of the player, in the order played."""

    # fort cards
    fort_row: tuple[int | None, ...]
    """The 11 slots of the row, left to right: the node number of a face-up card, None if face down."""
    scorings: int
    """Scorings done so far (the row's leftmost ``scorings`` slots are spent)."""
    scored_nodes: tuple[int, ...]
    """The nodes scored so far, in order."""
    pile_size: int
    pile_bottom: tuple[int, ...]
    """Fort cards known to lie at the bottom of the draw pile (rejected by a castellan), bottom last."""

    scores: tuple[int, ...]
    province_vp: tuple[int, ...]
    """Per seat: VP from province scorings (the rest of the score comes from farm tiles)."""
    tile_vp: tuple[int, ...]
    log: tuple[Event, ...]

    # a Commander movement in progress (added fields: existing readers may ignore them)
    move_points: int = 0
    """Movement points the seat to act has left in its Commander movement (0: no movement under way;
    then ``phase`` is ``"play"`` and the seat answers ``step a->b`` or ``stop``)."""
    move_start: tuple[int, ...] = ()
    """During a movement: the moving seat's villagers per province when it began (else empty)."""

    def influence_table(self) -> list[list[int]]:
        """Every seat's influence in every province as a scoring counts it (``table[province][seat]``): the
        abbot 1, each villager 1, a ship in the province's port 1, each fort on a node of the province 1, each
        village 2 — the state's :func:`.scoring.influence`, read from what every seat sees. The bots, the guide
        and the table's words all count influence through this, so the rule is said once for views; one pass
        over the pieces, because the bots' heuristic reads the whole table at every decision."""
        n = self.num_players
        nodes_of = self.board.nodes_of
        table = [[0] * n for _ in range(len(nodes_of))]
        for s in range(n):
            villagers, villages = self.villagers[s], self.villages[s]
            for p in range(len(nodes_of)):
                if villagers[p] or villages[p]:
                    table[p][s] += villagers[p] + 2 * villages[p]
            if self.abbots[s] >= 0:
                table[self.abbots[s]][s] += 1
            for p in self.ships[s]:
                table[p][s] += 1
            for node in self.forts[s]:
                for p in range(len(nodes_of)):
                    if node in nodes_of[p]:
                        table[p][s] += 1
        return table

    def influences(self, province: int) -> tuple[int, ...]:
        """Every seat's influence in ``province``, in seat order (what :func:`.scoring.awards` takes)."""
        return tuple(self.influence_table()[province])

    def influence(self, seat: int, province: int) -> int:
        """``seat``'s influence in ``province`` (see :meth:`influence_table`)."""
        return self.influence_table()[province][seat]

    def pieces(self, province: int) -> int:
        """The pieces that count towards the province limit there: abbots, villagers and villages (not forts,
        not ships; :data:`.components.PROVINCE_LIMIT`)."""
        count = 0
        for s in range(self.num_players):
            count += self.villagers[s][province] + self.villages[s][province] + (self.abbots[s] == province)
        return count
