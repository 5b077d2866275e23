"""The Hexfolk board renderer: seeded bot positions on the 19-, 30- and 44-hex boards,
hand-made changes that show every mark (an open offer, discards, the winner), and the
private hand."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops

from games.hexfolk import RULESET
from games.hexfolk.view import HexfolkView, OfferView
from i18n import has
from renderers import render_private, render_public
from renderers.hexfolk import render_board, render_hand

MAX_BYTES = 600 * 1024
NAMES = (
    "Alice",
    "Bořivoj Přemyslovec",
    "Дмитрий",
    "Someone With A Really Long Display Name",
    "Eve",
    "Frank",
    "Gustav",
    "Hana",
)
CAPTION = (
    "Bořivoj rolled 8: Alice gets 2 grain, Дмитрий gets 1 ore and 1 wool. Then Bořivoj "
    "built a road towards the harbour and offered 2 wood for 1 ore; Someone With A Really "
    "Long Display Name countered with 1 wood for 1 ore."
)


def played_state(players: int, seed: int = 7, actions: int = 200):
    """A state after ``actions`` seeded bot actions (or at the end of the game)."""
    state = RULESET.setup(players, {}, seed)
    for _ in range(actions):
        if RULESET.result(state) is not None:
            break
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return state


def mid_game(players: int, seed: int = 7) -> HexfolkView:
    view = RULESET.view(played_state(players, seed, 40 * players), None)
    assert isinstance(view, HexfolkView)
    return view


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_board_decodes_and_fits_a_phone(players: int) -> None:
    view = mid_game(players)
    data = render_board(view, NAMES[:players], CAPTION)
    image = decode(data)
    assert image.width >= 1000
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("players", [2, 5, 7])
def test_every_board_size_renders_at_the_start(players: int) -> None:
    view = RULESET.view(RULESET.setup(players, {}, 3), None)
    assert decode(render_board(view, NAMES[:players], "")).width >= 1000


def test_offer_discards_and_winner_render() -> None:
    view = mid_game(6)
    n = len(view.players)
    responses: list[object] = [None] * n
    responses[(view.current + 1) % n] = "accept"
    responses[(view.current + 2) % n] = "decline"
    responses[(view.current + 3) % n] = ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1))
    offer = OfferView(view.current, (2, 0, 0, 0, 0), (0, 0, 0, 0, 1), tuple(responses))
    players = tuple(
        dataclasses.replace(p, discard_owed=4 if p.seat % 2 else 0) for p in view.players
    )
    for changed in (
        dataclasses.replace(view, offer=offer, phase="trade"),
        dataclasses.replace(view, players=players, phase="discard", dice=(3, 4)),
        dataclasses.replace(view, winner=1, phase="over"),
        dataclasses.replace(view, robber=-1, dice=()),
    ):
        data = render_board(changed, NAMES[:n], CAPTION)
        assert decode(data).width >= 1000
        assert len(data) < MAX_BYTES


@pytest.mark.parametrize("players", [4, 8])
def test_seat_view_draws_the_same_board(players: int) -> None:
    state = played_state(players, 11, 40 * players)
    public = RULESET.view(state, None)
    # drawn once first: the first board of a set of seat colours is written whole, later
    # ones in kept row segments (issue 29 item 6), the same pixels in other bytes
    render_board(public, NAMES[:players], CAPTION)
    for seat in range(players):
        own = RULESET.view(state, seat)
        assert own.hand is not None
        # Only the private fields differ between the two views ...
        assert dataclasses.replace(own, viewer=None, hand=None, devs=None, vp=None) == public
        # ... and none of them is drawn on the board.
        assert render_board(own, NAMES[:players], CAPTION) == render_board(
            public, NAMES[:players], CAPTION
        )
    fake = dataclasses.replace(
        RULESET.view(state, 0), hand=(9, 9, 9, 9, 9), devs=("vp", "vp"), vp=12
    )
    assert render_board(fake, NAMES[:players], CAPTION) == render_board(
        public, NAMES[:players], CAPTION
    )


def test_hand() -> None:
    state = played_state(4, 7, 160)
    view = RULESET.view(state, 0)
    data = render_hand(view, NAMES[:4])
    assert decode(data).width >= 1000
    assert len(data) < MAX_BYTES
    rich = dataclasses.replace(
        view, hand=(3, 0, 12, 1, 5), devs=("knight", "knight", "monopoly", "plenty", "roads", "vp")
    )
    assert decode(render_hand(rich, NAMES[:4])).width >= 1000


def test_hand_refuses_the_public_view() -> None:
    public = mid_game(4)
    with pytest.raises(ValueError):
        render_hand(public, NAMES[:4])
    assert render_private("hexfolk", public, NAMES[:4]) is None


def test_registered_with_the_dispatcher() -> None:
    view = mid_game(4)
    assert render_public("hexfolk", view, NAMES[:4], CAPTION) == render_board(
        view, NAMES[:4], CAPTION
    )


def test_catalogue_is_complete() -> None:
    keys = [
        "title",
        "round",
        "founding",
        "last_roll",
        "roll",
        "desert",
        "vp",
        "to_play_tag",
        "winner_tag",
        "winner",
        "stats",
        "pieces",
        "longest",
        "army",
        "discarding",
        "bank",
        "deck",
        "nothing",
        "offer",
        "for",
        "accepts",
        "declines",
        "counters",
        "waiting",
    ]
    for key in keys:
        assert has(f"render_hexfolk.hexfolk.{key}"), key
    phases = [
        "settle",
        "found_road",
        "roll",
        "discard",
        "robber",
        "main",
        "roads",
        "trade",
        "special",
        "over",
    ]
    for phase in phases:
        assert has(f"render_hexfolk.hexfolk.phase.{phase}"), phase
    for res in ("wood", "brick", "wool", "grain", "ore"):
        assert has(f"render_hexfolk.hexfolk.resource.{res}")
    for card in ("knight", "vp", "roads", "plenty", "monopoly"):
        assert has(f"render_hexfolk.hexfolk.dev.{card}")
    for key in ("title", "vp", "resources", "devs", "no_devs"):
        assert has(f"render_hexfolk.hexfolk.hand.{key}")


def test_hex_letters_are_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hex carries its letter (the name labels and events use): a render without
    the letters layer differs, and the letters sit clear of the number token."""
    import renderers.hexfolk as rh
    from games.hexfolk.board import get_board, places

    view = mid_game(4)
    with_letters = decode(render_board(view, NAMES, CAPTION))
    rh._island.cache_clear()
    monkeypatch.setattr(rh.pieces, "_draw_hex_names", lambda *args: None)
    try:
        without = decode(render_board(view, NAMES, CAPTION))
    finally:
        rh._island.cache_clear()
    assert with_letters.size == without.size
    assert with_letters.tobytes() != without.tobytes()
    board = get_board(view.board)
    assert places(view.board).hex_names[:4] == ("A", "B", "C", "D")
    fr = rh._Frame(board, 70.0)
    for h in range(board.hexes):
        (x, y), (cx, cy) = rh.hex_name_anchor(fr, h), fr.hex_centre(h)
        assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 > 0.34 * 70 + 0.15 * 70


