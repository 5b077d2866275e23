"""The memory of a game (issue 16), the part of the session service that looks back:
``/game log`` and ``/game history``, the animated replay, taking back a move, a
rematch, hints, and the server's stats. The work itself is in :mod:`bot.history`,
:mod:`bot.replay`, :mod:`bot.undo`, :mod:`bot.rematch`, :mod:`bot.hints` and
:mod:`bot.stats`; a long replay runs in the render workers, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from games import get_ruleset
from i18n import t

from . import history, rematch, replay, stats, undo
from .bounded import LruCache
from .hints import hint_rng, suggest
from .requests import Person, ServiceError
from .session_options import game_options, hints_on
from .sessions import Sessions, names
from .storage import ACTIVE, FINISHED, LOBBY, SessionRow
from .turns import Turns
from .updates import MAX_TEXT, Update, Updates

#: Animated replays kept in memory (each up to 8 MB).
ANIMATIONS_KEPT = 4

logger = logging.getLogger("tidebound.service")


def _read_in(row: SessionRow, locale: str | None) -> SessionRow:
    """``row`` as its words are written for a reader of ``locale`` (None: the game's)."""
    return row if locale is None or locale == row.locale else replace(row, locale=locale)


class GameMemory:
    """Looks back on ``sessions``' games; a take-back is played through ``turns``."""

    def __init__(self, sessions: Sessions, updates: Updates, turns: Turns) -> None:
        self.sessions = sessions
        self.updates = updates
        self.turns = turns
        #: (session id, locale) -> the animated replay of a finished game, a few kept.
        self._animations: LruCache[tuple[int, str], bytes] = LruCache(ANIMATIONS_KEPT)
        #: The animated replays being made now (a second click waits for the first).
        self._animating: dict[tuple[int, str], asyncio.Task[bytes]] = {}

    async def _last_game(self, channel_id: str, session_id: int | None = None) -> SessionRow:
        """The game in ``channel_id`` (``session_id``, or the newest one started there,
        in play or over)."""
        row = (await self.sessions.by_id(session_id) if session_id is not None
               else await self.sessions.storage.latest_started(channel_id))
        if row is None or row.channel_id != channel_id or row.seed is None:
            raise ServiceError("platform.service.no_game")
        return row

    async def game_log(self, channel_id: str, count: int = 10,
                       locale: str | None = None) -> str:
        """``/game log``: the last ``count`` moves in words, as everybody may read them, in
        ``locale`` (the reader's: only they see it, issue 24 item 16), else the game's."""
        row = _read_in(await self._last_game(channel_id), locale)
        log = await self.sessions.storage.action_log(row.id)
        lines = await self.updates.offload(history.log_lines, replace(row, state=None), log,
                                    game_options(row.options), count)
        game = self.sessions.ruleset(row).display_name(row.locale)
        if not lines:
            return t("history.log.empty", row.locale, game=game)
        head = t("history.log.head", row.locale, game=game, count=len(lines), total=len(log))
        while len(lines) > 1 and len(head) + sum(len(line) + 1 for line in lines) > MAX_TEXT:
            lines = lines[1:]  # the newest moves matter most
        return "\n".join([head, *lines])

    async def game_history(self, channel_id: str,
                           locale: str | None = None) -> tuple[str, str]:
        """``/game history``: (file name, the history file's text) of the channel's game;
        hidden information only once it is over; in ``locale`` (the reader's) if given."""
        row = _read_in(await self._last_game(channel_id), locale)
        log = await self.sessions.storage.action_log(row.id)
        text = await self.updates.offload(history.history_text, replace(row, state=None), log,
                                   game_options(row.options),
                                   row.status not in (ACTIVE, LOBBY))
        return f"tidebound-{row.game}-{row.id}.txt", text

    async def undo(self, channel_id: str, person: Person) -> Update:
        """Take back ``person``'s last move (see :mod:`bot.undo`)."""
        return await undo.take_back(self.sessions, self.turns, channel_id, person)

    async def rematch(self, channel_id: str, person: Person, session_id: int) -> Update:
        """A new lobby with the seats and options of finished game ``session_id``."""
        return await rematch.rematch(self.sessions, self.updates, channel_id, person,
                                     session_id)

    async def hint(self, channel_id: str, person: Person,
                   locale: str | None = None) -> str:
        """``/hint``: the bot's move for ``person`` now, from their own view only, in
        ``locale`` (theirs: only they see it, issue 24 item 16), else the game's."""
        row = await self.sessions.active_for(channel_id, None)
        if not hints_on(row.options):
            raise ServiceError("history.hint.off")
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self.sessions.load(row)
        if seat not in loaded.ruleset.actors(loaded.state):
            raise ServiceError("history.hint.not_your_turn")
        locale = locale or row.locale
        ruleset = loaded.ruleset
        # the expert searches for up to a second (issue 28 item 1): off the event loop,
        # on a copy, as the cached state may move on meanwhile
        state = ruleset.load(ruleset.dump(loaded.state))
        found = await asyncio.to_thread(suggest, ruleset, state, seat,
                                        hint_rng(row.id, row.version, seat), names(row),
                                        locale)
        if found is None:
            raise ServiceError("history.hint.none")
        notation, label = found
        return t("history.hint.text", locale, label=label, notation=notation)

    async def animated_replay(self, channel_id: str, session_id: int,
                              locale: str | None = None) -> bytes:
        """The animated replay of finished game ``session_id`` (a GIF under Discord's
        upload limit): replayed, drawn and put together in the render workers; in
        ``locale`` (the watcher's) if given, else the game's."""
        row = _read_in(await self._last_game(channel_id, session_id), locale)
        if row.status != FINISHED:
            raise ServiceError("history.replay.not_over")
        key = (row.id, row.locale)
        cached = self._animations.get(key)
        if cached is not None:
            return cached

        async def make() -> bytes:
            log = await self.sessions.storage.action_log(row.id)
            return await replay.animate(
                self.updates.render_pool, row.game, len(row.seats), game_options(row.options),
                row.seed or 0, [(e.seat, e.notation) for e in log], names(row),
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

    async def stats(self, guild_id: str | None, user_id: str, name: str,
                    locale: str) -> str:
        """``/stats``: a player's games, wins and rating on this server."""
        return await stats.stats_text(self.sessions.storage, guild_id, user_id, name, locale)

    async def leaderboard(self, guild_id: str | None, game: str | None,
                          locale: str) -> str:
        """``/leaderboard``: the best rated players of this server."""
        ruleset = get_ruleset(game) if game else None
        return await stats.leaderboard_text(self.sessions.storage, guild_id,
                                            ruleset.id if ruleset else None, locale)


__all__ = ["ANIMATIONS_KEPT", "GameMemory"]
