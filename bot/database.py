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

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

SQLITE, POSTGRESQL = "sqlite", "postgresql"
#: Connections in a PostgreSQL pool unless the configuration says otherwise.
DEFAULT_POOL_SIZE = 10
#: The advisory lock taken while PostgreSQL migrates (any constant both sides agree on).
_MIGRATION_LOCK = 0x7469_6465  # "tide"


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
    lock: AbstractAsyncContextManager[Any]

    def transaction(self) -> AbstractAsyncContextManager[Executor]: ...

    async def migrate(self, migrations: Sequence[str]) -> None: ...

    async def schema_version(self) -> int: ...

    async def tables(self) -> list[str]: ...

    async def columns(self, table: str) -> list[str]: ...

    async def after_copy(self) -> None: ...

    async def close(self) -> None: ...


async def open_database(target: Target | str | Path, *, pool_size: int = DEFAULT_POOL_SIZE
                        ) -> Database:
    """Connect to ``target`` (not yet migrated)."""
    if not isinstance(target, Target):
        target = parse_target(target)
    if target.kind == POSTGRESQL:
        return await PostgresDatabase.connect(target, pool_size=pool_size)
    return await SqliteDatabase.connect(target)


def statements(script: str) -> list[str]:
    """The statements of a migration script (split at ``;``, empty ones dropped)."""
    return [s.strip() for s in script.split(";") if s.strip()]


# -- SQLite -----------------------------------------------------------------------------
class SqliteDatabase:
    """One aiosqlite connection in WAL mode; transactions are serialized by :attr:`lock`."""

    kind = SQLITE

    def __init__(self, connection: aiosqlite.Connection, target: Target) -> None:
        self._connection = connection
        self.target = target
        self.lock: asyncio.Lock = asyncio.Lock()

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


# -- PostgreSQL: the dialect ----------------------------------------------------------------
_STRING = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"")
_COMMENT = re.compile(r"--[^\n]*")
_KEEP = "\x00{}\x00"
_KEPT = re.compile("\x00(\\d+)\x00")
_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement) for pattern, replacement in (
        (r"\bINTEGER\s+PRIMARY\s+KEY(\s+AUTOINCREMENT)?\b",
         "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
        (r"\b(INTEGER|BOOLEAN)\b", "BIGINT"),
        (r"\bREAL\b", "DOUBLE PRECISION"),
        (r"\bBLOB\b", "BYTEA"),
        (r"\bWITHOUT\s+ROWID\b", ""),
        (r"\bjson_group_array\s*\(", "json_agg("),
        (r"\bjson_array\s*\(", "json_build_array("),
        (r"\bjson_object\s*\(", "json_build_object("),
        (r"\bIFNULL\s*\(", "COALESCE("),
        (r"\bgroup_concat\s*\(", "string_agg("),
        (r"\bTRUE\b", "1"),
        (r"\bFALSE\b", "0"),
    ))
_SCALAR_MINMAX = re.compile(r"\b(MAX|MIN)\s*\(", re.IGNORECASE)
_INSERT_OR = re.compile(r"^\s*INSERT\s+OR\s+(IGNORE|REPLACE)\s+INTO\s+(\w+)\s*(\(([^)]*)\))?",
                        re.IGNORECASE)
