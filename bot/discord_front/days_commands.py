"""The slash commands of play over days (issue 12): ``/settings``, ``/vacation`` and
``/mygames``, around the :class:`~bot.discord_front.days.Days` they drive."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from i18n import t
from i18n.errors import LocalizedError

from ..heads_up import HEADS_UP_VALUES
from ..service import CLOCKS
from ..settings import GUILD, REMINDER_MODES, USER, show_duration
from .days import Days
from .markup import refusal
from .messages import CONTENT_LIMIT, locale_of, refuse
from .translator import described

#: What ``/settings reminders heads_up:…`` answers (issue 26 item 5).
HEADS_UP_SAID = {"on": "platform.settings.heads_up_on", "off": "platform.settings.heads_up_off"}


def can_manage_server(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


async def _answer(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text[:CONTENT_LIMIT], ephemeral=True)


def _guild(interaction: discord.Interaction) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id else None


def build_days_commands(days: Days) -> list[app_commands.Command[Any, ..., Any]
                                              | app_commands.Group]:
    """``/settings …``, ``/vacation on|off`` and ``/mygames``."""
    settings_group = app_commands.Group(name="settings",
                                        description=described("platform.cmd.days.settings"))

    async def server_only(interaction: discord.Interaction) -> str | None:
        """The server's id if the caller may change its settings; else refuse (``None``)."""
        guild = _guild(interaction)
        if guild is None:
            await refuse(interaction, LocalizedError("platform.settings.server_only"))
            return None
        if not can_manage_server(interaction):
            await refuse(interaction, LocalizedError("platform.settings.need_manage"))
            return None
        return guild

    @settings_group.command(name="language", description=described("platform.cmd.days.language"))
    @app_commands.describe(language=described("platform.cmd.days.language_language"))
    @app_commands.choices(language=[
        app_commands.Choice(name="English", value="en"),
        app_commands.Choice(name="Русский", value="ru"),
        app_commands.Choice(name="Čeština", value="cs")])
    async def settings_language(interaction: discord.Interaction, language: str) -> None:
        guild = await server_only(interaction)
        if guild is None:
            return
        try:
            await days.settings.set_language(guild, language)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        await _answer(interaction, t("platform.settings.language_set", locale_of(interaction),
                                     language=t(f"platform.settings.lang.{language}",
                                                locale_of(interaction))))

    @settings_group.command(name="clock", description=described("platform.cmd.days.clock"))
    @app_commands.describe(clock=described("platform.cmd.days.clock_clock"))
    @app_commands.choices(clock=[app_commands.Choice(name=value, value=value)
                                 for value in CLOCKS])
    async def settings_clock(interaction: discord.Interaction, clock: str) -> None:
        guild = await server_only(interaction)
        if guild is None:
            return
        try:
            await days.settings.set_clock(guild, clock, tuple(CLOCKS))
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        await _answer(interaction, t("platform.settings.clock_set", locale_of(interaction),
                                     clock=clock))

    @settings_group.command(name="reminders", description=described("platform.cmd.days.reminders"))
    @app_commands.describe(mode=described("platform.cmd.days.reminders_mode"),
                           after=described("platform.cmd.days.reminders_after"),
                           server=described("platform.cmd.days.reminders_server"),
                           heads_up=described("platform.cmd.days.reminders_heads_up"))
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in REMINDER_MODES],
                          heads_up=[app_commands.Choice(name=v, value=v)
                                    for v in HEADS_UP_VALUES])
    async def settings_reminders(interaction: discord.Interaction, mode: str = "",
                                 after: str = "", server: bool = False,
                                 heads_up: str = "") -> None:
        locale = locale_of(interaction)
        if not mode and (after or not heads_up):
            await refuse(interaction, LocalizedError("platform.settings.reminders_nothing"))
            return
        if heads_up and server:
            await refuse(interaction, LocalizedError("platform.settings.heads_up_personal"))
            return
        if heads_up:
            # issue 26 item 5: "You're next", each player's own choice
            try:
                await days.settings.set_heads_up(str(interaction.user.id), heads_up)
            except LocalizedError as error:
                await refuse(interaction, error)
                return
            if not mode:
                await _answer(interaction, t(HEADS_UP_SAID[heads_up], locale))
                return
        if server:
            owner = await server_only(interaction)
            if owner is None:
                return
            scope = GUILD
        else:
            scope, owner = USER, str(interaction.user.id)
        try:
            await days.settings.set_reminders(scope, owner, mode, after or None)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        # what now applies: the server's default, or the caller's own choice
        choice = await days.settings.reminders(owner if server else _guild(interaction),
                                               "" if server else owner)
        key = "platform.settings.reminders_off" if mode == "off" else \
            "platform.settings.reminders_set"
        text = t(key, locale, mode=t(f"platform.settings.mode.{mode}", locale),
                 after=show_duration(choice.after),
                 scope=t(f"platform.settings.scope.{scope}", locale))
        if heads_up:
            text += "\n" + t(HEADS_UP_SAID[heads_up], locale)
        await _answer(interaction, text)
        if scope == USER:  # the decisions already waiting follow the new choice at once
            await days.replan_reminders([row.id for row in await days.settings.storage
                                         .sessions_of_user(owner) if row.status == "active"])

    @settings_group.command(name="vacation",
                            description=described("platform.cmd.days.vacation_cap"))
    @app_commands.describe(days_=described("platform.cmd.days.vacation_cap_days"))
    @app_commands.rename(days_="days")
    async def settings_vacation(interaction: discord.Interaction,
                                days_: app_commands.Range[int, 0, 30]) -> None:
        guild = await server_only(interaction)
        if guild is None:
            return
        try:
            await days.settings.set_vacation_cap(guild, days_)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        await _answer(interaction, t("platform.settings.cap_set", locale_of(interaction),
                                     days=days_))

    @settings_group.command(name="show", description=described("platform.cmd.days.settings_show"))
    async def settings_show(interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        guild = _guild(interaction)
        settings = days.settings
        choice = await settings.reminders(guild, str(interaction.user.id))
        language = await settings.language(guild, str(interaction.guild_locale or ""))
        await _answer(interaction, t(
            "platform.settings.show", locale,
            language=t(f"platform.settings.lang.{language}", locale),
            clock=await settings.clock(guild),
            mode=t(f"platform.settings.mode.{choice.mode}", locale),
            after=show_duration(choice.after),
            cap=await settings.vacation_cap_days(guild)) + "\n" + t(
            "platform.settings.show_heads_up", locale,
            value="on" if await settings.heads_up(str(interaction.user.id)) else "off"))

    vacation = app_commands.Group(name="vacation",
                                  description=described("platform.cmd.days.vacation"))

    @vacation.command(name="on", description=described("platform.cmd.days.vacation_on"))
    @app_commands.describe(days_=described("platform.cmd.days.vacation_on_days"))
    @app_commands.rename(days_="days")
    async def vacation_on(interaction: discord.Interaction,
                          days_: app_commands.Range[int, 1, 30] | None = None) -> None:
        locale = locale_of(interaction)
        guild = _guild(interaction)
        if guild is None:
            await refuse(interaction, LocalizedError("platform.settings.server_only"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            news = await days.vacations.start(guild, str(interaction.user.id), days_,
                                              days.now())
        except LocalizedError as error:
            await interaction.edit_original_response(content="⚠️ " + refusal(error, locale))
            return
        await interaction.edit_original_response(content=t(
            "platform.vacation.started", locale, until=f"<t:{int(news.until or 0)}:f>",
            count=len(news.games)))
        await days.tell_games(news)

    @vacation.command(name="off", description=described("platform.cmd.days.vacation_off"))
    async def vacation_off(interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            news = await days.vacations.stop(str(interaction.user.id), days.now())
        except LocalizedError as error:
            await interaction.edit_original_response(content="⚠️ " + refusal(error, locale))
            return
        await interaction.edit_original_response(content=t(
            "platform.vacation.ended", locale, count=len(news.games)))
        await days.tell_games(news)

    @app_commands.command(name="mygames", description=described("platform.cmd.days.mygames"))
    async def mygames(interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await days.my_games(str(interaction.user.id), _guild(interaction), locale)
        await interaction.edit_original_response(content=text[:CONTENT_LIMIT])

    return [settings_group, vacation, mygames]
