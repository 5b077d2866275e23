"""Storage of sessions, seats and the append-only action log, on SQLite or PostgreSQL.

The same methods and the same :data:`~bot.migrations.MIGRATIONS` run on both: they are
written in portable SQL with ``?`` placeholders, and :mod:`bot.database` (which knows the
two apart) rewrites them for PostgreSQL. ``TIDEBOUND_DB`` chooses: a file path or
``sqlite:///…`` (SQLite in WAL mode, the default) or ``postgresql://…`` (a connection
pool). The schema is versioned and upgraded by the migrations when it is opened. A move
is stored with :meth:`~bot.session_tables.SessionTables.commit_actions`, an optimistic
update that succeeds only if the session is still at the version the move was computed
from: of two moves computed from the same version, exactly one is stored.

:class:`Storage` is one object over the parts of the database, one module each:
sessions and the action log (:mod:`bot.session_tables`), reminders and vacations
(:mod:`bot.reminder_tables`), settings (:mod:`bot.settings_tables`), results and ratings
(:mod:`bot.result_tables`), players' plans (:mod:`bot.plan_tables`), watchers
(:mod:`bot.watch_tables`); the rows they read are in :mod:`bot.storage_rows`.
"""
from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from .database import DEFAULT_POOL_SIZE, SQLITE, Target, open_database, parse_target
from .migrations import MIGRATIONS
from .plan_tables import PlanTables
from .reminder_tables import ReminderTables
from .result_tables import ResultTables
from .session_tables import SessionTables
from .settings_tables import SettingsTables
from .storage_rows import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    ChannelBusy,
    DatabaseUnavailable,
    DueReminder,
    Freshness,
    LoggedAction,
    ReminderPlan,
    SeatRow,
    SessionRow,
    StorageError,
    Vacation,
)
from .watch_tables import WatchTables


class Storage(SessionTables, ReminderTables, SettingsTables, ResultTables, PlanTables,
              WatchTables):
    """An open database, made of its parts by concern (see the module's docstring).
    Use :meth:`open` (or ``async with await Storage.open(...)``)."""

    @classmethod
    async def open(cls, target: str | Path | Target, *, pool_size: int = DEFAULT_POOL_SIZE,
                   pgbouncer: bool = False, password: str | None = None) -> Storage:
        """Open (creating if needed) the database at ``target`` (``TIDEBOUND_DB``: a path,
        ``sqlite:///…`` or ``postgresql://…``) and migrate it; PostgreSQL's pool size,
        PgBouncer mode and password as in :func:`~bot.database.open_database`."""
        where = target if isinstance(target, Target) else parse_target(target)
        try:
            database = await open_database(where, pool_size=pool_size, pgbouncer=pgbouncer,
                                           password=password)
        except Exception as exc:
            if where.kind == SQLITE:
                raise  # OSError or sqlite3.Error, as the callers expect of a file
            # The server's refusal, the driver's own errors, or the OS's (no server there).
            raise DatabaseUnavailable(where.shown, f"{type(exc).__name__}: {exc}") from exc
        storage = cls(database)
        try:
            await storage._db.migrate(MIGRATIONS)
        except BaseException:
            await storage.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def exclusive(self, key: int) -> AbstractAsyncContextManager[None]:
        """Held by one holder of ``key`` at a time, across every process over this
        database (PostgreSQL) or in this process (SQLite): the gateway's login queue."""
        return self._db.exclusive(key)

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def journal_mode(self) -> str:
        """SQLite's journal mode (``wal``); PostgreSQL has none to tell."""
        journal = getattr(self._db, "journal_mode", None)
        return await journal() if journal is not None else ""

    # -- moving a database ----------------------------------------------------------------
    async def table_counts(self) -> dict[str, int]:
        """Rows per table (the schema's own bookkeeping left out)."""
        counts = {}
        for table in await self._db.tables():
            rows = list(await self._db.execute_fetchall(f"SELECT COUNT(*) FROM {table}"))
            counts[table] = int(rows[0][0])
        return counts

    async def copy_to(self, target: Storage, *, batch: int = 500) -> dict[str, int]:
        """Copy every row of this database into ``target`` (migrated to the same schema,
        and empty), in one transaction of ``target``: a copy that fails leaves it empty.
        Tables go in the order they were created, so a session comes before its seats;
        ids are kept, and ``target``'s id counters continue after them. Returns the rows
        copied per table; :class:`StorageError` if ``target`` is not empty or not at this
        schema version."""
        if await target.schema_version() != await self.schema_version():
            raise StorageError(
                f"{target.path} is at schema {await target.schema_version()}, "
                f"{self.path} at {await self.schema_version()}")
        held = {table: n for table, n in (await target.table_counts()).items() if n}
        if held:
            raise StorageError(f"{target.path} is not empty: {held}")
        copied: dict[str, int] = {}
        async with target._transaction() as into:
            for table in await self._db.tables():
                wanted = set(await target._db.columns(table))
                columns = [c for c in await self._db.columns(table) if c in wanted]
                names, marks = ", ".join(columns), ", ".join("?" for _ in columns)
                rows = [tuple(r) for r in await self._db.execute_fetchall(
                    f"SELECT {names} FROM {table}")]
                for start in range(0, len(rows), batch):
                    await into.executemany(
                        f"INSERT INTO {table} ({names}) VALUES ({marks})",
                        rows[start:start + batch])
                copied[table] = len(rows)
        await target._db.after_copy()
        return copied


__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "LOBBY",
    "MIGRATIONS",
    "OPEN_STATUSES",
    "ChannelBusy",
    "DatabaseUnavailable",
    "DueReminder",
    "Freshness",
    "LoggedAction",
    "ReminderPlan",
    "SeatRow",
    "SessionRow",
    "Storage",
    "StorageError",
    "Vacation",
]
