"""PettingZoo environments of the ludoteca games (AEC API), like PettingZoo's own classic games::

    from ludoteca.rl.pettingzoo import kreta_v0, verraeter_v0

    env = verraeter_v0.env(players=3, hand_limit=6, render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Both pass ``pettingzoo.test.api_test`` and ``seed_test``; see ``docs/rl.md`` for the encodings.
"""

from . import kreta_v0, verraeter_v0

__all__ = ["kreta_v0", "verraeter_v0"]
