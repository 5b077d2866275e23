"""Kept PNG palettes (issue 10, rendering speed): each board's palette is chosen once,
from its first image and a swatch of every colour its renderer paints, and reused for
the rest of the game, without visibly damaging the later boards."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

import renderers
from bench.render import _bot_play
from games import get_ruleset
from renderers import common
from renderers.common import KeptPalettes, choose_palette, fills


@pytest.fixture(autouse=True)
def _no_kept_palettes() -> Iterator[None]:
    renderers.clear_caches(boards=True)
    yield
    renderers.clear_caches(boards=True)


Drawn = list[tuple[Image.Image, Image.Image | None]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every image handed to ``png_bytes`` (as RGB) with the palette it was mapped on.
    Boards are drawn whole (a board drawn in parts, issue 29 item 6, is the same PNG:
    tests/test_render_tiles.py), so that each one is seen here."""
    seen: Drawn = []
    original = common.png_bytes
    monkeypatch.setattr(KeptPalettes, "kept", lambda self, key: None)

    def keep(image: Image.Image, palette: Image.Image | None = None,
             palette_step: int = 2) -> bytes:
        seen.append((image.copy(), palette))
        return original(image, palette, palette_step)

    monkeypatch.setattr(common, "png_bytes", keep)
    return seen


def _errors(image: Image.Image, palette: Image.Image) -> tuple[int, int]:
    """The largest per-channel error of ``image`` mapped onto ``palette``, and how many
    pixels are off by more than 24 (about 10 %) in some channel."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    red, green, blue = ImageChops.difference(mapped, image).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return worst.getextrema()[1], sum(worst.histogram()[25:])


@pytest.mark.parametrize(("game", "players"), [
    ("hexfolk", 8), ("hexfolk", 3), ("lovci-pokladu", 4), ("hagoth", 4), ("haze-islands", 3),
])
def test_the_final_board_on_the_first_boards_palette_looks_as_good(
        game: str, players: int, drawn: Drawn) -> None:
    """Issue 10: the palette kept from the first board of a seeded bot game also draws
    its final board (new pieces, revealed cards, the winner's banner) with no pixel far
    off: at most 56 of 255 on a channel (a palette chosen afresh for the final board
    reaches up to 52 on antialiased edges) and not one pixel in 500 off by more than
    about 10 %. Before the swatch held the colours written out in the renderer's source
    (Lovci pokladů's card icons), the final Lovci board had 67 and one pixel in 120."""
    ruleset = get_ruleset(game)
    names = [f"Player {n}" for n in range(players)]

    def draw_first(state: object, actions: int) -> None:
        if actions == 0:
            renderers.render_public(game, ruleset.view(state, None), names, "")

    state, _, _ = _bot_play(ruleset, players, 1, None, watch=draw_first)  # to the end
    assert ruleset.result(state) is not None
    renderers.render_public(game, ruleset.view(state, None), names, "The end.")
    (_, kept), (final, used) = drawn
    assert kept is not None and used is kept  # the same palette, not chosen again
    worst, off = _errors(final, kept)
    fresh = _errors(final, choose_palette(final))
    assert worst <= 56, (worst, off, fresh)
    assert off < final.width * final.height / 500, (worst, off, fresh)


@pytest.mark.parametrize(("game", "players"), [("hexfolk", 4), ("hagoth", 4), ("shipyard", 3)])
def test_later_hands_on_the_first_hands_palette_look_as_good(
        game: str, players: int, drawn: Drawn) -> None:
    """Issue 10 ("redraw a private hand image only when the hand changed", and then
    cheaply): every hand of a game is mapped onto the palette of the first hand drawn;
    each seat's largest hand over a seeded bot game, with cards the first hand lacked,
    stays close: under one pixel in 500 off by 10 %, as the boards, and at most 64 of 255
    on a channel (a Hagoth hand's first cards lack most categories: a dozen antialiased
    pixels at the edge of a green band reach 59, where a fresh palette reaches 37; the
    hand looks the same)."""
    ruleset = get_ruleset(game)
    module = importlib.import_module(renderers._MODULES[game])
    names = [f"Player {n}" for n in range(players)]
    largest: dict[int, tuple[int, object]] = {}

    def watch(state: object, actions: int) -> None:
        for seat in range(players):
            view = ruleset.view(state, seat)
            size = len(repr(module.hand_key(view)))
            if actions == 0 and seat == 0:
                module.render_hand(view, names, "en")  # the palette is chosen here
            if size > largest.get(seat, (-1, None))[0]:
                largest[seat] = (size, view)

    _bot_play(ruleset, players, 1, 400, watch=watch)
    (_, kept), = drawn
    assert kept is not None
    for _, view in largest.values():
        module.render_hand(view, names, "en")
        image, used = drawn[-1]
        assert used is kept
        worst, off = _errors(image, kept)
        assert worst <= 64 and off < image.width * image.height / 500, (
            worst, off, _errors(image, choose_palette(image)))


def test_the_swatch_holds_the_colours_a_renderer_writes_out() -> None:
    """A kept palette must hold fills the first board lacks: :func:`fills` finds the
    named colours (Hexfolk's terrains) and those written inline (its spot numbers' and
    icons' colours), not other numbers."""
    from renderers import hexfolk

    swatch = fills(vars(hexfolk.layout), [str(module.__file__) for module in (
        hexfolk.layout, hexfolk.pieces, hexfolk.text, hexfolk.legend, hexfolk, hexfolk.summary)])
    assert set(hexfolk.TERRAIN) <= set(swatch) and hexfolk.SPOT_BG in swatch
    assert (30, 110, 56) in swatch  # the fir tree of the wood icon, written inline
    assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in swatch)
    assert set(common.COMMON_FILLS) <= set(hexfolk._PALETTES.swatch)
    assert set(swatch) <= set(hexfolk._PALETTES.swatch)


def test_kept_palettes_are_bounded_and_cleared_with_the_board_caches() -> None:
    """Issue 10's bounded memory: the least recently used palette goes first; and
    ``renderers.clear_caches(boards=True)`` forgets them (the render bench's
    "mid-game cold" relies on it)."""
    kept = KeptPalettes(size=2)
    image = Image.new("RGB", (40, 40), (10, 120, 200))
    first = kept.palette("a", image)
    kept.palette("b", image)
    assert kept.palette("a", image) is first  # kept, and now the most recent
    kept.palette("c", image)  # drops "b"
    assert len(kept) == 2 and kept.palette("a", image) is first
    renderers.clear_caches(boards=True)
    assert len(kept) == 0 and kept.palette("a", image) is not first


def test_swatch_colours_are_in_the_palette_exactly() -> None:
    """Issue 10, a kept palette's later boards: a fill the first board lacks comes back
    as it is, even beside a close colour the board is full of. Sampled into the octree,
    Lovci pokladů's octopus card (238, 226, 246) merged with the pale blue cards
    (226, 238, 250) and a whole card came out blue-grey on the final board."""
    from renderers.lovci_pokladu import TINTS

    first = Image.new("RGB", (300, 200), TINTS["rose"])
    palette = choose_palette(first, 2, (TINTS["rose"], TINTS["octopus"]))
    later = Image.new("RGB", (60, 60), TINTS["octopus"])
    assert _errors(later, palette) == (0, 0)
    assert _errors(first, palette) == (0, 0)
    assert len(palette.getpalette("RGB") or []) == 3 * 256
