"""Rules engines, one package per game, behind the :class:`~games.protocol.Ruleset` protocol.

Look a game up with :func:`get_ruleset`; :data:`RULESETS` lists them all.
"""

from __future__ import annotations

import os
from typing import Any

from .protocol import Event, IllegalAction, MoveChoice, Result, Ruleset

__all__ = [
    "RULESETS",
    "Event",
    "IllegalAction",
    "MoveChoice",
    "Result",
    "Ruleset",
    "UnknownGame",
    "get_ruleset",
]


class UnknownGame(IllegalAction):
    """A game id that is not in the registry."""


#: Set (to anything but ``0``) to list the games still in development as well. The test
#: suite sets it, so every registry-wide test (fuzz, hidden information, crash safety,
#: summaries) already holds a new game to the platform's guarantees; players only meet a
#: game once it is finished.
DEV_GAMES_ENV = "TIDEBOUND_DEV_GAMES"


def _build_registry() -> dict[str, Ruleset[Any, Any]]:
    from .hagoth import RULESET as HAGOTH
    from .haze_islands import RULESET as HAZE_ISLANDS
    from .hexfolk import RULESET as HEXFOLK
    from .lovci_pokladu import RULESET as LOVCI
    from .shipyard import RULESET as SHIPYARD

    playable: tuple[Ruleset[Any, Any], ...] = (HAGOTH, LOVCI, HEXFOLK, SHIPYARD, HAZE_ISLANDS)
    if os.environ.get(DEV_GAMES_ENV, "") not in ("", "0"):
        playable = (*playable, *_development_games())
    return {ruleset.id: ruleset for ruleset in playable}


def _development_games() -> tuple[Ruleset[Any, Any], ...]:
    """Games registered only with :data:`DEV_GAMES_ENV`: none at present.

    A new game is listed here (imported inside this function, so that players never load
    it) until its rules, bot, images and en/ru/cs texts are finished; Haze Islands (issue
    12) was, until its images fitted in every language and it was released."""
    return ()


RULESETS: dict[str, Ruleset[Any, Any]] = {}


def get_ruleset(game_id: str) -> Ruleset[Any, Any]:
    """The ruleset with id ``game_id``; :class:`UnknownGame` if there is none."""
    if not RULESETS:
        RULESETS.update(_build_registry())
    try:
        return RULESETS[game_id.strip().lower()]
    except KeyError:
        raise UnknownGame(
            "platform.game.unknown", game=game_id, known=", ".join(sorted(RULESETS))
        ) from None


def all_rulesets() -> list[Ruleset[Any, Any]]:
    if not RULESETS:
        RULESETS.update(_build_registry())
    return list(RULESETS.values())
