"""A stopping server ends its background work even where a cancel is lost."""

from __future__ import annotations

import asyncio

from carcassonne.net.tasks import cancel_all


def test_work_that_loses_a_cancel_still_ends() -> None:
    async def main() -> tuple[set[asyncio.Task[None]], int]:
        lost = 0

        async def read_with_its_own_timeout() -> None:
            nonlocal lost
            while True:
                try:
                    await asyncio.sleep(10)
                except asyncio.CancelledError:
                    if lost < 3:  # (as a read whose own timeout fired with the cancel)
                        lost += 1
                        continue
                    raise

        task = asyncio.get_running_loop().create_task(read_with_its_own_timeout())
        await asyncio.sleep(0)
        return await cancel_all([task], 5.0), lost

    left, lost = asyncio.run(main())
    assert left == set() and lost == 3


def test_work_that_never_ends_is_left_after_the_bound() -> None:
    async def main() -> tuple[int, bool]:
        stop = asyncio.Event()

        async def stubborn() -> None:
            while not stop.is_set():
                try:
                    await asyncio.sleep(10)
                except asyncio.CancelledError:
                    continue

        task = asyncio.get_running_loop().create_task(stubborn())
        await asyncio.sleep(0)
        left = await cancel_all([task], 0.3)
        running = not task.done()
        stop.set()
        task.cancel()
        await task
        return len(left), running

    count, running = asyncio.run(main())
    assert count == 1 and running
