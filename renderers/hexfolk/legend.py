"""The legend under the Hexfolk island: the pieces, and the numbered spots when there
are any.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.hexfolk.view import HexfolkView
from i18n import t
from renderers.common import (
    INK,
    draw_text,
    draw_token,
    font,
    seat_style,
    text_width,
)

from .layout import _K, RED_NUMBER, _style
from .pieces import _city_ring, _paste, _road_sprite, _robber_sprite, _spot_sprite


def _legend_height(view: HexfolkView) -> int:
    """One row of pieces; a second row explains the numbered spots when there are any."""
    return 80 if view.spots else 44


def legend_key(view: HexfolkView, locale: str) -> tuple[object, ...]:
    """Everything :func:`_draw_legend` draws from (its place aside): the first seat's
    colour, whether the robber is on, whether spots are numbered and whether one of
    them is on a settlement."""
    return (view.players[0].colour if view.players else None, view.robber >= 0,
            bool(view.spots), _city_spot(view), locale)


def _city_spot(view: HexfolkView) -> bool:
    """Whether a numbered spot stands on a settlement (a city may go there)."""
    return any(kind == "corner" and 0 <= view.corner_owner[i] < len(view.players)
               for _, kind, i in view.spots)


def _draw_legend(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    style = _style(view.players[0]) if view.players else seat_style(0)
    face = font(15)
    cx = x + 6
    cy = y + 18
    _paste(image, _road_sprite(style, 1, 1, 30, 5), (cx + 16, cy))
    draw_token(image, (cx + 16, cy), 16, style)
    cx += 38
    cx += draw_text(draw, (cx, cy), t(_K + "legend.road", locale), face, INK, anchor="lm") + 18
    draw_token(image, (cx + 12, cy), 24, style)
    cx += 30
    cx += (
        draw_text(draw, (cx, cy), t(_K + "legend.settlement", locale), face, INK, anchor="lm") + 18
    )
    _paste(image, _city_ring(40), (cx + 15, cy))
    draw_token(image, (cx + 15, cy), 28, style)
    cx += 38
    cx += draw_text(draw, (cx, cy), t(_K + "legend.city", locale), face, INK, anchor="lm") + 18
    if view.robber >= 0:  # switched off (robber=off, the quick game): not in the legend
        _paste(image, _robber_sprite(20), (cx + 10, cy))
        cx += 26
        cx += draw_text(draw, (cx, cy), t(_K + "legend.robber", locale), face, INK,
                        anchor="lm") + 18
    red = t(_K + "legend.red", locale)
    if cx + text_width(red, face) < x + w:
        draw.text((cx, cy), red, font=face, fill=RED_NUMBER, anchor="lm")
    if not view.spots:
        return
    cx, cy = x + 6, y + 56
    _paste(image, _spot_sprite("7", 13.0, False), (cx + 13, cy))
    cx += 32
    cx += draw_text(draw, (cx, cy), t(_K + "legend.spot", locale), face, INK,
                    max(40.0, x + w - cx), anchor="lm") + 18
    if _city_spot(view) and cx < x + w - 120:
        _paste(image, _spot_sprite("7", 13.0, True), (cx + 13, cy))
        cx += 32
        draw_text(draw, (cx, cy), t(_K + "legend.spot_city", locale), face, INK,
                  x + w - cx, anchor="lm")
