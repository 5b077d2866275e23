"""Boards drawn in parts (issue 29 item 6, "compose each board's static layers once and
paste only what changed"): a part whose inputs did not change since the last board is
pasted as a kept palette tile, neither drawn nor mapped onto the palette again, and the
PNG is the same, byte for byte, as the board drawn whole."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

import renderers
from games import get_ruleset
from games.hexfolk.board import get_board
from games.options import resolve_options
from renderers import common, hagoth, hexfolk, shipyard
from renderers.common import KeptPalettes
from renderers.hexfolk import pieces as hexfolk_pieces
from renderers.lovci_pokladu import pieces as lovci_pieces
from renderers.png_writer import encode_segment
from tests.png_pictures import picture
from tests.test_render_png import _busy_picture

_busy = _busy_picture  # flat fills and scattered colours, like a board with text


def test_a_board_composed_of_parts_is_the_board_drawn_whole() -> None:
    """The parts (an RGB image and a kept tile) on the background give the same PNG
    bytes as the whole picture mapped onto the same kept palette."""
    kept = KeptPalettes()
    whole = _busy(300, 200, 1)
    first = kept.png("board", whole)  # the first board of a key chooses its palette
    top, bottom = whole.crop((0, 0, 300, 120)), whole.crop((0, 120, 300, 200))
    tile = kept.tile("board", "bottom", lambda: bottom)
    assert tile.mode == "P"
    assert picture(kept.compose("board", (300, 200), (246, 242, 232),
                                [((0, 0), top), ((0, 120), tile)])) == picture(first)


def test_a_tile_is_drawn_once_while_its_part_is_equal() -> None:
    kept = KeptPalettes()
    kept.png("board", _busy(100, 100, 2))
    drawn: list[str] = []

    def draw(name: str) -> Callable[[], Image.Image]:
        def paint() -> Image.Image:
            drawn.append(name)
            return _busy(100, 40, len(drawn))
        return paint

    first = kept.tile("board", ("panel", 1), draw("a"))
    assert kept.tile("board", ("panel", 1), draw("b")) is first
    assert kept.tile("board", ("panel", 2), draw("c")) is not first
    assert drawn == ["a", "c"]


def test_tiles_are_bounded_and_follow_their_palette() -> None:
    """At most ``tile_pixels`` pixels are kept (the least recently used go first), no
    tile outlives the palette it was mapped onto, and the board caches' clearing
    forgets them."""
    kept = KeptPalettes(size=1, tile_pixels=2 * 100 * 40)
    kept.png("a", _busy(100, 100, 3))
    calls: list[int] = []

    def paint() -> Image.Image:
        calls.append(1)
        return _busy(100, 40, 4)

    for part in (1, 2, 3):  # the third drops the first
        kept.tile("a", part, paint)
    kept.tile("a", 3, paint)
    assert len(calls) == 3
    kept.tile("a", 1, paint)
    assert len(calls) == 4
    kept.png("b", _busy(100, 100, 5))  # size=1: palette "a" is dropped
    with pytest.raises(KeyError):
        kept.tile("a", 1, paint)
    kept.png("a", _busy(100, 100, 6))  # "a" chosen again: its old tiles are not used
    kept.tile("a", 1, paint)
    assert len(calls) == 5
    renderers.clear_caches(boards=True)
    assert kept.kept("a") is None


def _boards(game: str, players: int, locale: str, seed: int = 3
            ) -> Iterator[tuple[Any, str]]:
    """The public view and an account after each of the first moves of a seeded bot
    game (Hexfolk's on the Great Land, whose players' cards are beneath the island: a
    small island has them beside it, and is drawn whole)."""
    ruleset = get_ruleset(game)
    typed = {"map": "great-land"} if game == "hexfolk" else {}
    state = ruleset.setup(players, resolve_options(ruleset.name_key, ruleset.options, typed),
                          seed)
    names = [f"Bot {n}" for n in range(players)]
    moves = 0
    while ruleset.result(state) is None and moves < 120:
        seat = min(ruleset.actors(state))
        events = ruleset.apply(state, seat, ruleset.bot_action(state, seat))
        moves += 1
        yield ruleset.view(state, None), " ".join(e.text(names, locale) for e in events)


@pytest.mark.parametrize(("game", "module", "panel", "players", "locale"), [
    ("hagoth", hagoth, "_draw_panel", 2, "ru"),
    ("hagoth", hagoth, "_draw_panel", 4, "en"),
    ("shipyard", shipyard, "_draw_player", 2, "cs"),
    ("shipyard", shipyard, "_draw_player", 4, "en"),
    ("hexfolk", hexfolk, "_draw_player", 8, "ru"),
    ("hexfolk", hexfolk, "_draw_player", 7, "en"),
    ("lovci-pokladu", lovci_pieces, "_cell_tile", 4, "ru"),
    ("lovci-pokladu", lovci_pieces, "_cell_tile", 2, "en"),
])
def test_boards_in_parts_are_the_boards_drawn_whole(
        game: str, module: Any, panel: str, players: int, locale: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6 on Hagoth, Shipyard, Hexfolk and Lovci pokladů: over a bot game,
    every board drawn with its players' panels (Hexfolk: cards; Lovci: the squares of
    its grid) as kept tiles, and its changing parts drawn straight into the palette
    (common.PaletteCanvas), has the pixels of the board drawn whole in RGB and mapped
    (panels of boards whose account has an odd number of rows start on odd rows,
    Hexfolk's cards on fractions of a pixel: they round alike too), and a panel that
    did not change is not drawn again."""
    renderers.clear_caches(boards=True)
    names = [f"Bot {n}" for n in range(players)]
    panels: list[int] = []
    draw_panel = getattr(module, panel)

    def counted(*args: Any, **kwargs: Any) -> Any:
        panels.append(1)
        return draw_panel(*args, **kwargs)

    monkeypatch.setattr(module, panel, counted)
    board = importlib.import_module(renderers._MODULES[game])
    boards = 0
    for view, caption in _boards(game, players, locale):
        in_parts = board.render_board(view, names, caption, locale)
        with monkeypatch.context() as whole:
            whole.setattr(board._PALETTES, "kept", lambda key: None)
            assert picture(board.render_board(view, names, caption, locale)) == picture(in_parts)
        boards += 1
    if module is lovci_pieces:  # squares of the grid (81), drawn only when they changed
        assert 0 < len(panels) < boards * 81 // 4
        return
    # drawn whole: every panel of every board; in parts: only those that changed
    assert len(panels) < 2 * boards * players - boards * players // 3


