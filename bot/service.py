"""The platform-neutral session service: lobby, seats, turns, storage and updates.

Both the Discord front (:mod:`bot.discord_front`) and the console client
(:mod:`bot.console`) drive this one class. Every public method takes plain ids
and names, checks permissions and turns, applies moves through the game's
:class:`~games.protocol.Ruleset`, commits to :class:`~bot.storage.Storage` *before*
returning, and answers with an :class:`Update` saying what to show and whom to
ping. Anything a player did wrong raises :class:`ServiceError`, a
:class:`~i18n.errors.LocalizedError` whose message is polite and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from typing import Any

import renderers
from games import IllegalAction, MoveChoice, Ruleset, get_ruleset
from games.options import HINTS, parse_option_text, resolve_options
from games.protocol import Event, StateFormatError
from i18n import Term, t
from i18n.errors import LocalizedError

from . import clocks, rematch, replay
from .bounded import LockTable, LruCache
from .clocks import ClockBook, SeatPolicy
from .memory import GameMemory
from .render_pool import RenderPool
from .sharding import Shards
from .storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    ChannelBusy,
    ReminderPlan,
    SeatRow,
    SessionRow,
    Storage,
)

#: A bot chain longer than this is a bug in a bot, not a game: stop and say so.
MAX_BOT_ACTIONS = 5000
#: Discord's limit for message content is 2000 characters; keep a margin.
MAX_TEXT = 1800
#: The lobby setting of the turn clock (``clock=24h``), handled by the platform for every
#: game: value -> seconds a player has for each turn or decision (``None``: no clock).
CLOCK_OPTION = "clock"
CLOCKS: dict[str, int | None] = {
    "off": None, "30s": 30, "5m": 5 * 60, "1h": 3600, "8h": 8 * 3600, "24h": 24 * 3600,
    "3d": 3 * 24 * 3600,
}
#: Moves played for one overdue seat at most, while it still holds the same turn.
MAX_TIMEOUT_STEPS = 50
#: The state text of a cached row: the parsed state is in the cache instead.
_IN_CACHE = "<in the cache>"
#: Sessions kept in memory (parsed state, legal moves) and idle locks kept, at most.
CACHE_SIZE = 512
#: Animated replays kept in memory (each up to 8 MB).
ANIMATIONS_KEPT = 4
#: A cached session unused this long (seconds) is dropped: idle games live in the database.
CACHE_IDLE_SECONDS = 15 * 60.0
#: How long a process's claim on an expired turn clock holds (seconds): its commit
#: releases it at once; a process killed meanwhile lets another take over after this.
CLOCK_CLAIM_SECONDS = 60.0

logger = logging.getLogger("tidebound.service")


class ServiceError(LocalizedError):
    """A request the service refuses; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Person:
    """Somebody talking to the bot: a platform user id and a display name."""

    user_id: str
    name: str


@dataclass(slots=True)
class PrivateNote:
    """Something only one player may see (sent ephemerally)."""

    text: str
    image: bytes | None = None


@dataclass(slots=True)
class Update:
    """What a front end shows after a request."""

    session_id: int
    version: int
    status: str
    text: str
    image: bytes | None = None
    #: user ids to ping: exactly the humans who must act next, once per turn.
    mentions: tuple[str, ...] = ()
    #: user id -> private note for that player.
    private: dict[str, PrivateNote] = field(default_factory=dict)
    game: str = ""
    #: When the turn clock of the players to act runs out (Unix time), if one runs.
    deadline: float | None = None
    #: The end-of-game summary image (statistics), on the update that finishes a game
    #: whose ruleset has one.
    summary: bytes | None = None
    #: Moves offered as buttons on the public post, as (translated label, notation);
    #: an empty notation stands for "open your own moves menu" (see
    #: :meth:`~games.protocol.Ruleset.public_buttons`).
    public_buttons: tuple[tuple[str, str], ...] = ()
    #: In a lobby: the seats the host may remove, as (seat, name) (everyone but the host).
    removable: tuple[tuple[int, str], ...] = ()
    #: ``False`` when what happened is stored but its image or account could not be
    #: built (the update then says so in plain text; fronts tell the mover).
    drawn: bool = True
    #: The language of the game's public posts (the one it started in).
    locale: str = "en"

    @property
    def finished(self) -> bool:
        return self.status in (FINISHED, ABANDONED)


@dataclass(slots=True)
class _Loaded:
    row: SessionRow
    ruleset: Ruleset
    state: Any


@dataclass(slots=True)
class _Cached:
    """A session as stored at ``row.version``: its row (without the state text), the
    parsed state, and the legal moves asked for so far, per (seat, locale)."""

    row: SessionRow
    state: Any
    choices: dict[tuple[int, str], list[MoveChoice]] = field(default_factory=dict)


