"""The review of a finished game: where each seat won or lost it, judged by the search from that seat's view.

See :mod:`ludoteca.review.analysis`; the command is ``ludoteca review`` and the web server runs the same
analysis in its worker pool (``docs/review.md``).
"""

from .analysis import (
    DEFAULT_BUDGET,
    FORMAT,
    MARKS,
    VERSION,
    Decision,
    ReviewError,
    decisions,
    judge,
    review,
    settings_of,
    summary,
)

__all__ = [
    "DEFAULT_BUDGET",
    "FORMAT",
    "MARKS",
    "VERSION",
    "Decision",
    "ReviewError",
    "decisions",
    "judge",
    "review",
    "settings_of",
    "summary",
]
