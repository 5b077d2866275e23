"""The lobby and its seats: a new game, joining, bots, removing a seat, leaving (a bot
takes over a seat in play), starting and abandoning a game.

A lobby's edits hold the channel's lock and are stored only if nobody changed the lobby
since it was read (another process during a redeploy)."""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import replace

from games import get_ruleset
from games.bot_levels import DEFAULT_LEVEL, LEVELS
from games.options import HINTS, parse_option_text
from games.protocol import Event
from i18n import Term, t

from . import rematch
from .requests import Person, ServiceError
from .session_options import CLOCK_OPTION, game_options, split_clock
from .sessions import IN_CACHE, Sessions, bot_seats
from .storage import ABANDONED, ACTIVE, LOBBY, ChannelBusy, SeatRow, SessionRow
from .turns import Turns
from .updates import Update, Updates


def bot_name(locale: str, number: int, level: str) -> str:
    """A bot seat's name: "Bot 2", or with its level when it is not normal ("Bot 2
    (expert)"), so the board and the lobby show how strong it plays."""
    if level == DEFAULT_LEVEL:
        return t("platform.lobby.bot_name", locale, number=number)
    return t("platform.lobby.bot_name_level", locale, number=number,
             level=t(f"platform.bot_level.{level}", locale))


class Lobby:
    """Lobbies and seats of ``sessions``' games; a game starts through ``turns``."""

    def __init__(self, sessions: Sessions, updates: Updates, turns: Turns) -> None:
        self.sessions = sessions
        self.updates = updates
        self.turns = turns

    async def new_game(
        self, channel_id: str, host: Person, game: str, options_text: str = "", *,
        guild_id: str | None = None, locale: str = "en", default_clock: str = "off",
    ) -> Update:
        """Open a lobby for ``game`` in ``channel_id`` with ``host`` in the first seat.
        ``locale`` is the language of its public posts for good; ``default_clock`` the
        clock when the options do not set one (the server's ``/settings clock``)."""
        ruleset = get_ruleset(game)
        # The clock is the platform's: take it out before the ruleset checks its options.
        given_all = parse_option_text(options_text or "")
        hints = HINTS.coerce(given_all[HINTS.name]) if HINTS.name in given_all else False
        clock, given = split_clock(given_all, default_clock)
        options = ruleset.lobby_options(given)
        if clock != "off":
            options[CLOCK_OPTION] = clock
        if hints:
            options[HINTS.name] = True
        async with self.sessions.channel_lock(channel_id):
            try:
                row = await self.sessions.storage.create_session(
                    channel_id=channel_id, guild_id=guild_id, game=ruleset.id, options=options,
                    host=SeatRow(0, host.name, host.user_id), locale=locale)
            except ChannelBusy:
                existing = await self.sessions.storage.open_session(channel_id)
                name = (self.sessions.ruleset(existing).display_name(locale)
                        if existing else "?")
                raise ServiceError("platform.service.channel_busy", game=name) from None
        return self.updates.lobby_update(row, t("platform.lobby.opened", row.locale,
                                                host=host.name, game=Term(ruleset.name_key)))

    async def _store(self, row: SessionRow, *, seats: list[SeatRow],
                     host_id: str | None = None) -> None:
        """Store the lobby's new seats, only if nobody changed it since ``row`` was read
        (another process during a redeploy; this one's edits hold the channel's lock)."""
        if not await self.sessions.storage.set_lobby(row.id, seats=seats, host_id=host_id,
                                                     expected_updated_at=row.updated_at):
            raise ServiceError("platform.service.changed_meanwhile")

    async def _lobby(self, channel_id: str) -> SessionRow:
        row = await self.sessions.open(channel_id)
        if row.status != LOBBY:
            raise ServiceError("platform.service.already_started")
        return row

    async def join(self, channel_id: str, person: Person) -> Update:
        async with self.sessions.channel_lock(channel_id):
            row = await self._lobby(channel_id)
            ruleset = self.sessions.ruleset(row)
            seat = row.seat_of(person.user_id)
            if seat is not None and not row.seats[seat].confirmed:  # a rematch's seat
                row.seats[seat] = replace(row.seats[seat], name=person.name, confirmed=True)
                await self._store(row, seats=row.seats)
                return self.updates.lobby_update(row, t("history.rematch.confirmed",
                                                        row.locale, name=person.name))
            if seat is not None:
                raise ServiceError("platform.service.already_seated")
            if len(row.seats) >= ruleset.max_players:
                raise ServiceError("platform.service.full", max=ruleset.max_players)
            ruleset.check_join(len(row.seats) + 1, game_options(row.options))
            row.seats.append(SeatRow(len(row.seats), person.name, person.user_id))
            await self._store(row, seats=row.seats)
        return self.updates.lobby_update(row, t("platform.lobby.joined", row.locale,
                                                name=person.name))

    async def add_bot(self, channel_id: str, person: Person, level: str = DEFAULT_LEVEL
                      ) -> Update:
        """Seat a bot of ``level`` (issue 28 item 1: easy, normal or expert); its name says
        its level ("Bot 1 (expert)"), so the lobby and the board show it; a normal bot,
        today's bot, keeps its plain name ("Bot 1")."""
        if level not in LEVELS:
            raise ServiceError("platform.service.bad_level", level=level,
                               levels=", ".join(LEVELS))
        async with self.sessions.channel_lock(channel_id):
            row = await self._lobby(channel_id)
            ruleset = self.sessions.ruleset(row)
            if row.seat_of(person.user_id) is None:
                raise ServiceError("platform.service.not_seated")
            if len(row.seats) >= ruleset.max_players:
                raise ServiceError("platform.service.full", max=ruleset.max_players)
            ruleset.check_join(len(row.seats) + 1, game_options(row.options))
            number = sum(1 for s in row.seats if s.is_bot) + 1
            name = bot_name(row.locale, number, level)
            row.seats.append(SeatRow(len(row.seats), name, None, is_bot=True,
                                     bot_level=level))
            await self._store(row, seats=row.seats)
        return self.updates.lobby_update(row, t("platform.lobby.bot_added", row.locale,
                                                name=name))

    async def remove_seat(self, channel_id: str, person: Person, seat: int, *,
                          expected_name: str | None = None) -> Update:
        """The host removes a bot or a player from the lobby (``seat`` is 0-based).

        ``expected_name``, when given, must be the seat's name now: a click on an old
        lobby message whose seats have moved since is refused, not applied to another."""
        async with self.sessions.channel_lock(channel_id):
            row = await self._lobby(channel_id)
            if person.user_id != row.host_id:
                raise ServiceError("platform.service.remove_host_only")
            if not 0 <= seat < len(row.seats) or (
                    expected_name is not None and row.seats[seat].name != expected_name):
                raise ServiceError("platform.service.no_such_seat", seat=seat + 1,
                                   count=len(row.seats))
            removed = row.seats[seat]
            if removed.user_id == row.host_id:
                raise ServiceError("platform.service.remove_self")
            seats = [s for s in row.seats if s.seat != seat]
            for index, s in enumerate(seats):
                s.seat = index
            await self._store(row, seats=seats)
            row.seats = seats
        return self.updates.lobby_update(row, t("platform.lobby.removed", row.locale,
                                                name=removed.name, host=person.name))

    async def leave(self, channel_id: str, person: Person) -> Update:
        """Leave a lobby; in a game in play, a bot takes over the seat."""
        async with self.sessions.channel_lock(channel_id):
            row = await self.sessions.open(channel_id)
            seat = row.seat_of(person.user_id)
            if seat is None:
                raise ServiceError("platform.service.not_seated")
            if row.status == ACTIVE:
                self.sessions.load(row)  # a damaged game is refused before anything changes
                return await self.replace_with_bot(row, seat, person)
            seats = [s for s in row.seats if s.seat != seat]
            for index, s in enumerate(seats):
                s.seat = index
            humans = [s for s in seats if not s.is_bot]
            if not humans:
                await self.sessions.storage.set_status(row.id, ABANDONED, only_from=LOBBY)
                return Update(row.id, row.version, ABANDONED,
                              t("platform.lobby.closed_empty", row.locale, name=person.name),
                              game=row.game, locale=row.locale)
            host = row.host_id if row.host_id != person.user_id else humans[0].user_id
            await self._store(row, seats=seats, host_id=host)
            row.seats, row.host_id = seats, str(host)
        return self.updates.lobby_update(row, t("platform.lobby.left", row.locale,
                                                name=person.name))

    async def replace_with_bot(self, row: SessionRow, seat: int, person: Person, *,
                               remember: bool = True) -> Update:
        """A bot takes ``person``'s seat in a game in play (the caller holds the
        channel's lock) and plays if it is due."""
        # The bot's seat remembers who left it: they may take it back (bot/seats.py);
        # not someone the host removed (``remember=False``).
        replaced = SeatRow(seat, t("platform.lobby.bot_for", row.locale, name=person.name),
                           person.user_id if remember else None, is_bot=True)
        await self.sessions.storage.replace_seat(row.id, replaced)
        text = t("platform.lobby.left_game", row.locale, name=person.name)
        follow = await self.turns.run_bots(row.id)
        if follow is not None:
            follow.text = text + "\n" + follow.text
            return follow
        return Update(row.id, row.version, row.status, text, game=row.game, locale=row.locale)

    async def start(self, channel_id: str, person: Person, *, seed: int | None = None) -> Update:
        """The host starts the game: seats are fixed, the state is dealt, bots move."""
        storage = self.sessions.storage
        async with self.sessions.channel_lock(channel_id):
            row = await self._lobby(channel_id)
            if person.user_id != row.host_id:
                raise ServiceError("platform.service.host_only")
            ruleset = self.sessions.ruleset(row)
            if len(row.seats) < ruleset.min_players:
                raise ServiceError("platform.service.too_few", min=ruleset.min_players)
            if waiting := rematch.unconfirmed(row.seats):
                raise ServiceError("history.rematch.unconfirmed",
                                   players=", ".join(s.name for s in waiting))
            ruleset.check_seats(len(row.seats), game_options(row.options))
            seed = secrets.randbits(62) if seed is None else seed
            state = ruleset.setup(len(row.seats), game_options(row.options), seed)
            bots_due = bool(bot_seats(row) & ruleset.actors(state))
            stamp = time.time()
            stored = await storage.start(
                row.id, seed=seed, state=json.dumps(ruleset.dump(state)), seats=row.seats,
                bots_due=bots_due, now=stamp, expected_updated_at=row.updated_at)
            if not stored:  # another process started it, or changed its seats meanwhile
                now_row = await storage.get(row.id)
                raise ServiceError("platform.service.changed_meanwhile"
                                   if now_row is not None and now_row.status == LOBBY
                                   else "platform.service.already_started")
            row.status, row.version, row.seed = ACTIVE, 1, seed
            row.updated_at, row.bots_due, row.state = stamp, bots_due, IN_CACHE
        loaded = self.sessions.remember(row, state)
        headline = t("platform.game.started", row.locale, game=Term(ruleset.name_key))
        async with self.sessions.lock(row.id):
            return await self.turns.advance(loaded, [], [Event("platform.game.first_turn")],
                                            headline=headline, force_ping=True)

    async def abandon(self, channel_id: str, person: Person, *, can_manage: bool) -> Update:
        async with self.sessions.channel_lock(channel_id):
            row = await self.sessions.open(channel_id)
            if person.user_id != row.host_id and not can_manage:
                raise ServiceError("platform.service.abandon_denied")
            if not await self.sessions.storage.set_status(row.id, ABANDONED,
                                                          only_from=row.status):
                raise ServiceError("platform.service.stale")
            self.sessions.forget(row.id)
            self.updates.accounts.pop(row.id)
            self.sessions.damaged.pop(row.id, None)
            self.updates.release(row.id)
        return Update(row.id, row.version, ABANDONED,
                      t("platform.game.abandoned", row.locale, name=person.name), game=row.game,
                      locale=row.locale)


__all__ = ["Lobby"]
