"""``/game status text:yes`` (issue 27 item 3): the whole public position in words,
for a reader who cannot see the board image, in posts within Discord's limit."""

from __future__ import annotations

import io

import discord

from i18n import t
from i18n.errors import LocalizedError

from ..service import SessionService
from .interactions import channel_of
from .markup import refusal
from .messages import CONTENT_LIMIT, locale_of

#: ``/game status text:yes`` in more posts than this comes as a text file instead.
MAX_TEXT_POSTS = 4


def split_text(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """``text`` in posts of at most ``limit`` characters, cut between lines where it
    can (a line longer than a post is cut between words, else anywhere)."""
    posts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                posts.append(current)
                current = ""
            posts.append(line[:cut])
            line = line[cut:].lstrip()
        if current and len(current) + 1 + len(line) > limit:
            posts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not posts:
        posts.append(current)
    return posts


async def post_position_text(service: SessionService,
                             interaction: discord.Interaction) -> None:
    """The whole public position in words, for the asker only, in posts of at most
    2,000 characters (a text file when it would take more than :data:`MAX_TEXT_POSTS`
    posts)."""
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        text = await service.position_text(channel_of(interaction))
    except LocalizedError as error:
        await interaction.edit_original_response(content="⚠️ " + refusal(error, locale))
        return
    posts = split_text(text, CONTENT_LIMIT)
    if len(posts) > MAX_TEXT_POSTS:
        await interaction.edit_original_response(
            content=t("describe.as_file", locale), attachments=[discord.File(
                io.BytesIO(text.encode("utf-8")), filename="position.txt",
                description=t("describe.file", locale))])
        return
    await interaction.edit_original_response(content=posts[0])
    for post in posts[1:]:
        await interaction.followup.send(post, ephemeral=True)
