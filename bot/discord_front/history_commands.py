"""The memory of a game in Discord (issue 16): ``/game log``, ``/game history``,
``/game undo``, ``/hint``, ``/stats``, ``/leaderboard``, and the final post's Rematch and
"Watch the replay" buttons.

What only the asker sees (``/hint``, ``/game log``, the ``/game history`` file, the
replay) is in the asker's own language (their Discord locale, issue 24 item 16), like
every other ephemeral reply; what the channel sees is in the game's language."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from games import all_rulesets
from i18n import t
from i18n.errors import LocalizedError
from renderers.describe import describe_replay

from ..stats import LEADERBOARD_SIZE, guild_key
from . import components
from .interactions import person_of
from .markup import NameEscaper, refusal
from .messages import CONTENT_LIMIT, locale_of, public_kwargs, refuse
from .translator import described

if TYPE_CHECKING:
    from ..service import Person
    from .commands import Front

#: ``/game log`` shows at most this many moves.
MAX_LOG = 50


def _person(interaction: discord.Interaction) -> Person:
    return person_of(interaction)


def _channel(interaction: discord.Interaction) -> str:
    return str(interaction.channel_id)


def _guild(interaction: discord.Interaction) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id else None


async def _private_text(front: Front, interaction: discord.Interaction,
                        work: Callable[[], Awaitable[str]]) -> None:
    """Defer ephemerally, then show the text ``work`` returns about the game in this
    channel, its players' names shown literally (or why it cannot)."""
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        text = await work()
        row = await front.service.session_for_channel(_channel(interaction))
        if row is not None:
            text = (await front.days.names.of(row.id))(text)
    except LocalizedError as error:
        text = "⚠️ " + refusal(error, locale)
    await interaction.followup.send(text[:CONTENT_LIMIT], ephemeral=True)


def build_history_commands(front: Front, game: app_commands.Group
                           ) -> list[app_commands.Command]:  # type: ignore[type-arg]
    """Add ``log``, ``history`` and ``undo`` to the ``/game`` group; the top-level
    ``/hint``, ``/stats`` and ``/leaderboard``. Installs the final post's button handlers."""
    components.HANDLERS["rematch"] = lambda interaction, session_id: rematch_click(
        front, interaction, session_id)
    components.HANDLERS["replay"] = lambda interaction, session_id: replay_click(
        front, interaction, session_id)

    @game.command(name="log", description=described("history.cmd.log"))
    @app_commands.describe(count=described("history.cmd.log_count"))
    async def game_log(interaction: discord.Interaction,
                       count: app_commands.Range[int, 1, MAX_LOG] = 10) -> None:
        await _private_text(front, interaction, lambda: front.service.game_log(
            _channel(interaction), count, locale_of(interaction)))

    @game.command(name="history", description=described("history.cmd.history"))
    async def game_history(interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            name, text = await front.service.game_history(_channel(interaction), locale)
        except LocalizedError as error:
            await interaction.followup.send("⚠️ " + refusal(error, locale), ephemeral=True)
            return
        await interaction.followup.send(
            t("history.discord.history_file", locale), ephemeral=True,
            file=discord.File(io.BytesIO(text.encode("utf-8")), filename=name,
                              description=t("describe.history_file", locale)))

    @game.command(name="undo", description=described("history.cmd.undo"))
    async def game_undo(interaction: discord.Interaction) -> None:
        await front.deferred_public(interaction, lambda: front.service.undo(
            _channel(interaction), _person(interaction)), "history.discord.undone")

    @app_commands.command(name="hint", description=described("history.cmd.hint"))
    async def hint(interaction: discord.Interaction) -> None:
        await _private_text(front, interaction, lambda: front.service.hint(
            _channel(interaction), _person(interaction), locale_of(interaction)))

    @app_commands.command(name="stats", description=described("history.cmd.stats"))
    @app_commands.describe(player=described("history.cmd.stats_player"))
    async def stats(interaction: discord.Interaction, player: discord.User | None = None
                    ) -> None:
        who = player or interaction.user
        name = getattr(who, "display_name", None) or who.name
        locale = locale_of(interaction)
        text = await front.service.stats(_guild(interaction), str(who.id), name, locale)
        await interaction.response.send_message(NameEscaper([name])(text)[:CONTENT_LIMIT],
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description=described("history.cmd.leaderboard"))
    @app_commands.describe(game=described("history.cmd.leaderboard_game"))
    @app_commands.choices(game=[app_commands.Choice(name=r.display_name()[:100], value=r.id)
                                for r in all_rulesets()])
    async def leaderboard(interaction: discord.Interaction, game: str = "") -> None:
        locale = locale_of(interaction)
        try:
            text = await front.service.leaderboard(_guild(interaction), game or None, locale)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        text = NameEscaper(await leaderboard_names(front, interaction, game))(text)
        await interaction.response.send_message(text[:CONTENT_LIMIT],
                                                allowed_mentions=discord.AllowedMentions.none())

    return [hint, stats, leaderboard]


async def leaderboard_names(front: Front, interaction: discord.Interaction,
                            game: str) -> list[str]:
    """The names ``/leaderboard`` may show (to show them literally, issue 27 item 2)."""
    storage = front.client.storage
    if storage is None:
        return []
    rows = await storage.leaderboard(guild_key(_guild(interaction)), game or None,
                                     LEADERBOARD_SIZE)
    return [name for _, _, name, *_ in rows]


async def rematch_click(front: Front, interaction: discord.Interaction,
                        session_id: int) -> None:
    """Rematch: a lobby with the same seats and options, posted in the channel."""
    try:
        update = await front.service.rematch(_channel(interaction), _person(interaction),
                                             session_id)
    except LocalizedError as error:
        await refuse(interaction, error)
        return
    update = await front.days.names.shown(update, [_person(interaction).name])
    await interaction.response.send_message(**public_kwargs(update, locale_of(interaction)))


async def replay_click(front: Front, interaction: discord.Interaction,
                       session_id: int) -> None:
    """Watch the replay: the animated GIF of the finished game, for the clicker."""
    locale = locale_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        gif = await front.service.animated_replay(_channel(interaction), session_id, locale)
    except LocalizedError as error:
        await interaction.followup.send("⚠️ " + refusal(error, locale), ephemeral=True)
        return
    await interaction.followup.send(
        t("history.discord.replay_ready", locale), ephemeral=True,
        file=discord.File(io.BytesIO(gif), filename=f"replay-{session_id}.gif",
                          description=describe_replay(locale)))
