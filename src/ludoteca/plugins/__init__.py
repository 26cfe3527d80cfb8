"""The built-in games' plug-ins (see :mod:`ludoteca.core.plugin`): each ties a rules core to its presenter,
strategy, search lookahead, encoding, counters and lobby options, and is registered under the
``ludoteca.games`` entry points in ``pyproject.toml`` exactly as a third-party game would be."""
