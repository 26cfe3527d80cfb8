"""Undo within the turn, as the live game stores it: a row of its own, never a deletion.

A step undone (#34) stays in the game's stored rows, followed by a row whose action is :data:`UNDO`; the
game's record — what a replay, a review, a download and the research adapters read — is the rows *as
played*, each undo taking away the step before it (:func:`as_played`). Stored rather than deleted because
the store is append-only, and "nothing acknowledged is lost" rests on that: a row is written only after the
one before it, so two writers (two tabs of a seat on two server processes) can never leave a gap, and the
revision a client acts on is the number of rows, the same after a restart as before it. The others saw the
step before it was undone; its row says so. See docs/web.md, "Undo".

Which steps may be undone is the rules' to say (each core's ``can_undo``); :class:`~.match.Match` asks it.
"""

from __future__ import annotations

from collections.abc import Sequence

UNDO = "undo"
"""The action text of a stored undo row: no game's notation has it (each game's parser refuses it; tested)."""


def as_played(rows: Sequence[str]) -> list[str]:
    """The record's actions from the stored ``rows``: each :data:`UNDO` takes away the step before it.

    Said by the rows alone (no rules), so a diverged game's record still reads: whether each undo was
    allowed is checked when the match replays them."""
    played: list[str] = []
    for text in rows:
        if text == UNDO:
            if played:
                played.pop()
        else:
            played.append(text)
    return played
