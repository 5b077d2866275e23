"""The Hexfolk board renderer: seeded bot positions on the 19-, 30- and 44-hex boards,
hand-made changes that show every mark (an open offer, discards, the winner), and the
private hand."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

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
    monkeypatch.setattr(rh, "_draw_hex_names", lambda *args: None)
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
