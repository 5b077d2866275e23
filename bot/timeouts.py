"""Playing for a seat whose turn clock ran out: the game's
:meth:`~games.protocol.Ruleset.timeout_actions` become that seat's logged moves, bots
reply, and the update says whose time ran out and what was played. When each clock
runs out is :mod:`bot.turn_clock`'s job."""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence

from games.protocol import Event
from i18n import t

from .clocks import ClockBook
from .requests import ServiceError
from .sessions import Loaded, Sessions, bot_seats, names
from .storage import ACTIVE
from .turn_clock import TurnClock
from .turns import Turns
from .updates import Update

#: Moves played for one overdue seat at most, while it still holds the same turn.
MAX_TIMEOUT_STEPS = 50
#: How long a process's claim on an expired turn clock holds (seconds): its commit
#: releases it at once; a process killed meanwhile lets another take over after this.
CLOCK_CLAIM_SECONDS = 60.0

logger = logging.getLogger("tidebound.service")


class Timeouts:
    """Plays for the overdue seats of ``sessions``' games through ``turns``."""

    def __init__(self, sessions: Sessions, clock: TurnClock, turns: Turns) -> None:
        self.sessions = sessions
        self.clock = clock
        self.turns = turns

    async def expire_due(self, now: float | None = None) -> list[Update]:
        """Play for every human whose turn clock ran out by ``now`` (default: the time now).

        For each overdue human the ruleset's :meth:`~games.protocol.Ruleset.timeout_actions`
        are applied as that seat's logged moves, bots reply, and the update says whose time
        ran out and what was played. Deadlines live in the database, so they hold across
        restarts. Each expiry is first claimed in the database (one atomic update: of two
        processes, or two calls, one gets it), then handled under the session's lock and
        stored with a versioned commit, so a timeout is applied once. Only the sessions of
        this process's shards are looked at."""
        now = self.clock.now() if now is None else now
        storage = self.sessions.storage
        updates: list[Update] = []
        claimed = await storage.claim_due(now, lease=CLOCK_CLAIM_SECONDS,
                                          shards=self.sessions.shards)
        for session_id, _deadline in claimed:
            try:
                update = await self._expire(session_id, now)
            except ServiceError as error:
                if error.key in ("platform.service.stale", "platform.service.changed_meanwhile"):
                    # somebody else (another process) handled it first
                    logger.info("turn clock of session %s: played by another meanwhile",
                                session_id)
                    continue
                logger.warning("turn clock of session %s: %s; its clock is stopped",
                               session_id, error.message())
                await storage.set_deadline(session_id, None)
                continue
            except Exception:
                # A broken game must not stop the clock of the others, nor fire forever.
                logger.exception("turn clock of session %s failed; its clock is stopped",
                              session_id)
                self.sessions.forget(session_id)
                await storage.set_deadline(session_id, None)
                continue
            if update is not None:
                updates.append(update)
        return updates

    async def _expire(self, session_id: int, now: float) -> Update | None:
        storage = self.sessions.storage
        async with self.sessions.lock(session_id):
            row = await self.sessions.by_id(session_id)
            if row.status != ACTIVE or row.deadline is None or row.deadline > now:
                return None  # handled meanwhile (another call, a move, the end of the game)
            loaded = self.sessions.load(row)
            ruleset, state = loaded.ruleset, loaded.state
            players = names(row)
            bots = bot_seats(row)
            book = ClockBook.loads(row.clocks)
            humans_acting = {s for s in ruleset.actors(state)
                             if s not in bots and s < len(row.seats)}
            # Only the seats whose own clock ran out (a responder's time running out does
            # not end the turn owner's); a row without a book times everybody deciding.
            overdue = sorted(humans_acting if book is None
                             else humans_acting & set(book.overdue(now)))
            if not overdue or ruleset.result(state) is not None:
                if book is None or ruleset.result(state) is not None:
                    await storage.set_deadline(row.id, None, expected_version=row.version)
                    row.deadline = None
                else:  # the earliest deadline moved (a seat paused meanwhile): store it
                    await storage.set_clocks(row.id, row.clocks, book.earliest(),
                                             expected_version=row.version)
                    row.deadline = book.earliest()
                return None
            played: list[tuple[int, str]] = []
            events: list[Event] = []
            lines: list[str] = []
            self.sessions.checkout(loaded)
            try:
                for seat in overdue:
                    marker = ruleset.turn_marker(state)
                    labels = play_timeout(loaded, seat, marker, played, events, players)
                    if labels:
                        lines.append(t("platform.clock.expired", row.locale,
                                       player=players[seat], actions=", ".join(labels)))
            except BaseException:
                self.sessions.forget(row.id)
                raise
            return await self.turns.advance(loaded, played, events, headline="\n".join(lines),
                                            force_ping=True, restart=overdue, now=now)


def play_timeout(loaded: Loaded, seat: int, marker: Hashable,
                 played: list[tuple[int, str]], events: list[Event],
                 names: Sequence[str]) -> list[str]:
    """Apply ``seat``'s timeout actions until its turn is over; their labels."""
    ruleset, state, locale = loaded.ruleset, loaded.state, loaded.row.locale
    labels: list[str] = []

    def holds_turn() -> bool:
        return (ruleset.result(state) is None and seat in ruleset.actors(state)
                and ruleset.turn_marker(state) == marker)

    for _ in range(MAX_TIMEOUT_STEPS):
        if not holds_turn():
            break
        actions = ruleset.timeout_actions(state, seat)
        if not actions:
            break
        for action in actions:
            if not holds_turn():
                break
            labels.append(ruleset.describe_public(state, seat, action, names, locale))
            logged = ruleset.notate_action(state, action)
            events.extend(ruleset.apply(state, seat, action))
            played.append((seat, logged))
    return labels


__all__ = ["CLOCK_CLAIM_SECONDS", "MAX_TIMEOUT_STEPS", "Timeouts", "play_timeout"]