_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)
_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES|SHOW|EXPLAIN)\b", re.IGNORECASE)
_PRAGMA = re.compile(r"^\s*PRAGMA\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PgStatement:
    """A statement rewritten for PostgreSQL."""

    sql: str
    #: Whether it answers rows (a query, or a write with ``RETURNING``).
    returns_rows: bool
    #: ``RETURNING <identity column>`` was added to give ``lastrowid``.
    returns_id: bool = False


def to_postgres(sql: str, *, identity: dict[str, str] | None = None,
                primary_keys: dict[str, list[str]] | None = None) -> PgStatement:
    """Rewrite one statement written for SQLite so that PostgreSQL runs it alike.

    ``identity`` (table -> identity column) lets a plain ``INSERT`` answer ``lastrowid``;
    ``primary_keys`` (table -> columns) turns ``INSERT OR REPLACE`` into an upsert on them.
    A ``PRAGMA`` becomes an empty statement (PostgreSQL has no such settings)."""
    if _PRAGMA.match(sql):
        return PgStatement("", False)
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return _KEEP.format(len(kept) - 1)

    code = _STRING.sub(keep, sql)
    code = _COMMENT.sub("", code)
    for pattern, replacement in _WORDS:
        code = pattern.sub(replacement, code)
    code = _scalar_minmax(code)
    conflict = ""
    insert = _INSERT_OR.match(code)
    if insert:
        how, table, columns = insert.group(1).upper(), insert.group(2), insert.group(4)
        code = code[:insert.start()] + f"INSERT INTO {table}" + (
            f" ({columns})" if columns else "") + code[insert.end():]
        keys = (primary_keys or {}).get(table.lower(), [])
        names = [c.strip() for c in (columns or "").split(",") if c.strip()]
        updates = [n for n in names if n.lower() not in {k.lower() for k in keys}]
        if how == "REPLACE" and keys and updates:
            conflict = (f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET "
                        + ", ".join(f"{n} = EXCLUDED.{n}" for n in updates))
        else:
            conflict = " ON CONFLICT DO NOTHING"
    if conflict:
        returning = _RETURNING.search(code)
        code = (code[:returning.start()] + conflict.strip() + " " + code[returning.start():]
                if returning else code.rstrip() + conflict)
    returns_id = False
    plain = _INSERT_INTO.match(code)
    if plain and not _RETURNING.search(code) and identity:
        column = identity.get(plain.group(1).lower())
        if column:
            code, returns_id = f"{code.rstrip()} RETURNING {column}", True
    code = _placeholders(code)
    text = _KEPT.sub(lambda m: kept[int(m.group(1))], code)
    returns_rows = bool(_ROWS.match(code) or _RETURNING.search(code))
    return PgStatement(text, returns_rows, returns_id)


def _placeholders(code: str) -> str:
    counter = iter(range(1, 1_000_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", code)


def _scalar_minmax(code: str) -> str:
    """SQLite's two-argument ``MAX(a, b)`` / ``MIN(a, b)`` are ``GREATEST`` / ``LEAST``."""
    out, position = [], 0
    for match in _SCALAR_MINMAX.finditer(code):
        depth, commas, index = 1, 0, match.end()
        while index < len(code) and depth:
            char = code[index]
            depth += {"(": 1, ")": -1}.get(char, 0)
            commas += char == "," and depth == 1
            index += 1
        if commas:
            name = "GREATEST" if match.group(1).upper() == "MAX" else "LEAST"
            out.append(code[position:match.start()] + name + "(")
            position = match.end()
    out.append(code[position:])
    return "".join(out)


# -- PostgreSQL: the connection pool ------------------------------------------------------------
class _Row(Sequence[Any]):
    """A row read by name or by position (asyncpg's Record with numerics made plain)."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: list[str], values: list[Any]) -> None:
        self._keys, self._values = keys, values

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            return self._values[self._keys.index(key)]
        return self._values[key]

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def keys(self) -> list[str]:
        return list(self._keys)


def _plain(record: Any) -> Any:
    """A record whose ``NUMERIC`` values (``SUM``, ``AVG`` of integers) are int or float,
    as SQLite gives them."""
    if not any(type(v) is Decimal for v in record.values()):
        return record
    return _Row(list(record.keys()), [
        (int(v) if v == v.to_integral_value() else float(v)) if type(v) is Decimal else v
        for v in record.values()])


class _PgCursor:
    def __init__(self, rows: list[Any], rowcount: int, lastrowid: int | None) -> None:
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid
        self._next = 0

    async def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[Any]:
        rows, self._next = self._rows[self._next:], len(self._rows)
        return rows

    def __aiter__(self) -> _PgCursor:
        return self

    async def __anext__(self) -> Any:
        row = await self.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row


class _Pending:
    """What ``execute`` returns: awaited, or used with ``async with``, like aiosqlite's."""

    def __init__(self, run: Any) -> None:
        self._run = run

    def __await__(self) -> Any:
        return self._run.__await__()

    async def __aenter__(self) -> _PgCursor:
        cursor: _PgCursor = await self._run
        return cursor

    async def __aexit__(self, *exc: object) -> None:
        return None


def _coerce(value: Any, type_name: str) -> Any:
    """``value`` as PostgreSQL's parameter type wants it, converted as SQLite would store
    it (SQLite's columns take any type; asyncpg refuses a mismatch)."""
    if value is None:
        return None
    if type_name in ("text", "varchar", "bpchar", "name"):
        return value if isinstance(value, str) else str(value)
    if type_name in ("int2", "int4", "int8"):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        return int(value) if isinstance(value, bool) else value
    if type_name in ("float4", "float8", "numeric"):
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            return float(value)
        return value
    if type_name == "bool":
        return bool(value)
    if type_name == "bytea" and isinstance(value, str):
        return value.encode()
    return value


class _PgExecutor:
    """Sends statements to one connection (a transaction's) or to the pool."""

    def __init__(self, database: PostgresDatabase, connection: Any | None = None) -> None:
        self._database = database
        self._bound = connection

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        if self._bound is not None:
            yield self._bound
        else:
            async with self._database.pool.acquire() as connection:
                yield connection

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> _Pending:
        return _Pending(self._run(sql, parameters))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return await (await self._run(sql, parameters)).fetchall()

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        statement = self._database.statement(sql)
        if not statement.sql:
            return
        batch = [list(p) for p in parameters]
        if not batch:
            return
        import asyncpg

        async with self._connection() as connection:
            # Rows are converted before anything is sent (their types looked up once per
            # statement): a batch refused halfway could not be retried whole.
            types = await self._database.parameter_types(connection, statement.sql)
            rows = [[_coerce(v, t) for v, t in zip(row, types, strict=False)] for row in batch]
            try:
                await connection.executemany(statement.sql, rows)
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise PostgresIntegrityError(str(exc)) from exc

    async def _run(self, sql: str, parameters: Sequence[Any]) -> _PgCursor:
        import asyncpg

        statement = self._database.statement(sql)
        if not statement.sql:
            return _PgCursor([], -1, None)
        arguments = list(parameters)
        known = self._database.known_types(statement.sql)
        if known is not None:  # this statement needed converting before: convert at once
            arguments = [_coerce(v, t) for v, t in zip(arguments, known, strict=False)]
        async with self._connection() as connection:
            try:
                try:
                    return await self._send(connection, statement, arguments)
                except asyncpg.DataError as exc:
                    # asyncpg's own DataError (not a subclass: those are the server's) says
                    # a value did not fit its parameter's type, before anything was sent.
                    if type(exc) is not asyncpg.DataError:
                        raise
                    types = await self._database.parameter_types(connection, statement.sql)
                    arguments = [_coerce(v, t)
                                 for v, t in zip(arguments, types, strict=False)]
                    return await self._send(connection, statement, arguments)
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise PostgresIntegrityError(str(exc)) from exc

    @staticmethod
    async def _send(connection: Any, statement: PgStatement, arguments: list[Any]
                    ) -> _PgCursor:
        if statement.returns_rows:
            records = await connection.fetch(statement.sql, *arguments)
            rows = [_plain(r) for r in records]
            lastrowid = int(rows[-1][0]) if statement.returns_id and rows else None
            return _PgCursor([] if statement.returns_id else rows, len(rows), lastrowid)
        status = await connection.execute(statement.sql, *arguments)
        tail = str(status).rsplit(" ", 1)[-1]
        return _PgCursor([], int(tail) if tail.isdigit() else -1, None)


async def _keep_session(connection: Any) -> None:
    """Release a pooled connection without asyncpg's reset query (``RESET ALL``, ``UNLISTEN
    *``, …: a round trip on every release). Storage leaves nothing in a session to reset:
    no ``SET``, no ``LISTEN``, no cursors, only transaction-scoped advisory locks; an open
    transaction is still rolled back by the pool itself."""


class PostgresDatabase(_PgExecutor):
    """An asyncpg pool of ``pool_size`` connections; each transaction takes one."""

    kind = POSTGRESQL

    def __init__(self, pool: Any, target: Target) -> None:
        super().__init__(self)
        self.pool = pool
        self.target = target
        self.lock: AbstractAsyncContextManager[Any] = contextlib.nullcontext()
        self._identity: dict[str, str] = {}
        self._primary_keys: dict[str, list[str]] = {}
        self._statements: dict[str, PgStatement] = {}
        self._types: dict[str, list[str]] = {}

    @classmethod
    async def connect(cls, target: Target, *, pool_size: int = DEFAULT_POOL_SIZE
                      ) -> PostgresDatabase:
        import asyncpg

        size = max(1, pool_size)
        pool = await asyncpg.create_pool(target.address, min_size=min(2, size), max_size=size,
                                         reset=_keep_session)
        database = cls(pool, target)
        await database._read_catalogue()
        return database

    def statement(self, sql: str) -> PgStatement:
        statement = self._statements.get(sql)
        if statement is None:
            statement = to_postgres(sql, identity=self._identity,
                                    primary_keys=self._primary_keys)
            if len(self._statements) > 2048:
                self._statements.clear()
            self._statements[sql] = statement
        return statement

    def known_types(self, sql: str) -> list[str] | None:
        """The parameter types of ``sql`` if they were looked up already."""
        return self._types.get(sql)

    async def parameter_types(self, connection: Any, sql: str) -> list[str]:
        types = self._types.get(sql)
        if types is None:
            prepared = await connection.prepare(sql)
            types = [t.name for t in prepared.get_parameters()]
            self._types[sql] = types
        return types

    async def _read_catalogue(self) -> None:
        """Which tables have an identity column and which primary keys (the dialect uses
        them for ``lastrowid`` and ``INSERT OR REPLACE``)."""
        async with self.pool.acquire() as connection:
            identity = await connection.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND is_identity = 'YES'")
            keys = await connection.fetch(
                "SELECT tc.table_name, kcu.column_name FROM information_schema.table_constraints"
                " tc JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = "
                "tc.constraint_name AND kcu.constraint_schema = tc.constraint_schema "
                "WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()"
                " ORDER BY tc.table_name, kcu.ordinal_position")
        self._identity = {str(r[0]).lower(): str(r[1]) for r in identity}
        self._primary_keys = {}
        for table, column in keys:
            self._primary_keys.setdefault(str(table).lower(), []).append(str(column))
        self._statements.clear()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        async with self.pool.acquire() as connection, connection.transaction():
            yield _PgExecutor(self, connection)

    async def schema_version(self) -> int:
        async with self.pool.acquire() as connection:
            return await self._version(connection)

    @staticmethod
    async def _version(connection: Any) -> int:
        exists = await connection.fetchval("SELECT to_regclass('tidebound_schema')")
        if exists is None:
            return 0
        return int(await connection.fetchval("SELECT version FROM tidebound_schema") or 0)

    async def migrate(self, migrations: Sequence[str]) -> None:
        async with self.pool.acquire() as connection:
            for _ in migrations:
                async with connection.transaction():
                    # Processes starting together: one migrates, the others then see it.
                    await connection.execute("SELECT pg_advisory_xact_lock($1)",
                                             _MIGRATION_LOCK)
                    current = await self._version(connection)
                    if current >= len(migrations):
                        break
                    if current == 0:
                        await connection.execute(
                            "CREATE TABLE IF NOT EXISTS tidebound_schema (version BIGINT)")
                        await connection.execute("INSERT INTO tidebound_schema VALUES (0)")
                    for sql in statements(migrations[current]):
                        rewritten = to_postgres(sql).sql
                        if rewritten:
                            await connection.execute(rewritten)
                    await connection.execute("UPDATE tidebound_schema SET version = $1",
                                             current + 1)
        await self._read_catalogue()

    async def tables(self) -> list[str]:
        return [t for t in await self._table_names() if t != "tidebound_schema"]

    async def _table_names(self) -> list[str]:
        async with self.pool.acquire() as connection:
            rows = await connection.fetch(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.oid")
        return [str(r[0]) for r in rows]

    async def columns(self, table: str) -> list[str]:
        async with self.pool.acquire() as connection:
            rows = await connection.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "current_schema() AND table_name = $1 ORDER BY ordinal_position", table)
        return [str(r[0]) for r in rows]

    async def after_copy(self) -> None:
        """Move every identity column's sequence past the largest id copied in."""
        async with self.pool.acquire() as connection:
            for table, column in self._identity.items():
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)")

    async def close(self) -> None:
        await self.pool.close()
