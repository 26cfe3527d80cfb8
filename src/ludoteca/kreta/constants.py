"""Transitional alias of :mod:`ludoteca.kreta.components` (the game's fixed data), kept only while the SVG
modules and the outer layers' word tables still import the old name (issue #15); import ``components``."""

from .components import *  # noqa: F403
