"""``ludoteca arena``: the statistics on cases with a known answer, the seat rotation on a tiny fake game,
determinism across ``--jobs``, and the command end to end with random bots for both games."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import Result

import clikit
from ludoteca import bots
from ludoteca.arena import runner
from ludoteca.arena.runner import ArenaError, Match, SeatRecord, play_deal
from ludoteca.arena.stats import Z_975, estimate, t_critical, win_shares
from ludoteca.arena.summary import summarize
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.bots.random_bot import RandomBot
from ludoteca.core.game import TERMINAL, GameDefinition, GameResult
from ludoteca.core.rng import Rng


def run(*args: str) -> Result:
    return clikit.run(*args, columns=120)  # the arena's table is wide


# ---------------------------------------------------------------- statistics


def _records(values_by_deal: Sequence[Sequence[float]], bot: int = 0) -> list[SeatRecord]:
    """Synthetic records: bot ``bot`` gets the listed win shares in each deal (one per rotation)."""
    return [
        SeatRecord(deal=d, rotation=r, seat=r, bot=bot, score=int(v * 10), win_share=v, decisions=2,
                   seconds=0.002, max_seconds=0.0015)
        for d, values in enumerate(values_by_deal)
        for r, v in enumerate(values)
    ]  # fmt: skip


def test_a_bot_that_always_wins_has_share_1_with_a_zero_width_interval() -> None:
    (row,) = summarize(["champ"], _records([[1.0, 1.0]] * 30))
    assert (row.win_share.mean, row.win_share.low, row.win_share.high) == (1.0, 1.0, 1.0)
    assert row.mean_score.half_width == 0 and row.mean_score.mean == 10
    assert row.games == 60 and row.moves == 120
    assert row.seconds_mean == pytest.approx(0.001) and row.seconds_max == 0.0015


def test_a_fair_coin_per_deal_covers_one_half_with_the_expected_width() -> None:
    rng = Rng(2025)
    deals = 4000
    # The deal decides: whoever the cards favour wins both rotations (perfectly correlated rotations).
    coin = [float(rng.below(2)) for _ in range(deals)]
    (row,) = summarize(["a"], _records([[c, c] for c in coin]))
    share = row.win_share
    assert share.low is not None and share.high is not None
    assert share.low < 0.5 < share.high
    assert share.half_width == pytest.approx(1.96 * 0.5 / math.sqrt(deals), rel=0.02)
    # Counting the 2 * deals games as independent would claim an interval √2 narrower than the truth.
    assert share.half_width > 1.3 * 1.96 * 0.5 / math.sqrt(2 * deals)


def test_the_intervals_cover_the_true_share_about_95_percent_of_the_time() -> None:
    rng = Rng(3)
    covered = 0
    for _ in range(400):
        coin = [float(rng.below(2)) for _ in range(60)]
        (row,) = summarize(["a"], _records([[c, c] for c in coin]))
        assert row.win_share.low is not None and row.win_share.high is not None
        covered += row.win_share.low <= 0.5 <= row.win_share.high
    assert 0.92 <= covered / 400 <= 0.98


def test_independent_games_within_a_deal_average_out_before_the_interval() -> None:
    rng = Rng(7)
    deals = 4000
    (row,) = summarize(["a"], _records([[float(rng.below(2)), float(rng.below(2))] for _ in range(deals)]))
    # per-deal means have sd 0.5/√2, so the width is what 2 * deals independent games give
    assert row.win_share.half_width == pytest.approx(1.96 * 0.5 / math.sqrt(2 * deals), rel=0.03)


def test_ties_split_the_win() -> None:
    assert win_shares((0, 2), 4) == [0.5, 0.0, 0.5, 0.0]
    assert win_shares((1,), 3) == [0.0, 1.0, 0.0]
    assert win_shares((0, 1, 2), 3) == [1 / 3] * 3
    assert win_shares((), 2) == [0.0, 0.0]


def test_small_samples_use_student_t_and_one_deal_has_no_interval() -> None:
    assert t_critical(1) == 12.706 and t_critical(30) == 2.042
    assert t_critical(31) == pytest.approx(2.0395, abs=2e-4)
    assert t_critical(60) == pytest.approx(2.0003, abs=2e-4)
    assert t_critical(120) == pytest.approx(1.9799, abs=2e-4)
    assert t_critical(10**7) == pytest.approx(Z_975, abs=1e-6)
    one = estimate([0.7])
    assert (one.mean, one.low, one.high) == (0.7, None, None)
    two = estimate([2.0, 4.0])  # sd √2, half = 12.706 × √2 / √2
    assert two.low == pytest.approx(3 - 12.706) and two.high == pytest.approx(3 + 12.706)
    clipped = estimate([0.0, 1.0], bounds=(0.0, 1.0))
    assert (clipped.low, clipped.high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        estimate([])


# ---------------------------------------------------------------- a tiny fake game


@dataclass(frozen=True)
class FakeView:
    player: int
    seed: int
    to_act: int


class FakeState:
    """Each seat picks a number twice; a seat's score is its sum. ``luck`` (from the seed) decides ties."""

    def __init__(self, seed: int, n: int) -> None:
        self.seed, self.num_players, self.turn = seed, n, 0
        self.picks: list[list[int]] = [[] for _ in range(n)]

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn % self.num_players

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [0, 1, 2]

    def apply(self, action: int) -> None:
        assert action in self.legal_actions()
        self.picks[self.current_player()].append(action)
        self.turn += 1

    def is_terminal(self) -> bool:
        return self.turn >= 2 * self.num_players

    def view(self, player: int) -> FakeView:
        return FakeView(player, self.seed, self.turn % self.num_players)

    def result(self) -> GameResult:
        scores = tuple(sum(p) for p in self.picks)
        best = max(scores)
        return GameResult(scores, tuple({} for _ in scores), tuple(p for p, s in enumerate(scores) if s == best))


