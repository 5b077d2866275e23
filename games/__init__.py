"""Rules engines, one package per game, behind the :class:`~games.protocol.Ruleset` protocol.

Look a game up with :func:`get_ruleset`; :data:`RULESETS` lists them all.
"""

from __future__ import annotations

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


def _build_registry() -> dict[str, Ruleset]:
    from .hagoth import RULESET as HAGOTH
    from .hexfolk import RULESET as HEXFOLK
    from .lovci_pokladu import RULESET as LOVCI
    from .shipyard import RULESET as SHIPYARD

    return {ruleset.id: ruleset for ruleset in (HAGOTH, LOVCI, HEXFOLK, SHIPYARD)}


RULESETS: dict[str, Ruleset] = {}


def get_ruleset(game_id: str) -> Ruleset:
    """The ruleset with id ``game_id``; :class:`UnknownGame` if there is none."""
    if not RULESETS:
        RULESETS.update(_build_registry())
    try:
        return RULESETS[game_id.strip().lower()]
    except KeyError:
        raise UnknownGame(
            "platform.game.unknown", game=game_id, known=", ".join(sorted(RULESETS))
        ) from None


def all_rulesets() -> list[Ruleset]:
    if not RULESETS:
        RULESETS.update(_build_registry())
    return list(RULESETS.values())