def _count_calls(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Replace ``module.name`` by itself counted: a list that grows by one a call."""
    original = getattr(module, name)
    calls: list[int] = []

    def counted(*args: Any) -> Any:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_hexfolk_island_is_drawn_once_while_its_pieces_stay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: on the Great Land (cards beneath the island), a board whose
    island, pieces and numbered spots did not change since the last one (a trade, a
    new account) pastes the kept tiles of the island's bands: none is drawn again, and
    the PNG is the board drawn whole."""
    renderers.clear_caches(boards=True)
    views = iter(_boards("hexfolk", 8, "en"))
    view, caption = next(views)
    names = [f"Bot {n}" for n in range(8)]
    hexfolk.render_board(view, names, caption, "en")  # chooses the palette
    drawn = _count_calls(monkeypatch, hexfolk, "draw_island_band")
    first = hexfolk.render_board(view, names, "Bot 1 offers a trade.", "en")
    bands = len(drawn)
    second = hexfolk.render_board(view, names, "Bot 2 declines.", "en")
    assert bands > 1 and len(drawn) == bands and first != second
    with monkeypatch.context() as whole:
        whole.setattr(hexfolk._PALETTES, "kept", lambda key: None)
        whole_board = hexfolk.render_board(view, names, "Bot 2 declines.", "en")
        assert picture(whole_board) == picture(second)


def test_hexfolk_a_piece_placed_redraws_only_the_island_bands_it_reaches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: the island is kept in bands, so a move that places a piece (or
    moves the robber) draws and maps again only the bands that piece reaches, not the
    whole island (which was copied, drawn with every piece and mapped onto the palette
    whenever anything on it changed); every board stays the board drawn whole."""
    renderers.clear_caches(boards=True)
    names = [f"Bot {n}" for n in range(8)]
    drawn = _count_calls(monkeypatch, hexfolk, "draw_island_band")
    changed = 0  # boards whose island (pieces, robber, spots) differs from the last's
    last: Any = None
    bands = 0
    for view, caption in _boards("hexfolk", 8, "en", seed=4):
        in_parts = hexfolk.render_board(view, names, caption, "en")
        with monkeypatch.context() as whole:
            whole.setattr(hexfolk._PALETTES, "kept", lambda key: None)
            assert picture(hexfolk.render_board(view, names, caption, "en")) == picture(in_parts)
        r = hexfolk.island_radius(get_board(view.board))[0]
        size = hexfolk._island(view.board, view.terrain, view.tokens, view.harbours, r,
                               "en").size
        island = hexfolk_pieces.island_bands(view, r, size)
        changed += last is not None and island != last
        last, bands = island, len(island)
    assert changed > 20
    # drawn whole, each changed island was all its bands: now a few of them
    assert len(drawn) < changed * bands // 2, (len(drawn), changed, bands)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_hagoth_hands_in_parts_are_the_hands_drawn_whole(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6 on Hagoth's hand image (drawn again on nearly every move, as a
    hand changes by a card or two): every hand of a seeded 4-player bot game drawn with
    its cards as kept tiles is byte for byte the hand drawn whole, and a card already
    drawn (at the same half-pixel start) is not drawn again."""
    renderers.clear_caches(boards=True)
    ruleset = get_ruleset("hagoth")
    state = ruleset.setup(4, resolve_options(ruleset.name_key, ruleset.options, {}), 5)
    names = [f"Bot {n}" for n in range(4)]
    cards: list[int] = []
    draw_card = hagoth._draw_card

    def counted(*args: Any) -> None:
        cards.append(1)
        draw_card(*args)

    monkeypatch.setattr(hagoth, "_draw_card", counted)
    views = _hands_drawn_both_ways(hagoth, ruleset, state, names, locale, 90, monkeypatch)
    shown = sum(len(view.hand or ()) for view in views)
    assert len(cards) < 2 * shown - shown // 2  # most cards came from their tiles


def _hands_drawn_both_ways(module: Any, ruleset: Any, state: Any, names: list[str],
                           locale: str, moves: int, monkeypatch: pytest.MonkeyPatch
                           ) -> list[Any]:
    """Play up to ``moves`` bot moves of ``state``; after each, draw a hand (each seat's
    in turn) with ``module.render_hand`` in parts and whole and check the bytes are the
    same. Returns the views drawn."""
    views = []
    for move in range(moves):
        if ruleset.result(state) is not None:
            break
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
        view = ruleset.view(state, move % len(names))
        in_parts = module.render_hand(view, names, locale)
        with monkeypatch.context() as whole:
            whole.setattr(module._PALETTES, "kept", lambda key: None)
            assert picture(module.render_hand(view, names, locale)) == picture(in_parts)
        views.append(view)
    return views


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_hexfolk_hands_in_parts_are_the_hands_drawn_whole(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6 on Hexfolk's hand image (drawn again whenever the dice pay the
    seat): every hand of a seeded 8-player bot game drawn with its resource cards and
    what lies below them as kept tiles is byte for byte the hand drawn whole, and a card
    whose count did not change is not drawn again."""
    renderers.clear_caches(boards=True)
    ruleset = get_ruleset("hexfolk")
    state = ruleset.setup(8, resolve_options(ruleset.name_key, ruleset.options,
                                             {"map": "great-land"}), 4)
    names = [f"Bot {n}" for n in range(8)]
    cards: list[int] = []
    draw_cards = hexfolk._draw_resource_cards

    def counted(image: Any, draw: Any, drawn: Any, *args: Any) -> None:
        cards.append(len(drawn))
        draw_cards(image, draw, drawn, *args)

    monkeypatch.setattr(hexfolk, "_draw_resource_cards", counted)
    hands = len(_hands_drawn_both_ways(hexfolk, ruleset, state, names, locale, 240,
                                       monkeypatch))
    assert hands > 100
    # drawn whole: five cards a hand; in parts: only the cards never drawn before
    assert sum(cards) < 5 * hands + 5 * hands // 4


def test_lovci_board_with_a_sailor_held_by_the_octopus_is_drawn_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The octopus's ring round a held sailor reaches a pixel past its square into the
    dark gap beside it (seen on a seeded 4-player board: a purple column of 11 pixels
    missing when the squares were tiles), so such a board is drawn whole, the same as
    ever."""
    renderers.clear_caches(boards=True)
    from renderers import lovci_pokladu

    ruleset = get_ruleset("lovci-pokladu")
    state = ruleset.setup(4, resolve_options(ruleset.name_key, ruleset.options, {}), 1)
    names = [f"Bot {n}" for n in range(4)]
    lovci_pokladu.render_board(ruleset.view(state, None), names, "", "en")  # the palette
    for _ in range(600):
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
        view = ruleset.view(state, None)
        if any(sailor.state == "octopus" for sailor in view.sailors):
            break
    else:
        pytest.fail("no sailor was held by the octopus in 600 moves")
    assert not lovci_pieces.board_in_parts(view)
    drawn = lovci_pokladu.render_board(view, names, "Bot 1 is held.", "en")
    with monkeypatch.context() as whole:
        whole.setattr(lovci_pokladu._PALETTES, "kept", lambda key: None)
        assert lovci_pokladu.render_board(view, names, "Bot 1 is held.", "en") == drawn


def test_a_composed_board_is_written_without_a_framed_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6 ("paste only what changed, then one final palette image"): a board
    is composed beside the zero column its PNG rows start with, so writing it copies no
    whole board (the old writer cropped a framed copy of it), and the bytes are those of
    the board written on its own."""
    kept = KeptPalettes()
    whole = _busy(300, 200, 7)
    first = kept.png("board", whole)
    crops: list[tuple[int, ...]] = []
    crop = Image.Image.crop

    def counted(image: Image.Image, box: Any = None) -> Image.Image:
        crops.append(tuple(box) if box is not None else image.size)
        return crop(image, box)

    monkeypatch.setattr(Image.Image, "crop", counted)
    tile = kept.tile("board", "bottom", lambda: whole.crop((0, 120, 300, 200)))
    crops.clear()
    composed = kept.compose("board", (300, 200), (246, 242, 232),
                            [((0, 0), whole.crop((0, 0, 300, 120))), ((0, 120), tile)])
    assert picture(composed) == picture(first)
    assert all((box[2] - box[0]) * (box[3] - box[1]) < 300 * 200 for box in crops
               if len(box) == 4), crops


def test_lovci_sea_is_drawn_without_copying_the_board_layer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: a Lovci pokladů board in parts draws its sea ring on a board
    layer kept for it, restoring only the ring, instead of copying the whole layer
    (an eighth of the board's CPU); over a bot game each board is still the board drawn
    whole (the ships and swimmers of the last board leave nothing behind)."""
    from renderers import lovci_pokladu

    renderers.clear_caches(boards=True)
    names = [f"Bot {n}" for n in range(4)]
    boards = iter(_boards("lovci-pokladu", 4, "en", seed=5))
    view, caption = next(boards)
    lovci_pokladu.render_board(view, names, caption, "en")  # chooses the palette
    lovci_pokladu.render_board(view, names, caption, "en")  # makes the kept layer
    layer = lovci_pieces._board_layer("en").size
    copies: list[tuple[int, int]] = []
    copy = Image.Image.copy

    def counted(image: Image.Image) -> Image.Image:
        copies.append(image.size)
        return copy(image)

    for n, (view, caption) in enumerate(boards):
        if n == 40:
            break
        if not lovci_pieces.board_in_parts(view):
            continue
        with monkeypatch.context() as watched:
            watched.setattr(Image.Image, "copy", counted)
            in_parts = lovci_pokladu.render_board(view, names, caption, "en")
        with monkeypatch.context() as whole:
            whole.setattr(lovci_pokladu._PALETTES, "kept", lambda key: None)
            whole_board = lovci_pokladu.render_board(view, names, caption, "en")
            assert picture(whole_board) == picture(in_parts)
    assert layer not in copies


def test_hagoth_berths_are_drawn_only_when_they_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: a Hagoth panel is drawn again on nearly every move (wood,
    points, whose turn), its berths only when a card is built into them or a ship
    sails: over a seeded 4-player game, far fewer berths are drawn than the two of
    every panel drawn (drawing a design was a quarter of a board's CPU), and each board
    is still the board drawn whole."""
    renderers.clear_caches(boards=True)
    names = [f"Bot {n}" for n in range(4)]
    counts = {"panel": 0, "berth": 0}
    draw_panel, draw_berth = hagoth._draw_panel, hagoth._draw_berth

    def panel(*args: Any, **kwargs: Any) -> None:
        counts["panel"] += 1
        draw_panel(*args, **kwargs)

    def berth(*args: Any) -> None:
        counts["berth"] += 1
        draw_berth(*args)

    for n, (view, caption) in enumerate(_boards("hagoth", 4, "en", seed=9)):
        if n == 1:  # the first board is drawn whole and chooses the palette
            monkeypatch.setattr(hagoth, "_draw_panel", panel)
            monkeypatch.setattr(hagoth, "_draw_berth", berth)
        in_parts = hagoth.render_board(view, names, caption, "en")
        if n % 10 == 0:
            with monkeypatch.context() as whole:
                whole.setattr(hagoth._PALETTES, "kept", lambda key: None)
                whole.setattr(hagoth, "_draw_berth", draw_berth)
                whole.setattr(hagoth, "_draw_panel", draw_panel)
                assert picture(hagoth.render_board(view, names, caption, "en")) == picture(in_parts)
    assert counts["panel"] > 40
    assert counts["berth"] < 1.5 * counts["panel"], counts  # drawn whole: twice


def _part_draws(monkeypatch: pytest.MonkeyPatch, game: str, players: int, locale: str,
                seed: int, part: tuple[Any, str], *, whole_every: int,
                in_parts: Callable[[Any], bool] = lambda view: True) -> tuple[int, int]:
    """Draw the boards of a seeded bot game with ``game``'s renderer, counting the calls
    of ``part`` (module, function name) from the second board on (the first is drawn
    whole and chooses the palette), and check every ``whole_every``-th board byte for
    byte against the board drawn whole (no kept tile, the part not counted). Returns
    how often the part was drawn, and how many boards were drawn in parts (``in_parts``
    of their view) after the first."""
    renderer = importlib.import_module("renderers." + game.replace("-", "_"))
    module, name = part
    original = getattr(module, name)
    drawn: list[int] = []
    renderers.clear_caches(boards=True)
    names = [f"Bot {n}" for n in range(players)]
    boards = 0
    for n, (view, caption) in enumerate(_boards(game, players, locale, seed=seed)):
        if n == 1:
            drawn = _count_calls(monkeypatch, module, name)
        board = renderer.render_board(view, names, caption, locale)
        boards += n >= 1 and in_parts(view)
        if n % whole_every == 0:
            with monkeypatch.context() as whole:
                whole.setattr(renderer._PALETTES, "kept", lambda key: None)
                whole.setattr(module, name, original)
                whole_board = renderer.render_board(view, names, caption, locale)
                assert picture(whole_board) == picture(board)
    return len(drawn), boards


def test_hagoth_lanes_are_drawn_only_when_a_ship_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: Hagoth's lanes with their ships are a kept tile while no ship
    is launched or sails (most moves build or play cards): over a seeded 4-player game
    the ships are drawn on far fewer boards than there are, and each board is still
    the board drawn whole."""
    drawn, boards = _part_draws(monkeypatch, "hagoth", 4, "ru", 2, (hagoth, "_draw_ships"),
                                whole_every=7)
    assert boards > 60 and drawn < boards // 3, (drawn, boards)


def test_lovci_player_boxes_are_drawn_only_when_they_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: a Lovci pokladů player's box (treasure, crew, whose turn) is a
    kept tile: over a seeded 4-player game far fewer boxes are drawn than the four of
    every board, and each board is still the board drawn whole."""
    from renderers.lovci_pokladu import text as lovci_text

    drawn, boards = _part_draws(monkeypatch, "lovci-pokladu", 4, "cs", 6,
                                (lovci_text, "_draw_player"), whole_every=6,
                                in_parts=lovci_pieces.board_in_parts)
    assert boards > 60 and drawn < 2 * boards, (drawn, boards)


def test_lovci_final_board_in_parts_is_the_board_drawn_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The winner's gold band runs down onto the first row of the players' boxes (between
    and beside them): the last board of a game (seed 11, 2 players: one row differed
    when the boxes were tiles there too) is the board drawn whole."""
    from renderers import lovci_pokladu

    renderers.clear_caches(boards=True)
    ruleset = get_ruleset("lovci-pokladu")
    state = ruleset.setup(2, resolve_options(ruleset.name_key, ruleset.options, {}), 11)
    names = ["Bot 0", "Bot 1"]
    lovci_pokladu.render_board(ruleset.view(state, None), names, "", "en")  # the palette
    while ruleset.result(state) is None:
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
    view = ruleset.view(state, None)
    assert view.phase == "over" and lovci_pieces.board_in_parts(view)
    drawn = lovci_pokladu.render_board(view, names, "Bot 0 wins.", "en")
    with monkeypatch.context() as whole:
        whole.setattr(lovci_pokladu._PALETTES, "kept", lambda key: None)
        whole_board = lovci_pokladu.render_board(view, names, "Bot 0 wins.", "en")
        assert picture(whole_board) == picture(drawn)


def test_lovci_sea_is_drawn_only_when_it_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: Lovci pokladů's sea ring (ships, their crews, swimmers) is kept
    as tiles while it stays the same (moves on the grid of cards): over a seeded
    4-player game it is drawn on fewer boards than there are, and each board is still
    the board drawn whole."""
    drawn, boards = _part_draws(monkeypatch, "lovci-pokladu", 4, "en", 4,
                                (lovci_pieces, "_sea_parts"), whole_every=4,
                                in_parts=lovci_pieces.board_in_parts)
    assert boards > 60 and drawn < boards * 9 // 10, (drawn, boards)


@pytest.mark.parametrize(("players", "locale"), [(3, "en"), (2, "ru"), (3, "cs")])
def test_haze_map_is_a_kept_tile_and_boards_are_the_boards_drawn_whole(
        players: int, locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6 on Haze Islands: its map (sea, cards, The Doom's routes, the
    pieces) is a kept tile while none of them changes, so over a seeded bot game the
    map is drawn on fewer boards than there are, and every board is byte for byte the
    board drawn whole."""
    from renderers import haze_islands

    drawn, boards = _part_draws(monkeypatch, "haze-islands", players, locale, 5,
                                (haze_islands, "_draw_map"), whole_every=1)
    assert boards > 30 and drawn < boards * 3 // 4, (drawn, boards)


def test_rows_of_kept_tiles_are_compressed_once_wherever_they_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: the rows a board holds only kept tiles in are compressed once;
    on a later board whose caption is a line longer (so every tile is lower down), they
    are reused, and only the rows drawn for that board are compressed again. The
    picture is the board drawn whole, either way."""
    kept = KeptPalettes()
    first_whole = _busy(300, 300, 11)
    kept.png("board", first_whole)
    cards = [kept.tile("board", ("card", n), lambda n=n: _busy(140, 60, 20 + n))
             for n in range(4)]
    encoded: list[tuple[int, int]] = []

    def counted(image: Image.Image, first: int, last: int, **kwargs: Any) -> Any:
        encoded.append((first, last))
        return encode_segment(image, first, last, **kwargs)

    monkeypatch.setattr(common, "encode_segment", counted)

    def board(head_rows: int) -> tuple[bytes, Image.Image]:
        head = _busy(300, head_rows, head_rows)
        parts = [((0, 0), head)] + [
            ((10 + 150 * (n % 2), head_rows + 70 * (n // 2)), card)
            for n, card in enumerate(cards)]
        whole = Image.new("RGB", (300, head_rows + 150), (246, 242, 232))
        for (x, y), part in parts:
            whole.paste(part.convert("RGB"), (x, y))
        return kept.compose("board", whole.size, (246, 242, 232), parts), whole

    first, first_whole = board(40)
    assert picture(first) == picture(kept.png("board", first_whole))
    assert encoded[0] == (0, 40)
    encoded.clear()
    second, second_whole = board(58)  # the caption is a line longer
    assert picture(second) == picture(kept.png("board", second_whole))
    assert encoded == [(0, 58), (188, 208)], \
        "only the head is compressed again, and the last rows (they end the stream)"
