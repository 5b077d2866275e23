"""The database under :class:`~bot.storage.Storage`: SQLite or PostgreSQL, one interface.

Storage (and every migration) is written once, in portable SQL as SQLite reads it, with
``?`` placeholders. This module is the one place that knows the two databases apart:

* :func:`open_database` picks the backend from ``TIDEBOUND_DB``: a file path or
  ``sqlite:///…`` is SQLite (aiosqlite, one connection, WAL); ``postgresql://…`` is
  PostgreSQL (asyncpg, a connection pool).
* :func:`to_postgres` rewrites a statement for PostgreSQL: ``?`` to ``$n``, SQLite's column
  types (``INTEGER PRIMARY KEY AUTOINCREMENT`` to an identity column, ``INTEGER`` to
  ``BIGINT``, ``REAL`` to ``DOUBLE PRECISION``), SQLite's functions (``json_group_array``,
  two-argument ``MAX``/``MIN``, ``IFNULL``) and ``INSERT OR IGNORE`` / ``OR REPLACE``.
  Partial indexes, ``RETURNING`` and ``ON CONFLICT … DO UPDATE`` are the same in both.
* Both backends answer the part of aiosqlite's connection interface that Storage uses:
  ``execute`` (awaitable, or ``async with`` for a cursor with ``rowcount``, ``lastrowid``,
  ``fetchone``, ``fetchall``), ``execute_fetchall`` and ``executemany``, plus
  :meth:`transaction`, :attr:`lock`, :meth:`migrate` and :meth:`schema_version`.
* A unique or foreign-key violation raises :class:`IntegrityError` on both (on SQLite it
  is sqlite3's own; on PostgreSQL a subclass of it).

On PostgreSQL the schema version is a one-row table (SQLite keeps ``PRAGMA
user_version``), migrations run under an advisory lock so that processes starting
together migrate once, and a value of the wrong Python type for its column (an ``int``
for a ``TEXT`` column, a whole ``float`` for a ``BIGINT``) is converted as SQLite would
store it instead of being refused.
"""

from __future__ import annotations

from pathlib import Path

from .database_types import (
    DEFAULT_POOL_SIZE,
    MAX_POOL_SIZE,
    POSTGRESQL,
    SQLITE,
    Cursor,
    Database,
    Executor,
    IntegrityError,
    PostgresIntegrityError,
    Target,
    parse_target,
    statements,
)
from .postgres_database import PostgresDatabase
from .postgres_dialect import PgStatement, to_postgres
from .sqlite_database import SqliteDatabase


async def open_database(target: Target | str | Path, *, pool_size: int = DEFAULT_POOL_SIZE,
                        pgbouncer: bool = False, password: str | None = None) -> Database:
    """Connect to ``target`` (not yet migrated). PostgreSQL only: ``pgbouncer`` (behind
    PgBouncer's transaction pooling, no prepared statement is kept) and ``password``
    (given apart from the URL, never spliced into it)."""
    if not isinstance(target, Target):
        target = parse_target(target)
    if target.kind == POSTGRESQL:
        return await PostgresDatabase.connect(target, pool_size=pool_size,
                                              pgbouncer=pgbouncer, password=password)
    return await SqliteDatabase.connect(target)


__all__ = [
    "DEFAULT_POOL_SIZE",
    "MAX_POOL_SIZE",
    "POSTGRESQL",
    "SQLITE",
    "Cursor",
    "Database",
    "Executor",
    "IntegrityError",
    "PgStatement",
    "PostgresDatabase",
    "PostgresIntegrityError",
    "SqliteDatabase",
    "Target",
    "open_database",
    "parse_target",
    "statements",
    "to_postgres",
]
