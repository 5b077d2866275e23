"""The update a front posts after a request: its texts, images and buttons.

:class:`Update` says what to show and whom to ping; :class:`Updates` builds it: the
account of what just happened, whose turn it is, the lobby, the board, a player's hand
and the end-of-game summary. Images are drawn in a :class:`~bot.render_pool.RenderPool`
(``render=False`` draws nothing and starts no pool); an image that cannot be drawn is
left out and the update marked ``drawn=False``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import renderers
from games.options import HINTS
from games.protocol import Event
from i18n import Term, t
from renderers.describe import describe_board, describe_hand, describe_position, describe_summary

from . import history
from .bounded import LruCache
from .game_lengths import estimate_line
from .heads_up import HeadsUp
from .render_pool import RenderPool
from .requests import Person, ServiceError
from .session_options import CLOCK_OPTION, clock_of, game_options, hints_on, show_option
from .sessions import CACHE_IDLE_SECONDS, CACHE_SIZE, Loaded, Sessions, names
from .storage import ABANDONED, ACTIVE, FINISHED, LOBBY, SessionRow

#: Discord's limit for message content is 2000 characters; keep a margin.
MAX_TEXT = 1800

logger = logging.getLogger("tidebound.service")


@dataclass(slots=True)
class PrivateNote:
    """Something only one player may see (sent ephemerally)."""

    text: str
    image: bytes | None = None
    #: The image's alt text in the reader's language, from the seat's own view only
    #: (issue 27 item 2): the attachment's ``description`` (at most 1,024 characters).
    image_description: str | None = None


@dataclass(slots=True)
class Update:
    """What a front end shows after a request."""

    session_id: int
    version: int
    status: str
    text: str
    image: bytes | None = None
    #: user ids to ping: exactly the humans who must act next, once per turn.
    mentions: tuple[str, ...] = ()
    #: user id -> private note for that player.
    private: dict[str, PrivateNote] = field(default_factory=dict)
    game: str = ""
    #: When the turn clock of the players to act runs out (Unix time), if one runs.
    deadline: float | None = None
    #: The end-of-game summary image (statistics), on the update that finishes a game
    #: whose ruleset has one.
    summary: bytes | None = None
    #: Moves offered as buttons on the public post, as (translated label, notation);
    #: an empty notation stands for "open your own moves menu" (see
    #: :meth:`~games.protocol.Ruleset.public_buttons`).
    public_buttons: tuple[tuple[str, str], ...] = ()
    #: The alt texts of ``image`` and ``summary`` in the game's language, from the
    #: public view only (issue 27 item 2): each attachment's ``description``.
    image_description: str | None = None
    summary_description: str | None = None
    #: In a lobby: the seats the host may remove, as (seat, name) (everyone but the host).
    removable: tuple[tuple[int, str], ...] = ()
    #: ``False`` when what happened is stored but its image or account could not be
    #: built (the update then says so in plain text; fronts tell the mover).
    drawn: bool = True
    #: The language of the game's public posts (the one it started in).
    locale: str = "en"
    #: user id -> a note for that player alone about their plans (issue 26 item 3: a
    #: plan done or cancelled), in their language; a front sends it privately (a DM).
    plan_notes: dict[str, str] = field(default_factory=dict)
    #: "You're next" DMs to send (issue 26 item 5, :mod:`bot.heads_up`): at most one.
    heads_up: tuple[HeadsUp, ...] = ()
    #: One short line per seat for the turn post (issue 27 item 1): its name, score and
    #: cards in hand, only from the public view (never hidden information).
    seat_lines: tuple[str, ...] = ()
    #: Who follows the game without a seat (issue 27 item 5), as (user id, name, via):
    #: ``via`` is ``"dm"`` or ``"mention"``.
    watchers: tuple[tuple[str, str, str], ...] = ()

    @property
    def finished(self) -> bool:
        return self.status in (FINISHED, ABANDONED)


class Updates:
    """Builds the updates of ``sessions``' games, drawing in ``render_pool``."""

    def __init__(self, sessions: Sessions, render_pool: RenderPool, *, render: bool = True,
                 cache_size: int = CACHE_SIZE,
                 cache_idle_seconds: float | None = CACHE_IDLE_SECONDS) -> None:
        self.sessions = sessions
        self.render_pool = render_pool
        self.render = render
        #: session id -> the account of its last update ("what just happened"), which
        #: ``status`` repeats; after a restart it falls back to the logged move's public
        #: account.
        self.accounts: LruCache[int, str] = LruCache(cache_size,
                                                     idle_seconds=cache_idle_seconds)
        #: (session id, version) -> the public account of the last logged move, for
        #: ``status`` when this process has not seen that move played.
        self._logged: LruCache[tuple[int, int], str] = LruCache(cache_size,
                                                                idle_seconds=cache_idle_seconds)
        #: (game, topic, locale) -> the picture of a rules topic (a few, never stale).
        self._rules_images: dict[tuple[str, str, str], bytes | None] = {}

    # -- drawing -------------------------------------------------------------------------
    def board_worker(self, row: SessionRow) -> int:
        """The render worker that draws ``row``'s boards, for as long as the game goes:
        its games' boards are spread evenly over the workers (see
        :meth:`~bot.render_pool.RenderPool.home`)."""
        return self.render_pool.home(board_key(row.id), group=row.game)

    def release(self, session_id: int) -> None:
        """The game is over: its worker need not hold a place for its boards."""
        self.render_pool.release(board_key(session_id))

    async def render_public(self, loaded: Loaded, caption: str) -> bytes | None:
        """The board everybody sees, with ``caption`` in its account box."""
        if not self.render:
            return None
        view = loaded.ruleset.view(loaded.state, None)
        # always the same worker for a session: its island stays in that worker's cache
        return await self.render_pool.run(
            renderers.render_public, loaded.row.game, view, names(loaded.row), caption,
            loaded.row.locale, worker=self.board_worker(loaded.row))

    async def rules_image(self, game: str, topic: str, locale: str) -> bytes | None:
        """The picture of ``/rules`` ``topic`` of ``game`` (Hexfolk's map gallery), or
        ``None``; drawn once per game, topic and locale in a worker, then kept here."""
        if not self.render:
            return None
        key = (game, topic, locale)
        if key not in self._rules_images:
            self._rules_images[key] = await self.render_pool.run(
                renderers.render_rules_image, game, topic, locale)
        return self._rules_images[key]

    async def render_summary(self, loaded: Loaded) -> bytes | None:
        """The end-of-game summary image, if the game has one (only once it is over)."""
        if not self.render:
            return None
        summary = loaded.ruleset.summary_view(loaded.state)
        if summary is None:
            return None
        return await self.render_pool.run(
            renderers.render_summary, loaded.row.game, summary, names(loaded.row),
            loaded.row.locale)

    async def render_private(self, loaded: Loaded, seat: int,
                             locale: str | None = None) -> bytes | None:
        """``seat``'s private view (a hand image) in ``locale``, if the game has one."""
        if not self.render:
            return None
        view = loaded.ruleset.view(loaded.state, seat)
        if getattr(view, "hand", None) is None:
            # what renderers.render_private answers for a view without a hand (Lovci
            # pokladů has none): no image, so no round trip to a worker for it
            return None
        # a seat's hand always in one worker (its kept hand image is there), beside the
        # board's worker when there are two (both are drawn at once)
        return await self.render_pool.run(
            renderers.render_private, loaded.row.game, view, names(loaded.row),
            locale or loaded.row.locale, worker=self.board_worker(loaded.row) + 1 + seat)

    @staticmethod
    async def drawing(update: Update, image: Awaitable[bytes | None]) -> bytes | None:
        """Await a rendering; on failure log it, mark ``update`` not drawn, no image."""
        try:
            return await image
        except Exception:
            logger.exception("session %s: an image could not be drawn", update.session_id)
            update.drawn = False
            return None

    # -- the lobby -----------------------------------------------------------------------
    def lobby_text(self, row: SessionRow, headline: str) -> str:
        """The lobby: its game and options, and who sits where."""
        ruleset = self.sessions.ruleset(row)
        locale = row.locale
        seats = "\n".join(
            t("platform.lobby.seat_bot" if s.is_bot else "platform.lobby.seat", locale,
              number=s.seat + 1, name=s.name)
            + ("" if s.confirmed else " " + t("history.rematch.to_confirm", locale))
            for s in row.seats
        )
        # as the game plays them: a quick game's fixed target shows, not the lobby's
        played = ruleset.played_options(game_options(row.options))
        options = ", ".join(
            [f"{k}={show_option(v)}" for k, v in played.items()]
            + [f"{CLOCK_OPTION}={clock_of(row.options)}",
               f"{HINTS.name}={show_option(hints_on(row.options))}"])
        # the expected length of this table (issue 26 item 4): at the seats taken, or at
        # the smallest table while fewer are seated
        players = min(max(len(row.seats), ruleset.min_players), ruleset.max_players)
        estimate = estimate_line(ruleset.id, players, game_options(row.options), locale)
        return "\n".join([
            headline,
            t("platform.lobby.summary", locale, game=Term(ruleset.name_key), count=len(row.seats),
              min=ruleset.min_players, max=ruleset.max_players, options=options),
            *([estimate] if estimate else []),
            seats,
            t("platform.lobby.hint", locale),
        ])

    def lobby_update(self, row: SessionRow, headline: str) -> Update:
        """The lobby's post, under ``headline``."""
        return Update(row.id, row.version, row.status, self.lobby_text(row, headline),
                      game=row.game, locale=row.locale, removable=tuple(
                          (s.seat, s.name) for s in row.seats if s.user_id != row.host_id))

    # -- a game in play ------------------------------------------------------------------
    async def status(self, channel_id: str, *, image: bool = True) -> Update:
        """The lobby, or the board and whose turn it is (``image=False``: text only). A
        board that cannot be drawn is left out (logged, ``drawn=False``): the text still
        answers (issue 24, item 9)."""
        row = await self.sessions.open(channel_id)
        if row.status == LOBBY:
            return self.lobby_update(row, t("platform.lobby.status", row.locale))
        loaded = self.sessions.load(row)
        turn = self.turn_text(loaded)
        account = self.accounts.get(row.id) or await self._logged_account(row)
        text = clip("\n".join(filter(None, [account, self.score_text(loaded), turn])))
        update = Update(row.id, row.version, row.status, text, game=row.game,
                        locale=row.locale, deadline=row.deadline,
                        public_buttons=public_buttons(loaded), seat_lines=seat_lines(loaded),
                        watchers=await self.watchers(row.id))
        if image:
            # The board's account box keeps what just happened (item 14); its header
            # already says whose turn it is.
            update.image = await self.drawing(update, self.render_public(loaded,
                                                                         account or turn))
            if update.image is not None:  # its alt text (issue 27 item 2)
                update.image_description = self.board_description(
                    loaded, [turn, account, self.score_text(loaded)])
        return update

    async def position_text(self, channel_id: str) -> str:
        """The whole public position in words (``/game status text:yes``, issue 27 item
        3): whose turn it is, the last move, the scores, the board and every piece.
        Longer than one post: the fronts split it."""
        row = await self.sessions.open(channel_id)
        if row.status == LOBBY:
            return self.lobby_text(row, t("platform.lobby.status", row.locale))
        loaded = self.sessions.load(row)
        account = self.accounts.get(row.id) or await self._logged_account(row)
        return describe_position(
            row.game, loaded.ruleset.view(loaded.state, None), names(row),
            [self.turn_text(loaded), account, self.score_text(loaded)], row.locale)

    @staticmethod
    def board_description(loaded: Loaded, head: Sequence[str]) -> str:
        """The public board's alt text: ``head`` (whose turn, the last move, the
        scores), then the board, from the public view only (issue 27 item 2)."""
        row = loaded.row
        return describe_board(row.game, loaded.ruleset.view(loaded.state, None), names(row),
                              head, row.locale)

    @staticmethod
    def hand_description(loaded: Loaded, seat: int, locale: str | None = None) -> str:
        """The alt text of ``seat``'s private image, from that seat's view only."""
        row = loaded.row
        return describe_hand(row.game, loaded.ruleset.view(loaded.state, seat), names(row),
                             locale or row.locale)

    @staticmethod
    def summary_description(loaded: Loaded, head: Sequence[str]) -> str | None:
        """The alt text of the end-of-game summary image (``None``: the game has none)."""
        row = loaded.row
        summary = loaded.ruleset.summary_view(loaded.state)
        if summary is None:
            return None
        return describe_summary(row.game, summary, names(row), head, row.locale)

    async def watchers(self, session_id: int) -> tuple[tuple[str, str, str], ...]:
        """Who watches the game (issue 27 item 5); none when they cannot be read (a
        watcher is never worth a failed move)."""
        try:
            return tuple(await self.sessions.storage.watchers(session_id))
        except Exception:
            logger.exception("session %s: its watchers could not be read", session_id)
            return ()

    async def _logged_account(self, row: SessionRow) -> str:
        """The public account of the last logged move, when this process has not seen it
        played (:func:`bot.history.last_account`: its public label, never its notation,
        issue 24 item 1); the log is replayed off the event loop, once per version."""
        key = (row.id, row.version)
        known = self._logged.get(key)
        if known is not None:
            return known
        log = await self.sessions.storage.action_log(row.id)
        try:
            account: str = await self.offload(history.last_account, replace(row, state=None),
                                         log, game_options(row.options))
        except Exception:
            logger.exception("session %s: the account of its last move could not be built",
                             row.id)
            return ""
        self._logged.put(key, account)
        return account

    async def offload(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run a long replay off the event loop: in the render workers, or in a thread
        when this service draws nothing (and so starts no workers)."""
        if self.render:
            return await self.render_pool.run(function, *args)
        return await asyncio.to_thread(function, *args)

    async def hand(self, channel_id: str, person: Person, *,
                   locale: str | None = None) -> PrivateNote:
        """The private view of ``person``'s seat (a hand image), in ``locale`` (the
        reader's own language; the game's by default)."""
        row = await self.sessions.active_for(channel_id, None)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("platform.service.not_seated")
        loaded = self.sessions.load(row)
        locale = locale or row.locale
        text = t("platform.game.your_view", locale, game=Term(loaded.ruleset.name_key))
        if loaded.ruleset.has_hand:  # the cards in words too, not only in the image
            text += "\n" + t("platform.game.your_hand", locale,
                             cards=loaded.ruleset.hand_text(loaded.state, seat, locale))
        image = await self.render_private(loaded, seat, locale)
        return PrivateNote(text, image, self.hand_description(loaded, seat, locale)
                           if image is not None else None)

    def score_text(self, loaded: Loaded) -> str:
        """``Scores: Ann 3, Bot 1 5.`` while the game runs (the end says them itself)."""
        if loaded.ruleset.result(loaded.state) is not None:
            return ""
        scores = loaded.ruleset.scores(loaded.state)
        players = names(loaded.row)
        if not scores:
            return ""
        return t("platform.game.scores", loaded.row.locale, scores=", ".join(
            f"{players[i]} {score}" for i, score in enumerate(scores) if i < len(players)))

    def turn_text(self, loaded: Loaded) -> str:
        """Whose turn it is (and until when), or who won."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        locale = row.locale
        result = ruleset.result(state)
        players = names(row)
        if result is not None:
            scores = ", ".join(f"{players[i]} {score}" for i, score in enumerate(result.scores))
            winners = ", ".join(players[i] for i in result.winners)
            key = ("platform.game.over_none" if not result.winners else
                   "platform.game.over" if len(result.winners) == 1 else
                   "platform.game.over_tie")
            return t(key, locale, winners=winners, scores=scores)
        actors = sorted(ruleset.actors(state))
        text = t("platform.game.to_act", locale, players=", ".join(players[s] for s in actors))
        if row.deadline is not None:
            humans = [s.name for s in row.seats if s.seat in actors and not s.is_bot]
            text += " " + t("platform.clock.until", locale, players=", ".join(humans),
                            time=when(row.deadline))
        return text

    # -- after a move ----------------------------------------------------------------------
    async def committed(
        self, loaded: Loaded, events: list[Event], headline: str, mentions: tuple[str, ...],
        private_for: Sequence[str], *, over: bool, private_locale: str | None = None,
    ) -> Update:
        """The update after a commit: the account of the events, whose turn it is, the
        board, and the hands of ``private_for`` in ``private_locale`` (their reader's own
        language, as /hand; the game's by default). An image that cannot be drawn is left
        out (``drawn=False``)."""
        row, ruleset = loaded.row, loaded.ruleset
        players = names(row)
        lines = [e.text(players, row.locale) for e in events]
        caption = "\n".join(lines)  # the board keeps the newest events whole
        if over:
            self.accounts.pop(row.id)  # no status of a finished game
        elif account := "\n".join(filter(None, [headline, *lines])):
            self.accounts.put(row.id, account)
        text = clip("\n".join(filter(None, [headline, *lines, self.turn_text(loaded)])))
        private_seats = {} if over else {
            user_id: seat for user_id in private_for
            if (seat := row.seat_of(user_id)) is not None}
        update = Update(row.id, row.version, row.status, text, None, mentions, game=row.game,
                        locale=row.locale, deadline=row.deadline)
        # The images are drawn side by side in the render workers.
        update.image, update.summary, *hands = await asyncio.gather(
            self.drawing(update, self.render_public(loaded, caption)),
            self.drawing(update, self.render_summary(loaded)) if over else _nothing(),
            *(self.drawing(update, self.render_private(loaded, seat, private_locale))
              for seat in private_seats.values()))
        head = [self.turn_text(loaded), caption, self.score_text(loaded)]
        if update.image is not None:
            update.image_description = self.board_description(loaded, head)
        if update.summary is not None:
            update.summary_description = self.summary_description(loaded, head)
        if over:  # its last board is drawn: its worker need not hold a place for it
            self.release(row.id)
        else:
            update.public_buttons = public_buttons(loaded)
            update.seat_lines = seat_lines(loaded)
        update.watchers = await self.watchers(row.id)
        for (user_id, seat), hand in zip(private_seats.items(), hands, strict=True):
            update.private[user_id] = PrivateNote(t(
                "platform.game.your_view", private_locale or row.locale,
                game=Term(ruleset.name_key)), hand,
                self.hand_description(loaded, seat, private_locale)
                if hand is not None else None)
        return update


