"""A game's review: every decision of every seat judged by the search, from that seat's view only.

For each decision the search (:class:`~ludoteca.bots.ismcts.AdvisorBot`: the ``reader`` bot's search, reading
the others' choices, judged by each game's best judge — the learned one) is handed exactly what a bot
in that seat would have been handed at that moment — the seat's view and the legal actions, never the
state — and rates every legal action by its estimated chance of winning. The review keeps:

* ``before``: the chance of the search's preferred action (its most visited one): what the seat could
  expect from the position with the best play the search found;
* ``after``: the chance of the action played, **from the same search**. Not the next decision's estimate:
  between two decisions of a seat come the other seats' moves and the shuffles, which are nobody's fault
  and would be charged to the move; two estimates of one tree differ only by the move. When the search
  left the played action (nearly) unvisited — a move its prior never opened — a second search confined to
  that action rates it (``refined``), so a bad move is measured rather than guessed;
* ``loss`` = ``max(0, before - after)``, and a mark from :data:`MARKS` when the loss is large.

Everything is seeded from the game's seed and the action's number (:data:`SALT`), and the budget is a
number of iterations, so a review is exactly reproducible; a time cap (the web server's) may be added,
at the price of depending on the machine's load where it binds. A decision with one legal action is
forced: it is counted, not searched. The result is plain JSON-able data (``docs/review.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca import games
from ludoteca.bots.base import Budget
from ludoteca.bots.ismcts import AdvisorBot, IsmctsBot
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.records import GameRecord, parse_record_action, start
from ludoteca.core.seeds import derive_seed

FORMAT = "ludoteca-review"
VERSION = 2
"""Bumped when the meaning of a field changes (a stored review of another version is computed again). 2: the
search is the advisor's (the reader's, judged by the learned judges), no longer plain ``ismcts``'s."""

SALT = 0x5E71E3
"""The reviews' own seed stream (a decision's search is seeded by the game seed and the action number)."""

DEFAULT_BUDGET = Budget(iterations=300)
"""Iterations per decision: ``normal``'s budget, and in Kreta enough for its two-round lookahead."""

MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.25), ("mistake", 0.15), ("inaccuracy", 0.08))
"""Losses of win chance (best − played) that earn a mark, worst first. Wider than lichess's 5/10/15 points
because a few hundred playouts estimate a chance to within about ±0.05 (one standard error), not an engine's
exact evaluation: below 0.08 a "loss" is mostly the search's own noise (``docs/review.md``)."""

PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
"""The per-seat totals' keys."""

MIN_VISITS_SHARE = 20
"""A played action visited fewer than ``iterations / MIN_VISITS_SHARE`` times (and at most 10 times) is rated
again by a search confined to it."""


class ReviewError(LudotecaError):
    """A review that cannot be made (a game without a search bot, a malformed record...)."""


@dataclass(frozen=True)
class Decision:
    """One action of a record as the seat that took it faced it: its view and legal actions, and the one played."""

    n: int
    """The action's index in the record (0-based; the replay's frame ``n`` shows the position it was taken in)."""
    seat: int
    view: Any
    legal: list[Any]
    played: int
    """The index in ``legal`` of the action played."""

    @property
    def forced(self) -> bool:
        return len(self.legal) == 1


def decisions(definition: AnyGameDefinition, record: GameRecord) -> Iterator[Decision]:
    """Every action of ``record`` as a :class:`Decision`, replaying the game as it goes (a malformed
    record raises :class:`~ludoteca.core.errors.RecordError` naming the action)."""
    from ludoteca.core.errors import RecordError

    state = start(definition, record)
    for n, text in enumerate(record.actions):
        if state.is_terminal():
            raise RecordError(f"action #{n + 1} {text!r}: the game is already over")
        try:
            action = parse_record_action(definition, text)
        except (LudotecaError, ValueError, KeyError, TypeError) as bad:
            raise RecordError(f"action #{n + 1} {text!r}: {bad}") from None
        seat = state.current_player()
        legal = list(state.legal_actions())
        if action not in legal:
            raise RecordError(f"action #{n + 1} {text!r} is not legal there")
        yield Decision(n, seat, state.view(seat), legal, legal.index(action))
        state.apply(action)


def decision_seed(game_seed: int, n: int, *keys: int) -> int:
    """The seed of the search judging action ``n`` of the game seeded ``game_seed``."""
    return derive_seed(game_seed, n, *keys, salt=SALT)


