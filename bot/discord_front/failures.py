"""The last line of defence: every interaction is answered, even when a handler fails.

A refusal the player caused is a :class:`~i18n.errors.LocalizedError` and is answered
where it happens. Anything else is a bug on our side: it is logged with the channel
and session, and the player gets an ephemeral "something went wrong; nothing was
changed" — or, when their move was already committed, "your move was saved; the board
could not be drawn". The game goes on.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from i18n import t

from .translator import locale_of

log = logging.getLogger("tidebound.discord")

#: The value of the one autocomplete choice shown when building the list failed.
FAILED_CHOICE = "?"


async def answer_failure(interaction: discord.Interaction, error: BaseException | None, *,
                         committed: bool = False, session_id: int | None = None) -> None:
    """Log ``error`` (if any) and tell the user, ephemerally, what it means for them:
    nothing was changed, or (``committed``) their move was saved but not drawn."""
    where = f"channel {interaction.channel_id}, session {session_id}"
    if error is not None:
        log.error("interaction %s (%s) failed%s", interaction.id, where,
                  " after its move was saved" if committed else "", exc_info=error)
    text = "⚠️ " + t("platform.discord.saved_not_drawn" if committed else
                     "platform.discord.failed", locale_of(interaction))
    try:
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=text)  # ends "thinking…"
        elif interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except Exception:  # Discord itself is unreachable: nothing more we can do
        log.exception("could not tell the user about the failure (%s)", where)


def guarded_autocomplete(
    handler: Callable[[discord.Interaction[Any], str],
                      Coroutine[Any, Any, list[app_commands.Choice[str]]]],
) -> Callable[[discord.Interaction[Any], str],
              Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    """An autocomplete callback that offers one explanatory choice when it fails
    (discord.py would otherwise log the error and leave the user without an answer)."""

    @functools.wraps(handler)
    async def run(interaction: discord.Interaction[Any],
                  current: str) -> list[app_commands.Choice[str]]:
        try:
            return await handler(interaction, current)
        except Exception as error:
            log.error("autocomplete in channel %s failed", interaction.channel_id,
                      exc_info=error)
            return [app_commands.Choice(
                name=t("platform.discord.failed", locale_of(interaction))[:100],
                value=FAILED_CHOICE)]

    return run
