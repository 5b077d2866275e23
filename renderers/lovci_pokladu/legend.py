"""The legend line under the Lovci pokladů board: what each mark means.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image

from i18n import t
from renderers.common import (
    INK,
    dashed_rectangle,
    draw_text,
    exact_drawing,
    font,
)

from .layout import (
    _K,
    BACKGROUND,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    LEGEND_H,
    MARGIN,
    OCTOPUS_RING,
    WIDTH,
)
from .pieces import _delay_badge, _paste, _pill, _star_image


@cache
def _legend_layer(locale: str) -> Image.Image:
    """One line explaining the marks (cached per locale)."""
    layer = Image.new("RGB", (WIDTH, LEGEND_H), BACKGROUND)
    draw = exact_drawing(layer)
    face = font(15)
    cy = LEGEND_H / 2
    items: list[tuple[str, Callable[[float], float]]] = []

    def last(x: float) -> float:
        draw.rounded_rectangle((x, cy - 11, x + 22, cy + 11), radius=4, outline=HIGHLIGHT, width=4)
        return 22

    def choice(x: float) -> float:
        dashed_rectangle(draw, (x, cy - 10, x + 22, cy + 10), INK, 2, 5)
        return 22

    def delay(x: float) -> float:
        _delay_badge(draw, (x + 15, cy), 2)
        return 30

    def octopus(x: float) -> float:
        draw.ellipse((x, cy - 11, x + 22, cy + 11), outline=OCTOPUS_RING, width=5)
        return 22

    def carry(x: float) -> float:
        box = _pill(draw, (x + 18, cy), "100", 14, fill=GOLD, outline=GOLD_DARK)
        return box[2] - box[0]

    def spell(x: float) -> float:
        _paste(layer, _star_image(28), (x + 14, cy))
        draw.text(
            (x + 14, cy + 2),
            t(_K + "spell_badge.neptune", locale),
            font=font(12, True),
            fill=INK,
            anchor="mm",
        )
        return 28

    items = [
        ("legend_last", last),
        ("legend_choice", choice),
        ("legend_delay", delay),
        ("legend_octopus", octopus),
        ("legend_carry", carry),
        ("legend_spell", spell),
    ]
    x = float(MARGIN)
    for key, sample in items:
        used = sample(x)
        x += used + 6
        x += draw_text(draw, (x, cy), t(_K + key, locale), face, INK, anchor="lm") + 22
    return layer
