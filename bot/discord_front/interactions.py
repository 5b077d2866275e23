"""Who clicked or typed, and where: the service's plain ids from a Discord interaction."""

from __future__ import annotations

import discord

from ..requests import Person


def person_of(interaction: discord.Interaction) -> Person:
    """The person behind ``interaction`` (their id and display name)."""
    user = interaction.user
    return Person(str(user.id), getattr(user, "display_name", None) or user.name)


def channel_of(interaction: discord.Interaction) -> str:
    """The channel ``interaction`` happened in."""
    return str(interaction.channel_id)