FAKE = GameDefinition(
    name="fake", title="Fake", min_players=2, max_players=4,
    options_from_dict=dict, options_to_dict=dict,
    new_game=lambda options, seed, n, start_player=None: FakeState(seed, n),
    from_setup=lambda *a: None, parse_action=int, action_from_json=int, progress_key="turns",
)  # fmt: skip


class FakeBot:
    """``max`` picks 2, ``min`` picks 0, ``cheat`` picks 99, ``crash`` raises; remembers the views it was shown."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec, self.seed = spec, seed
        self.views: list[FakeView] = []

    def choose(self, view: object, legal: Sequence[int]) -> int:
        assert isinstance(view, FakeView) and view.to_act == view.player  # a view, and of its own seat
        self.views.append(view)
        if self.spec == "crash":
            raise TypeError("cannot play this game")
        return {"max": 2, "min": 0, "cheat": 99}[self.spec]


class Factory:
    def __init__(self) -> None:
        self.made: list[FakeBot] = []

    def __call__(self, spec: str, seed: int) -> FakeBot:
        self.made.append(FakeBot(spec, seed))
        return self.made[-1]


def _fake_deal(lineup: Sequence[str], deal: int = 0, seed: int = 5) -> tuple[list[SeatRecord], Factory]:
    factory = Factory()
    match = Match("fake", {}, tuple(lineup), seed)
    return play_deal(FAKE, {}, match, deal, factory), factory


def test_every_bot_sits_in_every_seat_once_per_deal_on_the_same_cards() -> None:
    lineup = ["max", "min", "min", "max"]
    records, factory = _fake_deal(lineup, deal=3)
    assert len(records) == 16 and {r.rotation for r in records} == {0, 1, 2, 3}
    for index in range(4):
        assert sorted(r.seat for r in records if r.bot == index) == [0, 1, 2, 3]
    for r in records:
        assert r.bot == (r.seat - r.rotation) % 4  # lineup[(p - r) % n] sits in seat p
    # one fresh bot per seat per game, each asked only about its own seat, all on the deal's seed
    assert len(factory.made) == 16 and len({id(b) for b in factory.made}) == 16
    for bot in factory.made:
        assert len({v.player for v in bot.views}) == 1 and len(bot.views) == 2
    assert len({v.seed for b in factory.made for v in b.views}) == 1
    assert {v.seed for v in factory.made[0].views} == {runner.derive_seed(5, 3)}
    # bot seeds depend on (seed, deal, lineup index) only: the same in every rotation
    seeds = {(b.spec, b.seed) for b in factory.made}
    assert len(seeds) == 4 and {s for _, s in seeds} == {runner.derive_seed(5, 3, i) for i in range(4)}
    _, other = _fake_deal(lineup, deal=4)
    assert {v.seed for v in other.made[0].views} == {runner.derive_seed(5, 4)} != {runner.derive_seed(5, 3)}


def test_the_fake_table_has_known_answers() -> None:
    lineup = ["max", "min", "min"]
    records = [r for deal in range(5) for r in _fake_deal(lineup, deal)[0]]
    best, worst = summarize(lineup, records)
    assert (best.bot, best.seats, best.games, best.moves) == ("max", 1, 15, 30)
    assert (best.win_share.mean, best.win_share.low, best.win_share.high) == (1.0, 1.0, 1.0)
    assert best.mean_score.mean == 4 and best.mean_score.half_width == 0
    assert (worst.bot, worst.seats, worst.games, worst.win_share.mean, worst.mean_score.mean) == ("min", 2, 30, 0, 0)
    tied = summarize(["min"] * 3, _fake_deal(["min"] * 3)[0])
    assert [row.win_share.mean for row in tied] == [pytest.approx(1 / 3)]


def test_an_illegal_action_or_a_crash_is_an_error_naming_the_bot() -> None:
    with pytest.raises(ArenaError, match=r"bot 'cheat' in seat 2 returned an illegal action 99"):
        _fake_deal(["max", "cheat"])
    with pytest.raises(ArenaError, match=r"bot 'crash' in seat 1 failed: TypeError: cannot play this game \(deal 0"):
        _fake_deal(["crash", "max"])


# ---------------------------------------------------------------- determinism and --jobs


def _without_times(records: list[SeatRecord]) -> list[SeatRecord]:
    return [dataclasses.replace(r, seconds=0.0, max_seconds=0.0) for r in records]


def test_the_same_seed_gives_the_same_games_with_any_number_of_jobs() -> None:
    match = Match("kreta", {}, ("random", "random"), 11)
    one = runner.run(match, 4, jobs=1)
    two = runner.run(match, 4, jobs=2)
    assert _without_times(one) == _without_times(two)
    assert [r.deal for r in one] == sorted(r.deal for r in one)
    other = runner.run(dataclasses.replace(match, seed=12), 4, jobs=1)
    assert [r.score for r in other] != [r.score for r in one]


def test_a_level_replays_in_the_arena_whatever_its_safety_net(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level's time limit is a safety net for a waiting player: in the arena it is off, so a level plays its
    iterations and two runs of the same deals are the same games. The net here is a nanosecond, which would cut
    every search to one iteration if it could bind (slow by construction, not by the machine)."""
    monkeypatch.setitem(IsmctsBot.levels, "normal", bots.Budget(iterations=12, seconds=1e-9))
    match = Match("verraeter", {}, ("ismcts:normal", "heuristic", "heuristic"), 5)
    first = runner.run(match, 1, jobs=1)
    again = runner.run(match, 1, jobs=1)
    assert _without_times(first) == _without_times(again)
    by_iterations = runner.run(dataclasses.replace(match, lineup=("ismcts:12", "heuristic", "heuristic")), 1, jobs=1)
    assert _without_times(first) == _without_times(by_iterations)  # the level played its 12 iterations


