"""Render time and PNG size of every image a player really gets, at its worst positions.

One seeded bot game (:meth:`~games.protocol.Ruleset.bot_action` for every seat) is played
to its end to find the positions worth timing, then replayed to capture them:

* ``mid-game``: halfway through the game;
* ``most spots``: the decision with the most numbered places on the board (the view's
  ``spots``; for a game without them, the most legal actions) — in Hexfolk the first
  founding settlement on the largest board;
* ``final``: the board that announces the winner;
* ``busiest``: for a view with a ``render_load`` (how much its board draws, e.g.
  Shipyard's canal cards, yard cards and launched ships), the position where it peaks;
* ``mid-game cold``: the mid-game board drawn after the renderer forgot its per-board
  layers (``clear_board_caches``), as for a game whose board dropped out of the cache
  when many games are in play;
* ``each board once``: boards spread over the whole game (twice ``samples`` of them), each
  drawn once as soon as it is reached, with the account of the last round: every board a
  worker draws in play has new pieces and a new account to lay out, while a position
  drawn ``samples`` times has all its texts remembered after the first draw (on the
  same day, Lovci's boards in a 50-game load cost about 50 ms CPU against 37 ms for
  its samples); its figures are over the boards;
* ``summary``: the end-of-game summary image, if the game has one;
* ``hand mid-game`` / ``hand largest`` / ``hand final``: the private image of one seat
  (the first actor's, at its largest hand over the game), if the game has one.

The images are drawn as a render worker draws them: this process is set up as the pool's
fork server sets up every worker (:mod:`bot.render_warmup`: warmed pieces, and Pillow
keeping freed image blocks) and as each worker sets itself up (glibc keeping the memory
a board frees: :func:`bot.render_pool.keep_freed_memory`); without them a fresh process
may map new memory for each large image, which put a Hexfolk 8-player board at 37-41 ms
CPU instead of 20-29 in one loaded-machine measurement, though a process that drew other
games first often hides it). Each image is drawn once untimed (fonts, cached static
layers), then ``samples`` times; wall-clock p50 / p95 / max are reported, and beside
them the p95 of the thread's CPU time, which a machine busy with other work inflates
much less.
Private images are timed by drawing them (the module's ``render_hand``), not through the
kept-hand cache of :func:`renderers.render_private`. The caption is the account of the
last moves, built as the session service builds it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import renderers
from games import Ruleset
from games.options import resolve_options
from games.protocol import Event

from .stats import KB, default_options, measured_rulesets, percentile, seat_names

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
class ImageStats:
    """One image at one position: timings over the samples and its PNG size."""

    name: str  #: e.g. "most spots", "hand final"
    actions: int  #: bot actions played before the position
    p50_ms: float
    p95_ms: float
    max_ms: float
    png_bytes: int
    #: p95 of the CPU time of this thread: what the drawing costs, without the waits for
    #: a core that a busy machine adds to the wall-clock figures
    cpu_p95_ms: float = 0.0

    @property
    def png_kb(self) -> float:
        return self.png_bytes / KB


@dataclass(frozen=True, slots=True)
class RenderStats:
    """What the render benchmark measured (``None`` figures: the game has no renderer).

    ``p50_ms`` / ``p95_ms`` are those of the worst image (the highest p95), ``max_ms``
    the slowest single render of any image and ``png_bytes`` the largest PNG."""

    players: int
    samples: int
    position_actions: int
    game_actions: int
    turn: Any
    p50_ms: float | None
    p95_ms: float | None
    png_bytes: int | None
    note: str = ""
    max_ms: float | None = None
    worst: str = ""
    images: tuple[ImageStats, ...] = ()

    @property
    def cpu_p95_ms(self) -> float | None:
        """The highest CPU-time p95 of any image (what a quiet machine would show)."""
        return max((image.cpu_p95_ms for image in self.images), default=None)

    @property
    def png_kb(self) -> float | None:
        return None if self.png_bytes is None else self.png_bytes / KB


def _bot_play(
    ruleset: Ruleset[Any, Any], players: int, seed: int, stop_after: int | None,
    watch: Callable[[Any, int], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[Any, int, list[Event]]:
    """Seeded bot play from the start, for ``stop_after`` actions or to the end;
    ``watch(state, actions)`` sees every position, the first and the last included.
    ``options``: lobby options over the defaults (e.g. Hexfolk's ``map``)."""
    chosen = (default_options(ruleset) if not options
              else resolve_options(ruleset.name_key, ruleset.options, options))
    state = ruleset.setup(players, chosen, seed)
    events: list[Event] = []
    actions = 0
    limit = MAX_BOT_GAME_ACTIONS if stop_after is None else stop_after
    while ruleset.result(state) is None and actions < limit:
        if watch is not None:
            watch(state, actions)
        actors = ruleset.actors(state)
        if not actors:
            raise RuntimeError(f"{ruleset.id}: no seat may act but the game has no result")
        seat = min(actors)  # one at a time: simultaneous seats each get their turn
        events.extend(ruleset.apply(state, seat, ruleset.bot_action(state, seat)))
        del events[:-3]
        actions += 1
    if watch is not None:
        watch(state, actions)
    return state, actions, events


def _position(
    ruleset: Ruleset[Any, Any], players: int, seed: int, at: int, game_actions: int, locale: str,
    options: Mapping[str, Any] | None = None,
) -> Position:
    state, actions, events = _bot_play(ruleset, players, seed, at, options=options)
    names = seat_names(players, locale)
    caption = " ".join(e.text(names, locale) for e in events[-3:])
    return Position(state, actions, game_actions, ruleset.turn_marker(state), caption)


def mid_game(ruleset: Ruleset[Any, Any], players: int, seed: int, locale: str = "en") -> Position:
    """The position halfway through the seeded bot game of ``players`` seats."""
    _, game_actions, _ = _bot_play(ruleset, players, seed, None)
    return _position(ruleset, players, seed, max(1, game_actions // 2), game_actions, locale)


def _hand_size(view: Any) -> int:
    hand = getattr(view, "hand", None)
    if hand is None:
        return -1
    return sum(hand) if all(isinstance(x, int) for x in hand) else len(hand)


@dataclass(slots=True)
class _Scout:
    """The positions worth timing, found in one pass over the game."""

    ruleset: Ruleset[Any, Any]
    spots_at: int = 0
    spots: int = -1
    hand_seat: int | None = None
    hand_at: int = 0
    hand: int = -1
    load_at: int | None = None
    load: int = -1
    #: the largest grown map (Haze Islands' locations), where there is one
    map_at: int = 0
    map_size: int = -1

    def __call__(self, state: Any, actions: int) -> None:
        ruleset = self.ruleset
        actors = ruleset.actors(state)
        if not actors:
            return
        view = ruleset.view(state, None)
        marked = getattr(view, "spots", None)
        count = (len(marked) if marked is not None
                 else len(ruleset.legal_actions(state, min(actors))))
        if count > self.spots:
            self.spots, self.spots_at = count, actions
        load = getattr(view, "render_load", None)
        if isinstance(load, int) and load > self.load:
            self.load, self.load_at = load, actions
        grown = getattr(view, "locations", None)
        if grown is not None and len(grown) > self.map_size:
            self.map_size, self.map_at = len(grown), actions
        if self.hand_seat is None:
            self.hand_seat = min(actors)
        size = _hand_size(ruleset.view(state, self.hand_seat))
        if size > self.hand:
            self.hand, self.hand_at = size, actions


def _as_in_a_render_worker() -> None:
    """Set this process up as :mod:`bot.render_pool` sets up each render worker (its
    fork server imports :mod:`bot.render_warmup`), so that the figures are the workers'."""
    from PIL import Image

    # importing render_warmup warms the pieces, as in the fork server
    from bot import render_pool, render_warmup

    Image.core.set_blocks_max(render_warmup.IMAGE_BLOCKS_KEPT)
    render_pool.keep_freed_memory()  # as each worker does when it starts (its ``serve``)


def _time(draw: Callable[[], bytes], samples: int, cold: bool = False
          ) -> tuple[list[float], list[float], bytes]:
    """Wall-clock and CPU milliseconds of ``samples`` draws after a warm-up, and the PNG;
    ``cold``: each draw after the per-board layers were forgotten (untimed)."""
    png = draw()  # warm-up: fonts, cached static layers
    timings: list[float] = []
    cpu: list[float] = []
    for _ in range(samples):
        if cold:
            renderers.clear_caches(boards=True)
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = draw()
        timings.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    return timings, cpu, png


def _each_board_once(
    ruleset: Ruleset[Any, Any], players: int, seed: int, game_actions: int, boards: int,
    names: Sequence[str], locale: str, options: Mapping[str, Any] | None,
) -> ImageStats:
    """``boards`` public boards spread evenly over the seeded bot game, each drawn once
    right after its position is reached, with the account of the last round of events:
    what a render worker meets in play, where every board has new pieces and a new
    account (new text to lay out), unlike the samples of one position drawn again and
    again, whose texts are all remembered after the first draw. Timed in CPU and wall
    clock; its p50 / p95 / max are over the boards."""
    chosen = (default_options(ruleset) if not options
              else resolve_options(ruleset.name_key, ruleset.options, options))
    state = ruleset.setup(players, chosen, seed)
    step = max(1, game_actions // max(1, boards))
    events: list[Event] = []
    timings: list[float] = []
    cpu: list[float] = []
    largest = 0
    actions = 0
    while ruleset.result(state) is None and actions < game_actions:
        actors = ruleset.actors(state)
        seat = min(actors)
        events.extend(ruleset.apply(state, seat, ruleset.bot_action(state, seat)))
        del events[:-players]
        actions += 1
        if actions % step:
            continue
        view = ruleset.view(state, None)
        caption = "\n".join(e.text(names, locale) for e in events)
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = renderers.render_public(ruleset.id, view, names, caption, locale)
        timings.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        largest = max(largest, len(png))
    return ImageStats("each board once", actions, percentile(timings, 0.5),
                      percentile(timings, 0.95), max(timings), largest,
                      percentile(cpu, 0.95))


def run_render(
    ruleset: Ruleset[Any, Any], players: int, *, seed: int, samples: int, locale: str = "en",
    options: Mapping[str, Any] | None = None,
) -> RenderStats:
    """Time every image a player gets at the mid-game, most-spots and final positions,
    the summary and a seat's private image; the worst of them and each one. ``options``:
    lobby options over the defaults (e.g. ``{"map": "great-land"}``, Hexfolk's largest)."""
    scout = _Scout(ruleset)
    final, game_actions, _ = _bot_play(ruleset, players, seed, None, scout, options)
    names = seat_names(players, locale)
    module_name = renderers._MODULES.get(ruleset.id)
    if module_name is None:
        return RenderStats(players, 0, 0, game_actions, ruleset.turn_marker(final),
                           None, None, None, note=f"no renderer for {ruleset.id!r}")
    module = import_module(module_name)
    render_hand = getattr(module, "render_hand", None)
    _as_in_a_render_worker()
    renderers.clear_caches()

    def position(at: int) -> Position:
        return _position(ruleset, players, seed, at, game_actions, locale, options)

    mid = position(max(1, game_actions // 2))
    last = position(game_actions)
    jobs: list[tuple[str, int, Callable[[], bytes]]] = []
    boards = [("mid-game", mid), ("most spots", position(scout.spots_at)), ("final", last),
              ("mid-game cold", mid)]
    if scout.load_at is not None:
        boards.append(("busiest", position(scout.load_at)))
    if scout.map_size >= 0:
        boards.append(("largest map", position(scout.map_at)))
    for name, pos in boards:
        view = ruleset.view(pos.state, None)
        jobs.append((name, pos.actions, lambda v=view, c=pos.caption: renderers.render_public(
            ruleset.id, v, names, c, locale)))
    summary = ruleset.summary_view(last.state)
    summary_module = import_module(renderers._SUMMARY_MODULES.get(ruleset.id) or module_name)
    if summary is not None and getattr(summary_module, "render_summary", None) is not None:
        jobs.append(("summary", last.actions,
                     lambda: renderers.render_summary(ruleset.id, summary, names, locale)
                     or b""))
    seat = scout.hand_seat
    if render_hand is not None and seat is not None:
        for name, pos in (("hand mid-game", mid), ("hand largest", position(scout.hand_at)),
                          ("hand final", last)):
            view = ruleset.view(pos.state, seat)
            if getattr(view, "hand", None) is not None:
                jobs.append((name, pos.actions,
                             lambda v=view: render_hand(v, names, locale)))
    images: list[ImageStats] = []
    every: list[float] = []
    images.append(_each_board_once(ruleset, players, seed, game_actions, samples * 2,
                                   names, locale, options))
    every.append(images[-1].max_ms)
    for name, actions, draw in jobs:
        timings, cpu, png = _time(draw, samples, cold=name.endswith(" cold"))
        every += timings
        images.append(ImageStats(name, actions, percentile(timings, 0.5),
                                 percentile(timings, 0.95), max(timings), len(png),
                                 percentile(cpu, 0.95)))
    worst = max(images, key=lambda image: image.p95_ms)
    return RenderStats(
        players, samples, mid.actions, game_actions, mid.turn,
        worst.p50_ms, worst.p95_ms, max(image.png_bytes for image in images),
        max_ms=max(every), worst=worst.name, images=tuple(images),
    )


def describe(stats: RenderStats) -> list[str]:
    """One line per image: its position, p50 / p95 / max and PNG size."""
    return [
        f"  {image.name:<14} after {image.actions:>5} actions: p50 {image.p50_ms:6.1f} ms"
        f"  p95 {image.p95_ms:6.1f} ms  max {image.max_ms:6.1f} ms  (CPU p95 "
        f"{image.cpu_p95_ms:5.1f} ms)  {image.png_kb:6.1f} KB"
        for image in stats.images
    ]


def main() -> None:
    """``python -m bench.render [--game ID] [--samples N] [--seed N] [--players N]
    [--locale L] [--options "map=great-land"]``: this section alone."""
    import argparse

    from games.options import InvalidOption, parse_option_text

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="table size (default: the largest)")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--options", default="", help='lobby options, e.g. "map=great-land"')
    args = parser.parse_args()
    rulesets = measured_rulesets(args.game)
    try:  # bad options are refused before any game is played
        options = parse_option_text(args.options)
        for ruleset in rulesets if options else ():
            resolve_options(ruleset.name_key, ruleset.options, options)
    except InvalidOption as exc:
        parser.error(str(exc))
    for ruleset in rulesets:
        players = min(max(args.players or ruleset.max_players, ruleset.min_players),
                      ruleset.max_players)
        stats = run_render(ruleset, players, seed=args.seed, samples=args.samples,
                           locale=args.locale, options=options)
        if stats.note:
            print(f"{ruleset.id}: {stats.note}")
            continue
        print(f"{ruleset.id} at {stats.players} players, {stats.game_actions} actions: worst "
              f"{stats.worst} p50 {stats.p50_ms:.1f} ms p95 {stats.p95_ms:.1f} ms, max "
              f"{stats.max_ms:.1f} ms, largest PNG {stats.png_kb:.1f} KB")
        print("\n".join(describe(stats)))


if __name__ == "__main__":
    main()
