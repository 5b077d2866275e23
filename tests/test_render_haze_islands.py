"""The Haze Islands images at their hardest: the widest map seeded bot play reaches, filled
with every overlay, in English, Russian and Czech (issue 12 "Images", issue 14 "every
renderer draws ru and cs texts without overflow or clipping").

The text-fit test (tests/test_render_text_fits.py) measures the texts of seeded games, whose
maps stay about five cards wide; a map grows up to eight cards wide (coop, three players,
seed 39), where a card is 139 px across. These tests draw that map with every card's words
as long as they get (two-icon adventures, stopped cards, all four corners revealed), three
ships and pirates on one card, a Ghost Ship, The Doom's route and an open prompt.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

import renderers
import renderers.common as common
from games import get_ruleset
from games.haze_islands.view import HazeView
from renderers import haze_islands

LOCALES = ("en", "ru", "cs")
NAMES = ["Kateřina", "Дмитрий", "Margaret"]
CAPTION = "Kateřina sailed east.\nДмитрий scouted north.\nMargaret plundered 2 gold."


def _played(players: int, mode: str, seed: int, actions: int) -> tuple[Any, Any]:
    ruleset = get_ruleset("haze-islands")
    state = ruleset.setup(players, {"mode": mode}, seed)
    for _ in range(actions):
        if ruleset.result(state) is not None:
            break
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
    return ruleset, state


@pytest.fixture(scope="module")
def widest() -> HazeView:
    """An eight-card-wide map (the widest seeded bot play has reached) grown from a
    seeded game's map, filled to all 30 map cards, with every overlay on it. The
    columns are filled first, so the width does not depend on how the bot plays."""
    ruleset, state = _played(3, "coop", 39, 182)
    view = ruleset.view(state, None)
    xs = [loc.x for loc in view.locations]
    ys = [loc.y for loc in view.locations]
    width = max(xs) - min(xs) + 1
    assert width <= 8
    locations = list(view.locations)
    taken = {(loc.x, loc.y) for loc in locations}
    columns = range(min(xs), min(xs) + 8)
    rows = range(min(ys), min(ys) + max(4, max(ys) - min(ys) + 1))
    free = sorted(((x, y) for y in rows for x in columns if (x, y) not in taken),
                  key=lambda sq: (sq[0] in set(xs), sq[1], sq[0]))
    adventures = [loc for loc in locations if loc.side in ("double", "single")]
    while len(locations) < 30 and free:
        x, y = free.pop(0)
        like = adventures[len(locations) % len(adventures)]
        locations.append(dataclasses.replace(like, x=x, y=y, card=len(locations) + 1))
    busy = [dataclasses.replace(
        loc, revealed=((0, True), (1, False), (2, True), (3, False)),
        stopped=loc.side in ("double", "single"),
        requirement=("spell", "cutlass") if loc.side in ("double", "single") else (),
        pirates=(0, 1, 2, 0, 1, 2) if n == 3 else loc.pirates,
        plunder=3) for n, loc in enumerate(locations)]
    crowded = (busy[3].x, busy[3].y)
    players = [dataclasses.replace(p, x=crowded[0], y=crowded[1], status=status)
               for p, status in zip(view.players, ("ship", "ghost", "castaway"), strict=True)]
    assert len({loc.x for loc in busy}) == 8 and len(busy) == 30
    return dataclasses.replace(
        view, locations=tuple(busy), players=tuple(players), doom=(busy[0].x, busy[0].y),
        doom_route=tuple((loc.x, loc.y) for loc in busy[:4]), prompt="round_end",
        prompt_seats=(0, 1, 2))


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[Any]]]:
    """Every text drawn (with its font size) and every text cut to an ellipsis."""
    seen: dict[str, list[Any]] = {"drawn": [], "cut": [], "calls": []}
    original_ellipsize = common.ellipsize
    original_text = common.CachedDraw.text
    original_line = ImageDraw.ImageDraw.line

    def ellipsize(text: str, face: Any, max_width: float) -> str:
        out = original_ellipsize(text, face, max_width)
        if out != text:
            seen["cut"].append(text)
        return out

    def text(self: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        face = kwargs.get("font", args[1] if len(args) > 1 else None)
        seen["drawn"].append((text, face.size))
        seen["calls"].append(("text", text))
        original_text(self, xy, text, *args, **kwargs)

    def line(self: Any, xy: Any, *args: Any, **kwargs: Any) -> None:
        seen["calls"].append(("line", kwargs.get("fill")))
        original_line(self, xy, *args, **kwargs)

    monkeypatch.setattr(common, "ellipsize", ellipsize)
    monkeypatch.setattr(common.CachedDraw, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "line", line)
    yield seen


@pytest.mark.parametrize("locale", LOCALES)
def test_the_widest_map_draws_every_word_whole(
    widest: HazeView, drawn_texts: dict[str, list[Any]], locale: str
) -> None:
    """No card name, kind, adventure side, requirement or status is cut ("Mapa pokla…",
    "#20 slepá uli…" before), and nothing is drawn below 14 px, on 139 px cards."""
    png = haze_islands.render_board(widest, NAMES, CAPTION, locale)
    assert drawn_texts["cut"] == []
    assert min(size for _, size in drawn_texts["drawn"]) >= common.MIN_TEXT
    image = Image.open(io.BytesIO(png))
    assert image.width == haze_islands.WIDTH
    assert len(png) < 600 * 1024


@pytest.mark.parametrize("locale", LOCALES)
def test_the_doom_route_runs_under_the_words(
    widest: HazeView, drawn_texts: dict[str, list[Any]], locale: str
) -> None:
    """The route is drawn over the cards but before their words, so it never strikes
    through a name (it crossed "Огненные шары" before). The board caches are forgotten
    first: a map kept as a tile from an earlier board is not drawn again."""
    renderers.clear_caches(boards=True)
    haze_islands.render_board(widest, NAMES, CAPTION, locale)
    calls = drawn_texts["calls"]
    route = calls.index(("line", haze_islands.RED))
    card_numbers = [i for i, (kind, text) in enumerate(calls)
                    if kind == "text" and str(text).startswith("#")]
    assert card_numbers and route < min(card_numbers)


def test_pieces_stay_on_their_card(widest: HazeView) -> None:
    """Three ships and six pirates on one 145 px cell wrap into rows inside the card
    instead of running into the next one; the rows are counted in the card's height."""
    cell, pitch, _, layouts = haze_islands._map_cells(widest, "ru")
    crowded = widest.locations[3]
    pieces = haze_islands._pieces(widest, crowded, cell)
    token = haze_islands._token_size(cell)
    pad = 2 * haze_islands._diamond_radius(cell) + 6
    assert len(pieces) == 9
    assert max(x + token / 2 for x, _, _, _ in pieces) <= cell - 6 - 2 * pad
    rows = 1 + max(row for _, row, _, _ in pieces)
    assert rows >= 2
    words = layouts[3].bottom
    assert words + rows * haze_islands._piece_row_height(widest, crowded, cell) <= pitch


@pytest.mark.parametrize("locale", LOCALES)
def test_a_long_hand_wraps_whole(drawn_texts: dict[str, list[Any]], locale: str) -> None:
    """The private image: a hand, known deck cards and Plunder draws long enough to need
    more than a line are wrapped, not cut."""
    ruleset, state = _played(3, "competitive", 1, 40)
    view = ruleset.view(state, 0)
    many = tuple(range(1, 13))
    view = dataclasses.replace(view, hand=many, seen=many, drawn=many)
    haze_islands.render_hand(view, NAMES, locale)
    assert drawn_texts["cut"] == []
    assert min(size for _, size in drawn_texts["drawn"]) >= 18
