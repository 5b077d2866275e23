"""The Hexfolk map gallery (``/maps``, ``/rules hexfolk maps``): a small preview of each
of the 22 island maps with its name in the reader's language, its size and its player
range, and the ``map=`` value that picks it in the lobby.

A preview shows the land of the map (terrain from a fixed seed, so the picture is the
same every time: in a game the terrain is laid out anew from the game's seed), its
lakes and the sea between its islands, and a dot at each harbour. The whole gallery is
drawn once per language and kept (:func:`render_gallery`).
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image

from games.hexfolk.board import get_board, random_layout
from games.hexfolk.maps import MAPS, MapDef, land_count
from games.rng import GameRng
from i18n import t
from renderers.common import INK, MUTED, WHITE, draw_fitted, drawing, png_bytes
from renderers.hexfolk import BACKGROUND, DESERT_RGB, PIER, RULE, SEA, SEA_EDGE, TERRAIN

_K = "render_hexfolk.hexfolk.gallery."
WIDTH = 1200
MARGIN = 18
GAP = 12
COLUMNS = 4
HEADER_H = 92
PREVIEW_H = 196
TEXT_H = 84
#: The seed whose layout colours the previews.
PREVIEW_SEED = 1
SQ3 = math.sqrt(3)
_SUPER = 3  #: previews are drawn this many times larger, then shrunk (smooth edges)


def _preview(m: MapDef, w: int, h: int) -> Image.Image:
    """The map's land on its sea, fitted into ``w`` × ``h`` pixels."""
    board = get_board(m.board_id)
    terrain, _, _ = random_layout(board, GameRng(PREVIEW_SEED), classic=False)
    k = _SUPER
    img = Image.new("RGB", (w * k, h * k), SEA)
    d = drawing(img)
    xs = [x for x, _ in board.corner_xy]
    ys = [y for _, y in board.corner_xy]
    # corner units: x counts half hex widths (r·√3/2), y quarter hex heights (r/2)
    span_x, span_y = (max(xs) - min(xs)) * SQ3 / 2, (max(ys) - min(ys)) / 2
    pad = 14 * k
    r = min((w * k - 2 * pad) / span_x, (h * k - 2 * pad) / span_y)
    ox = (w * k - span_x * r) / 2 - min(xs) * r * SQ3 / 2
    oy = (h * k - span_y * r) / 2 - min(ys) * r / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return (ox + x * r * SQ3 / 2, oy + y * r / 2)

    for cs in board.hex_corners:  # the shallow rim first, then the land over it
        centre = [sum(board.corner_xy[c][i] for c in cs) / 6 for i in (0, 1)]
        d.polygon([at(centre[0] + (board.corner_xy[c][0] - centre[0]) * 1.18,
                      centre[1] + (board.corner_xy[c][1] - centre[1]) * 1.18) for c in cs],
                  fill=SEA_EDGE)
    for hx, cs in enumerate(board.hex_corners):
        fill = TERRAIN[terrain[hx]] if terrain[hx] >= 0 else DESERT_RGB
        d.polygon([at(*board.corner_xy[c]) for c in cs], fill=fill, outline=(60, 50, 40),
                  width=max(1, round(r * 0.06)))
    dot = max(3.0 * k, r * 0.16)
    for e in board.harbour_edges:  # a pier dot just off the coast
        a, b = board.edge_corners[e]
        (ax, ay), (bx, by) = at(*board.corner_xy[a]), at(*board.corner_xy[b])
        hx, hy = at(*board.hex_xy[board.edge_hexes[e][0]])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        nx, ny = mx - hx, my - hy
        norm = math.hypot(nx, ny) or 1.0
        px, py = mx + nx / norm * dot * 1.6, my + ny / norm * dot * 1.6
        d.ellipse((px - dot, py - dot, px + dot, py + dot), fill=WHITE, outline=PIER,
                  width=max(2, round(dot * 0.45)))
    return img.resize((w, h), Image.Resampling.LANCZOS)


@cache
def render_gallery(locale: str = "en") -> bytes:
    """Every map in the data file's order, four to a row, as PNG bytes (kept per
    language: the maps never change while the bot runs)."""
    cell_w = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
    cell_h = PREVIEW_H + TEXT_H
    rows = -(-len(MAPS) // COLUMNS)
    height = HEADER_H + rows * (cell_h + GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = drawing(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - GAP), fill=(38, 64, 92))
    draw_fitted(draw, (MARGIN, 30), t(_K + "title", locale), WIDTH - 2 * MARGIN, 30,
                WHITE, bold=True, anchor="lm")
    draw_fitted(draw, (MARGIN, 62), t(_K + "hint", locale), WIDTH - 2 * MARGIN, 17,
                (220, 230, 240), anchor="lm")
    name_face, note_face = 19, 15
    for i, m in enumerate(MAPS):
        x = MARGIN + (i % COLUMNS) * (cell_w + GAP)
        y = HEADER_H + (i // COLUMNS) * (cell_h + GAP)
        draw.rounded_rectangle((x, y, x + cell_w, y + cell_h), radius=12, fill=WHITE,
                               outline=RULE, width=2)
        preview = _preview(m, cell_w - 16, PREVIEW_H - 8)
        image.paste(preview, (x + 8, y + 8))
        ty = y + PREVIEW_H + 16
        title = f"{m.number}. {t(m.name_key, locale)}"
        draw_fitted(draw, (x + 12, ty), title, cell_w - 24, name_face, INK, bold=True,
                    anchor="lm")
        size = t("hexfolk.map_choice.hexes", locale, hexes=land_count(m.id))
        players = t("hexfolk.map_choice.players", locale, low=m.min_players,
                    high=m.max_players)
        draw_fitted(draw, (x + 12, ty + 26), f"{size} · {players}", cell_w - 24, note_face,
                    INK, anchor="lm")
        draw_fitted(draw, (x + 12, ty + 50), f"map={m.id}", cell_w - 24, note_face, MUTED,
                    anchor="lm")
    return png_bytes(image)


#: The ``/rules hexfolk`` topics drawn here.
RULES_IMAGE_TOPICS = ("maps",)


def render_rules_image(topic: str, locale: str = "en") -> bytes | None:
    """The picture of a ``/rules hexfolk`` topic: the gallery for ``maps``."""
    return render_gallery(locale) if topic == "maps" else None
