"""The rules pool: rules work runs off the event loop in a bounded set of worker
threads, with a bounded number of requests waiting and a wall-clock limit per
request.  A full pool refuses at once (``Busy``), never queues without bound.

Threads suffice because the cost budget bounds every request's CPU (docs/limits.md);
a request past its wall-clock limit is answered at once and its thread finishes its
bounded work in the background (it still counts against the pool until then).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from typing import TypeVar

__all__ = ["Busy", "RulesPool", "TimedOut"]

T = TypeVar("T")


class Busy(Exception):
    """Every worker is busy and the waiting line is full."""


class TimedOut(Exception):
    """The request did not finish within its wall-clock limit."""


class RulesPool:
    """``threads`` workers, at most ``queue`` requests waiting, ``timeout`` seconds each."""

    def __init__(self, threads: int, queue: int, timeout: float) -> None:
        self.threads = max(1, threads)
        self.capacity = self.threads + max(0, queue)
        self.timeout = timeout
        self.in_flight = 0
        self._executor: ThreadPoolExecutor | None = None

    @property
    def full(self) -> bool:
        """Whether a new request would be refused."""
        return self.in_flight >= self.capacity

    def _start(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="rules")
        return self._executor

    def _finished(self, _future: Future[T]) -> None:
        self.in_flight -= 1

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on a worker thread; ``Busy`` when full, ``TimedOut`` past the limit."""
        if self.full:
            raise Busy
        loop = asyncio.get_running_loop()
        self.in_flight += 1
        future = self._start().submit(work)

        def done(finished: Future[T]) -> None:
            with suppress(RuntimeError):  # the loop has closed: nothing waits any more
                loop.call_soon_threadsafe(self._finished, finished)

        future.add_done_callback(done)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except TimeoutError:
            future.cancel()  # a request still waiting never starts
            raise TimedOut from None

    def close(self) -> None:
        """Stop the workers (the running ones finish their bounded work)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
