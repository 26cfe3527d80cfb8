"""``ludoteca simulate``: the grid's cells, common seeds, rows that replay exactly, the same rows on every
backend and number of jobs, per-seat counts that add up, and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.compute as pc
import pytest

from clikit import run
from ludoteca.core.records import replay
from ludoteca.kreta import DEFINITION as KRETA
from ludoteca.sim import plan, results
from ludoteca.sim.play import play_task
from ludoteca.sim.replay import find_row, record_of
from ludoteca.sim.runner import simulate
from ludoteca.verraeter import DEFINITION as VERRAETER

RANDOM3 = ("random", "random", "random")


def _study(games: int = 6, seats: tuple[str, ...] = RANDOM3, **grid: tuple[str, ...]) -> plan.Study:
    return plan.Study("verraeter", seats, games, 11, tuple(grid.items()))


# ---------------------------------------------------------------- planning


def test_the_cells_are_every_combination_of_the_grid_in_canonical_form() -> None:
    cells = plan.cells(_study(edition=("1998", "2008"), hand_limit=("5", "6")))
    assert [c.grid for c in cells] == [
        {"edition": 1998, "hand_limit": 5},
        {"edition": 1998, "hand_limit": 6},
        {"edition": 2008, "hand_limit": 5},
        {"edition": 2008, "hand_limit": 6},
    ]
    assert all(c.options["draw_cap"] == 3 for c in cells)  # the defaults fill the rest
    assert [c.cell for c in cells] == [0, 1, 2, 3]


def test_no_grid_is_one_cell_with_the_fixed_options() -> None:
    study = plan.Study("verraeter", RANDOM3, 4, 1, (), {"hand_limit": "6"})
    (cell,) = plan.cells(study)
    assert cell.grid == {} and cell.options["hand_limit"] == 6


@pytest.mark.parametrize(
    ("study", "message"),
    [
        (_study(colour=("red",)), "unknown"),
        (_study(hand_limit=("5", "05")), "same rules"),
        (_study(edition=("1999",)), "1998 or 2008"),
        (plan.Study("verraeter", ("random",) * 2, 3, 1), "3 to 4 players"),
        (plan.Study("verraeter", RANDOM3, 3, 1, (("edition", ("1998",)),), {"edition": "2008"}), "both fixed"),
    ],
)
def test_impossible_studies_are_refused_with_the_reason(study: plan.Study, message: str) -> None:
    with pytest.raises(Exception, match=message):
        plan.cells(study)


def test_game_i_has_the_same_seed_in_every_cell_and_different_games_differ() -> None:
    study = _study(games=4, edition=("1998", "2008"))
    tasks = plan.tasks(study, plan.cells(study), size=4)
    rows = [row for task in tasks for row in play_task(task)]
    by_cell = {c: [r["seed"] for r in rows if r["cell"] == c] for c in (0, 1)}
    assert by_cell[0] == by_cell[1]
    assert len(set(by_cell[0])) == 4


def test_tasks_cover_every_game_once_in_chunks() -> None:
    study = _study(games=10, edition=("1998", "2008"))
    tasks = plan.tasks(study, plan.cells(study), size=4)
    covered = sorted((t.cell, i) for t in tasks for i in range(t.start, t.stop))
    assert covered == [(c, i) for c in (0, 1) for i in range(10)]
    assert max(t.stop - t.start for t in tasks) == 4


# ---------------------------------------------------------------- rows


def test_every_row_replays_exactly_from_its_seeds(tmp_path: Path) -> None:
    simulate(_study(games=3, seats=("heuristic", "random", "random", "random")), tmp_path / "s")
    _, table = results.load(tmp_path / "s")
    for row in table.to_pylist():
        record = record_of(row)
        state = replay(VERRAETER, record)
        assert state.is_terminal()
        assert list(state.result().scores) == row["scores"]
        assert len(record.actions) == row["length"]
    assert find_row(tmp_path / "s", 0, 2)["index"] == 2


def test_verraeter_counts_add_up(tmp_path: Path) -> None:
    """Every seat takes one action card per round; win shares sum to 1; only traitors flip conflicts."""
    simulate(_study(games=12, seats=("heuristic",) * 4), tmp_path / "s")
    _, table = results.load(tmp_path / "s")
    takes = [c for c in table.column_names if c.startswith("n_take_")]
    assert len(takes) == 6
    for row in table.to_pylist():
        for seat in range(4):
            assert sum(row[c][seat] for c in takes) == row["rounds"]
            assert row["n_traitor_flips"][seat] <= row["n_take_traitor"][seat]
        assert sum(row["win_shares"]) == pytest.approx(1.0)
        assert sorted(row["winners"]) == [s for s in range(4) if row["win_shares"][s] > 0]
        assert row["scores"][row["winners"][0]] == max(row["scores"])
        assert 0 <= row["start_player"] < 4


def test_kreta_counts_add_up(tmp_path: Path) -> None:
    simulate(plan.Study("kreta", ("random", "random"), 2, 5), tmp_path / "k")
    study, table = results.load(tmp_path / "k")
    assert study["cells"][0]["options"] == KRETA.options_to_dict(KRETA.options_from_dict({}))
    plays = [c for c in table.column_names if c.startswith("n_play_")]
    assert len(plays) == 7
    for row in table.to_pylist():
        played = [sum(row[c][seat] for c in plays) for seat in range(2)]
        assert abs(played[0] - played[1]) <= 1  # turns alternate
        assert row["rounds"] == sum(played) // 2
        assert sum(row["n_scorings_started"]) == sum(row["n_play_castellan"])
        assert row["n_provinces_second"] == [0, 0]  # no second place with two players


def test_a_grid_option_whose_values_include_none_keeps_one_type(tmp_path: Path) -> None:
    simulate(_study(games=2, draw_cap=("none", "3")), tmp_path / "s")
    _, table = results.load(tmp_path / "s")
    assert table["opt_draw_cap"].to_pylist() == [None, None, 3, 3]


# ---------------------------------------------------------------- backends


def _rows(directory: Path) -> list[dict[str, object]]:
    return results.load(directory)[1].to_pylist()


def test_the_rows_do_not_depend_on_jobs_or_chunks(tmp_path: Path) -> None:
    study = _study(games=8, edition=("1998", "2008"))
    simulate(study, tmp_path / "one", jobs=1, chunk=8)
    simulate(study, tmp_path / "two", jobs=2, chunk=3)
    assert _rows(tmp_path / "one") == _rows(tmp_path / "two")
    files = sorted(p.name for p in (tmp_path / "two" / "games").iterdir())
    assert files == ["cell-0000.parquet", "cell-0001.parquet"]


def test_study_json_describes_the_run(tmp_path: Path) -> None:
    simulate(_study(games=2, hand_limit=("5", "6")), tmp_path / "s", command="ludoteca simulate ...")
    study = json.loads((tmp_path / "s" / "study.json").read_text())
    assert study["complete"] is True and study["grid"] == {"hand_limit": [5, 6]}
    assert study["games"] == 2 and study["seed"] == 11 and study["seats"] == list(RANDOM3)
    assert [c["grid"] for c in study["cells"]] == [{"hand_limit": 5}, {"hand_limit": 6}]
    assert study["seconds"] > 0 and study["command"] == "ludoteca simulate ..."


def test_an_earlier_study_is_never_overwritten_unless_asked(tmp_path: Path) -> None:
    simulate(_study(games=2), tmp_path / "s")
    with pytest.raises(results.ResultsError, match="already holds"):
        simulate(_study(games=2), tmp_path / "s")
    simulate(_study(games=3), tmp_path / "s", overwrite=True)
    assert len(_rows(tmp_path / "s")) == 3


# ---------------------------------------------------------------- the command


def test_the_command_writes_the_directory_and_says_what_next(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = run(
        "simulate", "verraeter", "--games", "3", "--seats", "random,random,random", "--grid", "edition=1998,2008",
        "-o", "hand_limit=6", "--seed", "4", "--jobs", "1", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Wrote 6 games (2 cells)" in result.output and f"ludoteca report {out}" in result.output
    table = results.load(out)[1]
    assert table.num_rows == 6
    assert set(pc.unique(table["opt_edition"]).to_pylist()) == {1998, 2008}
    assert all(json.loads(o)["hand_limit"] == 6 for o in table["options"].to_pylist())
    replayed = run("replay", str(out), "--row", "1:2", "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["scores"] == table.to_pylist()[5]["scores"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--grid", "edition"], "not KEY=V1,V2"),
        (["--grid", "edition=1998,1998"], "repeats a value"),
        (["--grid", "colour=red"], "unknown"),
        (["--seats", "random,wizard,random"], "unknown bot"),
        (["--address", "1.2.3.4:6379"], "--address needs --backend ray"),
        (["--games", "0"], "0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, args: list[str], message: str) -> None:
    base = {"--games": "2", "--seats": "random,random,random", "--out": str(tmp_path / "x")}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    result = run("simulate", "verraeter", *[part for pair in base.items() for part in pair])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "ludoteca: error:" in result.output
    assert message in result.output
    assert not (tmp_path / "x" / "study.json").exists()
