"""Verräter (3–4 players) as a PettingZoo AEC environment: ``verraeter_v0.env(players=4, **rule_options)``.

Actions and observations are those of :mod:`ludoteca.rl.encoding_verraeter` (``docs/rl.md`` lists
every id and slot). Rule options are the core's (``edition``, ``hand_limit``, ``draw_cap``, ``discard_timing``,
``builder_places_kontor``, ``landscapes``), passed as keywords and validated by it.
"""

from __future__ import annotations

from . import raw_env_class
from ._aec import env_maker

raw_env = raw_env_class("verraeter")
"""The unwrapped environment (PettingZoo name ``ludoteca_verraeter_v0``)."""

env = env_maker(raw_env)
