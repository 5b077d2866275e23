"""Replaying a game from its seed and action log, take-backs included (issue 16).

The log is append-only: a move taken back is not deleted, the take-back is logged after
it as the seat's move :data:`UNDO`. :func:`replay` walks such a log entry by entry and
yields each step with the state after it, so the service (``/game log``, the animated
replay, the undo itself) and ``python -m bot replay FILE`` all read a log the same way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import Ruleset
from games.protocol import Event
from i18n import DEFAULT_LOCALE, t
from i18n.errors import LocalizedError

from .render_pool import RenderPool

#: The notation a take-back is logged under (no game's notation starts with ``!``).
UNDO = "!undo"


class ReplayError(LocalizedError):
    """A log that does not replay (a line the game refuses, a take-back of nothing)."""


@dataclass(slots=True)
class Step:
    """One logged entry, replayed."""

    #: The logged entry this step stands for (an older log read in today's moves may
    #: give one entry several steps, or several entries one step: :class:`Log`).
    index: int
    seat: int
    notation: str
    #: The move (``None`` for a take-back).
    action: Any
    #: The label of the move for everybody (:meth:`~games.protocol.Ruleset.describe_public`
    #: before it); for a take-back, the label of the move taken back.
    label: str
    #: The move's label as its mover saw it (may name hidden cards: only once it is over).
    full_label: str
    events: list[Event]
    #: The state after this entry (the same live object the next step changes).
    state: Any
    #: A new turn began with this entry (or the game ended, or a move was taken back).
    turn_ended: bool
    undo: bool = False


@dataclass(slots=True)
class _Kept:
    seat: int
    notation: str
    label: str
    full_label: str = field(default="")


def is_undo(notation: str) -> bool:
    return notation == UNDO


def in_force(entries: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The moves that stand once every take-back in ``entries`` has undone its move."""
    kept: list[tuple[int, str]] = []
    for seat, notation in entries:
        if is_undo(notation):
            if not kept or kept[-1][0] != seat:
                raise ReplayError("history.replay.bad_undo", seat=seat + 1)
            kept.pop()
        else:
            kept.append((seat, notation))
    return kept


class Log:
    """A log being replayed, read in today's moves: where it goes on in an older form of
    the rules, that stretch is replaced, as it is reached, by the moves the game plays
    today (:meth:`~games.capabilities.Notation.upgrade_log`, issue 26 item 2), so games
    logged before a rule change still replay. Each move remembers which logged entry it
    stands for (:meth:`logged`), so it keeps that entry's number and time."""

    def __init__(self, ruleset: Ruleset[Any, Any], entries: Sequence[tuple[int, str]]) -> None:
        self.ruleset = ruleset
        self.entries = list(entries)
        self.sources = list(range(len(self.entries)))

    def __len__(self) -> int:
        return len(self.entries)

    def read(self, state: Any, index: int) -> tuple[int, str]:
        """Move ``index``, the log replayed up to there into ``state``."""
        entry = self.entries[index]
        if is_undo(entry[1]):
            return entry
        found = self.ruleset.upgrade_log(state, self.entries, index)
        if found is not None:
            taken, today = found
            self.entries[index:index + taken] = [(m.seat, m.notation) for m in today]
            self.sources[index:index + taken] = [self.sources[index + m.source]
                                                 for m in today]
        return self.entries[index]

    def logged(self, index: int) -> int:
        """The logged entry move ``index`` stands for."""
        return self.sources[index]


def rebuild(ruleset: Ruleset[Any, Any], num_seats: int, options: Mapping[str, Any], seed: int,
            entries: Sequence[tuple[int, str]]) -> Any:
    """The state after ``entries`` (take-backs included), from the seed."""
    state = ruleset.setup(num_seats, options, seed)
    log = Log(ruleset, in_force(entries))
    index = 0
    while index < len(log):
        seat, notation = log.read(state, index)
        _apply(ruleset, state, index, seat, notation)
        index += 1
    return state


def _apply(ruleset: Ruleset[Any, Any], state: Any, index: int, seat: int, notation: str
           ) -> tuple[Any, list[Event]]:
    try:
        action = ruleset.read_action(state, seat, notation)
        return action, ruleset.apply(state, seat, action)
    except LocalizedError as error:
        raise ReplayError("history.replay.refused", number=index + 1, move=notation,
                          reason=error.message()) from error


