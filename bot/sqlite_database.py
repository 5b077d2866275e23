"""SQLite under :class:`~bot.storage.Storage`: one aiosqlite connection in WAL mode."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .database_types import SQLITE, Executor, Target, statements


class SqliteDatabase:
    """One aiosqlite connection in WAL mode; transactions are serialized by :attr:`lock`."""

    kind = SQLITE

    def __init__(self, connection: aiosqlite.Connection, target: Target) -> None:
        self._connection = connection
        self.target = target
        self.lock: asyncio.Lock = asyncio.Lock()
        self._exclusive: dict[int, asyncio.Lock] = {}

    @classmethod
    async def connect(cls, target: Target) -> SqliteDatabase:
        if target.address != ":memory:":
            Path(target.address).parent.mkdir(parents=True, exist_ok=True)
        # the busy timeout first (here and as the connection's timeout): switching a new
        # file to WAL takes a lock, and processes opening one database together (shards
        # starting at once) must wait for it rather than fail with "database is locked"
        connection = await aiosqlite.connect(target.address, isolation_level=None,
                                             timeout=5.0)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA busy_timeout=5000")
        for attempt in range(50):  # the WAL switch may report busy without waiting
            try:
                await connection.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == 49:
                    await connection.close()
                    raise
                await asyncio.sleep(0.1)
        await connection.execute("PRAGMA synchronous=NORMAL")
        await connection.execute("PRAGMA foreign_keys=ON")
        return cls(connection, target)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        return self._connection.execute(sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()
                               ) -> Iterable[Any]:
        return await self._connection.execute_fetchall(sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Any:
        return await self._connection.executemany(sql, parameters)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        async with self.lock:
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self
            except BaseException:
                await self._connection.execute("ROLLBACK")
                raise
            await self._connection.execute("COMMIT")

    async def schema_version(self) -> int:
        async with self._connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Each step in its own write transaction, the version read inside it: two
        processes opening one file together migrate it once."""
        while await self.schema_version() < len(migrations):
            async with self.transaction():
                current = await self.schema_version()
                if current >= len(migrations):
                    break
                for statement in statements(migrations[current]):
                    await self._connection.execute(statement)
                await self._connection.execute(f"PRAGMA user_version = {current + 1}")

    @asynccontextmanager
    async def exclusive(self, key: int) -> AsyncIterator[None]:
        lock = self._exclusive.setdefault(key, asyncio.Lock())
        async with lock:
            yield

    async def define(self, sql: str) -> None:
        async with self.transaction():  # SQLite writes one transaction at a time
            await self._connection.execute(sql)

    async def journal_mode(self) -> str:
        async with self._connection.execute("PRAGMA journal_mode") as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else ""

    async def tables(self) -> list[str]:
        """The tables in the order they were created (parents before children)."""
        rows = await self._connection.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
        return [str(r[0]) for r in rows]

    async def columns(self, table: str) -> list[str]:
        rows = await self._connection.execute_fetchall(
            "SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(r[0]) for r in rows]

    async def after_copy(self) -> None:
        return None  # AUTOINCREMENT follows the largest id by itself

    async def close(self) -> None:
        await self._connection.close()
