"""The Hagoth renderers: board and hand images for hand-built views."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from image_checks import (
    changed_inside,
    changed_outside,
    check_png,
    check_texts_fit,
    decode,
    drawn_keys,
)
from PIL import Image

from games.hagoth.data import BLUEPRINTS, COLOURS, TARGET_VP
from games.hagoth.view import DesignView, HagothView, PlayerView, ShipView
from renderers import hagoth
from renderers.hagoth import render_board, render_hand

NAMES = ("Alice", "Bořivoj Přemyslovec", "Дмитрий", "Someone With A Really Long Display Name")
CAPTION = (
    "Bořivoj played Build 2 on the Merchantman and Sail on the Sloop; Дмитрий's Fishing Boat "
    "was delayed back to Bountiful Harbor, and the deck was reshuffled from the discard pile "
    "because it ran out while drawing two cards at the end of the turn."
)


def design(code: str, wood: int = 0, drop: int = 0) -> DesignView:
    """A design of blueprint ``code`` missing its last ``drop`` segments, ``wood`` built."""
    bp = next(bp for bp in BLUEPRINTS if bp.code == code)
    segments = bp.segments[: bp.size - drop]
    return DesignView(bp.index, segments, wood, complete=drop == 0)


def player(
    seat: int,
    vp: int = 0,
    berths: tuple[DesignView | ShipView | None, ...] = (None, None),
    wood: int = 0,
    skips: int = 0,
) -> PlayerView:
    return PlayerView(seat, COLOURS[seat], vp, wood, 5, skips, berths, launches=0, arrivals=0)


def view(players: tuple[PlayerView, ...], **changes: object) -> HagothView:
    base = HagothView(
        viewer=None,
        players=players,
        current=0,
        cards_played=0,
        turn=7,
        stock=31,
        deck_count=48,
        discard_count=17,
        target=TARGET_VP,
        speed=False,
        winner=None,
        hand=None,
    )
    return dataclasses.replace(base, **changes)


def two_players() -> HagothView:
    return view(
        (
            player(0, 6, (design("sloop", wood=2), ShipView(lane=0, position=0)), wood=3),
            player(1, 9, (design("great", drop=3), ShipView(lane=3, position=2)), skips=1),
        ),
        current=1,
        cards_played=1,
    )


def four_players() -> HagothView:
    return view(
        (
            player(0, 14, (design("great", wood=4), ShipView(lane=2, position=1)), wood=2),
            player(1, 9, (ShipView(lane=2, position=1), ShipView(lane=4, position=0)), wood=6),
            player(2, 3, (design("merchant", drop=2), None), skips=2),
            player(3, 21, (ShipView(lane=2, position=1), design("canoe")), wood=1),
        ),
        current=2,
        turn=23,
        stock=4,
        speed=True,
    )


def check_board(board: HagothView, caption: str = CAPTION) -> Image.Image:
    """The board of ``board``: a phone-sized PNG within the 300 KB target, whose every
    catalogue text fits its box in English, Russian and Czech (issue 14)."""
    check_texts_fit(lambda names, locale: render_board(board, names, caption, locale))
    return check_png(render_board(board, NAMES, caption))


def check_hand(hand: HagothView, names: Sequence[str] = NAMES) -> Image.Image:
    """The hand of ``hand``, checked as :func:`check_board` checks a board."""
    check_texts_fit(lambda names, locale: render_hand(hand, names, locale))
    return check_png(render_hand(hand, names))


def lanes(board: HagothView) -> Image.Image:
    """The lanes of the board drawn without a caption (where the ships sail)."""
    top = hagoth.HEADER_H + hagoth.STATUS_H + hagoth.ORDER_H + hagoth.GAP
    image = decode(render_board(board, NAMES, "")).convert("RGB")
    return image.crop((0, top, hagoth.WIDTH, top + hagoth.LANES_H))


@pytest.mark.parametrize("make", [two_players, four_players])
def test_board_is_a_phone_sized_png(make: object) -> None:
    """Issue 10: PNG under 300 KB; issue 14: its texts fit, in every language."""
    check_board(make())  # type: ignore[operator]


def test_three_players_and_empty_caption() -> None:
    """Three players get three panels, and no caption leaves no caption band."""
    three = view(
        (player(0, 1), player(1, 0, (design("fishing", drop=4), None)), player(2, 2)),
        current=2,
    )
    bare = check_board(three, caption="")
    with_caption = decode(render_board(three, NAMES, CAPTION))
    panel = hagoth.PANEL_H + hagoth.GAP
    four = decode(render_board(view((*three.players, player(3))), NAMES, ""))
    assert four.height - bare.height == panel
    assert with_caption.height > bare.height


def test_winner_banner() -> None:
    won = dataclasses.replace(four_players(), winner=3)
    players = list(won.players)
    players[3] = dataclasses.replace(players[3], vp=27)
    won = dataclasses.replace(won, players=tuple(players))
    plain = render_board(four_players(), NAMES, CAPTION)
    banner = render_board(won, NAMES, CAPTION)
    check_board(won)  # the banner's words fit in every language
    assert plain != banner


def test_many_ships_on_one_space() -> None:
    """Eight ships on one space are all drawn there, in their owners' colours, and
    nowhere else on the lanes."""
    crowded = view(
        tuple(
            player(seat, berths=(ShipView(lane=1, position=0), ShipView(lane=1, position=0)))
            for seat in range(4)
        )
    )
    check_board(crowded)
    harbour = hagoth._space_boxes(BLUEPRINTS[1], hagoth._lane_top(1))[0]
    empty, full = lanes(view(tuple(player(seat) for seat in range(4)))), lanes(crowded)
    assert changed_outside(empty, full, harbour) is None
    assert changed_inside(empty, full, harbour)
    colours = {c for _, c in full.crop(tuple(int(v) for v in harbour)).getcolors(1 << 16) or ()}
    for seat in crowded.players:
        rgb = hagoth._style(seat).rgb
        assert any(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) < 12 for c in colours)


def test_board_does_not_read_the_hand() -> None:
    public = four_players()
    seat_view = dataclasses.replace(public, viewer=2, hand=("bow", "sail", "skip", "wood", "keel"))
    assert render_board(public, NAMES, CAPTION) == render_board(seat_view, NAMES, CAPTION)


def test_hand_of_every_card_category() -> None:
    """A card of each category in hand: every name and label fits, in every language."""
    seat_view = dataclasses.replace(
        four_players(), viewer=0, hand=("sails", "build?", "destroy", "wood", "sail")
    )
    check_hand(seat_view)
    keys = drawn_keys(lambda: render_hand(seat_view, NAMES))
    categories = {f"render.hagoth.category.{hagoth._category(code)}" for code in seat_view.hand}
    assert len(categories) >= 4 and categories <= keys


def test_long_and_empty_hands() -> None:
    """Seven cards are all drawn, each by its name; an empty hand is drawn too, and
    the texts of both fit."""
    long = dataclasses.replace(
        two_players(), viewer=1, hand=("bow", "stern", "hull", "mast", "keel", "cabin", "build1")
    )
    empty = dataclasses.replace(long, hand=())
    check_hand(long)
    check_hand(empty)
    cards = {f"hagoth.card.{code}" for code in long.hand}
    assert cards <= drawn_keys(lambda: render_hand(long, NAMES))


def test_hand_with_empty_berths() -> None:
    """An empty berth still shows in the hand, numbered, beside a design or on its own."""
    one_free = dataclasses.replace(four_players(), viewer=2, hand=("mast", "sail"))
    check_hand(one_free)
    both_free = view((player(0), player(1)), viewer=0, hand=("bow",))
    check_hand(both_free)


def test_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        render_hand(four_players(), NAMES)