async def _nothing() -> None:
    return None


def board_key(session_id: int) -> tuple[str, int]:
    """The render pool's affinity key for a session's boards."""
    return ("board", session_id)


def public_buttons(loaded: Loaded) -> tuple[tuple[str, str], ...]:
    """The ruleset's public buttons now, labels translated (none once the game is over)."""
    row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
    if row.status != ACTIVE or ruleset.result(state) is not None:
        return ()
    return tuple((t(label, row.locale), notation)
                 for label, notation in ruleset.public_buttons(state))


def seat_lines(loaded: Loaded) -> tuple[str, ...]:
    """A short line per seat that everyone may read (issue 27 item 1): the name, the score
    and, when the game's public view counts them, the cards in hand; the seats to act
    marked. Only the public view (``view(state, None)``) and the public scores are used."""
    row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
    if ruleset.result(state) is not None:
        return ()
    locale = row.locale
    players = names(row)
    scores = ruleset.scores(state)
    public = getattr(ruleset.view(state, None), "players", ())
    actors = ruleset.actors(state)
    lines = []
    for seat, name in enumerate(players):
        details = []
        if seat < len(scores):
            details.append(t("board_post.points", locale, count=scores[seat]))
        hand = getattr(public[seat], "hand_count", None) if seat < len(public) else None
        if isinstance(hand, int):
            details.append(t("board_post.cards", locale, count=hand))
        key = "board_post.seat_to_act" if seat in actors else "board_post.seat"
        lines.append(t(key, locale, name=name, details=", ".join(details) or "—"))
    return tuple(lines)