class SessionService(GameMemory):
    """Sessions, one open session per channel, persisted in ``storage``.

    Sessions in use are cached (LRU, ``cache_size`` at most, dropped after
    ``cache_idle_seconds`` unused); a cached session is used only after one small read
    says the database still holds it at that version. Images are drawn in a
    :class:`~bot.render_pool.RenderPool` (started on the first image; ``render=False``
    draws nothing and starts no pool). Call :meth:`close` when done."""

    def __init__(self, storage: Storage, *, render: bool = True, cache_size: int = CACHE_SIZE,
                 cache_idle_seconds: float | None = CACHE_IDLE_SECONDS,
                 render_pool: RenderPool | None = None, render_workers: int = 0,
                 shards: Shards | None = None) -> None:
        self.storage = storage
        #: The Discord shards this process holds (``None``: every server, one process):
        #: bots are resumed and turn clocks played only for their sessions.
        self.shards = shards
        self.render = render
        self._locks: LockTable[int] = LockTable(cache_size)
        self._channel_locks: LockTable[str] = LockTable(cache_size)
        self._cache: LruCache[int, _Cached] = LruCache(cache_size,
                                                       idle_seconds=cache_idle_seconds)
        #: channel id -> the session last seen open there (saves a lookup by channel).
        self._channels: LruCache[str, int] = LruCache(cache_size,
                                                      idle_seconds=cache_idle_seconds)
        self._owns_pool = render_pool is None
        self.render_pool = render_pool or RenderPool(render_workers)
        #: Sessions whose stored row cannot be loaded: session id -> why (logged once).
        #: Every request about them is refused politely; the host can still abandon them.
        self.damaged: dict[int, str] = {}
        #: Set whenever a move sets a new deadline (the Discord client's clock task waits
        #: on it to re-plan its sleep).
        self.deadline_changed = asyncio.Event()
        #: The wall clock (Unix time) the turn clock reads; tests may replace it.
        self.now: Callable[[], float] = time.time
        #: Reminders and vacations (issue 15): set by a front that has /settings.
        self.policy: SeatPolicy | None = None
        #: session id -> the account of its last update ("what just happened"), which
        #: ``status`` repeats; after a restart it falls back to the logged notation.
        self._accounts: LruCache[int, str] = LruCache(cache_size,
                                                      idle_seconds=cache_idle_seconds)
        #: (session id, locale) -> the animated replay of a finished game, a few kept.
        self._animations: LruCache[tuple[int, str], bytes] = LruCache(ANIMATIONS_KEPT)
        #: The animated replays being made now (a second click waits for the first).
        self._animating: dict[tuple[int, str], asyncio.Task[bytes]] = {}
        #: (game, topic, locale) -> the picture of a rules topic (a few, never stale).
        self._rules_images: dict[tuple[str, str, str], bytes | None] = {}

    async def close(self) -> None:
        """Stop the render workers (if this service started them)."""
        if self._owns_pool:
            await self.render_pool.aclose()

    # -- helpers -----------------------------------------------------------------
    def _lock(self, session_id: int) -> AbstractAsyncContextManager[None]:
        return self._locks.hold(session_id)

    def _channel_lock(self, channel_id: str) -> AbstractAsyncContextManager[None]:
        return self._channel_locks.hold(channel_id)

    async def _open(self, channel_id: str) -> SessionRow:
        cached_id = self._channels.get(channel_id)
        if cached_id is not None:
            row = await self._current(cached_id)
            if row is not None and row.status in OPEN_STATUSES:
                return row
        row = await self.storage.open_session(channel_id)
        if row is None:
            raise ServiceError("platform.service.no_game")
        return row

    def _cached_open(self, channel_id: str) -> SessionRow | None:
        """The game in play in ``channel_id`` as this process last stored it, if cached."""
        session_id = self._channels.get(channel_id)
        entry = None if session_id is None else self._cache.get(session_id)
        if entry is None or entry.row.status != ACTIVE or entry.row.channel_id != channel_id:
            return None
        return entry.row

    async def _by_id(self, session_id: int) -> SessionRow:
        row = await self._current(session_id) or await self.storage.get(session_id)
        if row is None:
            raise ServiceError("platform.service.no_such_session")
        return row

    async def _current(self, session_id: int) -> SessionRow | None:
        """The cached row of the session if the database still holds it at that version
        (one small read), else ``None`` (and the stale copy is dropped)."""
        entry = self._cache.get(session_id)
        if entry is None:
            return None
        fresh = await self.storage.freshness(session_id)
        row = entry.row
        if fresh is None or (fresh.version, fresh.status, fresh.updated_at) != (
                row.version, row.status, row.updated_at):
            if self._cache.peek(session_id) is entry:
                self._cache.pop(session_id)
            return None
        # the clock may move without a new version (a vacation)
        row.deadline, row.clocks = fresh.deadline, fresh.clocks
        return row

    def _mark_damaged(self, row: SessionRow, exc: BaseException) -> ServiceError:
        """Remember that ``row`` cannot be loaded (logging it once) and the polite refusal
        every request about it gets."""
        if row.id not in self.damaged:
            self.damaged[row.id] = f"{type(exc).__name__}: {exc}"
            logger.error("session %s (game %r, channel %s) is damaged and cannot be loaded: "
                         "%s", row.id, row.game, row.channel_id, self.damaged[row.id],
                         exc_info=exc)
        self._cache.pop(row.id)
        return ServiceError("platform.service.corrupt")

    def _ruleset(self, row: SessionRow) -> Ruleset:
        """The ruleset of ``row``; a game id that is not registered marks it damaged."""
        try:
            return get_ruleset(row.game)
        except Exception as exc:
            raise self._mark_damaged(row, exc) from exc

    def _load(self, row: SessionRow) -> _Loaded:
        ruleset = self._ruleset(row)
        entry = self._cache.get(row.id)
        if entry is not None and entry.row.version == row.version:
            if row is not entry.row:  # read afresh: seats or the clock may have changed
                entry.row, entry.choices = replace(row, state=_IN_CACHE), {}
            return _Loaded(entry.row, ruleset, entry.state)
        if row.id in self.damaged:
            raise ServiceError("platform.service.corrupt")
        if row.state is _IN_CACHE:  # a cached row whose state was dropped meanwhile
            raise ServiceError("platform.service.stale")
        try:
            data = json.loads(row.state)
            if not isinstance(data, dict):
                raise StateFormatError("state is not an object")
            state = ruleset.load(data)
            if [seat.seat for seat in row.seats] != list(range(len(row.seats))):
                raise StateFormatError(f"seats {[s.seat for s in row.seats]} are not 0..n-1")
            ruleset.check_state(state, len(row.seats))
        except Exception as exc:  # whatever a damaged row makes the loader raise
            raise self._mark_damaged(row, exc) from exc
        return self._remember(replace(row, state=_IN_CACHE), state)

    def _remember(self, row: SessionRow, state: Any) -> _Loaded:
        """Cache ``state`` as the session's state at ``row.version`` (never over a newer
        one a move stored meanwhile)."""
        entry = self._cache.peek(row.id)
        if entry is None or entry.row.version <= row.version:
            self._cache.put(row.id, _Cached(row, state))
            if row.status in OPEN_STATUSES:
                self._channels.put(row.channel_id, row.id)
        return _Loaded(row, get_ruleset(row.game), state)

    def _checkout(self, loaded: _Loaded) -> None:
        """The caller is about to change ``loaded.state`` in place: until it is stored,
        nobody else may read it from the cache."""
        entry = self._cache.peek(loaded.row.id)
        if entry is not None and entry.state is loaded.state:
            self._cache.pop(loaded.row.id)

    @staticmethod
    def names(row: SessionRow) -> list[str]:
        return [seat.name for seat in row.seats]

    @staticmethod
    def _bot_seats(row: SessionRow) -> set[int]:
        return {seat.seat for seat in row.seats if seat.is_bot}

    @staticmethod
    def _human_seats(row: SessionRow) -> set[int]:
        return {seat.seat for seat in row.seats if not seat.is_bot and seat.user_id}

    def _humans_in(self, row: SessionRow, seats: frozenset[int] | set[int]) -> tuple[str, ...]:
        return tuple(
            s.user_id for s in row.seats if s.seat in seats and not s.is_bot and s.user_id
        )

    async def _render_public(self, loaded: _Loaded, caption: str) -> bytes | None:
        if not self.render:
            return None
        view = loaded.ruleset.view(loaded.state, None)
        # always the same worker for a session: its island stays in that worker's cache
        return await self.render_pool.run(
            renderers.render_public, loaded.row.game, view, self.names(loaded.row), caption,
            loaded.row.locale, worker=self._board_worker(loaded.row))

    def _board_worker(self, row: SessionRow) -> int:
        """The render worker that draws ``row``'s boards, for as long as the game goes:
        its games' boards are spread evenly over the workers (see
        :meth:`~bot.render_pool.RenderPool.home`)."""
        return self.render_pool.home(_board_key(row.id), group=row.game)

    async def rules_image(self, game: str, topic: str, locale: str) -> bytes | None:
        """The picture of ``/rules`` ``topic`` of ``game`` (Hexfolk's map gallery), or
        ``None``; drawn once per game, topic and locale in a worker, then kept here."""
        if not self.render:
            return None
        key = (game, topic, locale)
        if key not in self._rules_images:
            self._rules_images[key] = await self.render_pool.run(
                renderers.render_rules_image, game, topic, locale)
        return self._rules_images[key]

    async def _render_summary(self, loaded: _Loaded) -> bytes | None:
        """The end-of-game summary image, if the game has one (only once it is over)."""
        if not self.render:
            return None
        summary = loaded.ruleset.summary_view(loaded.state)
        if summary is None:
            return None
        return await self.render_pool.run(
            renderers.render_summary, loaded.row.game, summary, self.names(loaded.row),
            loaded.row.locale)

    async def _render_private(self, loaded: _Loaded, seat: int,
                              locale: str | None = None) -> bytes | None:
        if not self.render:
            return None
        view = loaded.ruleset.view(loaded.state, seat)
        if getattr(view, "hand", None) is None:
            # what renderers.render_private answers for a view without a hand (Lovci
            # pokladů has none): no image, so no round trip to a worker for it
            return None
        # a seat's hand always in one worker (its kept hand image is there), beside the
        # board's worker when there are two (both are drawn at once)
        return await self.render_pool.run(
            renderers.render_private, loaded.row.game, view, self.names(loaded.row),
            locale or loaded.row.locale, worker=self._board_worker(loaded.row) + 1 + seat)

    def _lobby_text(self, row: SessionRow, headline: str) -> str:
        ruleset = self._ruleset(row)
        locale = row.locale
        seats = "\n".join(
            t("platform.lobby.seat_bot" if s.is_bot else "platform.lobby.seat", locale,
              number=s.seat + 1, name=s.name)
            + ("" if s.confirmed else " " + t("history.rematch.to_confirm", locale))
            for s in row.seats
        )
        options = ", ".join(
            [f"{k}={_show(v)}" for k, v in game_options(row.options).items()]
            + [f"{CLOCK_OPTION}={clock_of(row.options)}",
               f"{HINTS.name}={_show(hints_on(row.options))}"])
        return "\n".join([
            headline,
            t("platform.lobby.summary", locale, game=Term(ruleset.name_key), count=len(row.seats),
              min=ruleset.min_players, max=ruleset.max_players, options=options),
            seats,
            t("platform.lobby.hint", locale),
        ])

    def _lobby_update(self, row: SessionRow, headline: str) -> Update:
        return Update(row.id, row.version, row.status, self._lobby_text(row, headline),
                      game=row.game, locale=row.locale, removable=tuple(
                          (s.seat, s.name) for s in row.seats if s.user_id != row.host_id))

    # -- lobby ----------------------------------------------------------------------
    async def new_game(
        self, channel_id: str, host: Person, game: str, options_text: str = "", *,
        guild_id: str | None = None, locale: str = "en", default_clock: str = "off",
    ) -> Update:
        """Open a lobby for ``game`` in ``channel_id`` with ``host`` in the first seat.
        ``locale`` is the language of its public posts for good; ``default_clock`` the
        clock when the options do not set one (the server's ``/settings clock``)."""
        ruleset = get_ruleset(game)
        # The clock is the platform's: take it out before the ruleset checks its options.
        given_all = parse_option_text(options_text or "")
        hints = HINTS.coerce(given_all[HINTS.name]) if HINTS.name in given_all else False
        clock, given = split_clock(given_all, default_clock)
        options = resolve_options(ruleset.name_key, ruleset.options, given)
        if clock != "off":
            options[CLOCK_OPTION] = clock
        if hints:
            options[HINTS.name] = True
        async with self._channel_lock(channel_id):
            try:
                row = await self.storage.create_session(
                    channel_id=channel_id, guild_id=guild_id, game=ruleset.id, options=options,
                    host=SeatRow(0, host.name, host.user_id), locale=locale)
            except ChannelBusy:
                existing = await self.storage.open_session(channel_id)
                name = self._ruleset(existing).display_name(locale) if existing else "?"
                raise ServiceError("platform.service.channel_busy", game=name) from None
        return self._lobby_update(row, t("platform.lobby.opened", row.locale,
                                         host=host.name, game=Term(ruleset.name_key)))

    async def _store_lobby(self, row: SessionRow, *, seats: list[SeatRow],
                           host_id: str | None = None) -> None:
        """Store the lobby's new seats, only if nobody changed it since ``row`` was read
        (another process during a redeploy; this one's edits hold the channel's lock)."""
        if not await self.storage.set_lobby(row.id, seats=seats, host_id=host_id,
                                            expected_updated_at=row.updated_at):
            raise ServiceError("platform.service.changed_meanwhile")

    async def _lobby(self, channel_id: str) -> SessionRow:
        row = await self._open(channel_id)
        if row.status != LOBBY:
            raise ServiceError("platform.service.already_started")
        return row

    async def join(self, channel_id: str, person: Person) -> Update:
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id)
            ruleset = self._ruleset(row)
            seat = row.seat_of(person.user_id)
            if seat is not None and not row.seats[seat].confirmed:  # a rematch's seat
                row.seats[seat] = replace(row.seats[seat], name=person.name, confirmed=True)
                await self._store_lobby(row, seats=row.seats)
                return self._lobby_update(row, t("history.rematch.confirmed", row.locale,
                                                 name=person.name))
            if seat is not None:
                raise ServiceError("platform.service.already_seated")
            if len(row.seats) >= ruleset.max_players:
                raise ServiceError("platform.service.full", max=ruleset.max_players)
            ruleset.check_join(len(row.seats) + 1, game_options(row.options))
            row.seats.append(SeatRow(len(row.seats), person.name, person.user_id))
            await self._store_lobby(row, seats=row.seats)
        return self._lobby_update(row, t("platform.lobby.joined", row.locale, name=person.name))

    async def add_bot(self, channel_id: str, person: Person) -> Update:
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id)
            ruleset = self._ruleset(row)
            if row.seat_of(person.user_id) is None:
                raise ServiceError("platform.service.not_seated")
            if len(row.seats) >= ruleset.max_players:
                raise ServiceError("platform.service.full", max=ruleset.max_players)
            ruleset.check_join(len(row.seats) + 1, game_options(row.options))
            number = sum(1 for s in row.seats if s.is_bot) + 1
            name = t("platform.lobby.bot_name", row.locale, number=number)
            row.seats.append(SeatRow(len(row.seats), name, None, is_bot=True))
            await self._store_lobby(row, seats=row.seats)
        return self._lobby_update(row, t("platform.lobby.bot_added", row.locale, name=name))

    async def remove_seat(self, channel_id: str, person: Person, seat: int, *,
                          expected_name: str | None = None) -> Update:
        """The host removes a bot or a player from the lobby (``seat`` is 0-based).

        ``expected_name``, when given, must be the seat's name now: a click on an old
        lobby message whose seats have moved since is refused, not applied to another."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id)
            if person.user_id != row.host_id:
                raise ServiceError("platform.service.remove_host_only")
            if not 0 <= seat < len(row.seats) or (
                    expected_name is not None and row.seats[seat].name != expected_name):
                raise ServiceError("platform.service.no_such_seat", seat=seat + 1,
                                   count=len(row.seats))
            removed = row.seats[seat]
            if removed.user_id == row.host_id:
                raise ServiceError("platform.service.remove_self")
            seats = [s for s in row.seats if s.seat != seat]
            for index, s in enumerate(seats):
                s.seat = index
            await self._store_lobby(row, seats=seats)
            row.seats = seats
        return self._lobby_update(row, t("platform.lobby.removed", row.locale,
                                         name=removed.name, host=person.name))

    async def leave(self, channel_id: str, person: Person) -> Update:
        """Leave a lobby; in a game in play, a bot takes over the seat."""
        async with self._channel_lock(channel_id):
            row = await self._open(channel_id)
            seat = row.seat_of(person.user_id)
            if seat is None:
                raise ServiceError("platform.service.not_seated")
            if row.status == ACTIVE:
                self._load(row)  # a damaged game is refused before anything changes
                return await self._replace_with_bot(row, seat, person)
            seats = [s for s in row.seats if s.seat != seat]
            for index, s in enumerate(seats):
                s.seat = index
            humans = [s for s in seats if not s.is_bot]
            if not humans:
                await self.storage.set_status(row.id, ABANDONED, only_from=LOBBY)
                return Update(row.id, row.version, ABANDONED,
                              t("platform.lobby.closed_empty", row.locale, name=person.name),
                              game=row.game, locale=row.locale)
            host = row.host_id if row.host_id != person.user_id else humans[0].user_id
            await self._store_lobby(row, seats=seats, host_id=host)
            row.seats, row.host_id = seats, str(host)
        return self._lobby_update(row, t("platform.lobby.left", row.locale, name=person.name))

    async def _replace_with_bot(self, row: SessionRow, seat: int, person: Person, *,
                                remember: bool = True) -> Update:
        # The bot's seat remembers who left it: they may take it back (bot/seats.py);
        # not someone the host removed (``remember=False``).
        replaced = SeatRow(seat, t("platform.lobby.bot_for", row.locale, name=person.name),
                           person.user_id if remember else None, is_bot=True)
        await self.storage.replace_seat(row.id, replaced)
        text = t("platform.lobby.left_game", row.locale, name=person.name)
        follow = await self.run_bots(row.id)
        if follow is not None:
            follow.text = text + "\n" + follow.text
            return follow
        return Update(row.id, row.version, row.status, text, game=row.game, locale=row.locale)

    async def start(self, channel_id: str, person: Person, *, seed: int | None = None) -> Update:
        """The host starts the game: seats are fixed, the state is dealt, bots move."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id)
            if person.user_id != row.host_id:
                raise ServiceError("platform.service.host_only")
            ruleset = self._ruleset(row)
            if len(row.seats) < ruleset.min_players:
                raise ServiceError("platform.service.too_few", min=ruleset.min_players)
            if waiting := rematch.unconfirmed(row.seats):
                raise ServiceError("history.rematch.unconfirmed",
                                   players=", ".join(s.name for s in waiting))
            ruleset.check_seats(len(row.seats), game_options(row.options))
            seed = secrets.randbits(62) if seed is None else seed
            state = ruleset.setup(len(row.seats), game_options(row.options), seed)
            bots_due = bool(self._bot_seats(row) & ruleset.actors(state))
            stamp = time.time()
            stored = await self.storage.start(
                row.id, seed=seed, state=json.dumps(ruleset.dump(state)), seats=row.seats,
                bots_due=bots_due, now=stamp, expected_updated_at=row.updated_at)
            if not stored:  # another process started it, or changed its seats meanwhile
                now_row = await self.storage.get(row.id)
                raise ServiceError("platform.service.changed_meanwhile"
                                   if now_row is not None and now_row.status == LOBBY
                                   else "platform.service.already_started")
            row.status, row.version, row.seed = ACTIVE, 1, seed
            row.updated_at, row.bots_due, row.state = stamp, bots_due, _IN_CACHE
        loaded = self._remember(row, state)
        headline = t("platform.game.started", row.locale, game=Term(ruleset.name_key))
        async with self._lock(row.id):
            return await self._advance(loaded, [], [Event("platform.game.first_turn")],
                                       headline=headline, force_ping=True)

    async def abandon(self, channel_id: str, person: Person, *, can_manage: bool) -> Update:
        async with self._channel_lock(channel_id):
            row = await self._open(channel_id)
            if person.user_id != row.host_id and not can_manage:
                raise ServiceError("platform.service.abandon_denied")
            if not await self.storage.set_status(row.id, ABANDONED, only_from=row.status):
                raise ServiceError("platform.service.stale")
            self._cache.pop(row.id)
            self._accounts.pop(row.id)
            self.damaged.pop(row.id, None)
            self.render_pool.release(_board_key(row.id))
        return Update(row.id, row.version, ABANDONED,
                      t("platform.game.abandoned", row.locale, name=person.name), game=row.game,
                      locale=row.locale)

    # -- play ------------------------------------------------------------------------
    async def status(self, channel_id: str, *, image: bool = True) -> Update:
        """The lobby, or the board and whose turn it is (``image=False``: text only)."""
        row = await self._open(channel_id)
        if row.status == LOBBY:
            return self._lobby_update(row, t("platform.lobby.status", row.locale))
        loaded = self._load(row)
        turn = self._turn_text(loaded)
        account = self._accounts.get(row.id) or await self._logged_account(row)
        text = _clip("\n".join(filter(None, [account, self._score_text(loaded), turn])))
        # The board's account box keeps what just happened (item 14); its header already
        # says whose turn it is.
        board = await self._render_public(loaded, account or turn) if image else None
        return Update(row.id, row.version, row.status, text, board, game=row.game,
                      locale=row.locale, deadline=row.deadline,
                      public_buttons=_public_buttons(loaded))

    async def _logged_account(self, row: SessionRow) -> str:
        """The last logged move in notation (when this process has not seen it played)."""
        log = await self.storage.action_log(row.id)
        if not log:
            return ""
        last = log[-1]
        name = row.seats[last.seat].name if 0 <= last.seat < len(row.seats) else "?"
        return t("platform.game.last_logged", row.locale, player=name, move=last.notation)

    def _score_text(self, loaded: _Loaded) -> str:
        """``Scores: Ann 3, Bot 1 5.`` while the game runs (the end says them itself)."""
        if loaded.ruleset.result(loaded.state) is not None:
            return ""
        scores = loaded.ruleset.scores(loaded.state)
        names = self.names(loaded.row)
        if not scores:
            return ""
        return t("platform.game.scores", loaded.row.locale, scores=", ".join(
            f"{names[i]} {score}" for i, score in enumerate(scores) if i < len(names)))

    async def actors_of(self, session_id: int) -> list[int]:
        """The seats deciding now in a game in play (``/mygames``: whose turn)."""
        row = await self._by_id(session_id)
        if row.status != ACTIVE:
            return []
        loaded = self._load(row)
        return sorted(loaded.ruleset.actors(loaded.state))

    async def session_for_channel(self, channel_id: str) -> SessionRow | None:
        return await self.storage.open_session(channel_id)

    async def _active_for(self, channel_id: str, session_id: int | None) -> SessionRow:
        if session_id is not None:
            row = await self._by_id(session_id)
            if row.channel_id != channel_id:
                raise ServiceError("platform.service.no_such_session")
        else:
            row = await self._open(channel_id)
        if row.status == LOBBY:
            raise ServiceError("platform.service.not_started")
        if row.status != ACTIVE:
            raise ServiceError("platform.service.over")
        return row

    async def hand(self, channel_id: str, person: Person, *,
                   locale: str | None = None) -> PrivateNote:
        """The private view of ``person``'s seat (a hand image), in ``locale`` (the
        reader's own language; the game's by default)."""
        row = await self._active_for(channel_id, None)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self._load(row)
        locale = locale or row.locale
        text = t("platform.game.your_view", locale, game=Term(loaded.ruleset.name_key))
        if loaded.ruleset.has_hand:  # the cards in words too, not only in the image
            text += "\n" + t("platform.game.your_hand", locale,
                             cards=loaded.ruleset.hand_text(loaded.state, seat, locale))
        return PrivateNote(text, await self._render_private(loaded, seat, locale))

    async def choices(
        self, channel_id: str, person: Person, *, session_id: int | None = None,
        recheck: bool = True, locale: str | None = None, optional: bool = True,
    ) -> tuple[SessionRow, list[MoveChoice]]:
        """The legal moves of ``person`` now (empty when it is not their turn). A seat
        that may make an optional move (:meth:`Ruleset.optional_actors`: a Haze special
        action on another player's turn) gets those moves unless ``optional`` is off
        (the console asks whose turn it is).

        Cheap enough for autocomplete on every keystroke: one small read checks that the
        cached state is current, and the moves are built once per version, seat and
        locale. ``recheck=False`` (autocomplete) answers from the cache without that
        read when this process holds the game: only another process writing the same
        database could have moved it, and the move itself is checked against the
        database anyway. The row returned carries no state text."""
        row = (None if recheck or session_id is not None
               else self._cached_open(channel_id))
        if row is None:
            row = await self._active_for(channel_id, session_id)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self._load(row)
        row = loaded.row
        ruleset, state = loaded.ruleset, loaded.state
        if seat not in ruleset.actors(state) and not (
                optional and seat in ruleset.optional_actors(state)):
            return replace(row, state=None), []
        entry = self._cache.peek(row.id)
        cached = entry.choices if entry is not None and entry.state is loaded.state else {}
        key = (seat, locale or row.locale)  # the reader's language (issue 14)
        choices = cached.get(key)
        if choices is None:
            choices = loaded.ruleset.choices(loaded.state, seat, self.names(row), key[1])
            cached[key] = choices
        return replace(row, state=None, seats=list(row.seats)), list(choices)

    async def move(
        self, channel_id: str, person: Person, notation: str, *,
        session_id: int | None = None, version: int | None = None,
        locale: str | None = None,
    ) -> Update:
        """Apply ``person``'s move (in notation). ``version``, when given, must be the
        session's current version: a click on an out-of-date board is refused. The hand
        sent back to ``person`` is in ``locale`` (the reader's own; the game's by default)."""
        row = await self._active_for(channel_id, session_id)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        return await self._act(row.id, seat, notation, version=version,
                               checked=self._cache.peek(row.id), private_locale=locale)

    async def act(self, session_id: int, seat: int, notation: str, *,
                  version: int | None = None) -> Update:
        """Apply a move for ``seat`` (the console acts by seat), then let bots move."""
        return await self._act(session_id, seat, notation, version=version, checked=None)

    async def _act(self, session_id: int, seat: int, notation: str, *,
                   version: int | None, checked: _Cached | None,
                   private_locale: str | None = None) -> Update:
        """:meth:`act`; ``checked`` is the cache entry the caller has just found current
        in the database: if no move replaced it meanwhile, it is not read again."""
        async with self._lock(session_id):
            entry = self._cache.peek(session_id)
            if checked is not None and entry is checked:
                row = entry.row
            else:
                row = await self._by_id(session_id)
            if row.status != ACTIVE:
                raise ServiceError("platform.service.over")
            if version is not None and version != row.version:
                raise ServiceError("platform.service.stale")
            loaded = self._load(row)
            ruleset, state = loaded.ruleset, loaded.state
            if seat not in ruleset.actors(state) and seat not in ruleset.optional_actors(state):
                current = ", ".join(sorted(
                    row.seats[s].name for s in ruleset.actors(state) if s < len(row.seats)))
                raise ServiceError("platform.illegal.not_your_turn", current_seat=current)
            # Who acts and which turn it is *before* the move decide whom to ping after it.
            before = (ruleset.actors(state), ruleset.turn_marker(state))
            entry = self._cache.peek(session_id)
            try:
                action = ruleset.read_action(state, seat, notation, self.names(row))
                logged = ruleset.notate_action(state, action)  # before the move: its board
                self._checkout(loaded)
                events = ruleset.apply(state, seat, action)  # raises before any change
            except IllegalAction as refusal:
                if entry is not None and entry.state is state:  # unchanged: cache it again
                    self._cache.put(session_id, entry)
                raise ServiceError(refusal.key, **_with_names(refusal.params, row)) from None
            log = [(seat, logged)]
            private_for = self._humans_in(row, {seat})
            return await self._advance(loaded, log, events, private_for=private_for,
                                       before=before, private_locale=private_locale)

    async def run_bots(self, session_id: int) -> Update | None:
        """Let bot seats move if they are due (after a restart, or a seat taken over)."""
        async with self._lock(session_id):
            row = await self._by_id(session_id)
            if row.status != ACTIVE:
                return None
            loaded = self._load(row)
            ruleset, state = loaded.ruleset, loaded.state
            if not self._bot_seats(row) & set(ruleset.actors(state)) and not any(
                    ruleset.forced_action(state, s) is not None for s in ruleset.actors(state)):
                if row.bots_due:  # marked by a seat taken over, or an old database
                    await self.storage.clear_bots_due(row.id, expected_version=row.version)
                    row.bots_due = False
                return None
            return await self._advance(loaded, [], [])

    async def _advance(
        self, loaded: _Loaded, log: list[tuple[int, str]], events: list[Event], *,
        headline: str = "", force_ping: bool = False, private_for: Sequence[str] = (),
        before: tuple[frozenset[int], Hashable] | None = None,
        restart: Iterable[int] = (), now: float | None = None,
        private_locale: str | None = None,
    ) -> Update:
        """Let bots play, commit everything, and build the update. Caller holds the lock.

        ``before`` is (actors, turn marker) from before a player's move in ``log``. Each
        seat's turn clock is planned by :func:`bot.clocks.plan` (``restart``: seats whose
        time just ran out get a full clock if they still decide)."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        now = self.now() if now is None else now
        before_actors, marker = before or (frozenset(), ruleset.turn_marker(state))
        bots = self._bot_seats(row)
        steps = 0
        stamp = time.time()
        self._checkout(loaded)
        try:
            while ruleset.result(state) is None and steps <= MAX_BOT_ACTIONS:
                steps += 1
                if self._play_forced(loaded, bots, log, events):
                    continue
                due = bot_move_order(bots & ruleset.actors(state), log)
                if not due:
                    break
                for bot_seat in due:
                    if bot_seat not in ruleset.actors(state):
                        continue  # an earlier bot's move ended this one's decision
                    action = ruleset.bot_action(state, bot_seat)
                    logged = ruleset.notate_action(state, action)
                    # a bot's move is one of its legal moves: no second check
                    events.extend(ruleset.apply_trusted(state, bot_seat, action))
                    log.append((bot_seat, logged))
                await asyncio.sleep(0)  # let other requests in between bot moves
            result = ruleset.result(state)
            status = FINISHED if result is not None else ACTIVE
            actors = ruleset.actors(state)
            if result is not None:
                asked: set[int] = set()
            elif force_ping or ruleset.turn_marker(state) != marker or not log:
                asked = set(actors)
            else:
                asked = set(actors) - set(before_actors)
            book, reminders = await self._plan_clocks(loaded, result is not None,
                                                      restart=set(restart), now=now)
            mover = log[0][0] if private_for and log else None  # a human's own move
            pinged = clocks.pings(book, asked & self._human_seats(row), mover)
            mentions = self._humans_in(row, set(pinged))
            deadline = None if book is None else book.earliest()
            booked = None if book is None else book.dumps()
            bots_due = result is None and bool(bots & actors)
            stored = not log or await self.storage.commit_actions(
                row.id, expected_version=row.version, state=json.dumps(ruleset.dump(state)),
                actions=log, status=status, deadline=deadline, bots_due=bots_due, now=stamp,
                clocks=booked, reminders=reminders)
            if stored and not log and (deadline, booked) != (row.deadline, row.clocks):
                await self.storage.set_clocks(row.id, booked, deadline,
                                              expected_version=row.version,
                                              reminders=reminders)
        except BaseException:
            # The cached state was changed in place but not stored: forget it.
            self._cache.pop(row.id)
            raise
        if not stored:
            # Another request, or another process on the same database, stored a move
            # from this version first: the versioned commit refused this one (issue 17).
            self._cache.pop(row.id)
            raise ServiceError("platform.service.changed_meanwhile")
        if log:
            row.version += len(log)
            row.status, row.updated_at, row.bots_due = status, stamp, bots_due
        self._remember(row, state)
        row.clocks = booked
        if deadline != row.deadline:
            row.deadline = deadline
            if deadline is not None:
                self.deadline_changed.set()

        # Everything is stored now: whatever fails from here on must not hide the move.
        if result is not None:
            await self._record_result(row, result)
        try:
            return await self._committed_update(loaded, events, headline, mentions,
                                                private_for, over=result is not None,
                                                private_locale=private_locale)
        except Exception:
            logger.exception("session %s: %s saved, but its update could not be built",
                             row.id, log)
            return Update(row.id, row.version, row.status, _plain_account(row, log),
                          mentions=mentions, game=row.game, locale=row.locale,
                          deadline=row.deadline, drawn=False)

    async def _committed_update(
        self, loaded: _Loaded, events: list[Event], headline: str, mentions: tuple[str, ...],
        private_for: Sequence[str], *, over: bool, private_locale: str | None = None,
    ) -> Update:
        """The update after a commit: the account of the events, whose turn it is, the
        board, and the hands of ``private_for`` in ``private_locale`` (their reader's own
        language, as /hand; the game's by default). An image that cannot be drawn is left
        out (``drawn=False``)."""
        row, ruleset = loaded.row, loaded.ruleset
        names = self.names(row)
        lines = [e.text(names, row.locale) for e in events]
        caption = "\n".join(lines)  # the board keeps the newest events whole
        if over:
            self._accounts.pop(row.id)  # no status of a finished game
        elif account := "\n".join(filter(None, [headline, *lines])):
            self._accounts.put(row.id, account)
        text = _clip("\n".join(filter(None, [headline, *lines, self._turn_text(loaded)])))
        private_seats = {} if over else {
            user_id: seat for user_id in private_for
            if (seat := row.seat_of(user_id)) is not None}
        update = Update(row.id, row.version, row.status, text, None, mentions, game=row.game,
                        locale=row.locale, deadline=row.deadline)
        # The images are drawn side by side in the render workers.
        update.image, update.summary, *hands = await asyncio.gather(
            self._drawing(update, self._render_public(loaded, caption)),
            self._drawing(update, self._render_summary(loaded)) if over else _nothing(),
            *(self._drawing(update, self._render_private(loaded, seat, private_locale))
              for seat in private_seats.values()))
        if over:  # its last board is drawn: its worker need not hold a place for it
            self.render_pool.release(_board_key(row.id))
        else:
            update.public_buttons = _public_buttons(loaded)
        for user_id, hand in zip(private_seats, hands, strict=True):
            update.private[user_id] = PrivateNote(t(
                "platform.game.your_view", private_locale or row.locale,
                game=Term(ruleset.name_key)), hand)
        return update

    def _play_forced(self, loaded: _Loaded, bots: set[int], log: list[tuple[int, str]],
                     events: list[Event]) -> bool:
        """Play one human seat's forced move (issue 9, item 5: "play it for them and say so
        in the account, instead of asking"); whether there was one."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        for seat in sorted(ruleset.actors(state) - bots):
            action = ruleset.forced_action(state, seat)
            if action is None:
                continue
            label = ruleset.describe_public(state, seat, action, self.names(row), row.locale)
            logged = ruleset.notate_action(state, action)
            applied = ruleset.apply(state, seat, action)
            events.append(Event("platform.game.forced", seat, {"move": label}))
            events.extend(applied)
            log.append((seat, logged))
            return True
        return False

    @staticmethod
    async def _drawing(update: Update, image: Awaitable[bytes | None]) -> bytes | None:
        """Await a rendering; on failure log it, mark ``update`` not drawn, no image."""
        try:
            return await image
        except Exception:
            logger.exception("session %s: an image could not be drawn", update.session_id)
            update.drawn = False
            return None

    def _turn_text(self, loaded: _Loaded) -> str:
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        locale = row.locale
        result = ruleset.result(state)
        names = self.names(row)
        if result is not None:
            scores = ", ".join(f"{names[i]} {score}" for i, score in enumerate(result.scores))
            winners = ", ".join(names[i] for i in result.winners)
            key = ("platform.game.over_none" if not result.winners else
                   "platform.game.over" if len(result.winners) == 1 else
                   "platform.game.over_tie")
            return t(key, locale, winners=winners, scores=scores)
        actors = sorted(ruleset.actors(state))
        text = t("platform.game.to_act", locale, players=", ".join(names[s] for s in actors))
        if row.deadline is not None:
            humans = [s.name for s in row.seats if s.seat in actors and not s.is_bot]
            text += " " + t("platform.clock.until", locale, players=", ".join(humans),
                            time=_when(row.deadline))
        return text

    # -- the turn clock ----------------------------------------------------------------
    async def _plan_clocks(self, loaded: _Loaded, over: bool, *, restart: set[int],
                           now: float) -> tuple[ClockBook | None, list[ReminderPlan]]:
        """Each human seat's clock after a move (:func:`bot.clocks.plan`) and the
        reminders the decisions waiting now want (:attr:`policy`)."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        if over:
            return None, []
        humans = {s.seat: s.user_id for s in row.seats if not s.is_bot and s.user_id}
        acting = sorted(set(ruleset.actors(state)) & humans.keys())
        turn, owner = ruleset.clock_turn(state)
        paused: set[int] = set()
        if self.policy is not None:
            paused = {seat for seat in acting
                      if await self.policy.on_vacation(humans[seat], now)}
        book = clocks.plan(ClockBook.loads(row.clocks), turn=turn,
                           owner=owner if owner in humans else None, acting=acting,
                           seconds=CLOCKS.get(clock_of(row.options)), now=now,
                           paused=paused, restart=restart)
        reminders: list[ReminderPlan] = []
        if book is not None and self.policy is not None:
            for seat in acting:
                clock = book.seats[seat]
                after = await self.policy.reminder_after(row.guild_id, humans[seat])
                if after is not None:  # held while on vacation (storage.due_reminders)
                    reminders.append(ReminderPlan(seat, humans[seat], clock.since,
                                                  clock.remind_at(after, now)))
        return book, reminders

    async def adjust_clocks(self, session_id: int,
                            change: Callable[[ClockBook, SessionRow], bool]) -> SessionRow | None:
        """Change a game's clocks without a move (a vacation pauses or resumes a seat's):
        ``change`` edits the book in place and says whether it changed anything. The
        row as stored after, or ``None`` when nothing changed."""
        async with self._lock(session_id):
            row = await self._by_id(session_id)
            book = ClockBook.loads(row.clocks)
            if row.status != ACTIVE or book is None or not change(book, row):
                return None
            loaded = self._load(row)
            _, reminders = await self._plan_clocks(loaded, False, restart=set(),
                                                   now=self.now())
            deadline, booked = book.earliest(), book.dumps()
            if not await self.storage.set_clocks(row.id, booked, deadline,
                                                 expected_version=row.version,
                                                 reminders=reminders):
                raise ServiceError("platform.service.stale")
            loaded.row.deadline, loaded.row.clocks = deadline, booked
            if deadline is not None:
                self.deadline_changed.set()
            return loaded.row

    async def next_deadline(self) -> float | None:
        """The earliest deadline of any active game (Unix time), ``None`` if no clock runs."""
        return await self.storage.next_deadline(self.shards)

    async def expire_due(self, now: float | None = None) -> list[Update]:
        """Play for every human whose turn clock ran out by ``now`` (default: the time now).

        For each overdue human the ruleset's :meth:`~games.protocol.Ruleset.timeout_actions`
        are applied as that seat's logged moves, bots reply, and the update says whose time
        ran out and what was played. Deadlines live in the database, so they hold across
        restarts. Each expiry is first claimed in the database (one atomic update: of two
        processes, or two calls, one gets it), then handled under the session's lock and
        stored with a versioned commit, so a timeout is applied once. Only the sessions of
        this process's :attr:`shards` are looked at."""
        now = self.now() if now is None else now
        updates: list[Update] = []
        claimed = await self.storage.claim_due(now, lease=CLOCK_CLAIM_SECONDS,
                                               shards=self.shards)
        for session_id, _deadline in claimed:
            try:
                update = await self._expire(session_id, now)
            except ServiceError as error:
                if error.key in ("platform.service.stale", "platform.service.changed_meanwhile"):
                    continue  # somebody else (another process) handled it first
                logger.warning("turn clock of session %s: %s; its clock is stopped",
                               session_id, error.message())
                await self.storage.set_deadline(session_id, None)
                continue
            except Exception:
                # A broken game must not stop the clock of the others, nor fire forever.
                logger.exception("turn clock of session %s failed; its clock is stopped",
                              session_id)
                self._cache.pop(session_id)
                await self.storage.set_deadline(session_id, None)
                continue
            if update is not None:
                updates.append(update)
        return updates

    async def _expire(self, session_id: int, now: float) -> Update | None:
        async with self._lock(session_id):
            row = await self._by_id(session_id)
            if row.status != ACTIVE or row.deadline is None or row.deadline > now:
                return None  # handled meanwhile (another call, a move, the end of the game)
            loaded = self._load(row)
            ruleset, state = loaded.ruleset, loaded.state
            names = self.names(row)
            bots = self._bot_seats(row)
            book = ClockBook.loads(row.clocks)
            humans_acting = {s for s in ruleset.actors(state)
                             if s not in bots and s < len(row.seats)}
            # Only the seats whose own clock ran out (a responder's time running out does
            # not end the turn owner's); a row without a book times everybody deciding.
            overdue = sorted(humans_acting if book is None
                             else humans_acting & set(book.overdue(now)))
            if not overdue or ruleset.result(state) is not None:
                if book is None or ruleset.result(state) is not None:
                    await self.storage.set_deadline(row.id, None, expected_version=row.version)
                    row.deadline = None
                else:  # the earliest deadline moved (a seat paused meanwhile): store it
                    await self.storage.set_clocks(row.id, row.clocks, book.earliest(),
                                                  expected_version=row.version)
                    row.deadline = book.earliest()
                return None
            played: list[tuple[int, str]] = []
            events: list[Event] = []
            lines: list[str] = []
            self._checkout(loaded)
            try:
                for seat in overdue:
                    marker = ruleset.turn_marker(state)
                    labels = self._play_timeout(loaded, seat, marker, played, events, names)
                    if labels:
                        lines.append(t("platform.clock.expired", row.locale, player=names[seat],
                                       actions=", ".join(labels)))
            except BaseException:
                self._cache.pop(row.id)
                raise
            return await self._advance(loaded, played, events, headline="\n".join(lines),
                                       force_ping=True, restart=overdue, now=now)

    @staticmethod
    def _play_timeout(loaded: _Loaded, seat: int, marker: Hashable,
                      played: list[tuple[int, str]], events: list[Event],
                      names: Sequence[str]) -> list[str]:
        """Apply ``seat``'s timeout actions until its turn is over; their labels."""
        ruleset, state, locale = loaded.ruleset, loaded.state, loaded.row.locale
        labels: list[str] = []

        def holds_turn() -> bool:
            return (ruleset.result(state) is None and seat in ruleset.actors(state)
                    and ruleset.turn_marker(state) == marker)

        for _ in range(MAX_TIMEOUT_STEPS):
            if not holds_turn():
                break
            actions = ruleset.timeout_actions(state, seat)
            if not actions:
                break
            for action in actions:
                if not holds_turn():
                    break
                labels.append(ruleset.describe_public(state, seat, action, names, locale))
                logged = ruleset.notate_action(state, action)
                events.extend(ruleset.apply(state, seat, action))
                played.append((seat, logged))
        return labels

    async def resume_all(self) -> list[Update]:
        """After a restart: let every bot that was due move (a crash between a human
        move and the bots' replies must not stall a game). Only sessions marked
        ``bots_due`` at their last commit are visited (an index), so startup does not grow
        with the database; overdue turn clocks are found by :meth:`expire_due`."""
        updates = []
        for session_id in await self.storage.bots_due_sessions(self.shards):
            try:
                update = await self.run_bots(session_id)
            except ServiceError:
                continue  # damaged (logged once when it was found) or nothing to do
            except Exception:
                # One bad session must never stop the others (nor the bot) from starting.
                logger.exception("resuming session %s failed; the others go on", session_id)
                self._cache.pop(session_id)
                continue
            if update is not None:
                updates.append(update)
        return updates

    async def replay_check(self, session_id: int) -> bool:
        """Replay the action log from the seed and compare with the stored state."""
        row = await self.storage.get(session_id)  # with its state text, unlike the cache's
        if row is None:
            raise ServiceError("platform.service.no_such_session")
        if row.seed is None or row.state is None:
            return False
        ruleset = get_ruleset(row.game)
        state = replay.rebuild(ruleset, len(row.seats), game_options(row.options), row.seed,
                               [(e.seat, e.notation) for e in
                                await self.storage.action_log(session_id)])
        return json.dumps(ruleset.dump(state), sort_keys=True) == json.dumps(
            json.loads(row.state), sort_keys=True)


