"""The Discord client: :func:`create_bot` builds it, :func:`run` connects it.

``create_bot`` builds the client and its command tree without connecting, so
tests can drive it against a loopback stand-in of the Discord API. Storage is
opened in ``setup_hook`` (after login, before the gateway connects). Bots that were
due when the bot stopped make their moves in the background once the gateway is
ready, so startup does not wait for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Mapping
from typing import Any

import aiohttp
import discord
from discord import app_commands

from i18n import t

from .config import Config, ConfigError
from .discord_front import components
from .discord_front.client import FrontClient
from .discord_front.commands import Front, build_commands
from .discord_front.days import Days
from .discord_front.days_commands import build_days_commands
from .discord_front.install import place_commands
from .discord_front.plan_commands import PlansButton, build_plan_commands
from .discord_front.seats import TakeoverButton, install_seat_commands
from .discord_front.translator import CatalogueTranslator
from .discord_front.watch import install_watch_command
from .gateway import GatewayAdvice, LoginQueue, TooFewShards, ask_gateway, check_shards
from .service import SessionService, Update
from .sharding import ShardConfigError
from .storage import DatabaseUnavailable, Storage

log = logging.getLogger("tidebound")

#: The clock task looks for due deadlines at least this often (seconds), and at once
#: whenever a move sets a new deadline.
CLOCK_RECHECK = 30.0
#: Resumed updates built ahead of the one being posted (each holds its board's image).
RESUME_AHEAD = 4
#: At shutdown, interactions already being handled get this long (seconds) to finish
#: (their move stored, their board posted and recorded) before the gateway, the HTTP
#: session and the database close under them.
SHUTDOWN_DRAIN = 10.0
#: How discord.py names the tasks in which it runs our handlers: slash commands and
#: autocomplete, persistent views, dynamic items and events such as ``on_interaction``.
HANDLER_TASK_PREFIXES = ("CommandTree-invoker", "discord-ui-view-dispatch-",
                         "discord-ui-dynamic-item-", "discord.py: ")


def handlers_in_flight(*, besides: set[asyncio.Task[Any]]) -> set[asyncio.Task[Any]]:
    """The tasks, other than ``besides``, in which discord.py is running a handler."""
    return {task for task in asyncio.all_tasks()
            if task not in besides and not task.done()
            and task.get_name().startswith(HANDLER_TASK_PREFIXES)}


class TideboundClient(FrontClient):
    """discord.py client with Tidebound's commands, components and session service."""

    def __init__(self, config: Config, *, sync_commands: bool = True,
                 **client_options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                         **client_options)
        self.config = config
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        #: Settings, vacations, /mygames and reminders (issue 15).
        self.days = Days(self)
        self.front = Front(self, self.days)
        commands = build_commands(self.front)
        game = next(c for c in commands if c.name == "game")
        assert isinstance(game, app_commands.Group)
        install_seat_commands(self.front, game)  # /game takeover, /game kick
        install_watch_command(self.front, game)  # /game watch (issue 27 item 5)
        every = [*commands, *build_days_commands(self.days), *build_plan_commands(self.front)]
        place_commands(every)  # user installs, group DMs (issue 27 item 4)
        for command in every:
            self.tree.add_command(command)
        self.tree.error(self.front.on_command_error)
        components.HANDLERS.update(
            lobby=self.front.lobby_click,
            kick=self.front.remove_click,
            menu=lambda interaction, session_id: self.front.show_menu(interaction, session_id),
            hand=lambda interaction, session_id: self.front.show_hand(interaction),
            move=lambda interaction, session_id, version, notation: self.front.play(
                interaction, notation, session_id=session_id, version=version,
                from_component=True),
            # A move on the public post: answered ephemerally, like /move (the public
            # post itself must not be rewritten into the clicker's private reply).
            public=lambda interaction, session_id, version, notation: self.front.play(
                interaction, notation, session_id=session_id, version=version),
        )
        self.storage: Storage | None = None
        self.service: SessionService | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._resume_task: asyncio.Task[None] | None = None
        #: Set at shutdown: the clock and the resumed games post what they are posting,
        #: and nothing more.
        self._stopping = asyncio.Event()
        #: The one shutdown every ``close()`` waits for (issue 24 item 17).
        self._shutdown: asyncio.Task[None] | None = None
        self._warm_task: asyncio.Task[None] | None = None
        #: Gateway logins in turn across processes (issue 29 item 1), once storage is open.
        self.login_queue: LoginQueue | None = None

    async def setup_hook(self) -> None:
        # Discord's advice first: too few shards is refused before anything else starts
        # (set up without logging in, as the benches do, there is none to ask).
        advice = GatewayAdvice(1, 1)
        if self.http.token:
            advice = await ask_gateway(self.http)
            check_shards(self.config.shards.count if self.config.shards else 1, advice)
        self.storage = await Storage.open(self.config.db_path,
                                          pool_size=self.config.db_pool_size,
                                          pgbouncer=self.config.db_pgbouncer,
                                          password=self.config.db_password)
        await self.storage.index_shards(self.config.shards)  # issue 29 item 2
        self.login_queue = LoginQueue(self.storage.exclusive,
                                      max_concurrency=advice.max_concurrency,
                                      spacing=self.config.identify_spacing)
        self.service = SessionService(
            self.storage, cache_size=self.config.cache_size,
            render_workers=self.config.render_workers,
            render_worker_mb=self.config.render_worker_mb, shards=self.config.shards)
        self.service.policy = self.days.settings
        self.add_dynamic_items(*components.DYNAMIC_ITEMS, TakeoverButton, PlansButton)
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_commands:
            if self.config.guild_id:
                guild = discord.Object(self.config.guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # With games to resume, the render workers start while the gateway connects, so
        # the first resumed board is not held up by their start (issue 29 item 3).
        self._warm_task = asyncio.create_task(self._start_render_workers(),
                                              name="tidebound-render-start")
        self._resume_task = asyncio.create_task(self._resume_when_ready(),
                                                name="tidebound-resume")
        self._clock_task = asyncio.create_task(self._run_clock(), name="tidebound-clock")
        self.days.start()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False
                                   ) -> None:
        """Identify in turn with every other process's shards of the same bucket
        (issue 29 item 1), instead of discord.py's sleep within one process."""
        if self.login_queue is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        await self.login_queue.turn(shard_id or 0)

    async def on_ready(self) -> None:
        log.info("Tidebound is ready as %s", self.user)

    async def _start_render_workers(self) -> None:
        assert self.service is not None
        try:
            if await self.service.storage.bots_due_sessions(self.service.shards):
                await self.service.render_pool.start()
        except Exception:  # they start at the first image instead
            log.exception("starting the render workers failed")

    async def _resume_when_ready(self) -> None:
        """:meth:`resume_games` in the background, once the gateway is ready."""
        try:
            await self.wait_until_ready()
            await self.resume_games()
        except Exception:
            log.exception("resuming the games that were due failed")

    async def resume_games(self) -> None:
        """Post the moves of bots that were due when the bot stopped (only REST is used),
        each as soon as it is built (issue 29 item 3): the next few are built while one
        is posted, at most :data:`RESUME_AHEAD` waiting, so memory stays bounded however
        many games are due."""
        assert self.service is not None
        built: asyncio.Queue[Update | None] = asyncio.Queue(maxsize=RESUME_AHEAD)

        async def build() -> None:
            assert self.service is not None
            try:
                async for update in self.service.resume_each():
                    await built.put(update)
            except Exception:  # the database itself failed: start anyway, games resume on use
                log.exception("resuming games failed; starting without the rest")
            await built.put(None)  # the end (not when cancelled: nobody reads any more)

        async def next_built() -> Update | None:
            """The next update built, or ``None`` at the end or once the bot stops."""
            getting = asyncio.ensure_future(built.get())
            stopping = asyncio.ensure_future(self._stopping.wait())
            await asyncio.wait({getting, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if getting.done():
                return getting.result()
            getting.cancel()  # nothing is taken from the queue
            return None

        builder = asyncio.create_task(build(), name="tidebound-resume-build")
        try:
            while (update := await next_built()) is not None:
                await self.post_to_channel(update)
        finally:
            if not builder.done():
                builder.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await builder

    async def _run_clock(self) -> None:
        """The turn clock: sleep until the next deadline (re-checking every
        :data:`CLOCK_RECHECK` seconds and whenever a move sets a deadline), then let the
        service play for whoever ran out of time and post what happened."""
        service, delivery = self.service, self.days.delivery
        assert service is not None
        while not self._stopping.is_set():
            try:
                service.deadline_changed.clear()
                due = await service.next_deadline()
                delay = CLOCK_RECHECK if due is None else min(
                    max(due - service.now(), 0.0), CLOCK_RECHECK)
                if delay > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(service.deadline_changed.wait(), delay)
                if self._stopping.is_set():
                    return
                for update in await service.expire_due():
                    await self.post_to_channel(update)
                await delivery.retry()  # posts Discord refused before (issue 30 item 4)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the turn clock failed; trying again shortly")
                with contextlib.suppress(TimeoutError):  # or at once to stop
                    await asyncio.wait_for(self._stopping.wait(), CLOCK_RECHECK)

    async def post_to_channel(self, update: Update) -> None:
        """Post ``update`` (bots' or the clock's stored moves) in its channel; what Discord
        refuses for now is kept and sent again (see :mod:`.discord_front.delivery`)."""
        await self.days.delivery.post(update)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on components that are not ours (or were tampered with)."""
        await self.days.remember_locale(interaction)  # DM reminders in the user's language
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, object] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not components.is_ours(custom_id):
            await asyncio.sleep(0)  # let discord.py's own routing run first
            if not interaction.response.is_done():
                await self.front.unknown_component(interaction)

    async def close(self) -> None:
        """Stop the background tasks, the gateway, the render workers and the storage.

        Idempotent (issue 24 item 17): discord.py itself calls ``close()`` a second time
        (``reconnect=False``), and a signal may add a third; every call after the first
        waits for the first shutdown to finish and returns, so none hangs and nothing
        is closed twice. The shutdown runs in a task of its own, shielded, so a caller
        that is cancelled while waiting does not cut it short for the others."""
        if self._shutdown is None:
            caller = asyncio.current_task()
            self._shutdown = asyncio.create_task(
                self._close_once(besides={caller} if caller is not None else set()),
                name="tidebound-close")
        await asyncio.shield(self._shutdown)

    async def _close_once(self, *, besides: set[asyncio.Task[Any]]) -> None:
        # the clock and the resumed games finish the posts under way (each board recorded
        # as the last post), for at most SHUTDOWN_DRAIN seconds, and start no other; then
        # they are cancelled
        self._stopping.set()
        if self.service is not None:
            self.service.deadline_changed.set()  # wakes the clock from its sleep
        # (resuming waits for the gateway first: before it is ready, nothing is posting)
        resuming = self._resume_task if self.is_ready() else None
        posting = {task for task in (resuming, self._clock_task) if task is not None}
        if posting:
            await asyncio.wait(posting, timeout=SHUTDOWN_DRAIN)
        for task in (self._warm_task, self._resume_task, self._clock_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._warm_task = self._resume_task = self._clock_task = None
        await self.days.stop()
        this = asyncio.current_task()
        await self._drain_handlers(besides | ({this} if this is not None else set()))
        await super().close()
        if self.login_queue is not None:
            await self.login_queue.close()  # before the database it locks in closes
        if self.service is not None:
            await self.service.close()  # the render workers
        if self.storage is not None:
            await self.storage.close()
            self.storage = None

    async def _drain_handlers(self, besides: set[asyncio.Task[Any]]) -> None:
        """Let the interactions already being handled finish, for at most
        :data:`SHUTDOWN_DRAIN` seconds: a move whose board was posted also records that
        post (the next board edits it down), rather than meeting a closed database. A
        handler that calls ``close()`` itself is in ``besides`` and is not waited for."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHUTDOWN_DRAIN
        while (pending := handlers_in_flight(besides=besides)) and (
                left := deadline - loop.time()) > 0:
            await asyncio.wait(pending, timeout=left)
        if pending := handlers_in_flight(besides=besides):
            log.warning("shutting down with %d interaction(s) still being handled",
                        len(pending))


class ShardedTideboundClient(TideboundClient, discord.AutoShardedClient):
    """The same client over a range of Discord's shards (``TIDEBOUND_SHARD_COUNT`` and
    ``TIDEBOUND_SHARD_IDS``): one gateway connection per shard held, and only those
    servers' sessions resumed and clocked. Several such processes, each with its own
    range, share one PostgreSQL database."""


def create_bot(config: Config | None = None, *, sync_commands: bool = True) -> TideboundClient:
    """The client with its command tree, not connected (defaults from the environment):
    an :class:`~discord.AutoShardedClient` over the configured shards, or one plain
    client holding every server when no sharding is configured."""
    config = config or Config.from_env()
    if config.shards is None:
        return TideboundClient(config, sync_commands=sync_commands)
    return ShardedTideboundClient(config, sync_commands=sync_commands,
                                  shard_count=config.shards.count,
                                  shard_ids=list(config.shards.ids))


def run() -> int:
    """Connect to Discord with ``DISCORD_TOKEN``; one clear line when that cannot work
    (no token, a refused token, no network), never a traceback."""
    try:
        config = Config.from_env()
    except (ShardConfigError, ConfigError) as exc:
        print(exc, file=sys.stderr)
        return 2
    if not config.token:
        print(t("platform.run.no_token"), file=sys.stderr)
        return 2
    client = create_bot(config)
    try:
        client.run(config.token, log_level=logging.INFO)
    except discord.LoginFailure:
        print(t("platform.run.bad_token"), file=sys.stderr)
        return 2
    except TooFewShards as exc:
        print(t("platform.run.too_few_shards", configured=exc.configured,
                recommended=exc.recommended), file=sys.stderr)
        return 2
    except DatabaseUnavailable as exc:  # before the network: it is not Discord's fault
        print(t("platform.run.no_database", target=exc.target, reason=exc.reason),
              file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, OSError) as exc:
        # DNS failure, connection refused, no route, TLS trouble: the network, not us.
        print(t("platform.run.unreachable", reason=_reason(exc)), file=sys.stderr)
        return 2
    return 0


def _reason(exc: BaseException) -> str:
    """The innermost cause of a connection error in a few words."""
    cause = getattr(exc, "os_error", None) or exc.__cause__ or exc
    number = getattr(cause, "errno", None)
    if isinstance(number, int) and number > 0:
        return os.strerror(number)  # "Connection refused"
    strerror = getattr(cause, "strerror", None)
    if strerror:
        return str(strerror)  # "Name or service not known"
    return str(cause) or type(exc).__name__
