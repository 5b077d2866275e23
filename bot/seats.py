"""Seats of a game in play changing hands (issue 15 "Seats").

* A player who leaves hands their seat to a bot (:meth:`SessionService.leave`); the bot's
  seat remembers who left it (``user_id`` of a bot seat), so that player may **rejoin**:
  take the seat back while that bot still plays it, without anyone's approval.
* A newcomer may **take over** a bot's seat — one seated as a bot in the lobby, or one
  abandoned by a human who left — with the host's approval.
* The host may **kick** a player: in the lobby the seat goes; in play a bot takes it (and
  does not remember them: coming back takes the host's approval like any newcomer).

This is the session service's companion: it works under the service's channel lock and
through its storage, so a takeover never races a move or a leave in the same channel.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n import t

from .service import Person, ServiceError, SessionService, Update
from .storage import ACTIVE, LOBBY, SeatRow, SessionRow


@dataclass(frozen=True, slots=True)
class TakeoverAsk:
    """A newcomer asks the host for a seat: what the approval buttons carry."""

    session_id: int
    seat: int
    host_id: str
    text: str
    locale: str


class SeatDesk:
    def __init__(self, service: SessionService) -> None:
        self.service = service

    async def _playing(self, channel_id: str) -> SessionRow:
        row = await self.service.sessions.open(channel_id)
        if row.status != ACTIVE:
            raise ServiceError("platform.seats.not_in_play")
        self.service.sessions.load(row)  # a damaged game is refused before anything changes
        return row

    @staticmethod
    def _bot_seat(row: SessionRow, seat: int) -> SeatRow:
        if not 0 <= seat < len(row.seats):
            raise ServiceError("platform.service.no_such_seat", seat=seat + 1,
                               count=len(row.seats))
        taken = row.seats[seat]
        if not taken.is_bot:
            raise ServiceError("platform.seats.not_a_bot", seat=seat + 1, name=taken.name)
        return taken

    async def takeover(self, channel_id: str, person: Person, seat: int
                       ) -> Update | TakeoverAsk:
        """``person`` asks for ``seat`` (0-based): their own old seat back at once (a
        rejoin), else a request the host must approve (:meth:`approve`)."""
        async with self.service.sessions.channel_lock(channel_id):
            row = await self._playing(channel_id)
            if row.seat_of(person.user_id) is not None:
                raise ServiceError("platform.service.already_seated")
            taken = self._bot_seat(row, seat)
            if taken.user_id == person.user_id:  # the bot replaced them: theirs again
                return await self._seat_human(row, seat, person, t(
                    "platform.seats.rejoined", row.locale, name=person.name, seat=seat + 1))
        return TakeoverAsk(row.id, seat, row.host_id, t(
            "platform.seats.asks", row.locale, who=person.name, seat=seat + 1,
            name=taken.name, host=f"<@{row.host_id}>"), row.locale)

    async def approve(self, channel_id: str, host: Person, session_id: int, seat: int,
                      newcomer: Person) -> Update:
        """The host approves a takeover asked for on an earlier message (checked again:
        the seat must still be a bot's and the newcomer still without a seat)."""
        async with self.service.sessions.channel_lock(channel_id):
            row = await self._playing(channel_id)
            if row.id != session_id:
                raise ServiceError("platform.service.no_such_session")
            if host.user_id != row.host_id:
                raise ServiceError("platform.seats.host_approves")
            if row.seat_of(newcomer.user_id) is not None:
                raise ServiceError("platform.seats.has_seat", name=newcomer.name)
            self._bot_seat(row, seat)
            return await self._seat_human(row, seat, newcomer, t(
                "platform.seats.taken_over", row.locale, name=newcomer.name, seat=seat + 1,
                host=host.name))

    async def _seat_human(self, row: SessionRow, seat: int, person: Person,
                          text: str) -> Update:
        await self.service.storage.replace_seat(row.id, SeatRow(seat, person.name,
                                                                person.user_id))
        status = await self.service.status(row.channel_id, image=False)
        status.text = text + "\n" + status.text.rsplit("\n", 1)[-1]
        return status

    async def kick(self, channel_id: str, host: Person, user_id: str) -> Update:
        """The host removes a player: from the lobby, or in play hands the seat to a bot
        (which does not remember them: a kicked player does not rejoin unasked)."""
        row = await self.service.sessions.open(channel_id)
        if host.user_id != row.host_id:
            raise ServiceError("platform.seats.kick_host_only")
        seat = row.seat_of(user_id)
        if seat is None:
            raise ServiceError("platform.seats.kick_not_seated")
        if user_id == host.user_id:
            raise ServiceError("platform.service.remove_self")
        name = row.seats[seat].name
        if row.status == LOBBY:
            update = await self.service.remove_seat(channel_id, host, seat, expected_name=name)
            return update
        async with self.service.sessions.channel_lock(channel_id):
            row = await self._playing(channel_id)
            if row.seat_of(user_id) != seat:
                raise ServiceError("platform.service.stale")
            update = await self.service.lobby.replace_with_bot(row, seat, Person(user_id, name),
                                                          remember=False)
        left = t("platform.lobby.left_game", row.locale, name=name)
        kicked = t("platform.seats.kicked", row.locale, name=name, host=host.name)
        update.text = kicked + update.text.removeprefix(left)
        return update
