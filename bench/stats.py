"""Small shared helpers of the benchmark: the games it measures, percentiles, default
options, seat names."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

import games
from games import Ruleset
from games.options import resolve_options
from i18n import t

#: The user id of the one human seat in the turn-latency run.
HUMAN_ID = "bench-human"
#: That seat's display name.
HUMAN_NAME = "Bench human"
#: Bytes per KB in every size the benchmark reports (the test suite's 600 * 1024 limit).
KB = 1024


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
