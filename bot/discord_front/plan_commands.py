"""Plans in Discord (issue 26 item 3): ``/plan set`` (its kind and settings with
autocomplete), ``/plan show``, ``/plan clear``, the "Plans" entry of the "Your moves"
menu (``tb:plans:<session>``), and the private notes to a plan's owner when it is done or
cancelled (a DM; when DMs are closed, a mention in the game's channel that names no
detail). Every answer is ephemeral and in the reader's language."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from games import get_ruleset
from games.plans import plans_of
from i18n import t
from i18n.errors import LocalizedError

from . import components
from .failures import guarded_autocomplete
from .interactions import channel_of, person_of
from .markup import refusal
from .messages import CONTENT_LIMIT, locale_of
from .translator import described

if TYPE_CHECKING:
    from ..service import Update
    from .client import FrontClient
    from .commands import Front

log = logging.getLogger("tidebound.discord")

PLANS_TEMPLATE = r"tb:plans:(?P<sid>[0-9]{1,18})"
components.add_pattern(PLANS_TEMPLATE)
#: Discord offers at most this many autocomplete choices.
MAX_CHOICES = 25


class PlansButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLANS_TEMPLATE):
    """The "Plans" entry of a player's "Your moves" menu: their plans and how to set one."""

    def __init__(self, session_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or "Plans", style=discord.ButtonStyle.secondary,
            custom_id=f"tb:plans:{session_id}"))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> PlansButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await components._dispatch("plans", interaction, session_id=self.session_id)


def _plans_on_board(update: Update, locale: str) -> list[discord.ui.Item[Any]]:
    """The turn post's "Plans" button (issue 27 item 1), in a game that offers plans."""
    if not update.game or not offers_plans(update.game):
        return []
    return [PlansButton(update.session_id, t("plans.menu_entry", locale))]


def offers_plans(game: str) -> bool:
    try:
        return plans_of(get_ruleset(game)) is not None
    except LocalizedError:
        return False


def add_plans_entry(view: discord.ui.View, session_id: int, game: str, locale: str) -> None:
    """Add the "Plans" entry to a "Your moves" menu of a game that offers plans (when the
    menu has room for it)."""
    if not offers_plans(game) or len(view.children) >= 25:
        return
    try:
        view.add_item(PlansButton(session_id, t("plans.menu_entry", locale)))
    except ValueError:  # every row is full
        return


async def _ephemeral(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text[:CONTENT_LIMIT], ephemeral=True)
    else:
        await interaction.response.send_message(text[:CONTENT_LIMIT], ephemeral=True)


