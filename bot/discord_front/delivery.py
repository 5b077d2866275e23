"""Posting a game's updates in its channel when Discord says no (issue 30 item 4).

The turn clock, and the bots that were due when the bot restarted, post in a game's
channel by themselves (REST, no interaction to answer). The game itself is already
stored when they post: a post that fails never changes it. What Discord may answer,
and what the players then see:

* ``429`` rate limit, of a route or global: discord.py waits ``retry_after`` and sends
  the same post again; it arrives late, once.
* ``500``/``502``/``504``: discord.py sends again after 1, 3, 5… seconds, five times.
* **The channel was deleted** (``404 Unknown Channel``, 10003; found by such a post, a
  reminder in the channel or a vacation notice): nobody can play there any more, so the
  game ends as abandoned — its clock, bots and reminders stop, and nothing more is
  tried there. Its moves stay stored.
* **The image is refused**: too large (``413``, 40005), or the bot lacks Attach Files
  (``403 Missing Permissions``, 50013, while the text alone is accepted). The text goes
  out with its ping, its buttons and a line saying why the board is missing.
* **The bot may not post there at all** (``403`` 50013 without Send Messages, 50001
  without View Channel), or Discord keeps failing (``503``, a 5xx after discord.py's
  retries, a network error): the post is **kept**, in order with the game's later posts,
  and sent again in full each time the clock task looks (at least every
  ``CLOCK_RECHECK`` seconds), until it goes out. The next answer to an interaction of
  that game (``/game status``, a move) shows the kept posts first, in order: an
  interaction's answer needs no Send Messages. A player who finds the channel silent
  and asks for the status so sees everything that happened.

Kept posts live in this process's memory, at most :data:`KEEP_PER_GAME` per game for
:data:`KEEP_FOR` (the oldest are dropped first, logged); after a restart
``/game status`` shows the board as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import aiohttp
import discord

from games import get_ruleset
from i18n import DEFAULT_LOCALE, Term, t
from i18n.errors import LocalizedError

from ..service import Person, Update
from .client import FrontClient
from .messages import CONTENT_LIMIT, allowed_mentions, public_kwargs

log = logging.getLogger("tidebound.discord")

#: A kept post is given up after this long (seconds) …
KEEP_FOR = 24 * 3600.0
#: … and a game keeps at most this many (the oldest dropped first).
KEEP_PER_GAME = 20

#: Discord's JSON error codes the bot tells apart.
UNKNOWN_CHANNEL = 10003
TOO_LARGE = 40005
MISSING_PERMISSIONS = 50013

#: What can make a post fail for now (Discord's refusal or failure, the network).
TRANSIENT = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


class Outcome(Enum):
    SENT = "sent"
    LATER = "later"  # kept: sent again later
    GONE = "gone"  # the channel was deleted
    DROPPED = "dropped"  # nothing to post (the game is gone), or it can never be posted


@dataclass(slots=True)
class _Kept:
    update: Update
    since: float
    tries: int = 0


def image_refused(error: BaseException, update: Update) -> bool:
    """Whether Discord refused ``update``'s images rather than the post: too large, or
    (perhaps) the bot lacking Attach Files (a retry without them tells)."""
    if update.image is None and update.summary is None:
        return False
    if not isinstance(error, discord.HTTPException):
        return False
    return error.status == 413 or error.code == TOO_LARGE or (
        error.status == 403 and error.code == MISSING_PERMISSIONS)


def without_image(update: Update, error: discord.HTTPException) -> dict[str, Any]:
    """``send`` arguments for ``update`` without its images, saying why (its ping, its
    deadline and its buttons stay)."""
    locale = update.locale or DEFAULT_LOCALE
    if error.status == 403:
        why = t("platform.discord.image_not_allowed", locale,
                permission=t("platform.permission.attach_files", locale))
    else:
        why = t("platform.discord.image_too_large", locale)
    return public_kwargs(update, image_note=why)


class Delivery:
    """Posts a game's updates in its channel, keeping what Discord refuses for now."""

    def __init__(self, client: FrontClient, *,
                 writable: Callable[[str], Awaitable[Any]],
                 posted: Callable[[Update, Any, discord.Interaction | None],
                                  Awaitable[None]],
                 shown: Callable[[Update], Awaitable[Update]]) -> None:
        """``writable`` finds a game's channel (a thread unarchived), ``posted`` is told of
        each post that went out, and of the interaction it answered, if any (see
        :class:`~.days.Days`); ``shown`` escapes the names in an update's texts
        (:meth:`.markup.Names.shown`)."""
        self.client = client
        self.writable = writable
        self.posted = posted
        self.shown = shown
        self._kept: dict[int, deque[_Kept]] = {}
        #: one lock per game posting now (a lock goes with its last holder or waiter)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    @contextlib.asynccontextmanager
    async def _held(self, session_id: int) -> AsyncIterator[None]:
        """One sender per game at a time: its posts go out once each, in order."""
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        async with lock:
            yield

    async def post(self, update: Update) -> None:
        """Post ``update`` in its game's channel after any of the game's kept posts."""
        update = await self.shown(update)
        async with self._held(update.session_id):
            self._keep(update)
            await self._flush(update.session_id)

    async def retry(self) -> None:
        """Send the kept posts of every game again (the clock task calls this)."""
        for session_id in list(self._kept):
            async with self._held(session_id):
                await self._flush(session_id)

    async def show_kept(self, interaction: discord.Interaction, session_id: int) -> None:
        """Answer ``interaction`` first with the game's kept posts, in order (an
        interaction's followup needs no Send Messages); what fails stays kept."""
        if session_id not in self._kept:
            return
        async with self._held(session_id):
            queue = self._kept.get(session_id)
            while queue:
                update = queue[0].update
                try:
                    message = await interaction.followup.send(**public_kwargs(update),
                                                              wait=True)
                except Exception as error:
                    log.warning("session %s: a kept post could not be shown either: %s",
                                session_id, error)
                    return
                queue.popleft()
                await self.posted(update, message, interaction)
            self._kept.pop(session_id, None)

    def _keep(self, update: Update) -> None:
        queue = self._kept.setdefault(update.session_id, deque())
        queue.append(_Kept(update, time.monotonic()))
        while len(queue) > KEEP_PER_GAME:
            log.warning("session %s: too many posts kept; the oldest is given up",
                        update.session_id)
            queue.popleft()

    async def _flush(self, session_id: int) -> None:
        """Send the game's kept posts in order, until one must wait."""
        queue = self._kept.get(session_id)
        while queue:
            item = queue[0]
            if time.monotonic() - item.since > KEEP_FOR:
                log.warning("session %s: a post kept for a day is given up", session_id)
                queue.popleft()
                continue
            outcome = await self._send(item)
            if outcome is Outcome.LATER:
                return
            if outcome is Outcome.GONE:
                self._kept.pop(session_id, None)
                await self.channel_gone(session_id)
                return
            queue.popleft()
        self._kept.pop(session_id, None)

    async def _send(self, item: _Kept) -> Outcome:
        update = item.update
        storage = self.client.storage
        assert storage is not None
        row = await storage.get(update.session_id)
        if row is None:
            return Outcome.DROPPED
        item.tries += 1
        try:
            channel = await self.writable(row.channel_id)  # a thread: unarchived
            try:
                kwargs = public_kwargs(update)
            except Exception:  # a bug building the message: its text alone, never lost
                log.exception("session %s: the post could not be built; posting its text",
                              update.session_id)
                kwargs = {"content": update.text[:CONTENT_LIMIT],
                          "allowed_mentions": allowed_mentions(update)}
            try:
                message = await channel.send(**kwargs)
            except discord.HTTPException as error:
                if ("file" not in kwargs and "files" not in kwargs) or \
                        not image_refused(error, update):
                    raise
                log.warning("session %s: the board image was refused (%s %s); "
                            "posting the text", update.session_id, error.status, error.code)
                message = await channel.send(**without_image(update, error))
        except discord.NotFound as error:
            if channel_deleted(error) and row.guild_id is not None:
                return Outcome.GONE
            # a group DM (issue 27 item 4): the app, installed by a user, is no member
            # there and cannot post by itself; the game goes on, its players told by DM
            await self.tell_by_dm(item, row.guild_id, row.channel_id, row.game)
            return self._later(item, row.channel_id, error)
        except TRANSIENT as error:  # also a group DM refusing the bot (403 Missing Access)
            await self.tell_by_dm(item, row.guild_id, row.channel_id, row.game)
            return self._later(item, row.channel_id, error)
        await self.posted(update, message, None)
        if item.tries > 1:
            log.info("session %s: a kept post went out after %s tries", update.session_id,
                     item.tries)
        return Outcome.SENT

    async def tell_by_dm(self, item: _Kept, guild_id: str | None, channel_id: str,
                         game: str) -> None:
        """A post of a game outside any server (a group DM) could not go out: tell the
        players who must act by DM, once per post, where Discord lets the bot."""
        if guild_id is not None or item.tries != 1:
            return
        update = item.update
        text = t("board_post.watch.private_turn", update.locale or DEFAULT_LOCALE,
                 game=Term(get_ruleset(game).name_key),
                 link=f"https://discord.com/channels/@me/{channel_id}")[:CONTENT_LIMIT]
        for user_id in update.mentions:
            try:
                user = self.client.get_user(int(user_id)) or await self.client.fetch_user(
                    int(user_id))
                await user.send(text)
            except (discord.HTTPException, ValueError) as error:
                log.info("session %s: player %s not told by DM: %s", update.session_id,
                         user_id, error)

    @staticmethod
    def _later(item: _Kept, channel_id: str, error: BaseException) -> Outcome:
        if item.tries == 1:  # once per post, not at every retry
            log.warning("session %s: could not post in channel %s (%s); kept to send "
                        "again", item.update.session_id, channel_id, error)
        return Outcome.LATER

    async def channel_gone(self, session_id: int) -> None:
        """The game's channel was deleted: the game ends as abandoned (its moves stay
        stored), so no clock, bot or reminder runs on for a channel nobody can see."""
        storage, service, me = self.client.storage, self.client.service, self.client.user
        assert storage is not None and service is not None
        row = await storage.get(session_id)
        if row is None:
            return
        log.warning("session %s: its channel %s was deleted; the game ends as abandoned",
                    session_id, row.channel_id)
        bot = Person(str(me.id) if me else "0", me.name if me else "Tidebound")
        try:
            await service.abandon(row.channel_id, bot, can_manage=True)
        except LocalizedError as error:  # already over, or a newer game there
            log.info("session %s: not abandoned (%s)", session_id, error.key)


def channel_deleted(error: BaseException) -> bool:
    """Whether Discord said the channel does not exist (any more)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


__all__ = ["KEEP_FOR", "KEEP_PER_GAME", "Delivery", "channel_deleted", "image_refused",
           "without_image"]