# -- issue 9 item 11: numbered spots, hex letters, the dice, the summary --------------------
def spot_positions(players: int, seed: int, limit: int = 900) -> list[HexfolkView]:
    """Every public view with numbered spots in a seeded bot game (founding, roads, the
    robber and building turns, with settlements and cities on the board)."""
    state = RULESET.setup(players, {}, seed)
    found: list[HexfolkView] = []
    for _ in range(limit):
        if RULESET.result(state) is not None:
            break
        view = RULESET.view(state, None)
        if view.spots:
            found.append(view)
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return found


@pytest.mark.parametrize("players", [4, 6, 8])
def test_spot_discs_never_cover_a_piece_or_the_robber(players: int) -> None:
    """Issue 9 item 11: "The numbered circles cover the player's own settlements and the
    robber." Every disc of every spot position of a bot game stays clear of every
    settlement, city, road marker and the robber, on each board size."""
    import renderers.hexfolk as rh
    from games.hexfolk.board import get_board

    views = spot_positions(players, seed=3)
    assert any(any(k == "corner" and v.corner_owner[i] >= 0 for _, k, i in v.spots)
               for v in views), "no city spot on an own settlement was tried"
    assert any(k == "edge" for v in views for _, k, _ in v.spots)
    for view in views:
        fr = rh._Frame(get_board(view.board), 64.0)
        circles = rh.piece_circles(view, fr)
        marks = rh.spot_marks(view, fr)
        assert [m.number for m in marks] == [n for n, _, _ in view.spots]
        for mark in marks:
            for (px, py), pr in circles:
                gap = ((mark.centre[0] - px) ** 2 + (mark.centre[1] - py) ** 2) ** 0.5
                assert gap >= mark.radius + pr, (view.phase, mark, (px, py, pr))


