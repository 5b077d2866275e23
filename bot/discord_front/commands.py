"""Slash commands and the handlers behind every button: the Discord edge of the service.

``/game new|join|leave|addbot|remove|start|status|abandon``, ``/hand``, ``/rules``,
``/help`` and ``/move`` (with autocomplete of the caller's legal moves); the memory of a
game (``/game log|history|undo``, ``/hint``, ``/stats``, ``/leaderboard``, the final
post's buttons) is in :mod:`.history_commands`. Moves from buttons,
select menus and ``/move`` all end in :meth:`Front.play`.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

import renderers
from games import all_rulesets, get_ruleset
from games.bot_levels import DEFAULT_LEVEL, LEVELS
from games.options import HINTS, parse_option_text
from i18n import t
from i18n.errors import LocalizedError
from renderers.describe import describe_rules_image

from ..service import CLOCK_OPTION, CLOCKS, Person, SessionService, Update, game_options
from . import components, history_commands
from .client import FrontClient
from .days import Days
from .delivery import image_refused, without_image
from .failures import answer_failure, guarded_autocomplete
from .install import in_private_channel
from .interactions import channel_of, person_of
from .lobby_options import option_entries
from .markup import refusal
from .messages import (
    CONTENT_LIMIT,
    allowed_mentions,
    locale_of,
    mentions_line,
    private_kwargs,
    public_kwargs,
    refuse,
)
from .plan_commands import add_plans_entry
from .position_text import post_position_text
from .translator import described

MAX_AUTOCOMPLETE = 25

log = logging.getLogger("tidebound.discord")


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_channels or permissions.administrator))


class Front:
    """The handlers shared by slash commands and components."""

    def __init__(self, client: FrontClient, days: Days) -> None:
        self.client = client
        self.days = days

    @property
    def service(self) -> SessionService:
        assert self.client.service is not None, "setup_hook has not run"
        return self.client.service

    # -- posting ------------------------------------------------------------------------
    async def post_public(self, interaction: discord.Interaction, update: Update) -> None:
        """Post ``update`` as the interaction's public followup, after the game's posts
        Discord refused in the channel before (issue 30 item 4: nothing is lost)."""
        await self.days.delivery.show_kept(interaction, update.session_id)
        message = await interaction.followup.send(**public_kwargs(update), wait=True)
        await self.days.posted(update, message, interaction)

    async def post_committed(self, interaction: discord.Interaction, update: Update) -> bool:
        """Post an update whose move is already stored: the full message, or, when that
        cannot be built or sent, its text alone (saying why, when Discord refused the
        image). Whether the full message went out. The names in its texts are shown
        literally (issue 27 item 2)."""
        update = await self.days.names.shown(update, [person_of(interaction).name])
        try:
            await self.post_public(interaction, update)
            return True
        except discord.HTTPException as error:
            if not image_refused(error, update):
                log.exception("session %s: the update could not be posted; posting its "
                              "text", update.session_id)
                kwargs = self._text_of(update)
            else:
                log.warning("session %s: the board image was refused (%s %s); posting the "
                            "text", update.session_id, error.status, error.code)
                kwargs = without_image(update, error)
        except Exception:
            log.exception("session %s: the update could not be posted; posting plain text",
                          update.session_id)
            kwargs = self._text_of(update)
        try:
            message = await interaction.followup.send(**kwargs, wait=True)
            await self.days.posted(update, message, interaction)
        except Exception:
            log.exception("session %s: not even the plain text could be posted",
                          update.session_id)
        return False

    @staticmethod
    def _text_of(update: Update) -> dict[str, Any]:
        """An update as plain text with its ping (when the full message cannot be)."""
        text = "\n".join(filter(None, [mentions_line(update, update.locale), update.text]))
        return {"content": text[:CONTENT_LIMIT], "allowed_mentions": allowed_mentions(update)}

    # -- failures -------------------------------------------------------------------------
    async def failed(self, interaction: discord.Interaction, error: BaseException | None, *,
                     committed: bool = False, session_id: int | None = None) -> None:
        """Answer an interaction whose handler failed unexpectedly (logged with its
        session, looked up from the channel when not known)."""
        if session_id is None:
            try:
                row = await self.service.session_for_channel(channel_of(interaction))
                session_id = row.id if row is not None else None
            except Exception:
                session_id = None
        await answer_failure(interaction, error, committed=committed, session_id=session_id)

    async def on_command_error(self, interaction: discord.Interaction,
                               error: app_commands.AppCommandError) -> None:
        """The command tree's error handler: every failing slash command gets an answer."""
        await self.failed(interaction, getattr(error, "original", error))

    async def deferred_public(self, interaction: discord.Interaction,
                              work: Callable[[], Awaitable[Update]], done_key: str) -> None:
        """Acknowledge at once (ephemeral), do ``work``, post its update publicly."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            update = await work()
        except LocalizedError as error:
            await interaction.edit_original_response(content="⚠️ " + refusal(error,
                locale_of(interaction)))
            return
        await interaction.edit_original_response(content=t(done_key, locale_of(interaction)))
        await self.post_committed(interaction, update)

    # -- moves ----------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, notation: str, *,
                   session_id: int | None = None, version: int | None = None,
                   from_component: bool = False) -> None:
        """Apply a move, update the player's private message, post the board."""
        locale = locale_of(interaction)
        person = person_of(interaction)
        if from_component:
            await interaction.response.defer()  # keep the menu message; edit it below
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            update = await self.service.move(channel_of(interaction), person, notation,
                                             session_id=session_id, version=version,
                                             locale=locale)
        except LocalizedError as error:
            text = "⚠️ " + refusal(error, locale)
            if from_component:
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.edit_original_response(content=text)
            return
        # The move is stored: from here on, whatever fails, it is posted and the mover told.
        told = False
        try:
            await self._after_move(interaction, person, update, locale)
        except Exception as error:
            await self.failed(interaction, error, committed=True, session_id=update.session_id)
            told = True
        posted = await self.post_committed(interaction, update)
        if not told and not (posted and update.drawn):
            await self.failed(interaction, None, committed=True, session_id=update.session_id)

    async def _after_move(self, interaction: discord.Interaction, person: Person,
                          update: Update, locale: str) -> None:
        """Rewrite the player's own ephemeral message: what happened, their hand, and
        their next choices if it is still their turn (the names in it shown literally,
        issue 27 item 2)."""
        escaper = await self.days.names.of(update.session_id, [person.name])
        first_line = escaper(update.text.split("\n", 1)[0])
        content = "✅ " + first_line
        view: discord.ui.View | None = None
        if not update.finished:
            try:
                row, choices = await self.service.choices(
                    channel_of(interaction), person, session_id=update.session_id,
                    locale=locale)
            except LocalizedError:
                choices, row = [], None
            if choices and row is not None:
                view = components.move_menu(row.id, row.version, choices, locale)
                content += "\n" + t("platform.discord.still_your_turn", locale)
        kwargs = private_kwargs(update.private[person.user_id]) if (
            person.user_id in update.private) else {"attachments": []}
        kwargs["content"] = content[:2000]
        await interaction.edit_original_response(view=view, **kwargs)

    async def show_menu(self, interaction: discord.Interaction, session_id: int | None) -> None:
        """The caller's legal moves as an ephemeral menu (with their hand)."""
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        person = person_of(interaction)
        try:
            row, choices = await self.service.choices(channel_of(interaction), person,
                                                      session_id=session_id, locale=locale)
            note = await self.service.hand(channel_of(interaction), person, locale=locale)
        except LocalizedError as error:
            await interaction.followup.send("⚠️ " + refusal(error, locale), ephemeral=True)
            return
        if not choices:
            status = await self.service.status(channel_of(interaction), image=False)
            text = t("platform.discord.not_your_turn", locale) + "\n" + \
                status.text.rsplit("\n", 1)[-1]
            await interaction.followup.send(text, ephemeral=True)
            return
        kwargs = private_kwargs(note)
        files = kwargs.pop("attachments", [])
        view = components.move_menu(row.id, row.version, choices, locale)
        add_plans_entry(view, row.id, row.game, locale)  # issue 26 item 3
        await interaction.followup.send(
            t("platform.discord.menu", locale, count=len(choices)), files=files,
            view=view, ephemeral=True)

    async def show_submenu(self, interaction: discord.Interaction, session_id: int,
                           version: int, path: tuple[str, ...]) -> None:
        """A kind of move chosen in a menu: the same message now shows that kind's moves
        (or its finer groups). A menu made for an older position is refused."""
        locale = locale_of(interaction)
        try:
            row, choices = await self.service.choices(
                channel_of(interaction), person_of(interaction), session_id=session_id,
                locale=locale)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        if row.version != version:
            await refuse(interaction, LocalizedError("platform.service.stale"))
            return
        if not choices:
            await refuse(interaction, LocalizedError("platform.discord.not_your_turn"))
            return
        await interaction.response.edit_message(
            content=t("platform.menu.submenu", locale, kind=path[-1] if path else "…"),
            view=components.move_menu(row.id, row.version, choices, locale, path))

    async def show_hand(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            note = await self.service.hand(channel_of(interaction), person_of(interaction),
                                           locale=locale)
        except LocalizedError as error:
            await interaction.followup.send("⚠️ " + refusal(error, locale), ephemeral=True)
            return
        kwargs = private_kwargs(note)
        await interaction.followup.send(kwargs["content"], files=kwargs.get("attachments", []),
                                        ephemeral=True)

    # -- lobby --------------------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction, op: str,
                          session_id: int) -> None:
        row = await self.service.session_for_channel(channel_of(interaction))
        if row is None or row.id != session_id:
            await refuse(interaction, LocalizedError("platform.service.no_such_session"))
            return
        person = person_of(interaction)
        if op == "start":
            await self.deferred_public(
                interaction, lambda: self.service.start(channel_of(interaction), person),
                "platform.discord.started")
            return
        try:
            if op == "join":
                update = await self.service.join(channel_of(interaction), person)
            else:  # "bot" (a normal bot, as before levels), "bot-easy", "bot-expert"
                level = op.partition("-")[2] or DEFAULT_LEVEL
                update = await self.service.add_bot(channel_of(interaction), person, level)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        update = await self.days.names.shown(update, [person.name])
        kwargs = public_kwargs(update, locale_of(interaction))
        await interaction.response.edit_message(content=kwargs["content"],
                                                view=kwargs.get("view"))

    async def remove_click(self, interaction: discord.Interaction, session_id: int,
                           seat: int, seat_name: str) -> None:
        """The host picked a seat in the lobby's "Remove a seat…" menu."""
        row = await self.service.session_for_channel(channel_of(interaction))
        if row is None or row.id != session_id:
            await refuse(interaction, LocalizedError("platform.service.no_such_session"))
            return
        try:
            update = await self.service.remove_seat(channel_of(interaction),
                                                    person_of(interaction), seat,
                                                    expected_name=seat_name)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        update = await self.days.names.shown(update, [seat_name])
        kwargs = public_kwargs(update, locale_of(interaction))
        await interaction.response.edit_message(content=kwargs["content"],
                                                view=kwargs.get("view"))

    async def lobby_command(self, interaction: discord.Interaction, work) -> bool:  # type: ignore[no-untyped-def]
        """Lobby commands are quick (no image): answer directly, publicly; whether the
        command did its work."""
        try:
            update = await work()
        except LocalizedError as error:
            await refuse(interaction, error)
            return False
        update = await self.days.names.shown(update, [person_of(interaction).name])
        await interaction.response.send_message(**public_kwargs(update, locale_of(interaction)))
        return True

    async def warn_missing_permissions(self, interaction: discord.Interaction) -> None:
        """Tell the host, privately, which permissions the bot lacks in this channel for
        a game to run well (issue 30 item 4): what the bot posts by itself waits, and
        board images cannot be attached (see :mod:`.delivery`). In a group DM the lobby
        says instead what does not work there (issue 27 item 4)."""
        if interaction.guild_id is None:
            if in_private_channel(interaction):
                await interaction.followup.send(t("board_post.private_channel",
                                                  locale_of(interaction)))
            return
        locale = locale_of(interaction)
        lacking = [name for name in GAME_PERMISSIONS
                   if not getattr(interaction.app_permissions, name)]
        if not lacking:
            return
        names = ", ".join(t("platform.permission.quoted", locale,
                            name=t(f"platform.permission.{name}", locale)) for name in lacking)
        try:
            await interaction.followup.send(
                t("platform.discord.missing_permissions", locale, permissions=names),
                ephemeral=True)
        except discord.HTTPException as error:
            log.warning("could not warn about missing permissions: %s", error)

    # -- rules ------------------------------------------------------------------------------
    async def rules_click(self, interaction: discord.Interaction, session_id: int) -> None:
        """The turn post's "Rules" button: that game's rules, as ``/rules`` gives them."""
        row = await self.service.storage.get(session_id)
        if row is None:
            await refuse(interaction, LocalizedError("platform.service.no_game"))
            return
        await self.show_rules(interaction, row.game, "")

    async def show_rules(self, interaction: discord.Interaction, game: str, topic: str) -> None:
        """``/rules game topic`` (and ``/maps``): the topic's text, in the settings of this
        channel's game if it is that game, with the topic's picture if it has one (drawn
        once, so the answer is deferred only the first time it takes a moment)."""
        locale = locale_of(interaction)
        try:
            ruleset = get_ruleset(game)
        except LocalizedError as error:
            await refuse(interaction, error)
            return
        # Topics are shown by their titles in the reader's language, found by either.
        titles = ", ".join(ruleset.rules_topic_title(name, locale)
                           for name in ruleset.rules_topics())
        chosen = ruleset.find_rules_topic(topic, locale)
        if chosen is None:
            await refuse(interaction, LocalizedError(
                "platform.discord.no_topic", topic=topic, topics=titles))
            return
        row = await self.service.session_for_channel(channel_of(interaction))
        options = game_options(row.options) if row is not None and row.game == ruleset.id \
            else None  # the settings of this channel's game, else the defaults
        text = f"**{ruleset.display_name(locale)}** — " \
            f"{ruleset.rules_topic_title(chosen, locale)}\n" + ruleset.rules_text(
                chosen, options, locale)
        text += "\n" + t("platform.discord.topics", locale, topics=titles)
        if chosen not in renderers.rules_image_topics(ruleset.id):
            await interaction.response.send_message(text[:CONTENT_LIMIT], ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.service.rules_image(ruleset.id, chosen, locale)
        files = [discord.File(io.BytesIO(image), filename=f"{chosen}.png",
                              description=describe_rules_image(ruleset.id, chosen, locale)
                              or None)] if image else []
        await interaction.followup.send(content=text[:CONTENT_LIMIT], files=files,
                                        ephemeral=True, wait=True)

    # -- unknown components -------------------------------------------------------------
    async def unknown_component(self, interaction: discord.Interaction) -> None:
        await refuse(interaction, LocalizedError("platform.discord.unknown_component"))


#: What the bot needs in a game's channel to post by itself and show the boards.
GAME_PERMISSIONS = ("send_messages", "attach_files")


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=r.display_name()[:100], value=r.id) for r in all_rulesets()]


