"""Which Discord shards a process holds, and the shard a session belongs to.

Discord puts a server on shard ``(guild_id >> 22) % shard_count``; a process started
with ``TIDEBOUND_SHARD_COUNT`` and ``TIDEBOUND_SHARD_IDS`` (``0-3``, ``4,5``, ``0-1,6``)
holds those shards, gets those servers' interactions, and resumes bots and plays
expired turn clocks only for their sessions. A session without a server (direct
messages, the console) is on shard 0, as Discord puts direct messages there.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardConfigError(ValueError):
    """``TIDEBOUND_SHARD_COUNT`` / ``TIDEBOUND_SHARD_IDS`` do not describe shards."""


@dataclass(frozen=True, slots=True)
class Shards:
    """``ids`` of ``count`` shards held by this process."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ShardConfigError(f"shard count {self.count} is not a positive number")
        wrong = [i for i in self.ids if not 0 <= i < self.count]
        if wrong or not self.ids:
            raise ShardConfigError(
                f"shard ids {list(self.ids)} are not within 0..{self.count - 1}")

    @property
    def everything(self) -> bool:
        """Whether this process holds every shard (then nothing needs filtering)."""
        return set(self.ids) == set(range(self.count))

    def holds(self, guild_id: str | int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    @classmethod
    def parse(cls, count_text: str | None, ids_text: str | None) -> Shards | None:
        """The shards from the two variables; ``None`` (one process, every server) when
        neither is set. Only a count: every shard of it; only ids: refused."""
        count_text, ids_text = (count_text or "").strip(), (ids_text or "").strip()
        if not count_text:
            if ids_text:
                raise ShardConfigError("TIDEBOUND_SHARD_IDS needs TIDEBOUND_SHARD_COUNT")
            return None
        if not count_text.isdigit():
            raise ShardConfigError(f"TIDEBOUND_SHARD_COUNT={count_text!r} is not a number")
        count = int(count_text)
        if not ids_text:
            return cls(count, tuple(range(count)))
        return cls(count, parse_ids(ids_text))


def parse_ids(text: str) -> tuple[int, ...]:
    """``0-3`` -> (0, 1, 2, 3); ``0-1,6`` -> (0, 1, 6)."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ShardConfigError(f"TIDEBOUND_SHARD_IDS part {part!r} is not N or N-M")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ShardConfigError(f"TIDEBOUND_SHARD_IDS range {part!r} runs backwards")
        ids.extend(range(first, last + 1))
    return tuple(sorted(set(ids)))


#: The largest snowflake (a signed 64-bit integer): longer digit strings are no server.
_LARGEST_ID = (1 << 63) - 1


def shard_key(guild_id: str | int | None) -> int:
    """The part of a server id that picks its shard whatever the shard count
    (``guild_id >> 22``; 0 without a server), stored with each session as ``shard_key``
    so that a process's clock scans read only its own shards' rows (issue 29 item 2)."""
    text = str(guild_id).strip() if guild_id is not None else ""
    if not text.isdigit() or int(text) > _LARGEST_ID:
        return 0
    return int(text) >> 22


def shard_of(guild_id: str | int | None, count: int) -> int:
    """Discord's shard of a server; shard 0 without one."""
    return shard_key(guild_id) % count


def shard_key_sql(column: str) -> str:
    """:func:`shard_key` in portable SQL on a text ``column`` holding a server id (both
    databases have ``TRIM(x, chars)``, ``>>`` and ``CAST``; a value that is not all
    digits is no server)."""
    return (f"(CASE WHEN {column} <> '' AND TRIM({column}, '0123456789') = '' "
            f"AND (LENGTH({column}) < 19 OR (LENGTH({column}) = 19 "
            f"AND {column} <= '9223372036854775807')) "
            f"THEN CAST({column} AS INTEGER) >> 22 ELSE 0 END)")


def on_shards_sql(key: str, shards: Shards | None) -> tuple[str, list[int]]:
    """``AND (key % count) IN (…)``: only the rows of ``shards``, ``key`` being a
    :func:`shard_key` in SQL (nothing for every shard). The count is written into the
    statement, not bound, so that it matches the per-count index
    (:func:`shard_index_sql`) on both databases."""
    if shards is None or shards.everything:
        return "", []
    marks = ", ".join("?" for _ in shards.ids)
    return f" AND ({key} % {int(shards.count)}) IN ({marks})", list(shards.ids)


def shard_index_sql(count: int) -> str:
    """The index that lets a process holding some of ``count`` shards find its earliest
    turn clock without reading the other shards' rows: made when a process with that
    count starts (:meth:`~bot.session_tables.SessionTables.index_shards`); an index per
    count, so re-sharding needs no rewrite of the rows."""
    count = int(count)
    return (f"CREATE INDEX IF NOT EXISTS sessions_clock_of_{count} ON sessions "
            f"((shard_key % {count}), deadline) WHERE status = 'active' AND deadline IS NOT NULL")
