"""The Rematch button of a finished game (issue 16, "Rematch").

It opens a lobby in the same channel for the same game with the same options and the
same seats in the same order. The clicker (a player of the finished game) hosts it and
their seat is confirmed, bots are seated as before, and every other player confirms
their seat by clicking Join; the game starts once every seat is confirmed (the host may
remove a seat whose player does not come).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from i18n import Term, t

from .requests import Person, ServiceError
from .storage import FINISHED, ChannelBusy, SeatRow

if TYPE_CHECKING:
    from .sessions import Sessions
    from .updates import Update, Updates


async def rematch(sessions: Sessions, updates: Updates, channel_id: str, person: Person,
                  session_id: int) -> Update:
    old = await sessions.by_id(session_id)
    if old.channel_id != channel_id:
        raise ServiceError("platform.service.no_such_session")
    if old.status != FINISHED:
        raise ServiceError("history.rematch.not_over")
    if old.seat_of(person.user_id) is None:
        raise ServiceError("history.rematch.not_player")
    ruleset = sessions.ruleset(old)
    seats = [SeatRow(s.seat, person.name if s.user_id == person.user_id else s.name,
                     s.user_id, s.is_bot, confirmed=s.is_bot or s.user_id == person.user_id,
                     bot_level=s.bot_level)
             for s in old.seats]
    async with sessions.channel_lock(channel_id):
        try:
            row = await sessions.storage.create_session(
                channel_id=channel_id, guild_id=old.guild_id, game=old.game,
                options=dict(old.options), host=SeatRow(0, person.name, person.user_id),
                locale=old.locale)
        except ChannelBusy:
            raise ServiceError("history.rematch.busy") from None
        await sessions.storage.set_lobby(row.id, seats=seats, host_id=person.user_id)
        row.seats, row.host_id = seats, person.user_id
    waiting = ", ".join(s.name for s in seats if not s.confirmed)
    headline = t("history.rematch.opened", row.locale, host=person.name,
                 game=Term(ruleset.name_key))
    if waiting:
        headline += "\n" + t("history.rematch.waiting", row.locale, players=waiting)
    return updates.lobby_update(row, headline)


def unconfirmed(seats: list[SeatRow]) -> list[SeatRow]:
    """The seats of a rematch's lobby whose players have not come back yet."""
    return [s for s in seats if not s.confirmed]
