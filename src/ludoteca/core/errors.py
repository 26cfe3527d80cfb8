"""Errors raised by the rules cores and the formats around them.

All are :class:`ValueError` subclasses, so callers that only want "bad input" can catch ``ValueError``;
callers that want to explain the problem can catch the specific class.
"""


class LudotecaError(ValueError):
    """Base class of every error ludoteca raises for bad input."""


class IllegalActionError(LudotecaError):
    """A well-formed action that the rules do not allow in this position. The state is unchanged."""


class MalformedActionError(LudotecaError):
    """Something that is not an action of this game at all (wrong type, bad values)."""


class NotationError(LudotecaError):
    """Text or JSON that does not parse as an action of this game."""


class OptionError(LudotecaError):
    """An unknown rule option, or a value the option does not accept."""


class SetupError(LudotecaError):
    """An explicit set-up that is inconsistent (cards missing or duplicated, impossible positions...)."""


class RecordError(LudotecaError):
    """A game record that cannot be read or replayed."""
