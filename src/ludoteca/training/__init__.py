"""Training what the bots learn — the judges' weights — outside the package that plays.

The bots (:mod:`ludoteca.bots`) only read the fitted weights (small JSON files, standard library); fitting them
needs numpy (``pip install 'ludoteca[train]'``) and plays thousands of games, so it lives here, one layer above the
bots, and nothing that runs at a table imports it. ``ludoteca train`` (:mod:`ludoteca.cli.train`) is its front end.
"""
