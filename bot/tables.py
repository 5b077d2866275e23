"""What every part of :class:`~bot.storage.Storage` shares: the open database, its lock
and transactions."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

from .database import Database, Executor


class Tables:
    """A part of the storage over the open database ``db``."""

    def __init__(self, db: Database) -> None:
        self._db = db
        #: Where the database is, shown to people (a PostgreSQL password is masked).
        self.path = db.target.shown
        self.backend = db.kind
        # SQLite: one connection serves every coroutine, so reads wait for an open
        # transaction to end. PostgreSQL: a no-op, the pool gives each its own.
        self._lock = db.lock

    def _transaction(self) -> AbstractAsyncContextManager[Executor]:
        return self._db.transaction()
