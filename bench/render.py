"""Public board render time and PNG size at a realistic mid-game position.

The position is reached by seeded bot play (:meth:`~games.protocol.Ruleset.bot_action`
for every seat): a first game is played to its end to learn its length, then the same
game is replayed to half that length. The caption is the account of the last moves,
built as the session service builds it. The view is computed once; the timed part is
:func:`renderers.render_public` alone, after one untimed warm-up render (fonts, cached
layers).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import renderers
from games import Ruleset
from games.protocol import Event

from .stats import KB, default_options, percentile, seat_names

#: A bot game longer than this many actions is a bot bug: stop it there.
MAX_BOT_GAME_ACTIONS = 100_000


@dataclass(frozen=True, slots=True)
class Position:
    """A state reached by bot play, with the caption of its last moves."""

    state: Any
    actions: int
    game_actions: int
    turn: Any
    caption: str


@dataclass(frozen=True, slots=True)
class RenderStats:
    """What the render benchmark measured (``None`` figures: the game has no renderer)."""

    players: int
    samples: int
    position_actions: int
    game_actions: int
    turn: Any
    p50_ms: float | None
    p95_ms: float | None
    png_bytes: int | None
    note: str = ""

    @property
    def png_kb(self) -> float | None:
        return None if self.png_bytes is None else self.png_bytes / KB


def _bot_play(
    ruleset: Ruleset[Any, Any], players: int, seed: int, stop_after: int | None
) -> tuple[Any, int, list[Event]]:
    """Seeded bot play from the start, for ``stop_after`` actions or to the end."""
    state = ruleset.setup(players, default_options(ruleset), seed)
    events: list[Event] = []
    actions = 0
    limit = MAX_BOT_GAME_ACTIONS if stop_after is None else stop_after
    while ruleset.result(state) is None and actions < limit:
        actors = ruleset.actors(state)
        if not actors:
            raise RuntimeError(f"{ruleset.id}: no seat may act but the game has no result")
        seat = min(actors)  # one at a time: simultaneous seats each get their turn
        events.extend(ruleset.apply(state, seat, ruleset.bot_action(state, seat)))
        del events[:-3]
        actions += 1
    return state, actions, events


def mid_game(ruleset: Ruleset[Any, Any], players: int, seed: int, locale: str = "en") -> Position:
    """The position halfway through the seeded bot game of ``players`` seats."""
    _, game_actions, _ = _bot_play(ruleset, players, seed, None)
    state, actions, events = _bot_play(ruleset, players, seed, max(1, game_actions // 2))
    names = seat_names(players, locale)
    caption = " ".join(e.text(names, locale) for e in events[-3:])
    return Position(state, actions, game_actions, ruleset.turn_marker(state), caption)


def run_render(
    ruleset: Ruleset[Any, Any], players: int, *, seed: int, samples: int, locale: str = "en"
) -> RenderStats:
    """Render the mid-game public board ``samples`` times after a warm-up render."""
    position = mid_game(ruleset, players, seed, locale)
    view = ruleset.view(position.state, None)
    names = seat_names(players, locale)

    def render() -> bytes:
        return renderers.render_public(ruleset.id, view, names, position.caption, locale)

    try:
        png = render()  # warm-up: fonts, cached static layers
    except (KeyError, ModuleNotFoundError) as exc:
        return RenderStats(players, 0, position.actions, position.game_actions, position.turn,
                           None, None, None, note=f"no renderer ({exc!r})")
    timings: list[float] = []
    for _ in range(samples):
        start = time.perf_counter()
        png = render()
        timings.append((time.perf_counter() - start) * 1000)
    return RenderStats(
        players, samples, position.actions, position.game_actions, position.turn,
        percentile(timings, 0.5), percentile(timings, 0.95), len(png),
    )
