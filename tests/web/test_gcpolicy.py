"""The server freezes what survives a full collection and thaws it all now and then (web/gcpolicy.py)."""

from __future__ import annotations

import asyncio
import gc

from ludoteca.web.hosting.gcpolicy import Policy


def test_survivors_of_a_full_collection_are_frozen_then_thawed() -> None:
    async def scenario() -> tuple[int, int, int]:
        policy = Policy(asyncio.get_running_loop(), thaw_seconds=3600)
        policy.install()
        try:
            kept = [[i] for i in range(1000)]  # long-lived containers the collector tracks
            gc.collect(2)
            await asyncio.sleep(0)  # the freeze happens on the loop, after the collection
            frozen = gc.get_freeze_count()
            more = [[i] for i in range(500)]
            gc.collect(1)  # a collection of generation 1 freezes its survivors too
            await asyncio.sleep(0)
            assert more and gc.get_freeze_count() >= frozen + 500
            policy.thaw_seconds = 0.0  # time to thaw: the next full collection looks at everything
            gc.collect(2)
            await asyncio.sleep(0)
            assert kept
            return frozen, gc.get_freeze_count(), policy.thaws
        finally:
            policy.remove()

    frozen, after_thaw, thaws = asyncio.run(scenario())
    assert frozen >= 1000
    assert after_thaw == 0 and thaws == 1
    assert gc.get_freeze_count() == 0  # removing the policy leaves nothing frozen