def test_city_spot_sits_beside_the_settlement_it_upgrades() -> None:
    """A city spot is drawn next to the player's settlement (within a disc and a token of
    it), not on top of it, so the number still points at that settlement."""
    import renderers.hexfolk as rh
    from games.hexfolk.board import get_board

    for view in spot_positions(4, seed=3):
        fr = rh._Frame(get_board(view.board), 64.0)
        settle, _ = rh._piece_sizes(fr.r)
        for mark, (_, kind, i) in zip(rh.spot_marks(view, fr), view.spots, strict=True):
            if kind == "corner" and view.corner_owner[i] >= 0:
                assert mark.on_piece
                cx, cy = fr.corner(i)
                gap = ((mark.centre[0] - cx) ** 2 + (mark.centre[1] - cy) ** 2) ** 0.5
                assert settle / 2 + mark.radius <= gap <= settle / 2 + mark.radius + 4


def test_spot_numbers_are_larger_where_places_are_far_apart() -> None:
    """Issue 9 item 11: "The corner numbers are too small to read on a phone." Founding
    marks only corners, a whole side apart: their discs are at least 0.3 of a hex wide
    (about 19 px on the 44-hex board, against 13 before)."""
    import renderers.hexfolk as rh
    from games.hexfolk.board import get_board

    view = RULESET.view(RULESET.setup(8, {}, 1), None)
    fr = rh._Frame(get_board(view.board), 64.0)
    assert {k for _, k, _ in view.spots} == {"corner"}
    assert min(m.radius for m in rh.spot_marks(view, fr)) >= 0.3 * 64.0 - 1e-9


def test_the_legend_explains_the_numbered_spots() -> None:
    """Issue 9 item 11: "the legend does not explain them": with spots on the board the
    legend has a second row, and its words are in the catalogue."""
    import renderers.hexfolk as rh

    view = mid_game(4)
    with_spots = dataclasses.replace(view, spots=((1, "corner", 0),))
    assert rh._legend_height(with_spots) > rh._legend_height(dataclasses.replace(view, spots=()))
    assert has("render_hexfolk.hexfolk.legend.spot")
    assert has("render_hexfolk.hexfolk.legend.spot_city")


def test_a_city_never_hides_a_hex_letter() -> None:
    """Issue 9 item 11: "On the 44-hex board a city hides part of a hex label, so "AO"
    reads "AC"." Letters are drawn over the pieces: a city on each corner of hex AO
    leaves every pixel of AO's letter tab as it was."""
    import renderers.hexfolk as rh
    from games.hexfolk.board import get_board, places

    view = RULESET.view(RULESET.setup(8, {}, 1), None)
    board = get_board(view.board)
    h = places(view.board).hex_names.index("AO")
    owner, level = list(view.corner_owner), list(view.corner_level)
    for c in board.hex_corners[h]:
        owner[c], level[c] = 0, 2
    cities = dataclasses.replace(view, corner_owner=tuple(owner), corner_level=tuple(level),
                                 spots=())
    bare = dataclasses.replace(view, spots=())
    r = 71.0
    fr = rh._Frame(board, r)
    tab = rh._name_tab("AO", r)
    x, y = rh.hex_name_anchor(fr, h)
    inset = 3  # inside the tab's rounded corners
    box = (round(x - tab.width / 2) + inset, round(y - tab.height / 2) + inset,
           round(x + tab.width / 2) - inset, round(y + tab.height / 2) - inset)
    with_cities = rh._draw_island(cities, r, "en").crop(box)
    without = rh._draw_island(bare, r, "en").crop(box)
    # the tab is opaque: at most the faint ringing of its antialiased edge lets through
    difference = ImageChops.difference(with_cities, without).convert("L")
    assert difference.getextrema()[1] <= 12
    assert rh._draw_island(cities, r, "en").tobytes() != rh._draw_island(bare, r, "en").tobytes()


