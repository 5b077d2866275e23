"""Turns of a game in play: a player's move, the moves played for people (forced
moves), the bots' replies, and the account of what happened.

A move is applied through the game's :class:`~games.protocol.Ruleset`, bots reply, and
everything is committed (:meth:`~bot.sessions.Sessions.commit`) *before* the update is
built: whatever fails after the commit must not hide the move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import replace

from games import IllegalAction, MoveChoice, Result
from games.bot_levels import EXPERT, level_action
from games.protocol import Event

from . import clocks, stats
from .heads_up import HeadsUp, heads_up_seat
from .plans import PlanRunner, Standing
from .requests import Person, ServiceError
from .sessions import Cached, Loaded, Sessions, bot_seats, human_seats, humans_in, names
from .storage import ACTIVE, FINISHED, SessionRow
from .turn_clock import TurnClock
from .updates import Update, Updates, plain_account, with_names

#: A bot chain longer than this is a bug in a bot, not a game: stop and say so.
MAX_BOT_ACTIONS = 5000

logger = logging.getLogger("tidebound.service")


class Turns:
    """Moves in ``sessions``' games, told by ``updates``, timed by ``clock``."""

    def __init__(self, sessions: Sessions, updates: Updates, clock: TurnClock) -> None:
        self.sessions = sessions
        self.updates = updates
        self.clock = clock
        self.plans = PlanRunner(sessions.storage)

    async def choices(
        self, channel_id: str, person: Person, *, session_id: int | None = None,
        recheck: bool = True, locale: str | None = None, optional: bool = True,
    ) -> tuple[SessionRow, list[MoveChoice]]:
        """The legal moves of ``person`` now (empty when it is not their turn). A seat
        that may make an optional move (:meth:`Ruleset.optional_actors`: a Haze special
        action on another player's turn) gets those moves unless ``optional`` is off
        (the console asks whose turn it is).

        Cheap enough for autocomplete on every keystroke: one small read checks that the
        cached state is current, and the moves are built once per version, seat and
        locale. ``recheck=False`` (autocomplete) answers from the cache without that
        read when this process holds the game: only another process writing the same
        database could have moved it, and the move itself is checked against the
        database anyway. The row returned carries no state text."""
        row = (None if recheck or session_id is not None
               else self.sessions.cached_open(channel_id))
        if row is None:
            row = await self.sessions.active_for(channel_id, session_id)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self.sessions.load(row)
        row = loaded.row
        ruleset, state = loaded.ruleset, loaded.state
        if seat not in ruleset.actors(state) and not (
                optional and seat in ruleset.optional_actors(state)):
            return replace(row, state=None), []
        cached = self.sessions.choices_cache(loaded)
        key = (seat, locale or row.locale)  # the reader's language (issue 14)
        choices = cached.get(key)
        if choices is None:
            choices = loaded.ruleset.choices(loaded.state, seat, names(row), key[1])
            cached[key] = choices
        return replace(row, state=None, seats=list(row.seats)), list(choices)

    async def actors_of(self, session_id: int) -> list[int]:
        """The seats deciding now in a game in play (``/mygames``: whose turn)."""
        row = await self.sessions.by_id(session_id)
        if row.status != ACTIVE:
            return []
        loaded = self.sessions.load(row)
        return sorted(loaded.ruleset.actors(loaded.state))

    async def move(
        self, channel_id: str, person: Person, notation: str, *,
        session_id: int | None = None, version: int | None = None,
        locale: str | None = None,
    ) -> Update:
        """Apply ``person``'s move (in notation). ``version``, when given, must be the
        session's current version: a click on an out-of-date board is refused. The hand
        sent back to ``person`` is in ``locale`` (the reader's own; the game's by default)."""
        row = await self.sessions.active_for(channel_id, session_id)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        return await self.act(row.id, seat, notation, version=version,
                              checked=self.sessions.peek(row.id), private_locale=locale)

    async def act(self, session_id: int, seat: int, notation: str, *,
                  version: int | None = None, checked: Cached | None = None,
                  private_locale: str | None = None) -> Update:
        """Apply a move for ``seat``, then let bots move. ``checked`` is the cache entry
        the caller has just found current in the database: if no move replaced it
        meanwhile, it is not read again."""
        async with self.sessions.lock(session_id):
            entry = self.sessions.peek(session_id)
            if checked is not None and entry is checked:
                row = entry.row
            else:
                row = await self.sessions.by_id(session_id)
            if row.status != ACTIVE:
                raise ServiceError("platform.service.over")
            if version is not None and version != row.version:
                logger.info("session %s: a move offered at version %s came after version "
                            "%s and was refused", session_id, version, row.version)
                raise ServiceError("platform.service.stale")
            loaded = self.sessions.load(row)
            ruleset, state = loaded.ruleset, loaded.state
            if seat not in ruleset.actors(state) and seat not in ruleset.optional_actors(state):
                current = ", ".join(sorted(
                    row.seats[s].name for s in ruleset.actors(state) if s < len(row.seats)))
                raise ServiceError("platform.illegal.not_your_turn", current_seat=current)
            # Who acts and which turn it is *before* the move decide whom to ping after it.
            before = (ruleset.actors(state), ruleset.turn_marker(state))
            entry = self.sessions.peek(session_id)
            try:
                action = ruleset.read_action(state, seat, notation, names(row))
                logged = ruleset.notate_action(state, action)  # before the move: its board
                self.sessions.checkout(loaded)
                events = ruleset.apply(state, seat, action)  # raises before any change
            except IllegalAction as refusal:
                if entry is not None and entry.state is state:  # unchanged: cache it again
                    self.sessions.put_back(session_id, entry)
                raise ServiceError(refusal.key, **with_names(refusal.params, row)) from None
            log = [(seat, logged)]
            private_for = humans_in(row, {seat})
            return await self.advance(loaded, log, events, private_for=private_for,
                                      before=before, private_locale=private_locale)

    async def run_bots(self, session_id: int) -> Update | None:
        """Let bot seats move if they are due (after a restart, or a seat taken over)."""
        async with self.sessions.lock(session_id):
            row = await self.sessions.by_id(session_id)
            if row.status != ACTIVE:
                return None
            loaded = self.sessions.load(row)
            ruleset, state = loaded.ruleset, loaded.state
            if not bot_seats(row) & set(ruleset.actors(state)) and not any(
                    ruleset.forced_action(state, s) is not None for s in ruleset.actors(state)):
                if row.bots_due:  # marked by a seat taken over, or an old database
                    await self.sessions.storage.clear_bots_due(row.id,
                                                               expected_version=row.version)
                    row.bots_due = False
                return None
            return await self.advance(loaded, [], [])

    async def run_plans(self, session_id: int) -> tuple[Update | None, dict[str, str]]:
        """Let the plans of a game act now (one was just set): the update when one played
        a move, and the notes for the owners of plans that ended without a move."""
        async with self.sessions.lock(session_id):
            row = await self.sessions.by_id(session_id)
            if row.status != ACTIVE:
                return None, {}
            loaded = self.sessions.load(row)
            standing = await self.plans.load(loaded)
            if not standing:
                return None, {}
            ruleset = loaded.ruleset  # asked on a copy: the cached state stays as stored
            copy = Loaded(row, ruleset, ruleset.load(ruleset.dump(loaded.state)))
            probe = [Standing(s.row, s.plan) for s in standing]
            if self.plans.step(copy, probe, [], []):
                return await self.advance(loaded, [], [], standing=standing), {}
            for s, p in zip(standing, probe, strict=True):
                s.ended = p.ended
            return None, await self.plans.settle(loaded, standing, over=False)

    async def advance(
        self, loaded: Loaded, log: list[tuple[int, str]], events: list[Event], *,
        headline: str = "", force_ping: bool = False, private_for: Sequence[str] = (),
        before: tuple[frozenset[int], Hashable] | None = None,
        restart: Iterable[int] = (), now: float | None = None,
        private_locale: str | None = None, standing: list[Standing] | None = None,
    ) -> Update:
        """Let bots play, commit everything, and build the update. Caller holds the lock.

        ``before`` is (actors, turn marker) from before a player's move in ``log``. Each
        seat's turn clock is planned by :func:`bot.clocks.plan` (``restart``: seats whose
        time just ran out get a full clock if they still decide)."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        now = self.clock.now() if now is None else now
        before_actors, marker = before or (frozenset(), ruleset.turn_marker(state))
        bots = bot_seats(row)
        if standing is None:
            standing = await self.plans.load(loaded)
        levels = {seat.seat: seat.bot_level for seat in row.seats if seat.is_bot}
        steps = 0
        stamp = time.time()
        self.sessions.checkout(loaded)
        try:
            while ruleset.result(state) is None and steps <= MAX_BOT_ACTIONS:
                steps += 1
                if self.play_forced(loaded, bots, log, events):
                    continue
                if standing and self.plans.step(loaded, standing, log, events):
                    continue
                due = bot_move_order(bots & ruleset.actors(state), log)
                if not due:
                    break
                for bot_seat in due:
                    if bot_seat not in ruleset.actors(state):
                        continue  # an earlier bot's move ended this one's decision
                    level = levels[bot_seat]
                    if level == EXPERT:  # a search of up to a second: off the event loop
                        action = await asyncio.to_thread(level_action, ruleset, state,
                                                         bot_seat, level)
                    else:
                        action = level_action(ruleset, state, bot_seat, level)
                    logged = ruleset.notate_action(state, action)
                    # a bot's move is one of its legal moves: no second check
                    events.extend(ruleset.apply_trusted(state, bot_seat, action))
                    log.append((bot_seat, logged))
                await asyncio.sleep(0)  # let other requests in between bot moves
            result = ruleset.result(state)
            status = FINISHED if result is not None else ACTIVE
            actors = ruleset.actors(state)
            if result is not None:
                asked: set[int] = set()
            elif force_ping or ruleset.turn_marker(state) != marker or not log:
                asked = set(actors)
            else:
                asked = set(actors) - set(before_actors)
            book, reminders = await self.clock.plan(loaded, result is not None,
                                                    restart=set(restart), now=now)
            mover = log[0][0] if private_for and log else None  # a human's own move
            pinged = clocks.pings(book, asked & human_seats(row), mover)
            mentions = humans_in(row, set(pinged))
            deadline = None if book is None else book.earliest()
            booked = None if book is None else book.dumps()
            bots_due = result is None and bool(bots & actors)
            stored = await self.sessions.commit(
                loaded, log, status=status, deadline=deadline, bots_due=bots_due, now=stamp,
                clocks=booked, reminders=reminders)
        except BaseException:
            # The cached state was changed in place but not stored: forget it.
            self.sessions.forget(row.id)
            raise
        if not stored:
            # Another request, or another process on the same database, stored a move
            # from this version first: the versioned commit refused this one (issue 17).
            # An expected refusal, not an error: no traceback (issue 24 item 18).
            self.sessions.forget(row.id)
            logger.info("session %s: a move from version %s lost the race to another "
                        "commit and was refused", row.id, row.version)
            raise ServiceError("platform.service.changed_meanwhile")
        if log:
            row.version += len(log)
            row.status, row.updated_at, row.bots_due = status, stamp, bots_due
        self.sessions.remember(row, state)
        row.clocks = booked
        if deadline != row.deadline:
            row.deadline = deadline
            if deadline is not None:
                self.clock.deadline_changed.set()

        # Everything is stored now: whatever fails from here on must not hide the move.
        if result is not None:
            await self.record_result(row, result)
        notes = await self.settle_plans(loaded, standing, result is not None)
        try:
            update = await self.updates.committed(loaded, events, headline, mentions,
                                                  private_for, over=result is not None,
                                                  private_locale=private_locale)
        except Exception:
            logger.exception("session %s: %s saved, but its update could not be built",
                             row.id, log)
            update = Update(row.id, row.version, row.status, plain_account(row, log),
                            mentions=mentions, game=row.game, locale=row.locale,
                            deadline=row.deadline, drawn=False)
        update.plan_notes = notes
        try:
            update.heads_up = await self.heads_up(row, actors, pinged, mover,
                                                  loaded.ruleset.next_actor(state))
        except Exception:  # a courtesy: never in the way of the move's update
            logger.exception("session %s: the heads-up could not be chosen", row.id)
        return update

    async def settle_plans(self, loaded: Loaded, standing: list[Standing], over: bool
                           ) -> dict[str, str]:
        """Remove the plans that ended (a failure is logged: the move is stored)."""
        try:
            return await self.plans.settle(loaded, standing, over)
        except Exception:
            logger.exception("session %s: its ended plans could not be removed",
                             loaded.row.id)
            return {}

    async def heads_up(self, row: SessionRow, actors: Collection[int], pinged: Collection[int],
                       mover: int | None, after: int | None) -> tuple[HeadsUp, ...]:
        """The "You're next" DM this update carries (:mod:`bot.heads_up`), if the player
        the game names as next (``after``) switched it on."""
        policy = self.clock.policy
        humans = {s.seat: s for s in row.seats if not s.is_bot and s.user_id}
        seat = heads_up_seat(actors, pinged, after, humans.keys(), mover)
        if seat is None or policy is None:
            return ()
        user_id = humans[seat].user_id
        if user_id is None or not await policy.heads_up(user_id):
            return ()
        (actor,) = actors
        return (HeadsUp(user_id, row.seats[actor].name),)

    def play_forced(self, loaded: Loaded, bots: set[int], log: list[tuple[int, str]],
                    events: list[Event]) -> bool:
        """Play one human seat's forced move (issue 9, item 5: "play it for them and say so
        in the account, instead of asking"); whether there was one."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        for seat in sorted(ruleset.actors(state) - bots):
            action = ruleset.forced_action(state, seat)
            if action is None:
                continue
            label = ruleset.describe_public(state, seat, action, names(row), row.locale)
            logged = ruleset.notate_action(state, action)
            applied = ruleset.apply(state, seat, action)
            events.append(Event("platform.game.forced", seat, {"move": label}))
            events.extend(applied)
            log.append((seat, logged))
            return True
        return False

    async def record_result(self, row: SessionRow, result: Result) -> None:
        """Count a game that has just finished in the server's stats and ratings (a
        failure is logged: it must not hide the final move)."""
        try:
            await stats.record_finished(self.sessions.storage, row, result)
        except Exception:
            logger.exception("session %s: its result could not be recorded", row.id)


def bot_move_order(due: Iterable[int], log: Sequence[tuple[int, str]]) -> list[int]:
    """The order in which the due bots move in one step: the bots that moved least
    recently in ``log`` (this update's moves) first, seat order among equals. So bots
    answering a trade offer answer before the bot that made it closes it."""
    last = {seat: i for i, (seat, _) in enumerate(log)}
    return sorted(due, key=lambda seat: (last.get(seat, -1), seat))


__all__ = ["MAX_BOT_ACTIONS", "Turns", "bot_move_order"]