async def _nothing() -> None:
    return None


def _board_key(session_id: int) -> tuple[str, int]:
    """The render pool's affinity key for a session's boards."""
    return ("board", session_id)


def bot_move_order(due: Iterable[int], log: Sequence[tuple[int, str]]) -> list[int]:
    """The order in which the due bots move in one step: the bots that moved least
    recently in ``log`` (this update's moves) first, seat order among equals. So bots
    answering a trade offer answer before the bot that made it closes it."""
    last = {seat: i for i, (seat, _) in enumerate(log)}
    return sorted(due, key=lambda seat: (last.get(seat, -1), seat))


def _public_buttons(loaded: _Loaded) -> tuple[tuple[str, str], ...]:
    """The ruleset's public buttons now, labels translated (none once the game is over)."""
    row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
    if row.status != ACTIVE or ruleset.result(state) is not None:
        return ()
    return tuple((t(label, row.locale), notation)
                 for label, notation in ruleset.public_buttons(state))


def _plain_account(row: SessionRow, log: Sequence[tuple[int, str]]) -> str:
    """The stored moves in plain notation, for when their full account cannot be built."""
    names = {seat.seat: seat.name for seat in row.seats}
    moves = ", ".join(f"{names.get(seat, seat)}: {notation}" for seat, notation in log)
    return _clip(t("platform.service.saved_plain", row.locale, moves=moves or "-"))


