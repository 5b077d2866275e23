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


def rebuild(ruleset: Ruleset[Any, Any], num_seats: int, options: Mapping[str, Any], seed: int,
            entries: Sequence[tuple[int, str]]) -> Any:
    """The state after ``entries`` (take-backs included), from the seed."""
    state = ruleset.setup(num_seats, options, seed)
    for index, (seat, notation) in enumerate(in_force(entries)):
        _apply(ruleset, state, index, seat, notation)
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
    word each move (``False`` is faster, for the frames of an animation)."""
    state = ruleset.setup(num_seats, options, seed)
    kept: list[_Kept] = []
    for index, (seat, notation) in enumerate(entries):
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
