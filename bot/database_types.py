"""What both databases under :class:`~bot.storage.Storage` share: where a database is
(:class:`Target`, read from ``TIDEBOUND_DB``), the interface Storage uses
(:class:`Executor`, :class:`Database`) and the error a refused write raises
(:class:`IntegrityError`). The backends are :mod:`bot.sqlite_database` and
:mod:`bot.postgres_database`; :mod:`bot.database` opens the right one."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

SQLITE, POSTGRESQL = "sqlite", "postgresql"
#: Connections in a PostgreSQL pool per process unless ``TIDEBOUND_DB_POOL`` says
#: otherwise (issue 29 item 4): small, so that many processes fit in PostgreSQL's default
#: ``max_connections`` of 100 (25 processes of 4). A move holds one connection for a few
#: milliseconds; more only help a process serving many moves at once.
DEFAULT_POOL_SIZE = 4
#: ``TIDEBOUND_DB_POOL`` is capped here: past it a process only takes connections that
#: other processes need (put PgBouncer in front for more clients).
MAX_POOL_SIZE = 32


#: A constraint refused a write: SQLite raises it; PostgreSQL's violations are raised as
#: :class:`PostgresIntegrityError`, a subclass, so one ``except IntegrityError`` catches both.
IntegrityError = sqlite3.IntegrityError


class PostgresIntegrityError(IntegrityError):
    """A unique, foreign-key or check constraint of PostgreSQL refused a write."""


@dataclass(frozen=True, slots=True)
class Target:
    """Where the database is: ``kind`` is :data:`SQLITE` or :data:`POSTGRESQL`."""

    kind: str
    #: The SQLite file (or ``:memory:``), or the PostgreSQL URL.
    address: str

    @property
    def shown(self) -> str:
        """The address without a password, for messages and logs."""
        if self.kind != POSTGRESQL:
            return self.address
        parts = urlsplit(self.address)
        if parts.password is None:
            return self.address
        netloc = parts.netloc.rsplit("@", 1)[1]
        user = parts.username or ""
        return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


def parse_target(text: str | Path) -> Target:
    """``TIDEBOUND_DB`` read: ``postgresql://…`` (or ``postgres://…``) is PostgreSQL;
    ``sqlite:///relative.db``, ``sqlite:////absolute.db`` or a plain path is SQLite."""
    text = str(text).strip()
    lowered = text.lower()
    if lowered.startswith(("postgresql://", "postgres://")):
        return Target(POSTGRESQL, text)
    if lowered.startswith("sqlite://"):
        path = text[len("sqlite://"):]
        path = path[1:] if path.startswith("/") else path
        return Target(SQLITE, path or ":memory:")
    return Target(SQLITE, text)


class AsyncLock(Protocol):
    """What ``async with db.lock:`` needs (SQLite's :class:`asyncio.Lock`, PostgreSQL's
    no-op :func:`contextlib.nullcontext`)."""

    async def __aenter__(self) -> Any: ...

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any, /) -> Any: ...


class Cursor(Protocol):
    rowcount: int
    lastrowid: int | None

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...


class Executor(Protocol):
    """What Storage sends statements to: a database, or one of its open transactions."""

    def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Any: ...

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ...
                               ) -> Iterable[Any]: ...

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Any: ...


class Database(Executor, Protocol):
    kind: str
    target: Target
    #: Held around reads that must not see another coroutine's open transaction (SQLite's
    #: single connection); a no-op on PostgreSQL, whose pool gives each its own.
    @property
    def lock(self) -> AsyncLock: ...

    def transaction(self) -> AbstractAsyncContextManager[Executor]: ...

    async def migrate(self, migrations: Sequence[str]) -> None: ...

    def exclusive(self, key: int) -> AbstractAsyncContextManager[None]:
        """Held by one holder of ``key`` at a time: across processes on PostgreSQL (an
        advisory lock in a transaction, so PgBouncer's transaction pooling keeps it), within
        this process on SQLite (one process per file)."""
        ...

    async def define(self, sql: str) -> None:
        """Run one idempotent definition (``CREATE INDEX IF NOT EXISTS``) outside the
        migrations, once even when processes starting together all ask for it."""
        ...

    async def schema_version(self) -> int: ...

    async def tables(self) -> list[str]: ...

    async def columns(self, table: str) -> list[str]: ...

    async def after_copy(self) -> None: ...

    async def close(self) -> None: ...


def statements(script: str) -> list[str]:
    """The statements of a migration script (split at ``;``, empty ones dropped)."""
    return [s.strip() for s in script.split(";") if s.strip()]
