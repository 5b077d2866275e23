"""``/game watch via:<dm|mention|off>`` (issue 27 item 5): follow a game without a seat.

A watcher is told of every turn post: by a DM with its link, or by a mention in the post
itself (listed with the other watchers on the board). They see only what the public
sees: the post and its link, never a hand. ``via:off`` stops it. Watchers are stored in
the ``watchers`` table (:mod:`bot.watch_tables`), so a restart keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from i18n import t
from i18n.errors import LocalizedError

from .interactions import channel_of, person_of
from .messages import locale_of, refuse
from .translator import described

if TYPE_CHECKING:
    from .commands import Front

#: The choices of ``via``: the two ways to be told, and stopping.
VIA = ("mention", "dm", "off")
#: What a watcher is told when they start watching, by the way they chose.
STARTED = {"mention": "board_post.watch.started_mention", "dm": "board_post.watch.started_dm"}


async def watch(front: Front, interaction: discord.Interaction, via: str) -> None:
    """Start, change or stop watching the game in this channel (answered privately)."""
    storage = front.client.storage
    assert storage is not None
    locale = locale_of(interaction)
    if via not in VIA:
        await refuse(interaction, LocalizedError("board_post.watch.bad_via",
                                                 choices=", ".join(VIA)))
        return
    row = await front.service.session_for_channel(channel_of(interaction))
    if row is None:
        await refuse(interaction, LocalizedError("platform.service.no_game"))
        return
    person = person_of(interaction)
    if via == "off":
        key = "board_post.watch.stopped" if await storage.unwatch(row.id, person.user_id) \
            else "board_post.watch.not_watching"
    elif row.seat_of(person.user_id) is not None:
        key = "board_post.watch.seated"
    else:
        await storage.watch(row.id, person.user_id, person.name, via)
        key = STARTED[via]
    await interaction.response.send_message(t(key, locale), ephemeral=True)


def install_watch_command(front: Front, game: app_commands.Group) -> None:
    """Add ``/game watch`` to the ``/game`` group."""

    @game.command(name="watch", description=described("board_post.cmd.watch"))
    @app_commands.describe(via=described("board_post.cmd.watch_via"))
    @app_commands.choices(via=[app_commands.Choice(name=value, value=value) for value in VIA])
    async def game_watch(interaction: discord.Interaction, via: str = "mention") -> None:
        await watch(front, interaction, via)


__all__ = ["VIA", "install_watch_command", "watch"]
