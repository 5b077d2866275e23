"""One live board per game (issue 27 items 1 and 5): after a new post of a game in its
channel, its previous turn post is edited down to one line linking to the new one, and
the watchers who asked for a DM are told of it.

The last turn post of each game is remembered here (its message, channel and one-line
summary) and stored as the session's ``last_post`` (:meth:`Days.posted`), so after a
restart the previous post is still found; its summary then falls back to a plain line.
An edit that Discord refuses (the post was deleted, a group DM the bot cannot reach) is
logged and changes nothing else.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from games import get_ruleset
from i18n import Term, t

from ..bounded import LruCache
from ..service import Update
from ..settings import USER
from ..storage import SessionRow
from .client import FrontClient
from .messages import CONTENT_LIMIT
from .turn_post import is_turn_post, moved_view

log = logging.getLogger("tidebound.discord")


@dataclass(frozen=True, slots=True)
class Posted:
    """A turn post that went out: where it is and what it said in one line."""

    message_id: str
    channel_id: str
    summary: str


def jump_link(guild_id: str | None, channel_id: str, message_id: str | None = None) -> str:
    """A link that opens the channel (at the message, when known) in Discord."""
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{link}/{message_id}" if message_id else link


def summary_of(update: Update) -> str:
    """The one line an older turn post keeps: the first line of its account."""
    return update.text.strip().split("\n", 1)[0][:300]


class LivingBoard:
    """Edits a game's previous turn post down when a newer one goes out."""

    def __init__(self, client: FrontClient) -> None:
        self.client = client
        #: session id -> its last turn post
        self.last: LruCache[int, Posted] = LruCache(10_000)

    async def posted(self, update: Update, message: Any, row: SessionRow | None) -> None:
        """``message`` (the post of ``update``) went out in the game's channel."""
        if message is None or getattr(message, "id", None) is None:
            return
        channel_id = str(getattr(getattr(message, "channel", None), "id", "") or
                         (row.channel_id if row is not None else ""))
        previous = self.last.get(update.session_id)
        if previous is None and row is not None and row.last_post:
            previous = Posted(row.last_post, row.channel_id, "")
        if is_turn_post(update):
            self.last.put(update.session_id,
                          Posted(str(message.id), channel_id, summary_of(update)))
        elif update.finished:
            self.last.pop(update.session_id)
        if previous is not None and previous.message_id != str(message.id) and \
                (is_turn_post(update) or update.finished):
            guild_id = row.guild_id if row is not None else None
            await self.edit_down(previous, jump_link(guild_id, channel_id, str(message.id)),
                                 update.locale)
        if row is not None:
            await self.tell_watchers(update, row, channel_id, str(message.id))

    async def edit_down(self, previous: Posted, link: str, locale: str) -> None:
        """Edit ``previous`` to one line with ``link``: its board, buttons and ping go."""
        try:
            channel = self.client.get_partial_messageable(int(previous.channel_id))
            await channel.get_partial_message(int(previous.message_id)).edit(
                view=moved_view(previous.summary, link, locale), attachments=[])
        except (discord.HTTPException, ValueError) as error:
            log.info("the previous turn post %s was not edited: %s", previous.message_id,
                     error)

    async def tell_watchers(self, update: Update, row: SessionRow, channel_id: str,
                            message_id: str) -> None:
        """DM the watchers who asked for it of the new post (only its link: they see what
        the public sees). A closed DM is skipped."""
        dm = [user_id for user_id, _, via in update.watchers if via == "dm"
              and user_id not in update.mentions and user_id.isdigit()]
        if not dm or not (is_turn_post(update) or update.finished):
            return
        storage = self.client.storage
        link = jump_link(row.guild_id, channel_id, message_id)
        for user_id in dm:
            try:  # in the watcher's own language, as their reminders
                own = (await storage.settings(USER, user_id)).get("locale") \
                    if storage is not None else None
                text = t("board_post.watch.dm", own or update.locale,
                         game=Term(get_ruleset(row.game).name_key), link=link)
                user = self.client.get_user(int(user_id)) or await self.client.fetch_user(
                    int(user_id))
                await user.send(text[:CONTENT_LIMIT])
            except discord.HTTPException as error:
                log.info("watcher %s of session %s not told: %s", user_id, row.id, error)


__all__ = ["LivingBoard", "Posted", "jump_link", "summary_of"]
