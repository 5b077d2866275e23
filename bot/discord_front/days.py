"""Play over days on Discord (issue 15): ``/settings``, ``/vacation``, ``/mygames``, and the
background task that sends reminders and ends vacations.

Settings live in :mod:`bot.settings`, vacations in :mod:`bot.vacation`, each seat's clock
in :mod:`bot.clocks`; this module is their Discord edge: who may change what (a user
only their own values; server values need Manage Server), and how a reminder reaches a
player (a DM with a jump link, or a ping in the game's channel; closed DMs fall back to
the channel and say so).

A reminder follows the player's ``/settings reminders`` as they are when it is due, not
as they were when the decision was handed (issue 24 item 15): switched ``off`` since,
it is dropped (never a ping); a longer delay moves it later. A user's own change also
replans the decisions already waiting in their games at once, so a shorter delay (or
reminders switched back on) applies to them too; a server's changed default reaches a
waiting decision when its reminder falls due (``off`` or later), and a shorter one
applies from the next decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

from games import get_ruleset
from games.options import parse_option_text
from i18n import Term, t
from i18n.errors import LocalizedError

from ..clocks import ClockBook
from ..service import Person, Update, split_clock
from ..settings import USER, ReminderChoice, Settings
from ..sharding import Shards
from ..storage import DueReminder, SessionRow
from ..vacation import VacationNews, Vacations
from .client import FrontClient
from .delivery import Delivery, channel_deleted
from .living_board import LivingBoard, jump_link
from .markup import Names, escape_name, refusal
from .messages import CONTENT_LIMIT, locale_of, public_kwargs, refuse
from .plan_commands import send_plan_notes

log = logging.getLogger("tidebound.days")

#: The reminder and vacation task looks at least this often (seconds).
DAYS_RECHECK = 60.0
#: /mygames lists at most this many games (newest move first).
MYGAMES_LIMIT = 20


#: Discord's limit on a thread's name.
THREAD_NAME_LIMIT = 100


def thread_name(row: SessionRow, locale: str, *, players: bool) -> str:
    """``Hagoth: Builder of Ships — Ann, Bob, Bot 1`` (clipped to Discord's limit)."""
    name = t(get_ruleset(row.game).name_key, locale)
    seated = ", ".join(s.name for s in row.seats) if players else row.seats[0].name
    text = f"{name} — {seated}"
    return text if len(text) <= THREAD_NAME_LIMIT else text[:THREAD_NAME_LIMIT - 1] + "…"


def missing_thread_permission(permissions: discord.Permissions) -> str | None:
    """The permission the bot lacks to open and play a game in a thread of its own
    (Discord's ``app_permissions`` of the interaction), if any."""
    for name in ("create_public_threads", "send_messages_in_threads"):
        if not getattr(permissions, name):
            return name
    return None


@dataclass(frozen=True, slots=True)
class LobbyDefaults:
    locale: str
    clock: str


class Days:
    """Settings, vacations, /mygames and reminders of one client."""

    def __init__(self, client: FrontClient) -> None:
        self.client = client
        self._task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        #: user id -> the Discord language last stored for them (saves a read each time)
        self._locales: dict[str, str] = {}
        #: Posts in a game's channel, keeping what Discord refuses for now (issue 30 item 4).
        #: The names a game's posts may hold, shown literally (issue 27 item 2).
        self.names = Names(client)
        self.delivery = Delivery(client, writable=self.writable, posted=self.posted,
                                 shown=self.names.shown)
        self.board = LivingBoard(client, self.now)

    @property
    def settings(self) -> Settings:
        assert self.client.storage is not None, "setup_hook has not run"
        return Settings(self.client.storage)

    @property
    def vacations(self) -> Vacations:
        assert self.client.service is not None
        return Vacations(self.client.service, self.settings)

    def now(self) -> float:
        service = self.client.service
        return service.now() if service is not None else time.time()

    async def lobby_defaults(self, interaction: discord.Interaction) -> LobbyDefaults:
        """A new game's language (the server's, issue 14) and default clock."""
        guild = str(interaction.guild_id) if interaction.guild_id else None
        guild_locale = str(interaction.guild_locale) if interaction.guild_locale else None
        settings = self.settings
        return LobbyDefaults(await settings.language(guild, guild_locale),
                             await settings.clock(guild))

    async def posted(self, update: Update, message: Any,
                     interaction: discord.Interaction | None = None) -> None:
        """A board went out (as the answer to ``interaction``, when it did): reminders
        link to it from now on; a game's own thread is named after its players once they
        are seated, and archived when it ends. Owners of plans that ended are told
        privately (issue 26 item 3)."""
        if update.plan_notes:
            await send_plan_notes(self.client, update.plan_notes, update.session_id)
        storage = self.client.storage
        if message is None or storage is None:
            return
        await self.send_heads_up(update, message)
        try:
            # issue 27 item 1: the previous turn post is edited down (read before the
            # new post's id is stored in its place)
            row = await storage.get(update.session_id)
            await self.board.posted(update, message, row, interaction)
            if update.status == "active":
                await storage.set_last_post(update.session_id, str(message.id))
            if row is None or row.guild_id is None:
                return  # no thread outside a server (and a group DM refuses the bot)
            channel_id = int(getattr(getattr(message, "channel", None), "id", 0) or 0)
            # a text channel is in the cache; a thread may have to be fetched
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id)
            me = self.client.user
            if not isinstance(channel, discord.Thread) or me is None or \
                    channel.owner_id != me.id:
                return  # only a thread the bot opened for a game is renamed or archived
            row = await storage.get(update.session_id)
            if row is None:
                return
            if update.finished:
                await channel.edit(archived=True)
            elif update.status == "active":
                name = thread_name(row, row.locale, players=True)
                if channel.name != name:
                    await channel.edit(name=name)
        except Exception:
            log.exception("after posting session %s", update.session_id)

    async def writable(self, channel_id: str) -> Any:
        """The channel of a game, a thread of it unarchived first (issue 15 "Threads":
        Discord archives an idle thread; posting a board brings it back)."""
        channel = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(
            int(channel_id))
        if isinstance(channel, discord.Thread) and channel.archived:
            channel = await channel.edit(archived=False)
        return channel

    async def new_game_in_thread(self, interaction: discord.Interaction, game: str,
                                 options: str, defaults: LobbyDefaults) -> None:
        """``/game new … thread:yes``: the game opens in a thread of its own, named after
        the game and its host (and its players once it starts)."""
        service = self.client.service
        assert service is not None
        locale = locale_of(interaction)
        parent = interaction.channel
        if not isinstance(parent, discord.TextChannel):
            parent = self.client.get_channel(int(interaction.channel_id or 0))
        if not isinstance(parent, discord.TextChannel):
            await refuse(interaction, LocalizedError("platform.thread.not_here"))
            return
        try:  # refuse bad options before any thread exists
            ruleset = get_ruleset(game)
            _, given = split_clock(parse_option_text(options or ""), defaults.clock)
            ruleset.lobby_options(given)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        lacking = missing_thread_permission(interaction.app_permissions)
        if lacking is not None:  # said before anything is made (issue 30 item 4)
            await refuse(interaction, LocalizedError(
                "platform.thread.no_permission",
                permission=Term(f"platform.permission.{lacking}")))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        host = interaction.user
        name = f"{ruleset.display_name(defaults.locale)} — " \
            f"{getattr(host, 'display_name', None) or host.name}"
        try:
            thread = await parent.create_thread(name=name[:THREAD_NAME_LIMIT],
                                                type=discord.ChannelType.public_thread)
        except discord.Forbidden:  # Discord knows better than the interaction said
            await interaction.edit_original_response(content="⚠️ " + t(
                "platform.thread.no_permission", locale,
                permission=t("platform.permission.create_public_threads", locale)))
            return
        try:
            update = await service.new_game(
                str(thread.id), Person(str(host.id), getattr(host, "display_name", None)
                                       or host.name), game, options,
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                locale=defaults.locale, default_clock=defaults.clock)
        except LocalizedError as error:
            await interaction.edit_original_response(content="⚠️ " + refusal(error, locale))
            return
        await thread.send(**public_kwargs(await self.names.shown(update)))
        await interaction.edit_original_response(
            content=t("platform.thread.opened", locale, thread=f"<#{thread.id}>"))

    # -- the background task ------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="tidebound-days")

    async def stop(self) -> None:
        """Cancel the background task; a task that had already failed is logged, not raised."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("the reminders and vacations task had failed")

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                self.wake.clear()
                await self.tick()
                storage = self.client.storage
                assert storage is not None
                shards = self._shards()  # only this process's (issue 29 item 2)
                times = [x for x in (await storage.next_reminder(self.now(), shards),
                                     await storage.next_vacation_end(shards))
                         if x is not None]
                delay = min([DAYS_RECHECK, *(max(x - self.now(), 0.5) for x in times)])
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), delay)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminders and vacations failed; trying again shortly")
                await asyncio.sleep(DAYS_RECHECK)

    def _shards(self) -> Shards | None:
        """The shards this process holds (``None``: every server)."""
        service = self.client.service
        return None if service is None else service.shards

    async def tick(self) -> None:
        """Send the reminders that are due and end the vacations that are over."""
        storage = self.client.storage
        assert storage is not None
        now = self.now()
        for news in await self.vacations.resume_ended(now):
            await self.tell_games(news)
        for due in await storage.due_reminders(now, shards=self._shards()):
            try:
                choice = await self.still_due(due, now)
            except Exception:
                log.exception("reminder of session %s seat %s could not be checked",
                              due.session_id, due.seat)
                continue
            if choice is None:
                continue  # the player's setting changed since it was planned: replanned
            if not await storage.claim_reminder(due.session_id, due.seat, due.since):
                continue  # sent by someone else meanwhile
            try:
                await self.remind(due, choice)
            except Exception as error:
                if channel_deleted(error):  # nobody can play there any more
                    await self.delivery.channel_gone(due.session_id)
                    continue
                log.exception("reminder of session %s seat %s failed", due.session_id,
                              due.seat)

    async def still_due(self, due: DueReminder, now: float) -> ReminderChoice | None:
        """The player's reminder setting as it is NOW, if the reminder planned with the
        setting of its time is still due under it (issue 24 item 15): ``off`` since then
        means no reminder, a longer delay means later. Otherwise the session's reminders
        are planned again with the current setting, and ``None``."""
        choice = await self.settings.reminders(due.guild_id, due.user_id)
        if choice.mode != "off":
            row = await self.client.storage.get(due.session_id)  # type: ignore[union-attr]
            book = ClockBook.loads(row.clocks) if row is not None else None
            clock = book.seats.get(due.seat) if book is not None else None
            if clock is None or (clock.since == due.since
                                 and clock.remind_at(choice.after, now) <= now):
                return choice
        await self.replan_reminders([due.session_id])
        return None

    async def replan_reminders(self, session_ids: list[int]) -> None:
        """Plan the reminders of decisions already waiting in these games again, with the
        players' current settings (issue 24 item 15: a changed ``/settings reminders``
        applies to a decision already waiting, not only to the next one)."""
        service = self.client.service
        assert service is not None
        for session_id in session_ids:
            try:
                await service.adjust_clocks(session_id, lambda book, row: True)
            except LocalizedError:  # a move came in meanwhile: it planned them itself
                log.info("reminders of session %s were replanned by a move", session_id)
        self.wake.set()

    async def remember_locale(self, interaction: discord.Interaction) -> None:
        """Keep the user's Discord language (a DM reminder is written in it: a DM is only
        theirs, issue 14), stored only when it changes."""
        storage = self.client.storage
        code = locale_of(interaction)
        user_id = str(interaction.user.id)
        if storage is None or self._locales.get(user_id) == code:
            return
        try:
            if (await storage.settings(USER, user_id)).get("locale") != code:
                await storage.set_setting(USER, user_id, "locale", code)
            self._locales[user_id] = code
        except Exception:
            log.exception("could not remember the language of user %s", user_id)

    # -- reminders ------------------------------------------------------------------------------
    async def send_heads_up(self, update: Update, message: Any) -> None:
        """The update's "You're next" DMs (issue 26 item 5, :mod:`bot.heads_up`): silent
        (no notification sound), in the reader's language, linking to the post. A
        courtesy: closed DMs or any failure are logged and never hold the post up."""
        for heads_up in update.heads_up:
            try:
                own = (await self.settings.storage.settings(USER, heads_up.user_id)).get(
                    "locale")
                user = self.client.get_user(int(heads_up.user_id)) or \
                    await self.client.fetch_user(int(heads_up.user_id))
                await user.send(t("platform.heads_up.dm", own or update.locale,
                                  player=escape_name(heads_up.player),
                                  game=Term(get_ruleset(update.game).name_key),
                                  link=getattr(message, "jump_url", ""))[:CONTENT_LIMIT],
                                silent=True)
            except Exception as exc:
                log.info("no heads-up for user %s (session %s): %s", heads_up.user_id,
                         update.session_id, exc)

    async def remind(self, due: DueReminder, choice: ReminderChoice) -> str:
        """Remind one player of their waiting decision the way ``choice`` says; how it
        went (``dm``, ``channel``, ``fallback`` when DMs were closed, ``off``: not at
        all — a reminder switched off is never a ping, issue 24 item 15)."""
        if choice.mode not in ("dm", "channel"):
            return "off"
        locale = due.locale
        game = Term(get_ruleset(due.game).name_key)
        link = jump_link(due.guild_id, due.channel_id, due.last_post)
        if choice.mode == "dm":
            own = (await self.settings.storage.settings(USER, due.user_id)).get("locale")
            try:
                user = self.client.get_user(int(due.user_id)) or await self.client.fetch_user(
                    int(due.user_id))
                await user.send(t("platform.reminder.dm", own or locale, game=game,
                                  channel=f"<#{due.channel_id}>", link=link)[:CONTENT_LIMIT])
                return "dm"
            except discord.Forbidden:
                key = "platform.reminder.dm_closed"
            except discord.HTTPException:
                key = "platform.reminder.dm_closed"
        else:
            key = "platform.reminder.channel"
        channel = await self.writable(due.channel_id)
        await channel.send(
            t(key, locale, who=f"<@{due.user_id}>", game=game, link=link)[:CONTENT_LIMIT],
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(int(due.user_id))]))
        return "channel" if key == "platform.reminder.channel" else "fallback"

    # -- vacations ------------------------------------------------------------------------------
    async def tell_games(self, news: VacationNews) -> None:
        """Tell each game of the player that their clock stopped or runs again."""
        for row in news.games:
            if news.until is None:
                text = t("platform.vacation.back", row.locale, who=f"<@{news.user_id}>")
            else:
                text = t("platform.vacation.away", row.locale, who=f"<@{news.user_id}>",
                         until=f"<t:{int(news.until)}:f>")
            try:
                channel = await self.writable(row.channel_id)
                await channel.send(text[:CONTENT_LIMIT],
                                   allowed_mentions=discord.AllowedMentions.none())
            except Exception as error:
                if channel_deleted(error):
                    await self.delivery.channel_gone(row.id)
                else:
                    log.exception("could not tell session %s about a vacation", row.id)
        self.client.service.deadline_changed.set()  # type: ignore[union-attr]

    # -- /mygames -----------------------------------------------------------------------------
    async def my_games(self, user_id: str, guild_id: str | None, locale: str) -> str:
        storage, service = self.client.storage, self.client.service
        assert storage is not None and service is not None
        rows = await storage.sessions_of_user(user_id, guild_id=guild_id, limit=MYGAMES_LIMIT)
        if not rows:
            return t("platform.mygames.none", locale)
        lines = [t("platform.mygames.title", locale, count=len(rows))]
        for row in rows:
            lines.append(await self._my_game_line(row, user_id, locale))
        return "\n".join(lines)

    async def _my_game_line(self, row: SessionRow, user_id: str, locale: str) -> str:
        service = self.client.service
        assert service is not None
        game = t(get_ruleset(row.game).name_key, locale)
        link = jump_link(row.guild_id, row.channel_id, row.last_post)
        if row.status == "lobby":
            return t("platform.mygames.lobby", locale, game=game,
                     channel=f"<#{row.channel_id}>", link=link)
        try:
            actors = await service.actors_of(row.id)
        except LocalizedError:
            actors = []
        names = ", ".join(escape_name(row.seats[s].name) for s in actors
                          if s < len(row.seats)) or "—"
        seat = row.seat_of(user_id)
        book = ClockBook.loads(row.clocks)
        clock = book.seats.get(seat) if book is not None and seat is not None else None
        if seat not in actors:
            deadline = t("platform.mygames.waiting", locale)
        elif clock is not None and clock.paused:
            deadline = t("platform.mygames.paused", locale)
        elif clock is not None and clock.deadline is not None:
            deadline = t("platform.mygames.until", locale, when=f"<t:{int(clock.deadline)}:R>")
        else:
            deadline = t("platform.mygames.no_clock", locale)
        return t("platform.mygames.game", locale, game=game, channel=f"<#{row.channel_id}>",
                 players=names, deadline=deadline, link=link)


# -- commands --------------------------------------------------------------------------------
