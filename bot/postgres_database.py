"""PostgreSQL under :class:`~bot.storage.Storage`: an asyncpg connection pool that
answers the part of aiosqlite's interface Storage uses, statements rewritten by
:mod:`bot.postgres_dialect`. The schema version is a one-row table, migrations run under
an advisory lock (processes starting together migrate once), and a value of the wrong
Python type for its column is converted as SQLite would store it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from decimal import Decimal
from typing import Any

from .database_types import (
    DEFAULT_POOL_SIZE,
    POSTGRESQL,
    Executor,
    PostgresIntegrityError,
    Target,
    statements,
)
from .postgres_dialect import PgStatement, to_postgres

#: The advisory lock taken while PostgreSQL migrates (any constant both sides agree on).
_MIGRATION_LOCK = 0x7469_6465  # "tide"


class _Row(Sequence[Any]):
    """A row read by name or by position (asyncpg's Record with numerics made plain)."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: list[str], values: list[Any]) -> None:
        self._keys, self._values = keys, values

    def __getitem__(self, key: Any) -> Any:
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
    async def connect(cls, target: Target, *, pool_size: int = DEFAULT_POOL_SIZE,
                      pgbouncer: bool = False, password: str | None = None
                      ) -> PostgresDatabase:
        """A pool of at most ``pool_size`` connections (issue 29 item 4). ``pgbouncer``:
        no statement cache, as PgBouncer's transaction pooling hands each transaction to
        any server connection, where a statement prepared on another is unknown.
        ``password``: given to asyncpg as such (without it, the URL's, or ``PGPASSWORD``,
        or ``~/.pgpass``, as libpq does)."""
        import asyncpg

        size = max(1, pool_size)
        options: dict[str, Any] = {}
        if pgbouncer:
            options["statement_cache_size"] = 0
        if password:
            options["password"] = password
        pool = await asyncpg.create_pool(target.address, min_size=min(2, size), max_size=size,
                                         reset=_keep_session, **options)
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

    @asynccontextmanager
    async def exclusive(self, key: int) -> AsyncIterator[None]:
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", key)
            yield

    async def define(self, sql: str) -> None:
        async with self.pool.acquire() as connection, connection.transaction():
            # Under the migrations' lock: two CREATE INDEX IF NOT EXISTS at once can clash.
            await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await connection.execute(to_postgres(sql).sql)

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
