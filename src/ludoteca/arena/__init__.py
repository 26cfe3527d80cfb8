"""The arena: many bot games with the seats rotated, and honest confidence intervals on the results.

Three parts, so each can be tested alone: :mod:`.stats` (pure interval arithmetic over per-deal values),
:mod:`.runner` (plays deals, in-process or on a process pool) and :mod:`.summary` (per-seat records to
one row per bot). The command line front end is ``ludoteca.cli.arena``; ``docs/arena.md`` explains the
rotation scheme and the statistics.
"""
