"""One live board per game (issue 27 items 1 and 5): after a new post of a game in its
channel, its previous turn post is edited down to one line linking to the new one, and
the watchers who asked for a DM are told of it.

The last turn post of each game is remembered here (its message, channel and one-line
summary) and stored as the session's ``last_post`` (:meth:`Days.posted`), so after a
restart the previous post is still found; its summary then falls back to a plain line.
An edit that Discord refuses (the post was deleted, a group DM the bot cannot reach) is
logged and changes nothing else.

Where the app is no member (a group DM, or a server where only a user installed it: a
user-installed app context), the bot cannot edit its own messages through the channel.
A turn post sent there as the answer to an interaction can still be edited through that
interaction's webhook (``PATCH /webhooks/{application_id}/{token}/messages/{id}``) for as
long as Discord accepts the interaction's token: 15 minutes from the interaction
(Discord's "Receiving and Responding": "Interaction tokens are valid for 15 minutes";
discord.py's :attr:`discord.Interaction.expires_at` says the same).
So such a post remembers the interaction's webhook and when its token expires
(:class:`ThroughInteraction`), and the next turn post edits it down through it. The token
is a secret: it is kept in this process's memory only, never written to the database nor
logged. When it has expired (kept :data:`TOKEN_MARGIN` seconds short of Discord's end, so
an edit never races it), or after a restart, the previous post is left as it is (logged
at INFO).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from games import get_ruleset
from i18n import Term, t

from ..bounded import LruCache
from ..service import Update
from ..settings import USER
from ..storage import SessionRow
from .client import FrontClient
from .install import in_private_channel
from .messages import CONTENT_LIMIT
from .turn_post import is_turn_post, moved_view

log = logging.getLogger("tidebound.discord")

#: How long Discord accepts an interaction's token for followups and their edits (s).
TOKEN_LIFETIME = 15 * 60.0
#: A token is not used in its last seconds: an edit never races its end.
TOKEN_MARGIN = 30.0


@dataclass(frozen=True, slots=True)
class ThroughInteraction:
    """How to edit a post that answered an interaction where the app is no member: the
    interaction's webhook, which holds its token (a secret: in memory only, never stored
    nor logged, hence no repr), usable until ``expires`` (Unix time)."""

    webhook: discord.Webhook = field(repr=False)
    expires: float

    def usable(self, now: float) -> bool:
        """Whether the token may still be used at ``now``."""
        return now < self.expires - TOKEN_MARGIN


@dataclass(frozen=True, slots=True)
class Posted:
    """A turn post that went out: where it is and what it said in one line (and, for a
    post the bot can only edit through its interaction, that interaction)."""

    message_id: str
    channel_id: str
    summary: str
    through: ThroughInteraction | None = None


def app_is_member(interaction: discord.Interaction) -> bool:
    """Whether the bot can reach ``interaction``'s channel by itself (a server that
    installed the app, or the bot's own DM), rather than only answer there (a group DM, or
    a server where only a user installed it)."""
    if in_private_channel(interaction):
        return False
    return interaction.guild_id is None or interaction.is_guild_integration()


def through(interaction: discord.Interaction | None) -> ThroughInteraction | None:
    """What a post answering ``interaction`` needs to be edited later, when only its
    interaction can edit it (``None`` where the bot edits through the channel)."""
    if interaction is None or app_is_member(interaction):
        return None
    return ThroughInteraction(interaction.followup,
                              interaction.created_at.timestamp() + TOKEN_LIFETIME)


def jump_link(guild_id: str | None, channel_id: str, message_id: str | None = None) -> str:
    """A link that opens the channel (at the message, when known) in Discord."""
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{link}/{message_id}" if message_id else link


def summary_of(update: Update) -> str:
    """The one line an older turn post keeps: the first line of its account."""
    return update.text.strip().split("\n", 1)[0][:300]


class LivingBoard:
    """Edits a game's previous turn post down when a newer one goes out."""

    def __init__(self, client: FrontClient, now: Callable[[], float] = time.time) -> None:
        """``now`` is the clock an interaction's token is checked against (Unix time)."""
        self.client = client
        self.now = now
        #: session id -> its last turn post
        self.last: LruCache[int, Posted] = LruCache(10_000)

    async def posted(self, update: Update, message: Any, row: SessionRow | None,
                     interaction: discord.Interaction | None = None) -> None:
        """``message`` (the post of ``update``) went out in the game's channel (as the
        answer to ``interaction``, when it did)."""
        if message is None or getattr(message, "id", None) is None:
            return
        channel_id = str(getattr(getattr(message, "channel", None), "id", "") or
                         (row.channel_id if row is not None else ""))
        previous = self.last.get(update.session_id)
        if previous is None and row is not None and row.last_post:
            previous = Posted(row.last_post, row.channel_id, "")
        if is_turn_post(update):
            self.last.put(update.session_id, Posted(str(message.id), channel_id,
                                                    summary_of(update), through(interaction)))
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
        """Edit ``previous`` to one line with ``link``: its board, buttons and ping go;
        through its interaction while its token is valid, when only that can edit it."""
        view = moved_view(previous.summary, link, locale)
        try:
            if previous.through is not None:
                if not previous.through.usable(self.now()):
                    log.info("the previous turn post %s was not edited: the token of the "
                             "interaction it answered has expired", previous.message_id)
                    return
                await previous.through.webhook.edit_message(
                    int(previous.message_id), view=view, attachments=[])
                return
            channel = self.client.get_partial_messageable(int(previous.channel_id))
            await channel.get_partial_message(int(previous.message_id)).edit(
                view=view, attachments=[])
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


__all__ = ["TOKEN_LIFETIME", "TOKEN_MARGIN", "LivingBoard", "Posted", "ThroughInteraction",
           "app_is_member", "jump_link", "summary_of", "through"]
