"""The living turn post (issue 27 item 1): a game in play shows one Components V2 board.

A turn post is one container (flag ``IS_COMPONENTS_V2``, so no ``content``):

* the board in a media gallery (``attachment://board.png``, with its alt text);
* who must act, pinged, and the deadline as a Discord timestamp (``<t:…:R>``);
* the account of the last moves and whose turn it is (the service's public texts);
* a short line per seat (score, cards in hand: from the public view only);
* the watchers (issue 27 item 5);
* the buttons (the ruleset's public moves, Your moves, Your hand), the same restart-proof
  :class:`~discord.ui.DynamicItem` ids as before.

When the next post of the game goes out, the previous turn post is edited down to one
line with a link to the new one (:func:`moved_view`), so the channel shows one live board.

Discord's limits for such a message (checked here and by the stand-in): at most
:data:`MAX_COMPONENTS` components in all, nested ones counted; at most
:data:`MAX_TEXT` characters across its text displays; at most five buttons in an action
row; one to ten items in a media gallery, whose descriptions have at most
:data:`MAX_DESCRIPTION` characters.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from i18n import t

from ..service import Update
from . import components

#: Discord's limits for a Components V2 message.
MAX_COMPONENTS = 40
MAX_TEXT = 4000
MAX_DESCRIPTION = 1024
BUTTONS_PER_ROW = 5
#: What the board's texts may take, leaving room for the watchers and the image's note.
ACCOUNT_SHARE = 2400
SEATS_SHARE = 900


def is_turn_post(update: Update) -> bool:
    """Whether ``update`` is posted as a living board: a game in play."""
    return update.status == "active"


def clip(text: str, limit: int, *, keep_end: bool = False) -> str:
    """``text`` within ``limit`` characters (the newest lines kept when ``keep_end``)."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1):] if keep_end else text[:limit - 1] + "…"


def watcher_line(update: Update, locale: str) -> str:
    """The watchers, listed on the board: those told by a mention are mentioned."""
    if not update.watchers:
        return ""
    names = ", ".join(f"<@{user_id}>" if via == "mention" and user_id.isdigit() else name
                      for user_id, name, via in update.watchers)
    return t("board_post.watchers", locale, names=names)


def mentioned_watchers(update: Update) -> list[str]:
    """The watchers told of the post by a mention in it (issue 27 item 5)."""
    return [user_id for user_id, _, via in update.watchers
            if via == "mention" and user_id.isdigit() and user_id not in update.mentions]


def turn_post(update: Update, locale: str, ping: str, deadline: str,
              image_note: str | None = None) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The V2 layout of ``update`` and the files it shows (the board, unless
    ``image_note`` says why it is left out)."""
    files: list[discord.File] = []
    container: discord.ui.Container[Any] = discord.ui.Container()
    if update.image is not None and image_note is None:
        description = clip(update.image_description, MAX_DESCRIPTION) \
            if update.image_description else None
        board = discord.File(io.BytesIO(update.image), filename="board.png",
                             description=description)
        files.append(board)
        container.add_item(discord.ui.MediaGallery(
            discord.MediaGalleryItem(board, description=description)))
    head = "\n".join(filter(None, [ping, deadline]))
    if head:
        container.add_item(discord.ui.TextDisplay(head))
    account = "\n".join(filter(None, [clip(update.text, ACCOUNT_SHARE, keep_end=True),
                                       image_note]))
    if account:  # Discord refuses an empty text display
        container.add_item(discord.ui.TextDisplay(account))
    if update.seat_lines:
        seats = clip("\n".join([t("board_post.seats_title", locale), *update.seat_lines]),
                     SEATS_SHARE)
        container.add_item(discord.ui.TextDisplay(seats))
    if watchers := watcher_line(update, locale):
        room = MAX_TEXT - sum(len(item.content) for item in container.walk_children()
                              if isinstance(item, discord.ui.TextDisplay))
        container.add_item(discord.ui.TextDisplay(clip(watchers, max(room, 20))))
    buttons = components.board_buttons(update, locale)
    if buttons:
        container.add_item(discord.ui.Separator())
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        container.add_item(discord.ui.ActionRow(*buttons[start:start + BUTTONS_PER_ROW]))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view, files


def moved_view(summary: str, link: str, locale: str) -> discord.ui.LayoutView:
    """What an older turn post becomes: one line, a link to the newer post."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(clip(
        t("board_post.moved", locale, summary=summary or t("board_post.moved_summary", locale),
          link=link), MAX_TEXT)))
    return view


def count_components(payload: Sequence[dict[str, Any]]) -> int:
    """All components of a V2 payload, nested ones (and a section's accessory) counted."""
    total = 0
    for component in payload:
        total += 1
        total += count_components(component.get("components") or [])
        if component.get("accessory"):
            total += 1
    return total


__all__ = ["MAX_COMPONENTS", "MAX_DESCRIPTION", "MAX_TEXT", "count_components", "is_turn_post",
           "mentioned_watchers", "moved_view", "turn_post", "watcher_line"]