def build_commands(front: Front) -> list[app_commands.Command | app_commands.Group]:  # type: ignore[type-arg]
    """The application commands, bound to ``front``."""
    components.HANDLERS["submenu"] = front.show_submenu  # a kind chosen in a move menu
    components.HANDLERS["rules"] = front.rules_click  # the turn post's "Rules"
    game = app_commands.Group(name="game", description=described("platform.cmd.game"))

    @game.command(name="new", description=described("platform.cmd.new"))
    @app_commands.describe(game=described("platform.cmd.new_game"),
                           options=described("platform.cmd.new_options"),
                           thread=described("platform.cmd.days.new_thread"))
    @app_commands.choices(game=_game_choices())
    async def game_new(interaction: discord.Interaction, game: str, options: str = "",
                       thread: bool = False) -> None:
        # issue 14/15: the server's language for good, and its default clock
        defaults = await front.days.lobby_defaults(interaction)
        if thread:  # issue 15: the game in a thread of its own
            await front.days.new_game_in_thread(interaction, game, options, defaults)
            return
        if await front.lobby_command(interaction, lambda: front.service.new_game(
                channel_of(interaction), person_of(interaction), game, options,
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                locale=defaults.locale, default_clock=defaults.clock)):
            await front.warn_missing_permissions(interaction)

    @game_new.autocomplete("options")
    @guarded_autocomplete
    async def game_new_options(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None) or "hagoth"
        try:
            ruleset = get_ruleset(str(game_id))
            given = parse_option_text(current.rsplit(" ", 1)[0]) if " " in current else {}
        except LocalizedError:
            return []
        head = " ".join(f"{k}={v}" for k, v in given.items())
        locale = locale_of(interaction)  # the option descriptions in the user's language
        out = []
        for option, value, label in option_entries(ruleset, given, current.rsplit(" ", 1)[-1],
                                                   locale_of(interaction)):
            text = (head + " " if head else "") + f"{option}={value}"
            out.append(app_commands.Choice(name=f"{text} — {label}"[:100], value=text[:100]))
        partial = current.rsplit(" ", 1)[-1].strip().lower()
        if CLOCK_OPTION not in given and (CLOCK_OPTION.startswith(partial.split("=")[0])
                                          or partial.startswith(CLOCK_OPTION)):
            # The platform's turn clock, for every game; keep room for it in the list.
            clocks = []
            for value in CLOCKS:
                if partial and not f"{CLOCK_OPTION}={value}".startswith(partial) and \
                        "=" in partial:
                    continue
                text = (head + " " if head else "") + f"{CLOCK_OPTION}={value}"
                label = f"{text} — {t('platform.clock.label', locale)}"
                clocks.append(app_commands.Choice(name=label[:100], value=text[:100]))
            out = out[:MAX_AUTOCOMPLETE - len(clocks)] + clocks
        if HINTS.name not in given and f"{HINTS.name}=yes".startswith(partial):
            # issue 16: /hint, for every game (offered while what is typed fits it)
            text = (head + " " if head else "") + f"{HINTS.name}=yes"
            label = f"{text} — {t(HINTS.label_key, locale)}"
            out = [*out[:MAX_AUTOCOMPLETE - 1],
                   app_commands.Choice(name=label[:100], value=text[:100])]
        return out[:MAX_AUTOCOMPLETE]

    @game.command(name="join", description=described("platform.cmd.join"))
    async def game_join(interaction: discord.Interaction) -> None:
        await front.lobby_command(interaction, lambda: front.service.join(
            channel_of(interaction), person_of(interaction)))

    @game.command(name="leave", description=described("platform.cmd.leave"))
    async def game_leave(interaction: discord.Interaction) -> None:
        await front.deferred_public(interaction, lambda: front.service.leave(
            channel_of(interaction), person_of(interaction)), "platform.discord.left")

    @game.command(name="addbot", description=described("platform.cmd.addbot"))
    @app_commands.describe(level=described("platform.cmd.addbot_level"))
    @app_commands.choices(level=[
        app_commands.Choice(name=described(f"platform.bot_level.{level}"), value=level)
        for level in LEVELS])
    async def game_addbot(interaction: discord.Interaction,
                          level: str = DEFAULT_LEVEL) -> None:
        """Issue 28 item 1: ``level:`` easy, normal (the default) or expert."""
        await front.lobby_command(interaction, lambda: front.service.add_bot(
            channel_of(interaction), person_of(interaction), level))

    @game.command(name="remove", description=described("platform.cmd.remove"))
    @app_commands.describe(seat=described("platform.cmd.remove_seat"))
    async def game_remove(interaction: discord.Interaction,
                          seat: app_commands.Range[int, 1, 8]) -> None:
        await front.lobby_command(interaction, lambda: front.service.remove_seat(
            channel_of(interaction), person_of(interaction), seat - 1))

    @game_remove.autocomplete("seat")
    async def game_remove_seat(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[int]]:
        try:  # (an int option: guarded_autocomplete's "?" choice would not fit it)
            row = await front.service.session_for_channel(channel_of(interaction))
        except Exception:
            log.exception("seat autocomplete in channel %s failed", interaction.channel_id)
            return []
        if row is None or row.status != "lobby":
            return []
        return [app_commands.Choice(name=f"{s.seat + 1}. {s.name}"[:100], value=s.seat + 1)
                for s in row.seats if s.user_id != row.host_id
                and current.strip().lower() in f"{s.seat + 1} {s.name}".lower()
                ][:MAX_AUTOCOMPLETE]

    @game.command(name="start", description=described("platform.cmd.start"))
    async def game_start(interaction: discord.Interaction) -> None:
        await front.deferred_public(interaction, lambda: front.service.start(
            channel_of(interaction), person_of(interaction)), "platform.discord.started")

    @game.command(name="status", description=described("platform.cmd.status"))
    @app_commands.describe(text=described("describe.cmd_text"))
    async def game_status(interaction: discord.Interaction, text: bool = False) -> None:
        if text:  # issue 27 item 3: the whole position in words, for the asker
            await post_position_text(front.service, interaction)
            return
        await front.deferred_public(interaction, lambda: front.service.status(
            channel_of(interaction)), "platform.discord.shown")

    @game.command(name="abandon", description=described("platform.cmd.abandon"))
    async def game_abandon(interaction: discord.Interaction) -> None:
        await front.deferred_public(interaction, lambda: front.service.abandon(
            channel_of(interaction), person_of(interaction), can_manage=can_manage(interaction)),
            "platform.discord.abandoned")

    @app_commands.command(name="hand", description=described("platform.cmd.hand"))
    async def hand(interaction: discord.Interaction) -> None:
        await front.show_hand(interaction)

    @app_commands.command(name="move", description=described("platform.cmd.move"))
    @app_commands.describe(move=described("platform.cmd.move_move"))
    async def move(interaction: discord.Interaction, move: str) -> None:
        await front.play(interaction, move)

    @move.autocomplete("move")
    @guarded_autocomplete
    async def move_autocomplete(interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        locale = locale_of(interaction)
        try:
            _, choices = await front.service.choices(channel_of(interaction),
                                                     person_of(interaction), recheck=False,
                                                     locale=locale)
        except LocalizedError as error:
            return [app_commands.Choice(name=error.message(locale)[:100], value="?")]
        if not choices:
            return [app_commands.Choice(name=t("platform.discord.not_your_turn", locale)[:100],
                                        value="?")]
        picked = components.filtered(choices, current)
        return [app_commands.Choice(name=c.label[:100], value=c.notation[:100])
                for c in picked[:MAX_AUTOCOMPLETE]]

    @app_commands.command(name="rules", description=described("platform.cmd.rules"))
    @app_commands.describe(game=described("platform.cmd.rules_game"),
                           topic=described("platform.cmd.rules_topic"))
    @app_commands.choices(game=_game_choices())
    async def rules(interaction: discord.Interaction, game: str, topic: str = "") -> None:
        await front.show_rules(interaction, game, topic)

    @rules.autocomplete("topic")
    @guarded_autocomplete
    async def rules_topic(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        try:
            ruleset = get_ruleset(str(getattr(interaction.namespace, "game", "") or "hagoth"))
        except LocalizedError:
            return []
        locale = locale_of(interaction)
        typed = current.casefold()
        choices = [(ruleset.rules_topic_title(topic, locale), topic)
                   for topic in ruleset.rules_topics()]
        return [app_commands.Choice(name=title, value=topic) for title, topic in choices
                if typed in title.casefold() or typed in topic][:MAX_AUTOCOMPLETE]

    @app_commands.command(name="maps", description=described("platform.cmd.maps"))
    async def maps(interaction: discord.Interaction) -> None:
        await front.show_rules(interaction, "hexfolk", "maps")

    @app_commands.command(name="help", description=described("platform.cmd.help"))
    async def help_command(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(locale_of(interaction))[:2000],
                                                ephemeral=True)

    return [game, hand, move, rules, maps, help_command,
            *history_commands.build_history_commands(front, game)]


def help_text(locale: str) -> str:
    """``/help``: what Tidebound is, its games, how to start, where the rules are."""
    games = "\n".join(
        t("platform.help.game", locale, name=r.display_name(locale), id=r.id,
          min=r.min_players, max=r.max_players) for r in all_rulesets())
    return t("platform.help.text", locale, games=games)
