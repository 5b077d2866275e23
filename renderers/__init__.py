"""Pillow renderers: one module per game, drawing views only.

:func:`render_public` draws the board everybody sees (from a public view, which
holds no secrets); :func:`render_private` draws what only one seat may see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

#: game id -> module with ``render_board(view, names, caption, locale)`` and
#: optionally ``render_hand(view, names, locale)``.
_MODULES = {
    "hagoth": "renderers.hagoth",
    "lovci-pokladu": "renderers.lovci_pokladu",
    "hexfolk": "renderers.hexfolk",
}


#: game id -> module with ``render_summary(summary, names, locale)``, where the summary
#: is not drawn by the board's own module.
_SUMMARY_MODULES = {
    "hagoth": "renderers.hagoth_summary",
}


def _module(game_id: str) -> Any:
    return import_module(_MODULES[game_id])


def render_public(
    game_id: str, view: Any, names: Sequence[str], caption: str, locale: str = "en"
) -> bytes:
    """The public board of ``game_id`` as PNG bytes."""
    return _module(game_id).render_board(view, names, caption, locale)


def render_private(
    game_id: str, view: Any, names: Sequence[str], locale: str = "en"
) -> bytes | None:
    """A seat's private image (a hand, secret contracts), or ``None`` if the game has none."""
    render: Callable[..., bytes] | None = getattr(_module(game_id), "render_hand", None)
    if render is None or getattr(view, "hand", None) is None:
        return None
    return render(view, names, locale)


def render_summary(
    game_id: str, summary: Any, names: Sequence[str], locale: str = "en"
) -> bytes | None:
    """The end-of-game summary image of ``game_id``, or ``None`` if the game has none."""
    module = import_module(_SUMMARY_MODULES.get(game_id) or _MODULES[game_id])
    render: Callable[..., bytes] | None = getattr(module, "render_summary", None)
    if render is None or summary is None:
        return None
    return render(summary, names, locale)
