"""The expected length of a lobby's game in days (issue 26 item 4, "the lobby shows the
expected length of this table in days at 8 hand-offs a day, from the bench's figures").

The figures are the medians ``python -m bench.handoffs --write-estimates`` measured and
wrote to :mod:`bot.length_estimates`: calendar hand-offs (waits on a person) of seeded
bot games per game, table size and ``length``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.options import STANDARD_LENGTH
from i18n import t

from .length_estimates import MEDIAN_HANDOFFS

#: Waits a day a group answers: the issue's "days at 8 hand-offs a day".
WAITS_A_DAY = 8


def median_handoffs(game: str, players: int, length: str) -> float | None:
    """The measured median waits of ``game`` at ``players`` seats, or ``None`` when that
    table is not measured (a length the table cannot play: Haze's short game below 3)."""
    return MEDIAN_HANDOFFS.get((game, players, length))


def expected_days(game: str, players: int, length: str) -> int | None:
    """Whole days at :data:`WAITS_A_DAY` waits a day (at least 1), or ``None``."""
    median = median_handoffs(game, players, length)
    if median is None:
        return None
    return max(1, round(median / WAITS_A_DAY))


def estimate_line(game: str, players: int, options: Mapping[str, Any],
                  locale: str) -> str | None:
    """The lobby's line for a table of ``players`` with these lobby ``options``, or
    ``None`` when no figure exists for it."""
    length = str(options.get("length", STANDARD_LENGTH))
    days = expected_days(game, players, length)
    median = median_handoffs(game, players, length)
    if days is None or median is None:
        return None
    return t("platform.lobby.estimate", locale, days=days, players=players, length=length,
             waits=round(median), per_day=WAITS_A_DAY)
