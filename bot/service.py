"""The platform-neutral session service: one facade over the modules that run a game.

Both the Discord front (:mod:`bot.discord_front`) and the console client
(:mod:`bot.console`) drive :class:`SessionService`. Every public method takes plain ids
and names, checks permissions and turns, applies moves through the game's
:class:`~games.protocol.Ruleset`, commits to :class:`~bot.storage.Storage` *before*
returning, and answers with an :class:`~bot.updates.Update` saying what to show and whom
to ping. Anything a player did wrong raises :class:`~bot.requests.ServiceError`, whose
message is polite and changes nothing.

The work is done by one module per concern (see docs/ARCHITECTURE.md):

* :mod:`bot.sessions` — loading, caching and committing a session;
* :mod:`bot.lobby` — lobby and seats (new, join, bots, remove, leave, start, abandon);
* :mod:`bot.turns` — moves, forced moves, bots, and the account of what happened;
* :mod:`bot.turn_clock` and :mod:`bot.timeouts` — turn clocks, and playing for who ran out;
* :mod:`bot.updates` — the update a front posts (texts, images, buttons);
* :mod:`bot.memory` — log, history, undo, rematch, hints and stats.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable

from games import IllegalAction, MoveChoice, get_ruleset
from games.bot_levels import DEFAULT_LEVEL
from games.plans import PlanKind

from . import replay
from .clocks import ClockBook, SeatPolicy
from .lobby import Lobby
from .memory import ANIMATIONS_KEPT, GameMemory
from .plans import PlanReply, Plans
from .render_pool import MEMORY_CEILING_MB, RenderPool
from .requests import Person, ServiceError
from .session_options import CLOCK_OPTION, CLOCKS, clock_of, game_options, hints_on, split_clock
from .sessions import CACHE_IDLE_SECONDS, CACHE_SIZE, Sessions
from .sharding import Shards
from .storage import SessionRow, Storage
from .timeouts import CLOCK_CLAIM_SECONDS, MAX_TIMEOUT_STEPS, Timeouts
from .turn_clock import TurnClock
from .turns import MAX_BOT_ACTIONS, Turns, bot_move_order
from .updates import MAX_TEXT, PrivateNote, Update, Updates

logger = logging.getLogger("tidebound.service")


class SessionService:
    """Sessions, one open session per channel, persisted in ``storage``.

    Sessions in use are cached (LRU, ``cache_size`` at most, dropped after
    ``cache_idle_seconds`` unused; :mod:`bot.sessions`). Images are drawn in a
    :class:`~bot.render_pool.RenderPool` (started on the first image; ``render=False``
    draws nothing and starts no pool). Call :meth:`close` when done."""

    def __init__(self, storage: Storage, *, render: bool = True, cache_size: int = CACHE_SIZE,
                 cache_idle_seconds: float | None = CACHE_IDLE_SECONDS,
                 render_pool: RenderPool | None = None, render_workers: int = 0,
                 render_worker_mb: float | None = MEMORY_CEILING_MB,
                 shards: Shards | None = None) -> None:
        self.storage = storage
        self.render = render
        self._owns_pool = render_pool is None
        self.render_pool = render_pool or RenderPool(render_workers,
                                                     memory_ceiling_mb=render_worker_mb)
        self.sessions = Sessions(storage, cache_size=cache_size,
                                 cache_idle_seconds=cache_idle_seconds, shards=shards)
        self.updates = Updates(self.sessions, self.render_pool, render=render,
                               cache_size=cache_size, cache_idle_seconds=cache_idle_seconds)
        self.clock = TurnClock(self.sessions)
        self.turns = Turns(self.sessions, self.updates, self.clock)
        self.timeouts = Timeouts(self.sessions, self.clock, self.turns)
        self.lobby = Lobby(self.sessions, self.updates, self.turns)
        self.memory = GameMemory(self.sessions, self.updates, self.turns)
        self.plans = Plans(self.sessions, self.turns)

    async def close(self) -> None:
        """Stop the render workers (if this service started them)."""
        if self._owns_pool:
            await self.render_pool.aclose()

    # -- what the parts share ------------------------------------------------------------
    @property
    def shards(self) -> Shards | None:
        """The Discord shards this process holds (``None``: every server, one process):
        bots are resumed and turn clocks played only for their sessions."""
        return self.sessions.shards

    @shards.setter
    def shards(self, value: Shards | None) -> None:
        self.sessions.shards = value

    @property
    def damaged(self) -> dict[int, str]:
        """Sessions whose stored row cannot be loaded: session id -> why."""
        return self.sessions.damaged

    @property
    def now(self) -> Callable[[], float]:
        """The wall clock (Unix time) the turn clock reads; tests may replace it."""
        return self.clock.now

    @now.setter
    def now(self, value: Callable[[], float]) -> None:
        self.clock.now = value

    @property
    def policy(self) -> SeatPolicy | None:
        """Reminders and vacations (issue 15): set by a front that has /settings."""
        return self.clock.policy

    @policy.setter
    def policy(self, value: SeatPolicy | None) -> None:
        self.clock.policy = value

    @property
    def deadline_changed(self) -> asyncio.Event:
        """Set whenever a move sets a new deadline (the Discord client's clock task
        waits on it to re-plan its sleep)."""
        return self.clock.deadline_changed

    @staticmethod
    def names(row: SessionRow) -> list[str]:
        return [seat.name for seat in row.seats]

    # -- lobby (bot.lobby) ---------------------------------------------------------------
    async def new_game(
        self, channel_id: str, host: Person, game: str, options_text: str = "", *,
        guild_id: str | None = None, locale: str = "en", default_clock: str = "off",
    ) -> Update:
        """Open a lobby for ``game`` in ``channel_id`` (:meth:`bot.lobby.Lobby.new_game`)."""
        return await self.lobby.new_game(channel_id, host, game, options_text,
                                         guild_id=guild_id, locale=locale,
                                         default_clock=default_clock)

    async def join(self, channel_id: str, person: Person) -> Update:
        return await self.lobby.join(channel_id, person)

    async def add_bot(self, channel_id: str, person: Person, level: str = DEFAULT_LEVEL
                      ) -> Update:
        return await self.lobby.add_bot(channel_id, person, level)

    async def remove_seat(self, channel_id: str, person: Person, seat: int, *,
                          expected_name: str | None = None) -> Update:
        return await self.lobby.remove_seat(channel_id, person, seat,
                                            expected_name=expected_name)

    async def leave(self, channel_id: str, person: Person) -> Update:
        return await self.lobby.leave(channel_id, person)

    async def start(self, channel_id: str, person: Person, *, seed: int | None = None) -> Update:
        return await self.lobby.start(channel_id, person, seed=seed)

    async def abandon(self, channel_id: str, person: Person, *, can_manage: bool) -> Update:
        return await self.lobby.abandon(channel_id, person, can_manage=can_manage)

    # -- what a front shows (bot.updates) ------------------------------------------------
    async def status(self, channel_id: str, *, image: bool = True) -> Update:
        """The lobby, or the board and whose turn it is (``image=False``: text only)."""
        return await self.updates.status(channel_id, image=image)

    async def position_text(self, channel_id: str) -> str:
        """The whole public position in words (``/game status text:yes``)."""
        return await self.updates.position_text(channel_id)

    async def hand(self, channel_id: str, person: Person, *,
                   locale: str | None = None) -> PrivateNote:
        return await self.updates.hand(channel_id, person, locale=locale)

    async def rules_image(self, game: str, topic: str, locale: str) -> bytes | None:
        return await self.updates.rules_image(game, topic, locale)

    async def session_for_channel(self, channel_id: str) -> SessionRow | None:
        return await self.storage.open_session(channel_id)

    # -- turns (bot.turns) ---------------------------------------------------------------
    async def actors_of(self, session_id: int) -> list[int]:
        return await self.turns.actors_of(session_id)

    async def choices(
        self, channel_id: str, person: Person, *, session_id: int | None = None,
        recheck: bool = True, locale: str | None = None, optional: bool = True,
    ) -> tuple[SessionRow, list[MoveChoice]]:
        return await self.turns.choices(channel_id, person, session_id=session_id,
                                        recheck=recheck, locale=locale, optional=optional)

    async def move(
        self, channel_id: str, person: Person, notation: str, *,
        session_id: int | None = None, version: int | None = None,
        locale: str | None = None,
    ) -> Update:
        return await self.turns.move(channel_id, person, notation, session_id=session_id,
                                     version=version, locale=locale)

    async def act(self, session_id: int, seat: int, notation: str, *,
                  version: int | None = None) -> Update:
        """Apply a move for ``seat`` (the console acts by seat), then let bots move."""
        return await self.turns.act(session_id, seat, notation, version=version)

    async def run_bots(self, session_id: int) -> Update | None:
        return await self.turns.run_bots(session_id)

    # -- plans (issue 26 item 3) ---------------------------------------------------------
    async def plan_kinds(self, channel_id: str, person: Person, locale: str
                         ) -> list[tuple[str, str, str]]:
        return await self.plans.kinds(channel_id, person, locale)

    async def plan_kind(self, channel_id: str, person: Person, word: str, locale: str
                        ) -> PlanKind:
        return await self.plans.kind_named(channel_id, person, word, locale)

    async def plan_values(self, channel_id: str, person: Person, kind: str, param: str,
                          chosen: dict[str, str], locale: str) -> list[tuple[str, str]]:
        return await self.plans.values(channel_id, person, kind, param, chosen, locale)

    async def set_plan(self, channel_id: str, person: Person, kind: str,
                       params: dict[str, str], locale: str) -> PlanReply:
        return await self.plans.set(channel_id, person, kind, params, locale)

    async def show_plans(self, channel_id: str, person: Person, locale: str) -> str:
        return await self.plans.show(channel_id, person, locale)

    async def clear_plans(self, channel_id: str, person: Person, locale: str) -> str:
        return await self.plans.clear(channel_id, person, locale)

    async def resume_each(self) -> AsyncIterator[Update]:
        """After a restart: let every bot that was due move (a crash between a human
        move and the bots' replies must not stall a game), handing out each update as
        soon as it is built (issue 29 item 3): the front posts the first while the rest
        wait, and memory holds one update at a time however many are due. Only sessions
        marked ``bots_due`` at their last commit are visited (an index), so startup does
        not grow with the database; overdue turn clocks are found by :meth:`expire_due`."""
        for session_id in await self.storage.bots_due_sessions(self.shards):
            try:
                update = await self.run_bots(session_id)
            except ServiceError:
                continue  # damaged (logged once when it was found) or nothing to do
            except Exception:
                # One bad session must never stop the others (nor the bot) from starting.
                logger.exception("resuming session %s failed; the others go on", session_id)
                self.sessions.forget(session_id)
                continue
            if update is not None:
                yield update

    async def resume_all(self) -> list[Update]:
        """:meth:`resume_each`, every update in a list (for the console and tests; the
        Discord front posts each as it comes)."""
        return [update async for update in self.resume_each()]

    # -- clocks (bot.turn_clock, bot.timeouts) -------------------------------------------
    async def adjust_clocks(self, session_id: int,
                            change: Callable[[ClockBook, SessionRow], bool]) -> SessionRow | None:
        return await self.clock.adjust(session_id, change)

    async def next_deadline(self) -> float | None:
        return await self.clock.next_deadline()

    async def expire_due(self, now: float | None = None) -> list[Update]:
        return await self.timeouts.expire_due(now)

    # -- memory (bot.memory) -------------------------------------------------------------
    async def game_log(self, channel_id: str, count: int = 10,
                       locale: str | None = None) -> str:
        return await self.memory.game_log(channel_id, count, locale)

    async def game_history(self, channel_id: str,
                           locale: str | None = None) -> tuple[str, str]:
        return await self.memory.game_history(channel_id, locale)

    async def undo(self, channel_id: str, person: Person) -> Update:
        return await self.memory.undo(channel_id, person)

    async def rematch(self, channel_id: str, person: Person, session_id: int) -> Update:
        return await self.memory.rematch(channel_id, person, session_id)

    async def hint(self, channel_id: str, person: Person,
                   locale: str | None = None) -> str:
        return await self.memory.hint(channel_id, person, locale)

    async def animated_replay(self, channel_id: str, session_id: int,
                              locale: str | None = None) -> bytes:
        return await self.memory.animated_replay(channel_id, session_id, locale)

    async def stats(self, guild_id: str | None, user_id: str, name: str,
                    locale: str) -> str:
        return await self.memory.stats(guild_id, user_id, name, locale)

    async def leaderboard(self, guild_id: str | None, game: str | None,
                          locale: str) -> str:
        return await self.memory.leaderboard(guild_id, game, locale)

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


__all__ = [
    "ANIMATIONS_KEPT",
    "CLOCKS",
    "CLOCK_CLAIM_SECONDS",
    "CLOCK_OPTION",
    "MAX_BOT_ACTIONS",
    "MAX_TEXT",
    "MAX_TIMEOUT_STEPS",
    "IllegalAction",
    "Person",
    "PlanReply",
    "PrivateNote",
    "ServiceError",
    "SessionService",
    "Update",
    "bot_move_order",
    "clock_of",
    "game_options",
    "hints_on",
    "split_clock",
]
