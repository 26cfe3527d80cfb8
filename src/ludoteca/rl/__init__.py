"""Standard AI-research interfaces over the rules cores: PettingZoo environments (:mod:`.pettingzoo`) and
OpenSpiel games (:mod:`.openspiel`). Needs the ``rl`` extra (numpy, gymnasium, pettingzoo, open_spiel).
"""