def _with_names(params: dict[str, Any], row: SessionRow) -> dict[str, Any]:
    """Refusal parameters with seat numbers (``*seat``) replaced by player names."""
    return {
        name: row.seats[value].name
        if name.endswith("seat") and isinstance(value, int) and 0 <= value < len(row.seats)
        else value
        for name, value in params.items()
    }


def clock_of(options: Mapping[str, Any]) -> str:
    """The turn clock setting stored in a session's options (``"off"`` when unset)."""
    value = str(options.get(CLOCK_OPTION, "off"))
    return value if value in CLOCKS else "off"


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A session's options without the platform's own (what the ruleset sees)."""
    return {k: v for k, v in options.items() if k not in (CLOCK_OPTION, HINTS.name)}


def hints_on(options: Mapping[str, Any]) -> bool:
    """Whether the lobby turned ``/hint`` on (``hints=yes``)."""
    return options.get(HINTS.name) is True


def split_clock(given: Mapping[str, str], default: str = "off") -> tuple[str, dict[str, str]]:
    """Take the ``clock`` setting out of parsed lobby options: (clock, the game's options).
    An unknown clock value is refused with the values there are."""
    value = str(given.get(CLOCK_OPTION, default if default in CLOCKS else "off")
                ).strip().lower()
    if value not in CLOCKS:
        raise ServiceError("platform.clock.invalid", value=given.get(CLOCK_OPTION),
                           choices=", ".join(CLOCKS))
    return value, dict(game_options(given))


def _when(deadline: float) -> str:
    """A deadline people read anywhere: ``5 Mar 14:05 UTC``."""
    moment = time.gmtime(deadline)
    return f"{moment.tm_mday} {time.strftime('%b %H:%M', moment)} UTC"


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else "…\n" + text[-(MAX_TEXT - 2):]


__all__ = [
    "CLOCKS",
    "CLOCK_OPTION",
    "IllegalAction",
    "Person",
    "PrivateNote",
    "ServiceError",
    "SessionService",
    "Update",
    "clock_of",
    "game_options",
    "split_clock",
]
