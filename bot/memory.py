"""The memory of a game (issue 16), the part of :class:`~bot.service.SessionService`
that looks back: ``/game log`` and ``/game history``, the animated replay, taking back a
move, a rematch, hints, and the server's stats. The work itself is in :mod:`bot.history`,
:mod:`bot.replay`, :mod:`bot.undo`, :mod:`bot.rematch`, :mod:`bot.hints` and
:mod:`bot.stats`; a long replay runs in the render workers, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games import Result, get_ruleset
from i18n import t

from . import history, rematch, replay, stats, undo
from .hints import hint_rng, suggest
from .storage import ACTIVE, FINISHED, LOBBY, SessionRow

if TYPE_CHECKING:
    from .service import Person, SessionService, Update

logger = logging.getLogger("tidebound.service")


def _read_in(row: SessionRow, locale: str | None) -> SessionRow:
    """``row`` as its words are written for a reader of ``locale`` (None: the game's)."""
    return row if locale is None or locale == row.locale else replace(row, locale=locale)


class GameMemory:
    """Mixed into :class:`~bot.service.SessionService` (it uses the service's storage,
    cache, locks and render pool)."""

    async def _record_result(self: SessionService, row: SessionRow, result: Result) -> None:
        """Count a game that has just finished in the server's stats and ratings (a
        failure is logged: it must not hide the final move)."""
        try:
            await stats.record_finished(self.storage, row, result)
        except Exception:
            logger.exception("session %s: its result could not be recorded", row.id)

    async def _last_game(self: SessionService, channel_id: str,
                         session_id: int | None = None) -> SessionRow:
        """The game in ``channel_id`` (``session_id``, or the newest one started there,
        in play or over)."""
        from .service import ServiceError

        row = (await self._by_id(session_id) if session_id is not None
               else await self.storage.latest_started(channel_id))
        if row is None or row.channel_id != channel_id or row.seed is None:
            raise ServiceError("platform.service.no_game")
        return row

    async def game_log(self: SessionService, channel_id: str, count: int = 10,
                       locale: str | None = None) -> str:
        """``/game log``: the last ``count`` moves in words, as everybody may read them, in
        ``locale`` (the reader's: only they see it, issue 24 item 16), else the game's."""
        from .service import MAX_TEXT, game_options

        row = _read_in(await self._last_game(channel_id), locale)
        log = await self.storage.action_log(row.id)
        lines = await self._offload(history.log_lines, replace(row, state=None), log,
                                    game_options(row.options), count)
        game = self._ruleset(row).display_name(row.locale)
        if not lines:
            return t("history.log.empty", row.locale, game=game)
        head = t("history.log.head", row.locale, game=game, count=len(lines), total=len(log))
        while len(lines) > 1 and len(head) + sum(len(line) + 1 for line in lines) > MAX_TEXT:
            lines = lines[1:]  # the newest moves matter most
        return "\n".join([head, *lines])

    async def game_history(self: SessionService, channel_id: str,
                           locale: str | None = None) -> tuple[str, str]:
        """``/game history``: (file name, the history file's text) of the channel's game;
        hidden information only once it is over; in ``locale`` (the reader's) if given."""
        from .service import game_options

        row = _read_in(await self._last_game(channel_id), locale)
        log = await self.storage.action_log(row.id)
        text = await self._offload(history.history_text, replace(row, state=None), log,
                                   game_options(row.options),
                                   row.status not in (ACTIVE, LOBBY))
        return f"tidebound-{row.game}-{row.id}.txt", text

    async def _offload(self: SessionService, function: Callable[..., Any], *args: Any) -> Any:
        """Run a long replay off the event loop: in the render workers, or in a thread
        when this service draws nothing (and so starts no workers)."""
        if self.render:
            return await self.render_pool.run(function, *args)
        return await asyncio.to_thread(function, *args)

    async def undo(self: SessionService, channel_id: str, person: Person) -> Update:
        """Take back ``person``'s last move (see :mod:`bot.undo`)."""
        return await undo.take_back(self, channel_id, person)

    async def rematch(self: SessionService, channel_id: str, person: Person,
                      session_id: int) -> Update:
        """A new lobby with the seats and options of finished game ``session_id``."""
        return await rematch.rematch(self, channel_id, person, session_id)

    async def hint(self: SessionService, channel_id: str, person: Person,
                   locale: str | None = None) -> str:
        """``/hint``: the bot's move for ``person`` now, from their own view only, in
        ``locale`` (theirs: only they see it, issue 24 item 16), else the game's."""
        from .service import ServiceError, hints_on

        row = await self._active_for(channel_id, None)
        if not hints_on(row.options):
            raise ServiceError("history.hint.off")
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self._load(row)
        if seat not in loaded.ruleset.actors(loaded.state):
            raise ServiceError("history.hint.not_your_turn")
        locale = locale or row.locale
        found = suggest(loaded.ruleset, loaded.state, seat,
                        hint_rng(row.id, row.version, seat), self.names(row), locale)
        if found is None:
            raise ServiceError("history.hint.none")
        notation, label = found
        return t("history.hint.text", locale, label=label, notation=notation)

    async def animated_replay(self: SessionService, channel_id: str, session_id: int,
                              locale: str | None = None) -> bytes:
        """The animated replay of finished game ``session_id`` (a GIF under Discord's
        upload limit): replayed, drawn and put together in the render workers; in
        ``locale`` (the watcher's) if given, else the game's."""
        from .service import ServiceError, game_options

        row = _read_in(await self._last_game(channel_id, session_id), locale)
        if row.status != FINISHED:
            raise ServiceError("history.replay.not_over")
        key = (row.id, row.locale)
        cached = self._animations.get(key)
        if cached is not None:
            return cached

        async def make() -> bytes:
            log = await self.storage.action_log(row.id)
            return await replay.animate(
                self.render_pool, row.game, len(row.seats), game_options(row.options),
                row.seed or 0, [(e.seat, e.notation) for e in log], self.names(row),
                row.locale)

        task = self._animating.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._animating[key] = task

            def done(finished: asyncio.Task[bytes]) -> None:
                self._animating.pop(key, None)
                if not finished.cancelled():
                    finished.exception()  # retrieved here: every waiter gets it anyway

            task.add_done_callback(done)
        gif = await asyncio.shield(task)  # one click cancelled does not stop the others'
        self._animations.put(key, gif)
        return gif

    async def stats(self: SessionService, guild_id: str | None, user_id: str, name: str,
                    locale: str) -> str:
        """``/stats``: a player's games, wins and rating on this server."""
        return await stats.stats_text(self.storage, guild_id, user_id, name, locale)

    async def leaderboard(self: SessionService, guild_id: str | None, game: str | None,
                          locale: str) -> str:
        """``/leaderboard``: the best rated players of this server."""
        ruleset = get_ruleset(game) if game else None
        return await stats.leaderboard_text(self.storage, guild_id,
                                            ruleset.id if ruleset else None, locale)