# ---------------------------------------------------------------- the command


def _json(*args: str) -> dict[str, Any]:
    result = run("arena", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_verraeter_table_with_four_random_bots() -> None:
    result = run("arena", "verraeter", "--seats", "random,random,random,random", "--games", "10", "--seed", "3",
                 "--jobs", "1", "-o", "edition=1998")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Arena · Verräter · 4 players" in out and "seed 3" in out and "edition 1998" in out
    assert "3 deals × 4 seat rotations = 12 games (--games 10 rounded up to whole deals)" in out
    assert "Parity win share: 0.250" in out and "Win share (95% CI)" in out
    assert "│ random │     4 │    48 │ 0.250 (0.250–0.250)" in out  # four identical bots: one row
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_kreta_json_is_one_object_and_the_same_for_any_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots._BOTS, "lucky", "ludoteca.bots.random_bot:RandomBot")  # a second, distinct spec
    data = _json("kreta", "--seats", "Random,lucky", "--games", "5", "--seed", "9", "--jobs", "1")
    assert {k: data[k] for k in ("game", "players", "seed", "deals", "games", "parity")} == {
        "game": "kreta", "players": 2, "seed": 9, "deals": 3, "games": 6, "parity": 0.5,
    }  # fmt: skip
    assert data["options"] == {"board": None, "abbot_blocks_passing": True, "takeback": "all", "rules_version": 2}
    assert [row["bot"] for row in data["bots"]] == ["random", "lucky"]
    for row in data["bots"]:
        assert set(row) == {"bot", "seats", "games", "win_share", "mean_score", "seconds_per_move", "moves"}
        assert row["seats"] == 1 and row["games"] == 6 and row["moves"] > 0
        assert row["win_share"]["low"] <= row["win_share"]["mean"] <= row["win_share"]["high"]
        assert 0 < row["seconds_per_move"]["mean"] <= row["seconds_per_move"]["max"]
    assert sum(row["win_share"]["mean"] for row in data["bots"]) == pytest.approx(1.0)
    parallel = _json("kreta", "--seats", "random,lucky", "--games", "5", "--seed", "9", "--jobs", "2")

    def timeless(d: dict[str, Any]) -> dict[str, Any]:
        return {**d, "bots": [{**b, "seconds_per_move": None} for b in d["bots"]]}

    assert timeless(parallel) == timeless(data)


