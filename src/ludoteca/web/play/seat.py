"""Who holds a seat: one type for the live game (:mod:`.match`) and the database (:mod:`.store`).

The store once had a ``SeatRow`` beside the match's ``Seat``, the same seven fields copied one by one in three
places (issue #25); a seat is now written and read as it is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ludoteca.present.common import generated_name
from ludoteca.present.i18n import Translator

AUTOPLAY_BOT = "heuristic"
"""Who plays a human seat whose player left or ran out of time, until they take it back."""


class SeatKind(StrEnum):
    """Who holds a seat, as the store keeps it (``seats.kind``) and the wire says it (its text, unchanged)."""

    HUMAN = "human"
    """A person, reached through the seat's secret token (its bot plays it while it is on autoplay)."""
    BOT = "bot"
    """One of the lobby's bots (:attr:`Seat.bot`), for the whole game."""
    OPEN = "open"
    """A human seat of a public game that nobody holds yet: the game waits until every open seat is taken
    (:attr:`Match.waiting`), and the one who takes it from the open lobby makes it ``human``."""


@dataclass
class Seat:
    """Who holds one seat: a human (reached through a secret token) or a bot."""

    seat: int
    name: str
    kind: SeatKind
    bot: str | None = None
    """The bot spec for a bot seat (``heuristic``, ``ismcts:hard``)."""
    token_hash: str | None = None
    autoplay: bool = False
    """A human seat currently played by :data:`AUTOPLAY_BOT` (the player left or ran out of time)."""
    generated: bool = False
    """Nobody chose ``name``: the server made it from the seat's colour (and bot), so it is said in each
    reader's language (:meth:`Match.names_in`) and ``name`` is only its English form."""

    def shown_name(self, seat_names: Sequence[str], tr: Translator) -> str:
        """The name as a reader of ``tr``'s language sees it: a chosen name as it was chosen, a generated
        one made again in their language (:func:`ludoteca.present.common.generated_name`)."""
        if not self.generated:
            return self.name
        return generated_name(seat_names, self.seat, self.bot if self.kind == SeatKind.BOT else None, tr)

    @property
    def bot_plays(self) -> bool:
        return self.kind == SeatKind.BOT or self.autoplay

    @property
    def bot_spec(self) -> str:
        return self.bot if self.kind == SeatKind.BOT and self.bot else AUTOPLAY_BOT