def judge(
    view: Any,
    legal: Sequence[Any],
    played: int,
    seed: int,
    iterations: int,
    seconds: float | None = None,
    search: type[IsmctsBot] = AdvisorBot,
) -> dict[str, Any]:
    """The verdict on one decision (a module-level function of picklable values, so a worker pool runs it):
    the played and the preferred action in notation, their chances, the loss and the mark. ``search`` is the
    review's (version 1 asked plain :class:`IsmctsBot`, which ``benchmarks/calibration.py`` compares)."""
    budget = Budget(iterations=iterations, seconds=seconds)
    searcher = search(seed, budget)
    estimates = searcher.analyse(view, list(legal))
    spent = searcher.last_iterations
    best = estimates[0]
    move = legal[played]
    mine = next(e for e in estimates if e.action == move)
    refined = False
    if mine.action != best.action and mine.visits < min(10, max(1, spent // MIN_VISITS_SHARE)):
        focused = search(seed ^ 1, Budget(iterations=max(1, iterations // 2), seconds=seconds))
        mine = focused.analyse(view, list(legal), focus=[move])[0]
        spent += focused.last_iterations
        refined = True
    before = best.win_chance
    after = before if mine.action == best.action else mine.win_chance
    loss = max(0.0, before - after)
    return {
        "played": move.to_text(),
        "best": best.action.to_text(),
        "before": round(before, 4),
        "after": round(after, 4),
        "loss": round(loss, 4),
        "mark": mark(loss),
        "played_visits": mine.visits,
        "best_visits": best.visits,
        "iterations": spent,
        "refined": refined,
    }


def mark(loss: float) -> str | None:
    """The mark a loss of win chance earns (:data:`MARKS`), or ``None``."""
    for name, threshold in MARKS:
        if loss >= threshold:
            return name
    return None


def settings_of(budget: Budget, seats: Sequence[int] | None = None) -> dict[str, Any]:
    """What a review was computed with (stored beside it: a review with other settings is another review)."""
    return {
        "version": VERSION,
        "iterations": budget.iterations,
        "seconds": budget.seconds,
        "marks": dict(MARKS),
        "seats": None if seats is None else sorted(seats),
    }


def review(
    record: GameRecord,
    seats: Sequence[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The review of ``record`` (of the seats ``seats``, 0-based; all by default) as JSON-able data.

    ``progress(done, total)`` is called after each searched decision."""
    definition = _definition(record.game)
    if budget.iterations is None:
        raise ReviewError("a review's budget needs a number of iterations (a time alone is not reproducible)")
    n_seats = len(record.players)
    if seats is not None:
        for seat in seats:
            if not 0 <= seat < n_seats:
                raise ReviewError(f"the game has seats 1–{n_seats}, not {seat + 1}")
    chosen = None if seats is None else set(seats)
    mine = [d for d in decisions(definition, record) if chosen is None or d.seat in chosen]
    total = sum(1 for d in mine if not d.forced)
    entries: list[dict[str, Any]] = []
    forced = [0] * n_seats
    done = 0
    for d in mine:
        if d.forced:
            forced[d.seat] += 1
            continue
        verdict = judge(d.view, d.legal, d.played, decision_seed(record.seed, d.n), budget.iterations, budget.seconds)
        entries.append({"n": d.n, "seat": d.seat, "legal": len(d.legal), **verdict})
        done += 1
        if progress is not None:
            progress(done, total)
    return summary(record, settings_of(budget, seats), entries, forced)


def summary(
    record: GameRecord, settings: dict[str, Any], entries: list[dict[str, Any]], forced: Sequence[int]
) -> dict[str, Any]:
    """The review document: the settings, the judged decisions in order, and each seat's totals."""
    definition = _definition(record.game)
    state = start(definition, record)
    for text in record.actions:
        state.apply(parse_record_action(definition, text))
    outcome = [round(x, 4) for x in state.result().win_shares()] if state.is_terminal() else None
    chosen = settings.get("seats")
    per_seat = []
    for seat in range(len(record.players)):
        if chosen is not None and seat not in chosen:
            continue
        own = [e for e in entries if e["seat"] == seat]
        counts = {name: sum(1 for e in own if e["mark"] == name) for name, _ in MARKS}
        per_seat.append(
            {
                "seat": seat,
                "decisions": len(own),
                "forced": forced[seat],
                "mean_loss": round(sum(e["loss"] for e in own) / len(own), 4) if own else 0.0,
                **{PLURAL[name]: count for name, count in counts.items()},
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": definition.name,
        "seed": record.seed,
        "players": list(record.players),
        "actions": len(record.actions),
        "settings": settings,
        "outcome": outcome,
        "seats": per_seat,
        "decisions": sorted(entries, key=lambda e: e["n"]),
    }


def _definition(game: str) -> AnyGameDefinition:
    try:
        definition = games.get(game)
    except LudotecaError as e:
        raise ReviewError(str(e)) from None
    if definition.determinize is None:
        raise ReviewError(f"{definition.title} has no search bot to review its games with")
    return definition
