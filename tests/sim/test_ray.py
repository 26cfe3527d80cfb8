"""The Ray backend (the ``ray`` extra): a real local Ray instance plays a small study, and its rows are the
rows local processes write for the same study."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoteca.cli.main import cli
from ludoteca.sim import results

pytest.importorskip("ray")

ARGS = ["simulate", "verraeter", "--games", "6", "--seats", "heuristic,random,random", "--grid", "edition=1998,2008"]


def test_ray_writes_the_same_rows_as_local_processes(tmp_path: Path) -> None:
    runner = CliRunner()
    ray_run = runner.invoke(
        cli, [*ARGS, "--seed", "9", "--backend", "ray", "--jobs", "2", "--out", str(tmp_path / "r")]
    )
    assert ray_run.exit_code == 0, ray_run.output
    local = runner.invoke(cli, [*ARGS, "--seed", "9", "--jobs", "1", "--out", str(tmp_path / "l")])
    assert local.exit_code == 0, local.output
    study, by_ray = results.load(tmp_path / "r")
    assert study["backend"] == "ray" and by_ray.num_rows == 12
    assert by_ray.equals(results.load(tmp_path / "l")[1])


def test_an_unreachable_cluster_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, [*ARGS, "--backend", "ray", "--address", "127.0.0.1:1", "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 2, result.output
    assert "ludoteca: error:" in result.output and "Ray" in result.output
