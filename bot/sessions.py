"""Loading, caching and committing sessions: the one place that knows how a stored row
becomes a game in play (:class:`Loaded`) and when a cached copy may still be used.

Sessions in use are cached (LRU, ``cache_size`` at most, dropped after
``cache_idle_seconds`` unused); a cached session is used only after one small read says
the database still holds it at that version (:meth:`Sessions.current`). A row that
cannot be loaded is marked damaged once (:attr:`Sessions.damaged`) and every request
about it is refused politely. Every change is stored with a versioned commit
(:meth:`Sessions.commit`), so of two requests racing from one version one wins.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from typing import Any

from games import MoveChoice, Ruleset, get_ruleset
from games.errors import StateFormatError

from .bounded import LockTable, LruCache
from .requests import ServiceError
from .sharding import Shards
from .storage import ACTIVE, LOBBY, OPEN_STATUSES, ReminderPlan, SessionRow, Storage

#: The state text of a cached row: the parsed state is in the cache instead.
IN_CACHE = "<in the cache>"
#: Sessions kept in memory (parsed state, legal moves) and idle locks kept, at most.
CACHE_SIZE = 512
#: A cached session unused this long (seconds) is dropped: idle games live in the database.
CACHE_IDLE_SECONDS = 15 * 60.0

logger = logging.getLogger("tidebound.service")


@dataclass(slots=True)
class Loaded:
    """A session in play: its row (without the state text), ruleset and parsed state."""

    row: SessionRow
    ruleset: Ruleset[Any, Any]
    state: Any


@dataclass(slots=True)
class Cached:
    """A session as stored at ``row.version``: its row (without the state text), the
    parsed state, and the legal moves asked for so far, per (seat, locale)."""

    row: SessionRow
    state: Any
    choices: dict[tuple[int, str], list[MoveChoice]] = field(default_factory=dict)


class Sessions:
    """The sessions of ``storage`` as this process holds them: locks, the cache, and the
    rows that cannot be loaded."""

    def __init__(self, storage: Storage, *, cache_size: int = CACHE_SIZE,
                 cache_idle_seconds: float | None = CACHE_IDLE_SECONDS,
                 shards: Shards | None = None) -> None:
        self.storage = storage
        #: The Discord shards this process holds (``None``: every server, one process):
        #: bots are resumed and turn clocks played only for their sessions.
        self.shards = shards
        self.locks: LockTable[int] = LockTable(cache_size)
        self.channel_locks: LockTable[str] = LockTable(cache_size)
        self.cache: LruCache[int, Cached] = LruCache(cache_size,
                                                     idle_seconds=cache_idle_seconds)
        #: channel id -> the session last seen open there (saves a lookup by channel).
        self.channels: LruCache[str, int] = LruCache(cache_size,
                                                     idle_seconds=cache_idle_seconds)
        #: Sessions whose stored row cannot be loaded: session id -> why (logged once).
        #: Every request about them is refused politely; the host can still abandon them.
        self.damaged: dict[int, str] = {}

    # -- locks -------------------------------------------------------------------------
    def lock(self, session_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a session's moves are applied and stored."""
        return self.locks.hold(session_id)

    def channel_lock(self, channel_id: str) -> AbstractAsyncContextManager[None]:
        """Held while a channel's lobby or seats change."""
        return self.channel_locks.hold(channel_id)

    # -- finding rows ------------------------------------------------------------------
    async def open(self, channel_id: str) -> SessionRow:
        """The open session (lobby or in play) of ``channel_id``, else a refusal."""
        cached_id = self.channels.get(channel_id)
        if cached_id is not None:
            row = await self.current(cached_id)
            if row is not None and row.status in OPEN_STATUSES:
                return row
        row = await self.storage.open_session(channel_id)
        if row is None:
            raise ServiceError("platform.service.no_game")
        return row

    def cached_open(self, channel_id: str) -> SessionRow | None:
        """The game in play in ``channel_id`` as this process last stored it, if cached."""
        session_id = self.channels.get(channel_id)
        entry = None if session_id is None else self.cache.get(session_id)
        if entry is None or entry.row.status != ACTIVE or entry.row.channel_id != channel_id:
            return None
        return entry.row

    async def by_id(self, session_id: int) -> SessionRow:
        """Session ``session_id`` (the cached row when still current), else a refusal."""
        row = await self.current(session_id) or await self.storage.get(session_id)
        if row is None:
            raise ServiceError("platform.service.no_such_session")
        return row

    async def current(self, session_id: int) -> SessionRow | None:
        """The cached row of the session if the database still holds it at that version
        (one small read), else ``None`` (and the stale copy is dropped)."""
        entry = self.cache.get(session_id)
        if entry is None:
            return None
        fresh = await self.storage.freshness(session_id)
        row = entry.row
        if fresh is None or (fresh.version, fresh.status, fresh.updated_at) != (
                row.version, row.status, row.updated_at):
            if self.cache.peek(session_id) is entry:
                self.cache.pop(session_id)
            return None
        # the clock may move without a new version (a vacation)
        row.deadline, row.clocks = fresh.deadline, fresh.clocks
        return row

    async def active_for(self, channel_id: str, session_id: int | None) -> SessionRow:
        """The game in play in ``channel_id`` (``session_id``, when given, must be it)."""
        if session_id is not None:
            row = await self.by_id(session_id)
            if row.channel_id != channel_id:
                raise ServiceError("platform.service.no_such_session")
        else:
            row = await self.open(channel_id)
        if row.status == LOBBY:
            raise ServiceError("platform.service.not_started")
        if row.status != ACTIVE:
            raise ServiceError("platform.service.over")
        return row

    # -- loading -----------------------------------------------------------------------
    def mark_damaged(self, row: SessionRow, exc: BaseException) -> ServiceError:
        """Remember that ``row`` cannot be loaded (logging it once) and the polite refusal
        every request about it gets."""
        if row.id not in self.damaged:
            self.damaged[row.id] = f"{type(exc).__name__}: {exc}"
            logger.error("session %s (game %r, channel %s) is damaged and cannot be loaded: "
                         "%s", row.id, row.game, row.channel_id, self.damaged[row.id],
                         exc_info=exc)
        self.cache.pop(row.id)
        return ServiceError("platform.service.corrupt")

    def ruleset(self, row: SessionRow) -> Ruleset[Any, Any]:
        """The ruleset of ``row``; a game id that is not registered marks it damaged."""
        try:
            return get_ruleset(row.game)
        except Exception as exc:
            raise self.mark_damaged(row, exc) from exc

    def load(self, row: SessionRow) -> Loaded:
        """``row`` in play: from the cache when it holds that version, else parsed and
        checked (a row that does not load is marked damaged and refused)."""
        ruleset = self.ruleset(row)
        entry = self.cache.get(row.id)
        if entry is not None and entry.row.version == row.version:
            if row is not entry.row:  # read afresh: seats or the clock may have changed
                entry.row, entry.choices = replace(row, state=IN_CACHE), {}
            return Loaded(entry.row, ruleset, entry.state)
        if row.id in self.damaged:
            raise ServiceError("platform.service.corrupt")
        if row.state is IN_CACHE:  # a cached row whose state was dropped meanwhile
            raise ServiceError("platform.service.stale")
        try:
            data = json.loads(row.state)  # type: ignore[arg-type]  # None: damaged, below
            if not isinstance(data, dict):
                raise StateFormatError("state is not an object")
            state = ruleset.load(data)
            if [seat.seat for seat in row.seats] != list(range(len(row.seats))):
                raise StateFormatError(f"seats {[s.seat for s in row.seats]} are not 0..n-1")
            ruleset.check_state(state, len(row.seats))
        except Exception as exc:  # whatever a damaged row makes the loader raise
            raise self.mark_damaged(row, exc) from exc
        return self.remember(replace(row, state=IN_CACHE), state)

    def remember(self, row: SessionRow, state: Any) -> Loaded:
        """Cache ``state`` as the session's state at ``row.version`` (never over a newer
        one a move stored meanwhile)."""
        entry = self.cache.peek(row.id)
        if entry is None or entry.row.version <= row.version:
            self.cache.put(row.id, Cached(row, state))
            if row.status in OPEN_STATUSES:
                self.channels.put(row.channel_id, row.id)
        return Loaded(row, get_ruleset(row.game), state)

    def checkout(self, loaded: Loaded) -> None:
        """The caller is about to change ``loaded.state`` in place: until it is stored,
        nobody else may read it from the cache."""
        entry = self.cache.peek(loaded.row.id)
        if entry is not None and entry.state is loaded.state:
            self.cache.pop(loaded.row.id)

    def peek(self, session_id: int) -> Cached | None:
        """The cache entry of a session, without counting it as a use."""
        return self.cache.peek(session_id)

    def put_back(self, session_id: int, entry: Cached) -> None:
        """Cache ``entry`` again (a refused move left its state unchanged)."""
        self.cache.put(session_id, entry)

    def forget(self, session_id: int) -> None:
        """Drop the cached copy of a session (changed in place but not stored, or gone)."""
        self.cache.pop(session_id)

    def choices_cache(self, loaded: Loaded) -> dict[tuple[int, str], list[MoveChoice]]:
        """The legal moves already built for ``loaded``'s state, per (seat, locale) (a
        throwaway when that state is no longer the cached one)."""
        entry = self.cache.peek(loaded.row.id)
        return entry.choices if entry is not None and entry.state is loaded.state else {}

    # -- committing --------------------------------------------------------------------
    async def commit(self, loaded: Loaded, log: Sequence[tuple[int, str]], *, status: str,
                     deadline: float | None, bots_due: bool, now: float,
                     clocks: str | None, reminders: Sequence[ReminderPlan]) -> bool:
        """Store ``loaded.state`` and the moves in ``log`` (and the clocks) only if the
        database still holds the session at ``loaded.row.version``; whether it did. With
        no moves only a changed clock is stored."""
        row, ruleset = loaded.row, loaded.ruleset
        stored = not log or await self.storage.commit_actions(
            row.id, expected_version=row.version, state=json.dumps(ruleset.dump(loaded.state)),
            actions=log, status=status, deadline=deadline, bots_due=bots_due, now=now,
            clocks=clocks, reminders=reminders)
        if stored and not log and (deadline, clocks) != (row.deadline, row.clocks):
            await self.storage.set_clocks(row.id, clocks, deadline,
                                          expected_version=row.version,
                                          reminders=reminders)
        return stored


def names(row: SessionRow) -> list[str]:
    """The players' names, by seat."""
    return [seat.name for seat in row.seats]


def bot_seats(row: SessionRow) -> set[int]:
    """The seats bots play."""
    return {seat.seat for seat in row.seats if seat.is_bot}


def human_seats(row: SessionRow) -> set[int]:
    """The seats people play."""
    return {seat.seat for seat in row.seats if not seat.is_bot and seat.user_id}


def humans_in(row: SessionRow, seats: frozenset[int] | set[int]) -> tuple[str, ...]:
    """The user ids of the people in ``seats``."""
    return tuple(
        s.user_id for s in row.seats if s.seat in seats and not s.is_bot and s.user_id
    )


__all__ = ["CACHE_IDLE_SECONDS", "CACHE_SIZE", "IN_CACHE", "Cached", "Loaded", "Sessions",
           "bot_seats", "human_seats", "humans_in", "names"]
