"""Where the app may be installed and where its commands work (issue 27 item 4).

The app is installable by servers and by users (``integration_types`` 0 and 1). A game
is played where the group already talks: ``/game``, ``/move``, ``/hand``, ``/rules``,
``/maps`` and ``/help`` work in servers, in the bot's DM and in group DMs
(``contexts`` 0, 1, 2). The other commands (settings, vacations, the memory of a game)
keep to servers and the bot's DM.

What a user-installed app may do in a group DM: it is not a member there, so it only
answers interactions — its reply and, for 15 minutes, its followups. It cannot post by
itself (no turn clock post, no bot move posted later, no reminder in the channel), nor
edit an older post once the interaction's token has expired. Play there is built
around it: the answer to each move is the new board and pings the next player; what
the bot would post by itself is kept and shown by the next command there
(:mod:`.delivery`), and the players to act are told by DM where Discord lets the bot;
the lobby says so (``board_post.private_channel``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

#: Installable by servers and by users.
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
#: Where a game is played: servers, the bot's DM, group DMs.
PLAY_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True,
                                               private_channel=True)
#: Everything else: servers and the bot's DM.
OTHER_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                private_channel=False)
#: The commands of play, usable in group DMs too.
PLAY_COMMANDS = frozenset({"game", "move", "hand", "rules", "maps", "help"})


def in_private_channel(interaction: discord.Interaction) -> bool:
    """Whether ``interaction`` comes from a group DM (where the app only answers)."""
    context = getattr(interaction, "context", None)
    return bool(context is not None and context.private_channel) or \
        getattr(interaction.channel, "type", None) is discord.ChannelType.group


def place_commands(commands: Iterable[Any]) -> None:
    """Set where each top-level command may be installed and used."""
    for command in commands:
        command.allowed_installs = INSTALLS
        command.allowed_contexts = PLAY_CONTEXTS if command.name in PLAY_COMMANDS \
            else OTHER_CONTEXTS


__all__ = ["INSTALLS", "OTHER_CONTEXTS", "PLAY_COMMANDS", "PLAY_CONTEXTS", "in_private_channel",
           "place_commands"]
