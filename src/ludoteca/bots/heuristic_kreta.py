"""Placeholder: the kreta strategy is being written."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.rng import Rng


def choose(view: Any, legal: Sequence[Any], rng: Rng) -> Any:
    return legal[0]