def replay(ruleset: Ruleset[Any, Any], num_seats: int, options: Mapping[str, Any], seed: int,
           entries: Sequence[tuple[int, str]], names: Sequence[str] = (),
           locale: str = DEFAULT_LOCALE, *, labels: bool = True) -> Iterator[Step]:
    """Every entry of the log replayed in order, with the state after it. ``labels``:
    word each move (``False`` is faster, for the frames of an animation). A log written
    before a rule change is read in today's moves (:class:`Log`); each step's ``index``
    is the logged entry it stands for."""
    state = ruleset.setup(num_seats, options, seed)
    kept: list[_Kept] = []
    log = Log(ruleset, entries)
    at = 0
    while at < len(log):
        seat, notation = log.read(state, at)
        index = log.logged(at)
        at += 1
        if is_undo(notation):
            if not kept or kept[-1].seat != seat:
                raise ReplayError("history.replay.bad_undo", seat=seat + 1)
            undone = kept.pop()
            state = rebuild(ruleset, num_seats, options, seed,
                            [(k.seat, k.notation) for k in kept])
            yield Step(index, seat, notation, None, undone.label, undone.full_label, [],
                       state, True, undo=True)
            continue
        marker = ruleset.turn_marker(state)
        label = full = ""
        if labels:
            try:
                action = ruleset.read_action(state, seat, notation)
                label = ruleset.describe_public(state, seat, action, names, locale)
                full = ruleset.describe_action(state, seat, action, names, locale)
            except LocalizedError:
                pass  # _apply says what is wrong with the line
        action, events = _apply(ruleset, state, index, seat, notation)
        kept.append(_Kept(seat, notation, label, full))
        over = ruleset.result(state) is not None
        yield Step(index, seat, notation, action, label, full, events, state,
                   over or ruleset.turn_marker(state) != marker)


def replay_frames(game: str, num_seats: int, options: Mapping[str, Any], seed: int,
                  entries: Sequence[tuple[int, str]], names: Sequence[str],
                  locale: str = DEFAULT_LOCALE) -> list[tuple[Any, str]]:
    """(public view, caption) after every turn of a logged game: the frames of its
    animated replay (a module-level function, so a worker process can run it)."""
    from games import get_ruleset

    ruleset = get_ruleset(game)
    frames: list[tuple[Any, str]] = [(ruleset.view(ruleset.setup(num_seats, options, seed),
                                                   None), t("history.replay.setup", locale))]
    for step in replay(ruleset, num_seats, options, seed, entries, names, locale):
        if step.turn_ended:
            frames.append((ruleset.view(step.state, None),
                           turn_caption(step, names, locale, len(frames))))
    return frames


async def animate(pool: RenderPool, game: str, num_seats: int, options: Mapping[str, Any],
                  seed: int, entries: Sequence[tuple[int, str]], names: Sequence[str],
                  locale: str = DEFAULT_LOCALE) -> bytes:
    """The animated replay of a logged game, made in ``pool``'s worker processes (the
    event loop only waits): the game is replayed in one worker, its boards drawn in
    chunks by all of them side by side, the GIF put together in one."""
    from renderers import animation

    frames = animation.thinned(await pool.run(replay_frames, game, num_seats, options, seed,
                                              entries, names, locale), animation.MAX_FRAMES)
    size = max(1, -(-len(frames) // pool.workers))
    chunks = await asyncio.gather(*(
        pool.run(animation.render_frames, game, frames[i:i + size], names, locale)
        for i in range(0, len(frames), size)))
    return await pool.run(animation.assemble, [png for chunk in chunks for png in chunk])


def turn_caption(step: Step, names: Sequence[str], locale: str, number: int) -> str:
    """The caption of the board after ``step`` in a replay: the turn and what was done."""
    who = names[step.seat] if 0 <= step.seat < len(names) else "?"
    if step.undo:
        what = t("history.undo.done", locale, player=who, move=step.label)
    else:
        # each account is a sentence of its own ("… Starfish." "The starfish sends …")
        what = " ".join(filter(None, (e.text(names, locale) for e in step.events[-2:])))
    if what.startswith(who):  # the account names the player already (issue 24 item 13)
        return t("history.replay.caption_named", locale, number=number, what=what)
    return t("history.replay.caption", locale, number=number, player=who, what=what)
