"""Pillow renderers: one module per game, drawing views only.

:func:`render_public` draws the board everybody sees (from a public view, which
holds no secrets); :func:`render_private` draws what only one seat may see.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from importlib import import_module
from typing import Any

#: game id -> module with ``render_board(view, names, caption, locale)`` and
#: optionally ``render_hand(view, names, locale)`` and ``hand_key(view)`` (what the hand
#: image is drawn from; the whole view if absent).
_MODULES = {
    "hagoth": "renderers.hagoth",
    "lovci-pokladu": "renderers.lovci_pokladu",
    "hexfolk": "renderers.hexfolk",
    "shipyard": "renderers.shipyard",
    "haze-islands": "renderers.haze_islands",
}


#: game id -> module with ``render_summary(summary, names, locale)``, where the summary
#: is not drawn by the board's own module.
_SUMMARY_MODULES = {
    "hagoth": "renderers.hagoth_summary",
    "shipyard": "renderers.shipyard_summary",
}


def _module(game_id: str) -> Any:
    return import_module(_MODULES[game_id])


def render_public(
    game_id: str, view: Any, names: Sequence[str], caption: str, locale: str = "en"
) -> bytes:
    """The public board of ``game_id`` as PNG bytes."""
    render: Callable[..., bytes] = _module(game_id).render_board
    return render(view, names, caption, locale)


#: How many private images :func:`render_private` keeps (a few per table in play).
HAND_CACHE_SIZE = 64
_hand_cache: OrderedDict[Hashable, bytes] = OrderedDict()
_hand_lock = threading.Lock()  # renders may run in threads


def render_private(
    game_id: str, view: Any, names: Sequence[str], locale: str = "en"
) -> bytes | None:
    """A seat's private image (a hand, secret contracts), or ``None`` if the game has none.

    A hand is redrawn only when it changed: the last :data:`HAND_CACHE_SIZE` images are
    kept, keyed by everything they are drawn from (the game, the module's ``hand_key`` of
    the view, the names and the locale), so that an unchanged hand gives the same bytes
    without drawing."""
    module = _module(game_id)
    render: Callable[..., bytes] | None = getattr(module, "render_hand", None)
    if render is None or getattr(view, "hand", None) is None:
        return None
    hand_key: Callable[[Any], Hashable] = getattr(module, "hand_key", lambda v: v)
    try:
        key: Hashable = (game_id, hand_key(view), tuple(names), locale)
        hash(key)
    except TypeError:  # a view with a list inside: draw it every time
        return render(view, names, locale)
    with _hand_lock:
        png = _hand_cache.get(key)
        if png is not None:
            _hand_cache.move_to_end(key)
            return png
    png = render(view, names, locale)
    with _hand_lock:
        _hand_cache[key] = png
        while len(_hand_cache) > HAND_CACHE_SIZE:
            _hand_cache.popitem(last=False)
    return png


def clear_caches(boards: bool = False) -> None:
    """Forget every kept hand image (benchmarks time the drawing, not the cache); with
    ``boards``, also each loaded renderer's per-board layers (its ``clear_board_caches``)
    and kept PNG palettes (:class:`~renderers.common.KeptPalettes`), as for a game whose
    board has dropped out of the cache."""
    with _hand_lock:
        _hand_cache.clear()
    if boards:
        from renderers.common import clear_kept_palettes

        clear_kept_palettes()
        for name in _MODULES.values():
            module = sys.modules.get(name)
            clear = getattr(module, "clear_board_caches", None)
            if clear is not None:
                clear()


#: game id -> module with ``render_rules_image(topic, locale)``: the picture some
#: ``/rules`` topics come with (Hexfolk's map gallery).
_RULES_IMAGE_MODULES = {
    "hexfolk": "renderers.hexfolk_maps",
}


def rules_image_topics(game_id: str) -> tuple[str, ...]:
    """The ``/rules`` topics of ``game_id`` that come with a picture (cheap: no drawing)."""
    name = _RULES_IMAGE_MODULES.get(game_id)
    return tuple(import_module(name).RULES_IMAGE_TOPICS) if name else ()


def render_rules_image(game_id: str, topic: str, locale: str = "en") -> bytes | None:
    """The picture of rules ``topic`` of ``game_id`` as PNG bytes, or ``None`` if the
    topic has none (the module keeps what it draws: rules never change)."""
    name = _RULES_IMAGE_MODULES.get(game_id)
    if name is None:
        return None
    render: Callable[[str, str], bytes | None] = import_module(name).render_rules_image
    return render(topic, locale)


def render_summary(
    game_id: str, summary: Any, names: Sequence[str], locale: str = "en"
) -> bytes | None:
    """The end-of-game summary image of ``game_id``, or ``None`` if the game has none."""
    module = import_module(_SUMMARY_MODULES.get(game_id) or _MODULES[game_id])
    render: Callable[..., bytes] | None = getattr(module, "render_summary", None)
    if render is None or summary is None:
        return None
    return render(summary, names, locale)
