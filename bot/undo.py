"""Taking back one's last move (issue 16, "Undo").

A take-back is logged as the seat's move :data:`~bot.replay.UNDO` after the move it takes
back; nothing is deleted, and the log still replays (:func:`bot.replay.replay`). It is
allowed when the move is the last one in force and was the taker's own (nobody else has
acted since), was not played for them (a forced or timed-out move), the game lets that
kind of move be taken back (:meth:`~games.protocol.Ruleset.undoable`) and the move showed
the taker nothing they could not see before (:func:`games.undo.learned_nothing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.protocol import Event
from games.undo import learned_nothing
from i18n.errors import LocalizedError

from .replay import UNDO, in_force, rebuild
from .requests import Person, ServiceError
from .session_options import game_options
from .sessions import Loaded, Sessions, humans_in
from .sessions import names as seat_names
from .storage import ACTIVE

if TYPE_CHECKING:
    from .turns import Turns
    from .updates import Update


async def take_back(sessions: Sessions, turns: Turns, channel_id: str,
                    person: Person) -> Update:
    """Undo ``person``'s last move in the game in play in ``channel_id``; the update all
    players see (the board as it was, and who took back what)."""
    row = await sessions.active_for(channel_id, None)
    seat = row.seat_of(person.user_id)
    if seat is None:
        raise ServiceError("platform.service.not_seated")
    async with sessions.lock(row.id):
        row = await sessions.by_id(row.id)
        if row.status != ACTIVE or row.seed is None:
            raise ServiceError("platform.service.over")
        loaded = sessions.load(row)
        ruleset, names = loaded.ruleset, seat_names(row)
        log = await sessions.storage.action_log(row.id)
        kept = in_force([(entry.seat, entry.notation) for entry in log])
        if not kept:
            raise ServiceError("history.undo.nothing")
        last_seat, notation = kept[-1]
        if last_seat != seat:
            raise ServiceError("history.undo.not_last", player=names[last_seat]
                               if 0 <= last_seat < len(names) else "?")
        options = game_options(row.options)
        before = rebuild(ruleset, len(row.seats), options, row.seed, kept[:-1])
        after = ruleset.load(ruleset.dump(before))
        try:
            action = ruleset.read_action(after, seat, notation)
            label = ruleset.describe_public(before, seat, action, names, row.locale)
            events = ruleset.apply(after, seat, action)
        except LocalizedError as error:  # the log does not replay: damaged
            raise sessions.mark_damaged(row, error) from error
        if ruleset.forced_action(before, seat) is not None:
            raise ServiceError("history.undo.forced", move=label)
        if not (ruleset.undoable(before, after, seat, action, events)
                and learned_nothing(ruleset, before, after, seat, action)):
            raise ServiceError("history.undo.not_allowed", move=label)
        marker = (ruleset.actors(loaded.state), ruleset.turn_marker(loaded.state))
        sessions.forget(row.id)
        restored = Loaded(row, ruleset, before)
        return await turns.advance(
            restored, [(seat, UNDO)], [Event("history.undo.done", seat, {"move": label})],
            private_for=humans_in(row, {seat}), before=marker)
