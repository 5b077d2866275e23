"""A cache bounded by the size of what it keeps, not by a count: the least recently used
entries are dropped first once their sizes add up to more than its limit.

The renderers keep things of very different sizes for later boards: compressed row
segments (:class:`renderers.png_writer.EncodedRows`) and what palette canvases map once
(:data:`renderers.common.MAPPED_PARTS`), so a count would bound neither their memory."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class SizedLru(Generic[V]):
    """Values by key, each with its size (bytes, say); the least recently used dropped
    first while the sizes add up to more than ``limit`` (the newest is always kept).
    Safe to share between threads."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return None
            self._kept.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V, size: int) -> None:
        """Keep ``value`` of ``size`` for ``key`` (in place of any value it had)."""
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self._size -= old[1]
            self._kept[key] = (value, size)
            self._size += size
            while self._size > self.limit and len(self._kept) > 1:
                _, (_, dropped) = self._kept.popitem(last=False)
                self._size -= dropped

    def clear(self) -> None:
        """Forget everything kept."""
        with self._lock:
            self._kept.clear()
            self._size = 0

    @property
    def size(self) -> int:
        """The sizes of what is kept, added up."""
        return self._size

    def __len__(self) -> int:
        return len(self._kept)
