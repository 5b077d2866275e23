"""``/game takeover seat:<n>`` and ``/game kick @player`` on Discord (issue 15 "Seats"),
and the host's approval buttons of a takeover::

    tb:take:<session>:<seat>:<newcomer>:<y|n>   approve or refuse (host only)

The rules are in :mod:`bot.seats`; the ids carry all they need, so a request made before
a restart can still be approved after it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from i18n import t
from i18n.errors import LocalizedError

from ..seats import SeatDesk, TakeoverAsk
from ..service import Person
from . import components
from .markup import escape_name, refusal
from .messages import CONTENT_LIMIT, locale_of, public_kwargs, refuse
from .translator import described

if TYPE_CHECKING:
    from .commands import Front

TAKE_TEMPLATE = (r"tb:take:(?P<sid>[0-9]{1,18}):(?P<seat>[0-9]{1,2}):(?P<uid>[0-9]{1,20})"
                 r":(?P<op>[yn])")
components.add_pattern(TAKE_TEMPLATE)


class TakeoverButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TAKE_TEMPLATE):
    def __init__(self, session_id: int, seat: int, user_id: str, op: str,
                 label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or op, custom_id=f"tb:take:{session_id}:{seat}:{user_id}:{op}",
            style=discord.ButtonStyle.success if op == "y" else discord.ButtonStyle.danger))
        self.session_id, self.seat, self.user_id, self.op = session_id, seat, user_id, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> TakeoverButton:
        return cls(int(match["sid"]), int(match["seat"]), match["uid"], match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await components._dispatch("take", interaction, session_id=self.session_id,
                                   seat=self.seat, user_id=self.user_id, op=self.op)


def _person(interaction: discord.Interaction) -> Person:
    user = interaction.user
    return Person(str(user.id), getattr(user, "display_name", None) or user.name)


async def _name_of(interaction: discord.Interaction, user_id: str) -> str:
    """The newcomer's display name now (they may have asked before a restart)."""
    guild = interaction.guild
    try:
        member = guild.get_member(int(user_id)) if guild is not None else None
        if member is None and guild is not None:
            member = await guild.fetch_member(int(user_id))
        if member is not None:
            return member.display_name
        return (await interaction.client.fetch_user(int(user_id))).name
    except discord.HTTPException:
        return user_id


def install_seat_commands(front: Front, game: app_commands.Group) -> None:
    """Add ``takeover`` and ``kick`` to the ``/game`` group and the approval handler."""
    def desk() -> SeatDesk:
        return SeatDesk(front.service)

    async def take_click(interaction: discord.Interaction, session_id: int, seat: int,
                         user_id: str, op: str) -> None:
        channel = str(interaction.channel_id)
        locale = locale_of(interaction)
        host = _person(interaction)
        row = await front.service.session_for_channel(channel)
        if row is None or row.id != session_id:
            await refuse(interaction, LocalizedError("platform.service.no_such_session"))
            return
        if host.user_id != row.host_id:
            await refuse(interaction, LocalizedError("platform.seats.host_approves"))
            return
        if op == "n":
            await interaction.response.edit_message(
                content=t("platform.seats.refused", row.locale, who=f"<@{user_id}>",
                          seat=seat + 1), view=None,
                allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.defer()
        newcomer = Person(user_id, await _name_of(interaction, user_id))
        try:
            update = await desk().approve(channel, host, session_id, seat, newcomer)
        except LocalizedError as error:
            await interaction.followup.send("⚠️ " + refusal(error, locale), ephemeral=True)
            return
        await interaction.edit_original_response(
            content=t("platform.seats.approved", row.locale, who=escape_name(newcomer.name),
                      seat=seat + 1)[:CONTENT_LIMIT], view=None)
        await front.post_committed(interaction, update)

    components.HANDLERS["take"] = take_click

    @game.command(name="takeover", description=described("platform.cmd.days.takeover"))
    @app_commands.describe(seat=described("platform.cmd.days.takeover_seat"))
    async def game_takeover(interaction: discord.Interaction,
                            seat: app_commands.Range[int, 1, 8]) -> None:
        person = _person(interaction)
        try:
            outcome = await desk().takeover(str(interaction.channel_id), person, seat - 1)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        if isinstance(outcome, TakeoverAsk):
            view = discord.ui.View(timeout=None)
            view.add_item(TakeoverButton(outcome.session_id, outcome.seat, person.user_id, "y",
                                         t("platform.seats.approve", outcome.locale)))
            view.add_item(TakeoverButton(outcome.session_id, outcome.seat, person.user_id, "n",
                                         t("platform.seats.refuse", outcome.locale)))
            escaper = await front.days.names.of(outcome.session_id, [person.name])
            await interaction.response.send_message(
                escaper(outcome.text)[:CONTENT_LIMIT], view=view,
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False,
                    users=[discord.Object(int(outcome.host_id))]
                    if outcome.host_id.isdigit() else False))
            return
        await interaction.response.send_message(**public_kwargs(
            await front.days.names.shown(outcome, [person.name])))

    @game.command(name="kick", description=described("platform.cmd.days.kick"))
    @app_commands.describe(player=described("platform.cmd.days.kick_player"))
    async def game_kick(interaction: discord.Interaction, player: discord.User) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            update = await desk().kick(str(interaction.channel_id), _person(interaction),
                                       str(player.id))
        except LocalizedError as error:
            await interaction.edit_original_response(
                content="⚠️ " + refusal(error, locale_of(interaction)))
            return
        await interaction.edit_original_response(
            content=t("platform.discord.left", locale_of(interaction)))
        await front.post_committed(interaction, update)