def plain_account(row: SessionRow, log: Sequence[tuple[int, str]]) -> str:
    """The stored moves in plain notation, for when their full account cannot be built."""
    players = {seat.seat: seat.name for seat in row.seats}
    moves = ", ".join(f"{players.get(seat, seat)}: {notation}" for seat, notation in log)
    return clip(t("platform.service.saved_plain", row.locale, moves=moves or "-"))


def with_names(params: dict[str, Any], row: SessionRow) -> dict[str, Any]:
    """Refusal parameters with seat numbers (``*seat``) replaced by player names."""
    return {
        name: row.seats[value].name
        if name.endswith("seat") and isinstance(value, int) and 0 <= value < len(row.seats)
        else value
        for name, value in params.items()
    }


def when(deadline: float) -> str:
    """A deadline people read anywhere: ``5 Mar 14:05 UTC``."""
    moment = time.gmtime(deadline)
    return f"{moment.tm_mday} {time.strftime('%b %H:%M', moment)} UTC"


def clip(text: str) -> str:
    """``text`` cut to fit one post (the newest lines kept)."""
    return text if len(text) <= MAX_TEXT else "…\n" + text[-(MAX_TEXT - 2):]


__all__ = ["MAX_TEXT", "PrivateNote", "Update", "Updates", "board_key", "clip",
           "plain_account", "public_buttons", "seat_lines", "when", "with_names"]
