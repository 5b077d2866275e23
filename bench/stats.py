"""Small shared helpers of the benchmark: the games it measures and the table each is
measured at, percentiles, default options, seat names."""

from __future__ import annotations

import dataclasses
import math
import os
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import games
from games import Ruleset
from games.options import InvalidOption, resolve_options
from i18n import t

T = TypeVar("T")

#: The user id of the one human seat in the turn-latency run.
HUMAN_ID = "bench-human"
#: That seat's display name.
HUMAN_NAME = "Bench human"
#: Bytes per KB in every size the benchmark reports (the test suite's 600 * 1024 limit).
KB = 1024


def proc_mb(pid: int | str, file: str, field: str) -> float | None:
    """A memory figure of a process from Linux's ``/proc/<pid>/<file>``, the line
    ``<field>: <kB> kB``, in MB; ``None`` where unknown (no such process or system)."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process, in MB; 0 where unknown."""
    return proc_mb(pid, "status", "VmRSS") or 0.0


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``samples`` (``fraction`` 0.5 = median, 0.95 = p95)."""
    if not samples:
        raise ValueError("no samples")
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def default_options(ruleset: Ruleset[Any, Any]) -> dict[str, Any]:
    """The ruleset's lobby options with every default, as a lobby without options has."""
    return resolve_options(ruleset.name_key, ruleset.options, {})


#: The lobby option that picks a game's map, where a game has maps (Hexfolk's ``map``).
MAP_OPTION = "map"
#: The languages every image and turn is measured in (issue 30 item 2: "in Russian as
#: well as English"); the worse of them is the figure held to a target.
LOCALES = ("en", "ru")


def _map_size(ruleset: Ruleset[Any, Any], players: int, options: dict[str, Any]
              ) -> tuple[int, int]:
    """How much a map draws at the start of a seeded game: (numbered spots, places: a
    board's hexes, cards or locations)."""
    view = ruleset.view(ruleset.setup(players, options, 1), None)
    places = next((len(getattr(view, name)) for name in ("terrain", "cards", "locations")
                   if getattr(view, name, None) is not None), 0)
    return len(getattr(view, "spots", None) or ()), places


def worst_table(ruleset: Ruleset[Any, Any]) -> tuple[int, dict[str, Any]]:
    """The table a game is measured at (issue 30 item 2, "every game on its worst table
    and map"): its most players and, where a lobby option picks the map, the map those
    players may take that draws the most (the most numbered spots, then the most hexes:
    Hexfolk's 61-hex Great Land at 8 players). Returns (players, options over the
    defaults), e.g. ``(8, {"map": "great-land"})``; ``{}`` for a game without maps."""
    players = ruleset.max_players
    option = next((o for o in ruleset.options if o.name == MAP_OPTION and o.choices), None)
    if option is None:
        return players, {}
    sizes: dict[str, tuple[int, int]] = {}
    for choice in option.choices:
        try:
            chosen = resolve_options(ruleset.name_key, ruleset.options, {MAP_OPTION: choice})
            ruleset.check_seats(players, chosen)
        except InvalidOption:
            continue  # not a map for this many players
        sizes[choice] = _map_size(ruleset, players, chosen)
    biggest = max(sizes, key=lambda choice: sizes[choice])
    return players, ({} if biggest == option.default else {MAP_OPTION: biggest})


def table_label(players: int, options: dict[str, Any]) -> str:
    """``8 players, map=great-land``: the table a figure was measured at."""
    return ", ".join([f"{players} players", *(f"{k}={v}" for k, v in sorted(options.items()))])


def seat_names(num_players: int, locale: str = "en") -> list[str]:
    """The names the session service gives the bench table: the human, then Bot 1, 2, ..."""
    return [HUMAN_NAME] + [
        t("platform.lobby.bot_name", locale, number=n) for n in range(1, num_players)
    ]


def measured_rulesets(game_id: str | None = None) -> list[Ruleset[Any, Any]]:
    """The games a benchmark measures: the one named ``game_id``, or every game.

    Games still in development (Haze Islands today) are measured too: issue 10,
    "Shipyard and Haze Islands join every benchmark as they land", wants their figures
    before players meet them. So this switches :data:`games.DEV_GAMES_ENV` on for the
    process (the session service the turn benchmark drives looks games up in the
    registry); call it only where games are measured one by one, not before the load and
    startup benchmarks, which serve the players' registry. An unknown ``game_id`` raises
    :class:`games.UnknownGame` naming every game here."""
    os.environ[games.DEV_GAMES_ENV] = "1"
    games.RULESETS.clear()  # rebuilt with the development games
    if game_id is None:
        return games.all_rulesets()
    return [games.get_ruleset(game_id)]


def median_of(runs: Sequence[T]) -> T:
    """Repeated measurements folded into one, each figure the median over the runs
    (issue 10: targets are "measured on this 2-core machine, in one run, median of 3").

    Numbers (not booleans) become the median of the runs: the middle value for an odd
    count (:func:`statistics.median_low`, so an int stays an int and every figure is one
    that was measured). Dicts and dataclasses are folded key by key and field by field, so
    the median p95 and the median p50 may come from different runs, as in any table of
    medians; tuples and lists of the same length element by element. Anything else (a
    name, a note, ``None`` in any run) is the first run's.
    """
    if not runs:
        raise ValueError("no runs")
    first = runs[0]
    if len(runs) == 1:
        return first
    if isinstance(first, bool) or first is None:
        return first
    if isinstance(first, int | float):
        if any(isinstance(run, bool) or not isinstance(run, int | float) for run in runs):
            return first
        return cast(T, statistics.median_low(cast(Sequence[float], runs)))
    if isinstance(first, dict):
        return cast(T, {key: median_of([run[key] for run in cast(Sequence[dict[Any, Any]], runs)])
                        if all(isinstance(run, dict) and key in run for run in runs)
                        else value for key, value in first.items()})
    if isinstance(first, tuple | list):
        if any(not isinstance(run, type(first)) or len(run) != len(first) for run in runs):
            return first
        folded = [median_of([run[i] for run in cast(Sequence[Sequence[Any]], runs)])
                  for i in range(len(first))]
        return cast(T, type(first)(folded))
    if dataclasses.is_dataclass(first) and not isinstance(first, type):
        if any(type(run) is not type(first) for run in runs):
            return first
        return cast(T, dataclasses.replace(first, **{
            field.name: median_of([getattr(run, field.name) for run in runs])
            for field in dataclasses.fields(first) if field.init}))
    return first
