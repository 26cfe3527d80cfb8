"""Simulation at scale: many bot games per cell of an option grid, one Parquet row per game.

``ludoteca simulate`` plays the games (local processes or Ray) and ``ludoteca report`` draws them.
Needs the ``analysis`` extra (pyarrow, matplotlib); the Ray backend the ``ray`` extra.
"""
