"""Faults under load, the short version of ``benchmarks/faults.py`` (issue #29): a few games on two server
processes and a private PostgreSQL, while each fault happens once — a server killed with SIGKILL (and restarted),
PostgreSQL restarted as after a crash, one process's database connections terminated, some client connections
cut. Nothing acknowledged is lost, nothing is applied twice, no game diverges or is left stuck.

The outcome does not depend on the machine's speed: the plan's moments are fixed, and the end waits (up to
minutes) for every game to move on or finish rather than for a fixed time. An action counts as acknowledged
only when the server's ``ack`` names its request id (issue #35, point 5).

In CI since issue #35: the one failure of the first runs (two actions "acknowledged and then not stored at
their version", on a machine loaded to 14) was the first client's count, not a loss — it took a later version
for its action's acknowledgement and any refusal for that of its latest send (docs/benchmarks.md, "Faults
under load"); counted by ids, 20 runs in a row passed on the shared, loaded machine.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
from pathlib import Path

import faults
import pytest

pytestmark = [
    pytest.mark.skipif(
        not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or shutil.which("pg_ctlcluster") is None,
        reason="needs Debian's PostgreSQL (scripts/postgres.sh installs it)",
    ),
]


def test_each_fault_once_loses_nothing_and_leaves_no_game_stuck() -> None:
    args = argparse.Namespace(games=4, servers=2, duration=40.0, settle=300.0, think=0.3, plan="once", seed=3,
                              cut_share=0.5,
                              serve_arg=["--bot-workers", "1"])
    report = asyncio.run(faults.main_async(args))
    assert [f["fault"] for f in report["faults"]] == ["kill server 0", "postgres", "drop-db server 1"]
    assert report["acked_actions"] > 0 and report["games"] >= 4
    assert report["cuts"] > 0  # some clients lost their connection and came back
    outcome = (report["lost"], report["applied_unsent"], report["diverged"], report["stuck"])
    assert outcome == (0, 0, 0, 0), report["examples"]
    assert report["acked_and_refused"] == 0  # each action has one answer: stored (ack) or not (error)
    assert all(status < 500 or status == 503 for status in report["refused_statuses"]), report["refused_creations"]
