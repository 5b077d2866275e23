"""The shared summary charts (renderers/charts.py) draw what they are given."""

from __future__ import annotations

from PIL import Image

from renderers.charts import Series, bar_chart, legend, line_chart, nice_step
from renderers.common import seat_style


def test_nice_step_is_round_and_gives_few_lines() -> None:
    for peak in (1, 7, 60, 999, 7200):
        step = nice_step(peak)
        assert peak / step <= 6
        assert str(step).rstrip("0").rstrip(".")[-1] in "125"  # 1, 2, 2.5 or 5 × 10^k


def _series() -> list[Series]:
    return [Series("Ann", seat_style(0, "red"), (0, 50, 50, 350)),
            Series("Bot 1", seat_style(1, "green"), (0, 0, 200, 200))]


def test_line_chart_draws_each_series_in_its_colour() -> None:
    image = Image.new("RGB", (600, 300), (250, 246, 236))
    line_chart(image, (0, 0, 600, 300), _series(), x_title="round")
    colours = {c for _, c in image.getcolors(600 * 300) or ()}
    assert seat_style(0, "red").rgb in colours and seat_style(1, "green").rgb in colours


def test_bar_chart_bar_heights_follow_the_values() -> None:
    image = Image.new("RGB", (600, 300), (255, 255, 255))
    red = seat_style(0, "red")
    bar_chart(image, (0, 0, 600, 300), ["a", "b"],
              [Series("Ann", red, (4, 1))])
    pixels = image.load()
    assert pixels is not None
    heights = []
    for x in range(600):
        heights.append(sum(1 for y in range(300) if pixels[x, y] == red.rgb))
    left, right = heights[:300], heights[300:]
    assert max(left) > 3 * max(right) > 0


def test_legend_wraps_in_narrow_space() -> None:
    image = Image.new("RGB", (200, 200), (255, 255, 255))
    one_row = legend(image, (0, 0), _series()[:1], 200)
    two_rows = legend(image, (0, 0), _series() * 2, 200)
    assert two_rows > one_row