def test_until_decided_stops_at_the_decision_and_says_so_with_any_jobs() -> None:
    """The heuristic against random players is decided within the cap; the decision is the same on two workers
    (which may play a deal past it: the test is judged at its first crossing)."""
    args = ("verraeter", "--seats", "heuristic,random,random", "--games", "300", "--seed", "3", "--until-decided")
    one = _json(*args, "--jobs", "1")
    two = _json(*args, "--jobs", "2")
    assert one["sequential"]["verdict"] == "H1" and one["sequential"]["bot"] == "heuristic"
    assert one["deals"] == one["sequential"]["blocks"] < 100 and one["games"] == 3 * one["deals"]
    assert one["sequential"]["hypotheses"]["h1"] == pytest.approx(1 / 3 + 0.1)
    assert {k: two["sequential"][k] for k in ("verdict", "blocks", "llr")} == {
        k: one["sequential"][k] for k in ("verdict", "blocks", "llr")
    }
    assert two["deals"] - one["deals"] in (0, 1)
    table = run("arena", *args, "--jobs", "1").stdout
    assert "(at most 100 deals)" in table and "α = 0.05" in table and "decided H1 after" in table
    assert "sequential" not in _json("kreta", "--seats", "random,random", "--games", "2", "--seed", "1")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_returning_an_illegal_action_is_named(monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    monkeypatch.setattr(RandomBot, "choose", lambda self, view, legal: "nonsense")
    result = run("arena", "kreta", "--seats", "random,random", "--games", "4", "--seed", "1", "--jobs", jobs)
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()  # which deal fails first depends on the workers
    assert re.fullmatch(r"ludoteca: error: bot 'random' in seat \d returned an illegal action 'nonsense' "
                        r"\(deal \d, rotation 0\)", line), line


def test_a_single_deal_has_means_but_no_intervals() -> None:
    data = _json("kreta", "--seats", "random,random,random", "--games", "1", "--seed", "4", "--jobs", "2")
    assert (data["deals"], data["games"]) == (1, 3)
    assert data["bots"][0]["mean_score"]["low"] is None and data["bots"][0]["win_share"]["high"] is None
    text = run("arena", "kreta", "--seats", "random,random,random", "--games", "1", "--seed", "4").stdout
    assert "1 deal × 3 seat rotations = 3 games (--games 1 rounded up" in text and "No intervals" in text


BAD = [
    (["chess", "--seats", "random,random", "--games", "2"], "unknown game 'chess'"),
    (["kreta", "--seats", "random,wizard", "--games", "2"], "unknown bot 'wizard'"),
    (["kreta", "--seats", "random,human", "--games", "2"], "unknown bot 'human'"),
    (["kreta", "--seats", "random,random:fast", "--games", "2"], "bad budget 'fast' for bot 'random'"),
    (["kreta", "--seats", "random,,random", "--games", "2"], "an empty seat"),
    (["kreta", "--seats", "random", "--games", "2"], "Kreta takes 2–4 players, not 1"),
    (["verraeter", "--seats", "random,random", "--games", "2"], "Verräter takes 3–4 players, not 2"),
    (["kreta", "--seats", "random,random", "--games", "0"], "'--games'"),
    (["kreta", "--seats", "random,random", "--games", "2", "--jobs", "0"], "'--jobs'"),
    (["kreta", "--seats", "random,random", "--games", "2", "--seed", "-1"], "'--seed'"),
    (["kreta", "--seats", "random,random"], "Missing option '--games'"),
    (["kreta", "--games", "2"], "Missing option '--seats'"),
    (["kreta", "--seats", "random,random", "--games", "2", "-o", "colour=red"], "colour"),
    (["verraeter", "--seats", "random,random,random", "--games", "2", "-o", "hand_limit"], "not KEY=VALUE"),
    (["verraeter", "--seats", "random,random,random", "--games", "2", "-o", "hand_limit=lots"], "hand_limit"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a)[:50] for a, _ in BAD])
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    for extra in ([], ["--json"]):
        result = run("arena", *args, *extra)
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("ludoteca: error: "), result.stderr
        assert message in lines[0]


def test_help() -> None:
    assert "arena" in run("--help").stdout
    result = run("arena", "--help")
    assert result.exit_code == 0 and "Usage: ludoteca arena" in result.stdout and "--jobs" in result.stdout
