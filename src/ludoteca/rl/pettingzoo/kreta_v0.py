"""Kreta (2–4 players) as a PettingZoo AEC environment: ``kreta_v0.env(players=4, **rule_options)``.

Actions and observations are those of :mod:`ludoteca.rl.encoding_kreta` (``docs/rl.md`` lists
every id and slot). Rule options are the core's (``board``: a board file, ``abbot_blocks_passing``), passed as
keywords and validated by it. Games last about 170–210 actions (a Commander's movement is one action per step).
"""

from __future__ import annotations

from . import raw_env_class
from ._aec import env_maker

raw_env = raw_env_class("kreta")
"""The unwrapped environment (PettingZoo name ``ludoteca_kreta_v0``)."""

env = env_maker(raw_env)
