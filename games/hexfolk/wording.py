"""Hexfolk places and cards in words, in the reader's locale: "between D, E and H
(D wood 8 · …)", "2 wool, 1 ore". Used by the labels and by the event phrases."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from i18n import t

from .board import get_board, places
from .data import GENERIC, RESOURCES
from .state import HexfolkState


def resource_text(i: int, locale: str = "en") -> str:
    """A resource by name: "wool"."""
    return t(f"hexfolk.resource.{RESOURCES[i]}", locale)


def bundle_text(b: Sequence[int], locale: str = "en") -> str:
    """Cards as a person reads them: "2 wool, 1 ore" (never the notation's "2wool")."""
    parts = [f"{n} {resource_text(i, locale)}" for i, n in enumerate(b) if n]
    return ", ".join(parts) if parts else t("hexfolk.label.nothing", locale)


# -- places, named by the hex letters drawn on the board ---------------------------------
def hex_detail(state: HexfolkState, h: int, locale: str = "en") -> str:
    """What hex ``h`` yields: "wood 8" or "desert"."""
    res = state.terrain[h]
    if res < 0:
        return t("hexfolk.place.hex_desert", locale)
    return t("hexfolk.place.hex_res", locale, resource=resource_text(res, locale),
             number=state.tokens[h])


def hex_text(state: HexfolkState, h: int, locale: str = "en") -> str:
    """A hex: "D (wood 8)"."""
    return t("hexfolk.place.hex", locale, name=places(state.board).hex_names[h],
             detail=hex_detail(state, h, locale))


@lru_cache(maxsize=8192)
def corner_place(board_id: str, c: int, locale: str = "en") -> str:
    """A corner by the hexes it touches: "between D, E and H", "on the coast by D and
    E", "on the coast at D's north corner" (unique on the board). Kept per board, corner
    and locale: the screen reader's description of a board names every numbered corner
    after every move (issue 29 item 6)."""
    pl = places(board_id)
    letters = [pl.hex_names[h] for h in pl.corner_hexes[c]]
    side = pl.corner_side[c]
    if len(letters) == 1:
        if side:
            return t("hexfolk.place.corner1_side", locale, a=letters[0],
                     side=t(f"hexfolk.place.side.{side}", locale))
        return t("hexfolk.place.corner1", locale, a=letters[0])
    if len(letters) == 2:
        text = t("hexfolk.place.corner2", locale, a=letters[0], b=letters[1])
    else:
        text = t("hexfolk.place.corner3", locale, a=letters[0], b=letters[1], c=letters[2])
    if side:
        text = t("hexfolk.place.corner_side", locale, place=text, a=letters[0],
                 side=t(f"hexfolk.place.side.{side}", locale))
    return text


def corner_detail(state: HexfolkState, c: int, locale: str = "en") -> str:
    """What a corner touches: "D wood 8 · E brick 5 · H ore 11 · harbour 3:1"."""
    pl = places(state.board)
    parts = [t("hexfolk.place.hex_short", locale, name=pl.hex_names[h],
               detail=hex_detail(state, h, locale)) for h in pl.corner_hexes[c]]
    kind = state.corner_harbour[c] if c < len(state.corner_harbour) else -1
    if kind == GENERIC:
        parts.append(t("hexfolk.place.harbour_any", locale))
    elif kind >= 0:
        parts.append(t("hexfolk.place.harbour_res", locale, resource=resource_text(kind, locale)))
    return t("hexfolk.place.sep", locale).join(parts)


def corner_text(state: HexfolkState, c: int, locale: str = "en") -> str:
    """A corner with what it touches: "between D, E and H (D wood 8 · E brick 5 ·
    H ore 11)"."""
    return t("hexfolk.place.corner_full", locale, place=corner_place(state.board, c, locale),
             detail=corner_detail(state, c, locale))


@lru_cache(maxsize=8192)
def edge_text(board_id: str, e: int, locale: str = "en") -> str:
    """An edge: "between D and E", or "on the coast of D, north-east side" (kept per
    board, edge and locale, as :func:`corner_place`)."""
    pl = places(board_id)
    hs = sorted(get_board(board_id).edge_hexes[e])
    if len(hs) == 2:
        return t("hexfolk.place.edge2", locale, a=pl.hex_names[hs[0]], b=pl.hex_names[hs[1]])
    return t("hexfolk.place.edge1", locale, a=pl.hex_names[hs[0]],
             side=t(f"hexfolk.place.side.{pl.edge_side[e]}", locale))