def test_dice_are_labelled_with_who_rolled_them() -> None:
    """Issue 9 item 11: "The dice shown while the header says "Player 1 to roll" are the
    previous player's: label them "last roll: Bot 3"." While a player is to roll, the
    view names the previous seat as the roller; once they roll, themselves."""
    import renderers.hexfolk as rh

    state = played_state(4, seed=5, actions=0)
    checked = 0
    for _ in range(400):
        view = RULESET.view(state, None)
        if view.dice and view.phase == "roll":
            assert view.dice_by == (view.current - 1) % 4
            names = ("Ann", "Bob", "Cyd", "Dee")
            label = rh._roll_label(view, names, "en")
            assert names[view.dice_by] in label and names[view.current] not in label
            checked += 1
        elif view.dice and view.phase == "main":
            assert view.dice_by == view.current
        if RULESET.result(state) is not None:
            break
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    assert checked > 5


def test_summary_columns_do_not_run_into_each_other() -> None:
    """Issue 9 item 11: "The summary image's columns collide ("(13 + 10)0 / 0")." With
    large figures in every column, a band just left of each column boundary of the
    player table holds no ink."""
    import renderers.hexfolk as rh
    from games.hexfolk.view import summary

    state = played_state(4, seed=2, actions=5000)
    base = summary(state)
    players = tuple(dataclasses.replace(ps, stolen=13, discarded=10, bank_trades=110,
                                        player_trades=120, devs_bought=14, devs_played=13,
                                        road_length=15) for ps in base.players)
    image = decode(rh.render_summary(dataclasses.replace(base, players=players), NAMES[:4]))
    gray = image.convert("L")
    height = image.height
    rows_top = height - rh.MARGIN - 40 - 4 * rh._ROW_H
    for boundary in rh._COLS[4:8]:
        band = gray.crop((boundary - 7, rows_top, boundary - 1, rows_top + 4 * rh._ROW_H))
        assert band.getextrema()[0] > 150, boundary


def test_the_special_building_sign_up_marks_nobody_as_playing() -> None:
    """Issue 26 item 2 (HX-D78): at the sign-up everyone asked answers at once, so the
    board marks no seat as the one to play (it marked the player whose turn had just
    ended) and its header asks who builds; once someone builds, they are marked."""
    from renderers.hexfolk.text import _phase_text, acting_seat

    state = RULESET.setup(5, {}, 1)
    while not (state.phase == "special" and state.special < 0):
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    names = [f"P{i}" for i in range(5)]
    view = RULESET.view(state, None)
    assert acting_seat(view) == -1
    assert _phase_text(view, names, "en") == "Special building: who builds?"
    assert _phase_text(view, names, "ru") == "Спецстройка: кто строит?"
    while not (state.phase == "special" and state.special >= 0):  # a bot signed up
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    view = RULESET.view(state, None)
    assert acting_seat(view) == state.special
    assert _phase_text(view, names, "en") == f"Special building: P{state.special}"


@pytest.mark.parametrize(("robber", "shown"), [("on", 1), ("friendly", 1), ("off", 0)])
def test_the_legend_shows_the_robber_only_while_it_plays(
        robber: str, shown: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """HX-D23 and HX-D67: with the robber switched off (``robber=off``, and every quick
    game) the legend under the island does not explain a piece the board never shows."""
    import renderers
    from games.options import resolve_options
    from renderers.hexfolk import legend

    drawn: list[int] = []
    real = legend._robber_sprite

    def counted(size: int) -> Image.Image:
        drawn.append(size)
        return real(size)

    monkeypatch.setattr(legend, "_robber_sprite", counted)
    renderers.clear_caches(boards=True)
    options = resolve_options(RULESET.name_key, RULESET.options, {"robber": robber})
    state = RULESET.setup(4, options, 1)
    render_board(RULESET.view(state, None), ["A", "B", "C", "D"], "", "en")
    assert len(drawn) == shown
