"""Bounded in-memory tables of the session service: an LRU cache that also forgets
what sat unused for too long, and a table of locks that keeps only a few idle ones.

Both keep memory flat however many sessions the database holds: only the sessions
in use are in memory.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """At most ``limit`` entries; the least recently used goes first, and an entry not
    used for ``idle_seconds`` (``None``: never) is dropped at the next insertion."""

    def __init__(self, limit: int, *, idle_seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 1:
            raise ValueError("an LRU cache holds at least one entry")
        self.limit = limit
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._entries: OrderedDict[K, tuple[V, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def get(self, key: K) -> V | None:
        """The entry (now the most recently used), ``None`` if absent."""
        found = self._entries.get(key)
        if found is None:
            return None
        self._entries[key] = (found[0], self._clock())
        self._entries.move_to_end(key)
        return found[0]

    def peek(self, key: K) -> V | None:
        """The entry without counting it as a use."""
        found = self._entries.get(key)
        return None if found is None else found[0]

    def put(self, key: K, value: V) -> None:
        now = self._clock()
        self._entries[key] = (value, now)
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)
        if self.idle_seconds is not None:
            while self._entries:
                oldest, (_, used) = next(iter(self._entries.items()))
                if now - used <= self.idle_seconds:
                    break
                del self._entries[oldest]

    def pop(self, key: K) -> V | None:
        found = self._entries.pop(key, None)
        return None if found is None else found[0]


@dataclass(slots=True)
class _LockEntry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Coroutines holding or waiting for the lock: an entry in use is never dropped.
    users: int = 0


class LockTable(Generic[K]):
    """One :class:`asyncio.Lock` per key, created on demand. Locks that are held or
    awaited are always kept (dropping one would let a second holder in); of the idle
    ones at most ``idle_limit`` are kept, the least recently used dropped first."""

    def __init__(self, idle_limit: int) -> None:
        self.idle_limit = idle_limit
        self._entries: OrderedDict[K, _LockEntry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    @asynccontextmanager
    async def hold(self, key: K) -> AsyncIterator[None]:
        """``async with table.hold(key):`` runs the block under ``key``'s lock."""
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _LockEntry()
        self._entries.move_to_end(key)
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            self._trim()

    def busy(self, key: K) -> bool:
        """Whether somebody holds or waits for ``key``'s lock."""
        entry = self._entries.get(key)
        return entry is not None and entry.users > 0

    def _trim(self) -> None:
        excess = len(self._entries) - self.idle_limit
        if excess <= 0:
            return
        for key in [k for k, e in self._entries.items() if e.users == 0][:excess]:
            del self._entries[key]
