"""Views in words (issue 27 items 2 and 3): the alt text of every image the bot sends
and the whole public position for ``/game status text:yes``.

Like the drawings, a description is built from a VIEW only (the public view for a
public post, the seat's own view for its hand, the summary once the game is over), so
it can say no more than the image it stands for. One module per game gives
``board_lines``, ``hand_lines`` and ``summary_lines`` (lines in the order a listener
needs them); :mod:`renderers.describe.common` fits them in Discord's 1,024 characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from i18n import t

from .common import LIMIT, fit, whole

#: game id -> the module that puts its views in words.
_MODULES = {
    "hagoth": "renderers.describe.hagoth",
    "lovci-pokladu": "renderers.describe.lovci_pokladu",
    "hexfolk": "renderers.describe.hexfolk",
    "shipyard": "renderers.describe.shipyard",
    "haze-islands": "renderers.describe.haze_islands",
}


def _module(game_id: str) -> Any:
    return import_module(_MODULES[game_id])


def _lines(game_id: str, view: Any, names: Sequence[str], head: Sequence[str],
           locale: str) -> list[str]:
    """Whose turn it is (``head[0]``) and what they must do, the rest of ``head`` (the
    last move, the scores: the caller's public texts), then the board."""
    module = _module(game_id)
    return [*head[:1], *module.task_lines(view, names, locale), *head[1:],
            *module.board_lines(view, names, locale)]


def describe_board(game_id: str, view: Any, names: Sequence[str], head: Sequence[str],
                   locale: str = "en") -> str:
    """The alt text of a board, within :data:`LIMIT`: ``head`` = (whose turn it is,
    the last move, the scores), what the player to act must do, then the board's
    essentials. The public board's is built from the public view only."""
    return fit(_lines(game_id, view, names, head, locale))


def describe_position(game_id: str, view: Any, names: Sequence[str], head: Sequence[str],
                      locale: str = "en") -> str:
    """The whole position in words, with no limit (``/game status text:yes``)."""
    return whole(_lines(game_id, view, names, head, locale))


def describe_hand(game_id: str, view: Any, names: Sequence[str], locale: str = "en") -> str:
    """The alt text of a seat's private image, from that seat's view only."""
    return fit([t("describe.hand", locale),
                *_module(game_id).hand_lines(view, names, locale)])


def describe_summary(game_id: str, summary: Any, names: Sequence[str], head: Sequence[str],
                     locale: str = "en") -> str:
    """The alt text of the end-of-game summary image."""
    return fit([t("describe.summary", locale), *head,
                *_module(game_id).summary_lines(summary, names, locale)])


def describe_rules_image(game_id: str, topic: str, locale: str = "en") -> str:
    """The alt text of a ``/rules`` picture (Hexfolk's map gallery: every map's number,
    name, size and players)."""
    if (game_id, topic) != ("hexfolk", "maps"):
        return ""
    from games.hexfolk.maps import MAPS, land_count

    return fit([t("describe.rules_image", locale), *(
        f"{m.number}. {t(m.name_key, locale)} "
        f"({t('hexfolk.map_choice.hexes', locale, hexes=land_count(m.id))}, "
        f"{t('hexfolk.map_choice.players', locale, low=m.min_players, high=m.max_players)})"
        for m in MAPS)])


def describe_replay(locale: str = "en") -> str:
    """The alt text of the animated replay (its moves in words are in ``/game log``)."""
    return t("describe.replay", locale)


__all__ = ["LIMIT", "describe_board", "describe_hand", "describe_position",
           "describe_replay", "describe_rules_image", "describe_summary"]
