"""The Hagoth renderers: board and hand images for hand-built views."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from games.hagoth.data import BLUEPRINTS, COLOURS, TARGET_VP
from games.hagoth.view import DesignView, HagothView, PlayerView, ShipView
from renderers.hagoth import render_board, render_hand

MAX_BYTES = 600 * 1024
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


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def check_png(data: bytes) -> Image.Image:
    image = decode(data)
    assert image.width >= 1000
    assert len(data) < MAX_BYTES
    return image


@pytest.mark.parametrize("make", [two_players, four_players])
def test_board_is_a_phone_sized_png(make: object) -> None:
    check_png(render_board(make(), NAMES, CAPTION))  # type: ignore[operator]


def test_three_players_and_empty_caption() -> None:
    three = view(
        (player(0, 1), player(1, 0, (design("fishing", drop=4), None)), player(2, 2)),
        current=2,
    )
    check_png(render_board(three, NAMES, ""))


def test_winner_banner() -> None:
    won = dataclasses.replace(four_players(), winner=3)
    players = list(won.players)
    players[3] = dataclasses.replace(players[3], vp=27)
    won = dataclasses.replace(won, players=tuple(players))
    plain = render_board(four_players(), NAMES, CAPTION)
    banner = render_board(won, NAMES, CAPTION)
    check_png(banner)
    assert plain != banner


def test_many_ships_on_one_space() -> None:
    crowded = view(
        tuple(
            player(seat, berths=(ShipView(lane=1, position=0), ShipView(lane=1, position=0)))
            for seat in range(4)
        )
    )
    check_png(render_board(crowded, NAMES, CAPTION))


def test_board_does_not_read_the_hand() -> None:
    public = four_players()
    seat_view = dataclasses.replace(public, viewer=2, hand=("bow", "sail", "skip", "wood", "keel"))
    assert render_board(public, NAMES, CAPTION) == render_board(seat_view, NAMES, CAPTION)


def test_hand_of_every_card_category() -> None:
    seat_view = dataclasses.replace(
        four_players(), viewer=0, hand=("sails", "build?", "destroy", "wood", "sail")
    )
    check_png(render_hand(seat_view, NAMES))


def test_long_and_empty_hands() -> None:
    long = dataclasses.replace(
        two_players(), viewer=1, hand=("bow", "stern", "hull", "mast", "keel", "cabin", "build1")
    )
    check_png(render_hand(long, NAMES))
    check_png(render_hand(dataclasses.replace(long, hand=()), NAMES))


def test_hand_with_empty_berths() -> None:
    """An empty berth still shows in the hand, numbered, beside a design or on its own."""
    one_free = dataclasses.replace(four_players(), viewer=2, hand=("mast", "sail"))
    check_png(render_hand(one_free, NAMES))
    both_free = view((player(0), player(1)), viewer=0, hand=("bow",))
    check_png(render_hand(both_free, NAMES))


def test_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        render_hand(four_players(), NAMES)
