"""Hexfolk side by side with Catanatron: random 4-player games, actions per second.

`Catanatron <https://github.com/bcollazo/catanatron>`_ (PyPI ``catanatron``, pinned in
the optional ``compare`` extra: ``pip install -e '.[compare]'``) is a pure-Python
Settlers of Catan engine. Both engines play seeded random-legal 4-player games, one
after the other in the same process, for the same time budget; every game started is
finished, and its setup is timed with it:

* ours: :func:`bench.playouts.run_playouts` on the ``hexfolk`` ruleset at 4 players
  (not its largest player count, which the normal run uses), with default options;
* theirs: ``catanatron.Game`` with four ``RandomPlayer`` seats, stepped with
  ``Game.play_tick`` under the stop condition of ``Game.play`` (a winner, or its turn
  limit; a game stopped at the limit is counted as unfinished), the actions counted as
  ``len(game.state.actions)``. Game ``i`` is seeded ``seed * 1_000_003 + i + 1``
  (Catanatron takes a seed of 0 as "no seed"). Catanatron seeds the global
  :mod:`random` module; its state is restored afterwards.

The figure compared is actions per second; ``ratio`` is ours over theirs, and the
target is at least 1.0. Games per second are reported too: the two engines split a game
into actions differently (Hexfolk's player-to-player offers and every seat's answer to
them are actions; Catanatron 3.2.1 has no such trades), so actions per game differ.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from games import get_ruleset

from .playouts import PlayoutStats, run_playouts

#: The player count of both sides (Catanatron's largest).
PLAYERS = 4
#: Our game in the comparison.
GAME_ID = "hexfolk"
#: The Catanatron release the ``compare`` extra pins.
CATANATRON_VERSION = "3.2.1"
#: What to do when Catanatron is missing.
INSTALL_HINT = "install the compare extra: pip install -e '.[compare]'"
#: The ratio ours / theirs (actions per second) to reach.
TARGET_RATIO = 1.0


@dataclass(frozen=True, slots=True)
class CompareStats:
    """Both sides' playouts, and a note (such as a Catanatron other than the pinned one)."""

    ours: PlayoutStats
    theirs: PlayoutStats
    catanatron_version: str
    note: str | None = None

    @property
    def ratio(self) -> float | None:
        """Our actions per second over Catanatron's."""
        if self.theirs.actions_per_s <= 0:
            return None
        return self.ours.actions_per_s / self.theirs.actions_per_s


def catanatron_version() -> str | None:
    """The installed Catanatron version, or None when it cannot be imported."""
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return None
    try:
        return metadata.version("catanatron")
    except metadata.PackageNotFoundError:
        return "unknown"


def run_catanatron(*, seed: int, budget_s: float, max_games: int | None = None) -> PlayoutStats:
    """Random 4-player Catanatron games for ``budget_s`` seconds (at least one game).

    Raises :class:`ImportError` when Catanatron is not installed.
    """
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    colors = list(Color)[:PLAYERS]
    saved = random.getstate()
    total = count = unfinished = 0
    try:
        start = time.perf_counter()
        while True:
            game = Game([RandomPlayer(color) for color in colors],
                        seed=seed * 1_000_003 + count + 1)
            state = game.state
            # Game.play's loop, without its two whole-game copies for accumulators
            while game.winning_color() is None and state.num_turns < TURNS_LIMIT:
                game.play_tick()
            total += len(state.actions)
            count += 1
            unfinished += game.winning_color() is None
            elapsed = time.perf_counter() - start
            if elapsed >= budget_s or (max_games is not None and count >= max_games):
                break
    finally:
        random.setstate(saved)
    return PlayoutStats(PLAYERS, count, unfinished, total, elapsed)


def run_compare(*, seed: int, budget_s: float, max_games: int | None = None) -> CompareStats:
    """Our Hexfolk playouts, then Catanatron's.

    Raises :class:`ImportError` when Catanatron is not installed (check
    :func:`catanatron_version` first to skip the comparison without measuring ours).
    """
    version = catanatron_version()
    if version is None:
        raise ImportError(f"Catanatron is not installed; {INSTALL_HINT}")
    ours = run_playouts(get_ruleset(GAME_ID), PLAYERS, seed=seed, budget_s=budget_s,
                        max_playouts=max_games)
    theirs = run_catanatron(seed=seed, budget_s=budget_s, max_games=max_games)
    note = None
    if version != CATANATRON_VERSION:
        note = f"Catanatron {version} installed, the compare extra pins {CATANATRON_VERSION}"
    return CompareStats(ours, theirs, version, note=note)


def _side(prefix: str, stats: PlayoutStats) -> dict[str, Any]:
    return {
        f"{prefix}actions_per_s": round(stats.actions_per_s, 1),
        f"{prefix}us_per_action": (round(1e6 / stats.actions_per_s, 2)
                                   if stats.actions_per_s > 0 else None),
        f"{prefix}games_per_s": round(stats.playouts_per_s, 3),
        f"{prefix}avg_actions_per_game": round(stats.avg_actions, 1),
        f"{prefix}games": stats.playouts,
        f"{prefix}unfinished_games": stats.unfinished,
        f"{prefix}seconds": round(stats.seconds, 3),
    }


def figures(stats: CompareStats, seed: int) -> dict[str, Any]:
    """The comparison as a JSON-ready dict (one line of ``python -m bench --compare``)."""
    row: dict[str, Any] = {"game": GAME_ID, "players": PLAYERS, "seed": seed}
    row.update(_side("", stats.ours))
    row["compare_catanatron_version"] = stats.catanatron_version
    row.update(_side("compare_catanatron_", stats.theirs))
    row["compare_ratio"] = round(stats.ratio, 3) if stats.ratio is not None else None
    if stats.note:
        row["compare_note"] = stats.note
    return row


def report(row: dict[str, Any]) -> list[str]:
    """Human-readable lines: both sides, the ratio and whether the target is met."""
    def side(label: str, prefix: str) -> str:
        return (f"  {label:<22} {row[prefix + 'actions_per_s']:>10,.0f} actions/s  "
                f"{row[prefix + 'us_per_action']:>6.1f} us/action  "
                f"{row[prefix + 'games']:>4} games  {row[prefix + 'games_per_s']:>6.2f} games/s  "
                f"{row[prefix + 'avg_actions_per_game']:>7,.0f} actions/game  "
                f"{row[prefix + 'unfinished_games']} unfinished")

    lines = [f"Random {PLAYERS}-player games, seed {row['seed']}:",
             side(f"{GAME_ID} (ours)", "")]
    lines.append(side(f"catanatron {row['compare_catanatron_version']}",
                      "compare_catanatron_"))
    ratio = row["compare_ratio"]
    if ratio is None:
        lines.append(f"  ratio ours/catanatron >= {TARGET_RATIO:.1f}: n/a (not measured)")
    else:
        verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
        lines.append(f"  ratio ours/catanatron >= {TARGET_RATIO:.1f}: {ratio:.2f}x  {verdict}")
    if row.get("compare_note"):
        lines.append(f"  note: {row['compare_note']}")
    return lines
