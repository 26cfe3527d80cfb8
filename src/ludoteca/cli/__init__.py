"""The terminal front end: the ``ludoteca`` command (:mod:`.main`), the game loop (:mod:`.play`) and one
renderer per game (``render_<game>``: ``render(view, names)`` and ``describe(event, names)``).

It sits at the outer layer: it imports the rules cores and the bots, never the other way round.
"""
