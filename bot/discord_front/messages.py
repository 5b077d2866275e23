"""Turning service updates into Discord messages, and refusals into ephemeral replies."""

from __future__ import annotations

import io
from typing import Any

import discord

from i18n import DEFAULT_LOCALE, t
from i18n.errors import LocalizedError

from ..service import PrivateNote, Update
from . import components, turn_post
from .markup import refusal
from .translator import locale_of as locale_of  # re-exported: the front reads it here

#: Discord's limit on message content.
CONTENT_LIMIT = 2000


def _clip(text: str) -> str:
    return text if len(text) <= CONTENT_LIMIT else text[: CONTENT_LIMIT - 1] + "…"


def mentions_line(update: Update, locale: str) -> str:
    if not update.mentions:
        return ""
    who = " ".join(f"<@{user_id}>" for user_id in update.mentions)
    return t("platform.discord.your_turn", locale, who=who)


def deadline_line(update: Update, locale: str) -> str:
    """The turn clock as a Discord timestamp each reader sees in their own time zone."""
    if update.deadline is None or update.finished:
        return ""
    return t("platform.discord.deadline", locale, when=f"<t:{int(update.deadline)}:R>")


def allowed_mentions(update: Update) -> discord.AllowedMentions:
    """Ping exactly the players who must act, and the watchers who asked to be mentioned
    (issue 27 item 5), nobody else (no roles, no @everyone)."""
    users = [*update.mentions, *turn_post.mentioned_watchers(update)]
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False,
        users=[discord.Object(int(user_id)) for user_id in users if user_id.isdigit()],
    )


def public_kwargs(update: Update, locale: str | None = None, *,
                  image_note: str | None = None) -> dict[str, Any]:
    """Keyword arguments for ``send`` that post ``update`` to the channel. A public post
    is in the game's language (the server's when it started, issue 14), whoever asked;
    ``locale`` is only a fallback for an update that carries none. A game in play is the
    living Components V2 board (:mod:`.turn_post`, issue 27 item 1); ``image_note``
    leaves its images out and says why."""
    locale = update.locale or locale or DEFAULT_LOCALE
    if turn_post.is_turn_post(update):
        view, files = turn_post.turn_post(update, locale, mentions_line(update, locale),
                                          deadline_line(update, locale), image_note)
        return {"view": view, "files": files, "allowed_mentions": allowed_mentions(update)}
    text = "\n".join(filter(None, [mentions_line(update, locale), deadline_line(update, locale),
                                    update.text]))
    kwargs: dict[str, Any] = {
        "content": _clip(text),
        "allowed_mentions": allowed_mentions(update),
    }
    if image_note is not None:
        kwargs["content"] = _with_note(text, image_note)
        images: list[discord.File] = []
    else:
        images = [discord.File(io.BytesIO(data), filename=name,
                               description=description[:turn_post.MAX_DESCRIPTION]
                               if description else None)
                  for data, name, description in (
                      (update.image, "board.png", update.image_description),
                      (update.summary, "summary.png", update.summary_description))
                  if data is not None]
    if len(images) > 1:
        kwargs["files"] = images
    elif images:
        kwargs["file"] = images[0]
    view = components.view_for(update, locale)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def _with_note(text: str, note: str) -> str:
    """``text`` and, on a line of its own, ``note``, within one post."""
    room = CONTENT_LIMIT - len(note) - 1
    return (text if len(text) <= room else text[:room - 1] + "…") + "\n" + note


def private_kwargs(note: PrivateNote) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": _clip(note.text)}
    if note.image is not None:
        kwargs["attachments"] = [discord.File(io.BytesIO(note.image), filename="private.png",
                                              description=note.image_description)]
    return kwargs


async def refuse(interaction: discord.Interaction, error: LocalizedError | str) -> None:
    """Tell the user, and only them, why nothing happened."""
    locale = locale_of(interaction)
    text = refusal(error, locale) if isinstance(error, LocalizedError) else error
    text = _clip("⚠️ " + text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