def _filtered(pairs: list[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    wanted = typed.casefold()
    return [app_commands.Choice(name=label[:100], value=value[:100]) for value, label in pairs
            if wanted in label.casefold() or wanted in value.casefold()][:MAX_CHOICES]


def build_plan_commands(front: Front) -> list[app_commands.Group]:
    """The ``/plan`` group; installs the "Plans" menu entry's handler."""

    async def plans_text(interaction: discord.Interaction, clear: bool = False) -> str:
        """The caller's plans shown (or cleared), or why not, in their language."""
        locale = locale_of(interaction)
        ask = front.service.clear_plans if clear else front.service.show_plans
        try:
            return await ask(channel_of(interaction), person_of(interaction), locale)
        except LocalizedError as error:
            return "⚠️ " + refusal(error, locale)

    async def plans_click(interaction: discord.Interaction, session_id: int) -> None:
        await _ephemeral(interaction, await plans_text(interaction) + "\n"
                         + t("plans.menu_help", locale_of(interaction)))

    components.HANDLERS["plans"] = plans_click
    if _plans_on_board not in components.BOARD_BUTTON_HOOKS:
        components.BOARD_BUTTON_HOOKS.append(_plans_on_board)
    plan = app_commands.Group(name="plan", description=described("plans.cmd.plan"))

    @plan.command(name="set", description=described("plans.cmd.plan"))
    @app_commands.describe(kind=described("plans.cmd.plan_kind"),
                           target=described("plans.cmd.plan_target"),
                           square=described("plans.cmd.plan_square"))
    async def plan_set(interaction: discord.Interaction, kind: str, target: str = "",
                       square: str = "") -> None:
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel, person = channel_of(interaction), person_of(interaction)
        try:
            found = await front.service.plan_kind(channel, person, kind, locale)
            names = [p.name for p in found.params]
            params = {name: value for name, value in zip(names, (target, square),
                                                          strict=False) if value}
            reply = await front.service.set_plan(channel, person, found.name, params, locale)
        except LocalizedError as error:
            await interaction.edit_original_response(content="⚠️ " + refusal(error, locale))
            return
        await interaction.edit_original_response(content=reply.text[:CONTENT_LIMIT])
        if reply.update is not None:  # the plan played a move at once: post it as any move
            await front.post_committed(interaction, reply.update)  # (its notes go too)
        await send_plan_notes(front.client, reply.notes, None if reply.update is None
                              else reply.update.session_id)

    @plan_set.autocomplete("kind")
    @guarded_autocomplete
    async def kind_choices(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        try:
            kinds = await front.service.plan_kinds(channel_of(interaction),
                                                   person_of(interaction),
                                                   locale_of(interaction))
        except LocalizedError:
            return []
        return _filtered([(name, label) for name, label, _ in kinds], current)

    async def values(interaction: discord.Interaction, current: str, index: int
                     ) -> list[app_commands.Choice[str]]:
        namespace = interaction.namespace
        locale = locale_of(interaction)
        channel, person = channel_of(interaction), person_of(interaction)
        try:
            found = await front.service.plan_kind(channel, person,
                                                  str(getattr(namespace, "kind", "") or ""),
                                                  locale)
            if index >= len(found.params):
                return []
            chosen = {}
            if index > 0 and getattr(namespace, "target", None):
                chosen[found.params[0].name] = str(namespace.target)
            pairs = await front.service.plan_values(channel, person, found.name,
                                                    found.params[index].name, chosen, locale)
        except LocalizedError:
            return []
        return _filtered(pairs, current)

    @plan_set.autocomplete("target")
    @guarded_autocomplete
    async def target_choices(interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await values(interaction, current, 0)

    @plan_set.autocomplete("square")
    @guarded_autocomplete
    async def square_choices(interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await values(interaction, current, 1)

    @plan.command(name="show", description=described("plans.cmd.show"))
    async def plan_show(interaction: discord.Interaction) -> None:
        await _ephemeral(interaction, await plans_text(interaction))

    @plan.command(name="clear", description=described("plans.cmd.clear"))
    async def plan_clear(interaction: discord.Interaction) -> None:
        await _ephemeral(interaction, await plans_text(interaction, clear=True))

    return [plan]


async def send_plan_notes(client: FrontClient, notes: dict[str, str],
                          session_id: int | None) -> None:
    """Tell each owner privately that a plan of theirs is done or cancelled: a DM, or,
    when DMs are closed, a mention in the channel of game ``session_id`` that names no
    detail (a plan is private). A failure is logged, never raised."""
    for user_id, text in notes.items():
        try:
            user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
            await user.send(text[:CONTENT_LIMIT])
            continue
        except (discord.Forbidden, discord.NotFound):
            pass
        except Exception:
            log.exception("could not tell user %s about their plan", user_id)
            continue
        if session_id is None or client.storage is None:
            continue
        try:
            row = await client.storage.get(session_id)
            if row is None:
                continue
            channel = client.get_channel(int(row.channel_id)) or await client.fetch_channel(
                int(row.channel_id))
            await channel.send(  # type: ignore[union-attr]
                t("plans.stopped_channel", row.locale, who=f"<@{user_id}>"),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(int(user_id))]))
        except Exception:
            log.exception("could not tell user %s about their plan in the channel", user_id)


__all__ = ["PlansButton", "add_plans_entry", "build_plan_commands", "send_plan_notes"]
