"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse, 2012), for every game.

The bot never sees the true state. Each iteration samples one full world consistent with its view
(the game's ``determinize(view, rng)``: the other hands, the draw pile, the face-down fort cards),
then walks a single tree shared by all worlds (SO-ISMCTS): at each node only the actions legal in the
sampled world compete, chosen by UCB1 with *availability* counts, so an action that is often
impossible (an opponent's card it may not hold) is not penalised for it. One new node is added per
iteration, the world is played out (to the end at random, or as far as the game's :class:`Lookahead`
says and judged there), and each node on the path is credited with the result for the seat that chose
it. Chance (the shuffles and draws after the sampled moment) comes from the sampled world's own
generator, so it is averaged over as well.

Rewards are win shares (1 for a sole win, 1/k when k seats tie for first, 0 otherwise), plus a
small term for the score margin so that among equally winning lines the bot prefers the richer one
and, when every line loses, the closer one. A root child's mean reward is therefore close to the
estimated chance of winning after that action, which is what ``hint`` reports.

The budget is a number of iterations, a time per decision, or both (whichever runs out first).
With iterations only, a choice depends on the view and the seed alone.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar

from ludoteca import games
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.plugin import PluginError
from ludoteca.core.rng import Rng

from .base import Bot, Budget

A = TypeVar("A")

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (√2/2: a little greedier than the textbook √2)."""

MARGIN_WEIGHT = 0.1
"""Share of the reward given to the score margin (the rest is the win share)."""

CLOCK_EVERY = 1
"""Iterations between two looks at the clock when the budget has a time limit."""

DEFAULT_BUDGET = Budget(iterations=300, seconds=1.0)


@dataclass(frozen=True)
class Estimate:
    """What the search thinks of one root action: how often it was tried and how well it did."""

    action: Any
    visits: int
    win_chance: float
    """Mean win share of the searching seat over the playouts through this action."""
    value: float
    """Mean reward (win share plus the small score-margin term): what the search maximised."""


class _Node:
    """One tree node: the action that led here was chosen by ``player``."""

    __slots__ = ("avail", "children", "order", "passes", "player", "reward", "visits", "wins")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.wins = 0.0
        self.order: list[Any] | None = None
        """With progressive widening: the actions of the decision taken here, best first by the prior."""
        self.passes = 0
        """With progressive widening: how often a decision was taken here (how wide it is open)."""


def _outcome(state: Any, n: int) -> tuple[list[float], list[float]]:
    """Per seat: the win share, and the reward (win share blended with the normalised score margin)."""
    result = state.result()
    wins = result.win_shares()
    scores = result.scores
    lo, hi = min(scores), max(scores)
    spread = float(hi - lo) or 1.0
    rewards = [(1.0 - MARGIN_WEIGHT) * wins[p] + MARGIN_WEIGHT * (scores[p] - lo) / spread for p in range(n)]
    return wins, rewards


@dataclass(frozen=True)
class Lookahead:
    """What a game may tell the search about looking ahead; the default is random play to the end.

    ``horizon(world)`` gives, for the world sampled at the start of an iteration, a test of where to
    stop and judge with ``evaluate(state) -> win chance per seat``. ``policy(state, rng)`` plays the
    moves outside the tree (instead of uniformly random ones), and with ``model_others`` also the other
    seats' moves inside it: the search then branches only on its own seat's choices and expects the
    others to play like the policy.
    """

    horizon: Callable[[Any], Callable[[Any], bool]] | None = None
    evaluate: Callable[[Any], list[float]] | None = None
    policy: Callable[[Any, Rng], Any] | None = None
    model_others: bool = False
    judge: Callable[[Any, int], float] | None = None
    """Instead of ``evaluate``: ``judge(state, seat)``, the searching seat's chance of winning where the
    lookahead stops (the other seats share the rest). Enough when ``model_others`` leaves the tree with
    the searching seat's choices only, and cheaper when judging a seat costs as much as judging all."""
    order: Callable[[Any], Sequence[Any]] | None = None
    """Progressive widening: ``order(state)`` lists the legal actions of the seat to act, best first by a
    prior (a heuristic's own ranking); a node then lets only the first ``widen(passes)`` compete, where
    ``passes`` counts the decisions taken there, so the search looks at the likely moves first and at
    more of them as it goes on."""
    widen: Callable[[int], int] | None = None
    follow: Callable[[Any], bool] | None = None
    """``follow(state)``: a decision of the searching seat that the policy takes even inside the tree,
    but for the root's (such as the later steps of a movement the policy plans as a whole)."""
    prepare: Callable[[object, Budget], Lookahead] | None = None
    """``prepare(view, budget)``: the lookahead to use for one search from ``view`` with ``budget``, in
    place of this one (a fresh one per search, such as one that keeps caches of its own)."""
    levels: Mapping[str, Budget] | None = None
    """The game's own budgets for some of the named levels, in place of :attr:`IsmctsBot.levels`' (where
    an iteration costs much more or less than in other games)."""
    beliefs: Callable[[object, Rng, int], Worlds | None] | None = None
    """``beliefs(view, rng, iterations)``: where the search should draw its worlds from, in place of the
    game's uniform ``determinize`` (such as :class:`ludoteca.bots.beliefs.Particles`, weighted by what the
    others did), or ``None`` to draw them uniformly."""
    reading: Lookahead | None = None
    """The lookahead of the bot that reads the table (``reader``, :class:`ReaderBot`), if the game has one
    of its own; the ``ismcts`` bot never uses it, so its specs keep their meaning."""


class Worlds(Protocol):
    """A source of sampled worlds for the search: one fresh, full state per :meth:`draw`."""

    def draw(self, rng: Rng) -> Any:
        """A world the view could have come from."""


def win_chances(projected: Sequence[float], spread: float) -> list[float]:
    """Chances of winning from projected final scores: a softmax whose temperature ``spread`` is the
    typical swing still to come (wide early in a game, narrow near its end)."""
    top = max(projected)
    weights = [math.exp((x - top) / spread) for x in projected]
    total = sum(weights)
    return [w / total for w in weights]


def random_playout(state: Any, rng: Rng) -> None:
    """Play uniformly random legal actions to the end of the game (the default playout policy)."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def _widened(
    node: _Node, state: Any, legal: list[Any], order: Callable[[Any], Sequence[Any]], widen: Callable[[int], int]
) -> list[Any]:
    """The actions allowed to compete at ``node`` now: the first ``widen(passes)`` of its prior's order
    that are legal in this world (the order is taken in the first world that reaches the node)."""
    if node.order is None:
        node.order = list(order(state))
    width = widen(node.passes)
    node.passes += 1
    allowed = set(legal)
    out = [a for a in node.order if a in allowed][:width]
    if not out:
        return legal
    return out


class IsmctsBot(Bot):
    """Searches the game tree over sampled worlds (SO-ISMCTS); strength set by its budget (levels easy/normal/hard)."""

    name = "ismcts"
    levels: ClassVar[Mapping[str, Budget]] = {
        "easy": Budget(iterations=50),
        "normal": Budget(iterations=300, seconds=1.0),
        "hard": Budget(iterations=100_000, seconds=1.8),
    }

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.last_iterations = 0
        """Iterations run by the latest search (for speed reports)."""
        self.last_seconds = 0.0

    def choose(self, view: object, legal_actions: Sequence[A]) -> A:
        if not legal_actions:
            raise IllegalActionError("no legal actions to choose from: the game is over")
        if len(legal_actions) == 1:
            return legal_actions[0]
        best: A = self.analyse(view, legal_actions)[0].action
        return best

    def analyse(self, view: object, legal_actions: Sequence[Any], focus: Sequence[Any] | None = None) -> list[Estimate]:
        """Search from ``view`` and rate every legal action, most visited (the choice) first.

        With ``focus``, only those root actions compete (all the iterations go to them): how a game's
        review rates a move the full search left unvisited, such as one its prior's widening never opened."""
        root = self._search(view, None if focus is None else frozenset(focus))
        legal = list(legal_actions)
        estimates = []
        for a in legal:
            child = root.children.get(a)
            if child is None or child.visits == 0:
                estimates.append(Estimate(a, 0, 0.0, 0.0))
            else:
                estimates.append(Estimate(a, child.visits, child.wins / child.visits, child.reward / child.visits))
        order = sorted(range(len(legal)), key=lambda i: (-estimates[i].visits, -estimates[i].value, i))
        return [estimates[i] for i in order]

    def _search(self, view: object, focus: frozenset[Any] | None = None) -> _Node:
        definition = games.for_view(view)
        determinize = definition.determinize
        if determinize is None:
            raise TypeError(f"{definition.title} cannot sample worlds from a view (no determinize)")
        budget = (self.budget or DEFAULT_BUDGET).or_default(DEFAULT_BUDGET)
        lookahead = self.lookahead(definition.name)
        if lookahead.levels:
            budget = self.game_budget(budget, lookahead.levels)
        iterations = budget.iterations if budget.iterations is not None else 1 << 62
        limit = budget.time_limit
        deadline = None if limit is None else time.perf_counter() + limit
        rng = self.rng
        me = getattr(view, "player", -1)
        if lookahead.prepare is not None:
            lookahead = lookahead.prepare(view, budget)
        root = _Node(-1)
        started = time.perf_counter()
        worlds = None if lookahead.beliefs is None else lookahead.beliefs(view, rng, iterations)
        done = 0
        while done < iterations:
            if deadline is not None and done % CLOCK_EVERY == 0 and done and time.perf_counter() >= deadline:
                break
            world = determinize(view, rng, keep_log=False) if worlds is None else worlds.draw(rng)
            self._iterate(root, world, rng, lookahead, me, focus)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - started
        return root

    @classmethod
    def game_budget(cls, budget: Budget, levels: Mapping[str, Budget]) -> Budget:
        """A level's budget as the game defines it (``budget`` itself if it is no level's, or the game
        keeps that level as it is), with ``budget``'s clock."""
        timed = replace(budget, clock=True)
        for name, generic in cls.levels.items():
            if timed == generic:
                return replace(levels.get(name, budget), clock=budget.clock)
        return budget

    @staticmethod
    def lookahead(game: str) -> Lookahead:
        """The game's lookahead (how far to play, how, and how to judge where it stops), or plain random
        playouts to the end of the game."""
        found = games.plugin(game)
        if not found.has("lookahead"):
            return Lookahead()
        lookahead = found.facet("lookahead")
        if not isinstance(lookahead, Lookahead):
            raise PluginError(f"{found.title}: its lookahead is not a ludoteca.bots.ismcts.Lookahead")
        return lookahead

    @staticmethod
    def _iterate(
        root: _Node, state: Any, rng: Rng, lookahead: Lookahead, me: int, focus: frozenset[Any] | None = None
    ) -> None:
        """One iteration: select (UCB1 with availability), expand one node, play out, back up."""
        node = root
        path = [root]
        log = math.log
        sqrt = math.sqrt
        horizon = lookahead.horizon(state) if lookahead.horizon else None
        policy = lookahead.policy
        model = lookahead.model_others
        order = lookahead.order
        widen = lookahead.widen
        follow = lookahead.follow
        while True:
            if state.is_terminal() or (horizon is not None and horizon(state)):
                break
            if model and policy is not None and state.current_player() != me:
                state.apply(policy(state, rng))
                continue
            if follow is not None and policy is not None and node is not root and follow(state):
                state.apply(policy(state, rng))
                continue
            legal = state.legal_actions()
            if focus is not None and node is root:
                legal = [a for a in legal if a in focus] or legal
            elif order is not None and widen is not None:
                legal = _widened(node, state, legal, order, widen)
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(state.current_player())
                child.avail = 1
                children[action] = child
                state.apply(action)
                path.append(child)
                break
            best_score = -1.0
            best_action = legal[0]
            for a in legal:
                child = children[a]
                score = child.reward / child.visits + EXPLORATION * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best_score = score
                    best_action = a
            node = children[best_action]
            state.apply(best_action)
            path.append(node)
        while not state.is_terminal() and (horizon is None or not horizon(state)):
            if policy is None:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            else:
                state.apply(policy(state, rng))
        judge = lookahead.judge
        evaluate = lookahead.evaluate
        if state.is_terminal() or (evaluate is None and judge is None):
            wins, rewards = _outcome(state, state.num_players)
        elif judge is not None:
            n = state.num_players
            mine = judge(state, me)
            rest = (1.0 - mine) / (n - 1)
            wins = rewards = [mine if p == me else rest for p in range(n)]
        elif evaluate is not None:
            wins = rewards = evaluate(state)
        for visited in path[1:]:
            p = visited.player
            visited.visits += 1
            visited.reward += rewards[p]
            visited.wins += wins[p]


class ReaderBot(IsmctsBot):
    """Searches worlds weighted by what the others did, with the game's own lookahead for it (levels easy to expert)."""

    name = "reader"
    levels: ClassVar[Mapping[str, Budget]] = {
        "easy": Budget(iterations=50),
        "normal": Budget(iterations=300, seconds=1.0),
        "hard": Budget(iterations=600, seconds=2.0),
        "expert": Budget(iterations=1200, seconds=4.0),
    }
    """Iterations first, so that a level's play depends on its seed alone; the time limits are safety nets
    for a loaded machine where a player waits, off in arenas and benchmarks (:attr:`Budget.clock`; a game may
    set its own budgets for the levels: :attr:`Lookahead.levels`)."""

    @staticmethod
    def lookahead(game: str) -> Lookahead:
        """The game's lookahead for reading the table (:attr:`Lookahead.reading`), or the search's usual one."""
        usual = IsmctsBot.lookahead(game)
        return usual.reading if usual.reading is not None else usual


class AdvisorBot(ReaderBot):
    """The reader's search judged by the best judge each game has, at any budget: hints and the game review.

    Not a seat's bot (the registry does not name it): a seat's level keeps meaning what it meant. Where the
    ``reader`` judges with a learned judge only from ``expert``'s iterations, the advisor does at every budget,
    because what it reports is the chance of winning itself, and the learned judges are the better calibrated
    ones (``docs/bots.md``). It asks the reader's lookahead for the one it gives a search bounded by time alone
    (the deepest lookahead, the learned judge); its own iterations still bound the search."""

    name = "advisor"

    @staticmethod
    def lookahead(game: str) -> Lookahead:
        """The reader's lookahead as it prepares a search of time alone, whatever the real budget."""
        reading = ReaderBot.lookahead(game)
        prepare = reading.prepare
        if prepare is None:
            return reading
        untimed = Budget()

        def best(view: object, budget: Budget) -> Lookahead:
            return prepare(view, untimed)

        return replace(reading, prepare=best)
