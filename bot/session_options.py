"""The platform's own lobby options, beside each game's: the turn clock (``clock=24h``)
and ``/hint`` (``hints=yes``). The ruleset never sees them (:func:`game_options`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.options import HINTS

from .requests import ServiceError

#: The lobby setting of the turn clock (``clock=24h``), handled by the platform for every
#: game: value -> seconds a player has for each turn or decision (``None``: no clock).
CLOCK_OPTION = "clock"
CLOCKS: dict[str, int | None] = {
    "off": None, "30s": 30, "5m": 5 * 60, "1h": 3600, "8h": 8 * 3600, "24h": 24 * 3600,
    "3d": 3 * 24 * 3600,
}


def clock_of(options: Mapping[str, Any]) -> str:
    """The turn clock setting stored in a session's options (``"off"`` when unset)."""
    value = str(options.get(CLOCK_OPTION, "off"))
    return value if value in CLOCKS else "off"


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A session's options without the platform's own (what the ruleset sees)."""
    return {k: v for k, v in options.items() if k not in (CLOCK_OPTION, HINTS.name)}


def hints_on(options: Mapping[str, Any]) -> bool:
    """Whether the lobby turned ``/hint`` on (``hints=yes``)."""
    return options.get(HINTS.name) is True


def split_clock(given: Mapping[str, str], default: str = "off") -> tuple[str, dict[str, str]]:
    """Take the ``clock`` setting out of parsed lobby options: (clock, the game's options).
    An unknown clock value is refused with the values there are."""
    value = str(given.get(CLOCK_OPTION, default if default in CLOCKS else "off")
                ).strip().lower()
    if value not in CLOCKS:
        raise ServiceError("platform.clock.invalid", value=given.get(CLOCK_OPTION),
                           choices=", ".join(CLOCKS))
    return value, dict(game_options(given))


def show_option(value: object) -> str:
    """An option's value as the lobby shows it (``yes``/``no`` for a flag)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


__all__ = ["CLOCKS", "CLOCK_OPTION", "clock_of", "game_options", "hints_on", "show_option",
           "split_clock"]
