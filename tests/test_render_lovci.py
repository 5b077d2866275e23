"""The Lovci pokladů board renderer: positions reached by seeded bot play, and hand-made
changes to them that show every mark (prisoners, spells, delays, the sea, the end)."""

from __future__ import annotations

import dataclasses
import io
import random
from typing import Any

import pytest
from image_checks import (
    Area,
    changed_inside,
    changed_outside,
    check_png,
    check_texts_fit,
    decode,
)
from PIL import Image, ImageChops
from png_pictures import picture

from games import get_ruleset
from games.lovci_pokladu.data import CARD_TYPES, CENTRE, deck_without_centre, rotate
from games.lovci_pokladu.view import CardView, LovciView, PendingView
from i18n import has
from renderers import render_public
from renderers.common import seat_style
from renderers.lovci_pokladu import render_board
from renderers.lovci_pokladu.layout import CELL, _cell_xy, _slot_box
from renderers.lovci_pokladu.pieces import _board_layer, _draw_board

NAMES = ("Alice", "Bořivoj Přemyslovec", "Дмитрий", "Someone With A Really Long Display Name")
CAPTION = (
    "Bořivoj's sailor 2 turned a stingray on D4 and was thrown into the sea west of A4; the "
    "300 coin he carried stays on D3. Дмитрий's ship sailed one card to the right, and Alice "
    "used the Mermaid to bring a 200 coin from G7 to her sailor on the Mermaid card."
)

RULES = get_ruleset("lovci-pokladu")


def played(players: int, seed: int, actions: int = 10_000, turned: int = 81) -> LovciView:
    """The public view after ``actions`` seeded bot actions, or as soon as ``turned``
    cards are face up, or at the end of the game, whichever comes first."""
    state = RULES.setup(players, {}, seed)
    view = RULES.view(state, None)
    for _ in range(actions):
        if RULES.result(state) is not None or sum(c.face_up for c in view.cards) >= turned:
            break
        seat = min(RULES.actors(state))
        RULES.apply(state, seat, RULES.bot_action(state, seat))
        view = RULES.view(state, None)
    assert isinstance(view, LovciView)
    return view


def early(players: int) -> LovciView:
    return played(players, seed=1, actions=4 * players)


def turn_cards(view: LovciView, face_up: int, seed: int) -> LovciView:
    """``view`` with more cards turned (dealt from the rest of the deck) until ``face_up``
    are face up: a mid game that does not depend on how far the bots get."""
    deck = [CARD_TYPES[i] for i in deck_without_centre()]
    for card in view.cards:
        if card.face_up and card.square != CENTRE:
            deck.remove(next(ct for ct in deck if ct.code == card.code))
    rng = random.Random(seed)
    rng.shuffle(deck)
    cards = list(view.cards)
    hidden = [c.square for c in cards if not c.face_up]
    rng.shuffle(hidden)
    for sq in hidden[: max(0, face_up - (len(cards) - len(hidden)))]:
        ct, rot = deck.pop(), rng.randrange(4)
        cards[sq] = CardView(
            sq, cards[sq].name, True, ct.code, ct.kind, rot,
            tuple(sorted(rotate(a, rot) for a in ct.arrows)) if ct.arrows else None,
            rotate(ct.tail, rot) if ct.kind == "stingray" else None, ct.level or None,
        )  # fmt: skip
    return dataclasses.replace(view, cards=tuple(cards))


def mid(players: int) -> LovciView:
    view = turn_cards(played(players, seed=2, actions=60 * players), 50, seed=players)
    assert sum(card.face_up for card in view.cards) >= 50  # many cards turned
    return view


def marked(view: LovciView) -> LovciView:
    """``view`` changed so that every kind of mark is drawn at least once."""
    sailors = list(view.sailors)

    def put(i: int, **changes: Any) -> None:
        sailors[i] = dataclasses.replace(sailors[i], **changes)

    a, b, c, d, e, f = 0, 1, 4, 2, 5, 3  # red 1, 2, 3, 4 and green 1, 2
    put(a, state="board", square=40, ring=None, carrying=300)  # two on the centre card
    put(b, state="board", square=40, ring=None, carrying=None, delayed=2)
    put(c, state="off", square=None, ring=15, carrying=None)  # in the sea, east
    put(d, state="off", square=None, ring=12, carrying=200)
    put(e, state="octopus", square=30, ring=None, carrying=50)
    # Red 4 serves the green ship and holds Neptune's spell.
    put(f, state="board", square=50, ring=None, prisoner=True, owner=1, ship=1, spell="neptune")
    cards = list(view.cards)
    cards[30] = CardView(30, "D4", True, "octopus", "octopus", 2, None, None, None)
    cards[50] = CardView(50, "F6", True, "neptune", "neptune", 0, None, None, None)
    cards[22] = CardView(22, "E3", True, "stingray", "stingray", 1, None, 6, None)
    cards[58] = CardView(58, "E7", True, "volcano3", "volcano", 3, None, None, 3)
    ships = list(view.ships)
    ships[0] = dataclasses.replace(ships[0], ring=10, side=1, tip=True, beside=None)
    ships[1] = dataclasses.replace(ships[1], crew=0, treasure=(600, 300), total=900)
    players = list(view.players)
    players[1] = dataclasses.replace(players[1], ship_only=2, skips=1, total=900)
    if len(players) > 2:
        players[2] = dataclasses.replace(players[2], out=True)
    return dataclasses.replace(
        view,
        cards=tuple(cards),
        sailors=tuple(sailors),
        ships=tuple(ships),
        players=tuple(players),
        tokens=((31, (300, 50, 50)), (67, (600,)), (8, (200, 200, 100, 50, 50, 50))),
        lost_tokens=(300, 50),
        pending=PendingView("go", a, (39, 41, 49)),
        spells=(("mermaid", "held"), ("neptune", "used")),
    )


def check_board(view: LovciView, names: tuple[str, ...] = NAMES, caption: str = CAPTION
                ) -> Image.Image:
    """The board of ``view``: a phone-sized PNG within the 300 KB target, whose every
    catalogue text fits its box in English, Russian and Czech (issue 14)."""
    check_texts_fit(lambda names, locale: render_board(view, names, caption, locale))
    return check_png(render_board(view, names, caption))


def cell(square: int) -> Area:
    x, y = _cell_xy(square)
    return (x, y, x + CELL, y + CELL)


def face_down_cells(view: LovciView) -> list[int]:
    """The squares whose card the board draws exactly as the all-face-down board does."""
    board, hidden = _draw_board(view, "en"), _board_layer("en")
    return [sq for sq in range(81) if ImageChops.difference(
        board.crop(cell(sq)), hidden.crop(cell(sq))).getbbox() is None]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("make", [early, mid])
def test_board_is_a_phone_sized_png(players: int, make: Any) -> None:
    """Issue 10: PNG under 300 KB; issue 14: its texts fit, in every language."""
    check_board(make(players))


def test_three_players_through_the_registry() -> None:
    """The registry draws Lovci's boards with this renderer, at three players too."""
    view = mid(3)
    data = render_public("lovci-pokladu", view, NAMES, CAPTION)
    assert picture(data) == picture(render_board(view, NAMES, CAPTION))
    check_board(view)


def test_before_the_ships_are_placed_every_card_but_the_centre_is_face_down() -> None:
    view = played(2, seed=5, actions=0)
    assert view.phase == "start"
    assert [card.square for card in view.cards if card.face_up] == [40]
    check_board(view, caption="")
    # the image too: every card is drawn face down but the centre
    assert face_down_cells(view) == [sq for sq in range(81) if sq != CENTRE]


def test_all_cards_face_down() -> None:
    view = early(4)
    hidden = tuple(
        CardView(c.square, c.name, False, None, None, None, None, None, None) for c in view.cards
    )
    view = dataclasses.replace(view, cards=hidden)
    check_board(view)
    # every card is drawn face down; only sailors, coins and the last move's outline
    # change a card's square
    marked_squares = ({s.square for s in view.sailors if s.square is not None}
                      | {sq for sq, _ in view.tokens} | set(view.last_squares))
    assert set(range(81)) - set(face_down_cells(view)) <= marked_squares


@pytest.mark.parametrize("players", [2, 4])
def test_every_mark(players: int) -> None:
    """Every kind of mark is drawn, each where the view puts it: moving one sailor (on a
    card, a prisoner, caught by the octopus, in the sea) or lifting a delay changes the
    board at its old and new place and nowhere else; and the texts fit."""
    view = marked(mid(players))
    check_board(view)
    board = _draw_board(view, "en")

    def changed(sailor: int, **change: Any) -> Image.Image:
        sailors = list(view.sailors)
        sailors[sailor] = dataclasses.replace(sailors[sailor], **change)
        return _draw_board(dataclasses.replace(view, sailors=tuple(sailors)), "en")

    cases: list[tuple[int, dict[str, Any], tuple[Area, ...]]] = [
        (0, {"square": 41}, (cell(40), cell(41))),  # on the centre card, carrying 300
        (3, {"square": 51}, (cell(50), cell(51))),  # a prisoner under a spell
        (5, {"square": 29}, (cell(30), cell(29))),  # caught by the octopus
        (4, {"ring": 16}, (_slot_box(15), _slot_box(16))),  # in the sea, east
        (1, {"delayed": None}, (cell(40),)),  # the delay badge
    ]
    for sailor, change, places in cases:
        after = changed(sailor, **change)
        assert changed_outside(board, after, *places) is None, sailor
        assert all(changed_inside(board, after, place) for place in places), sailor
    # the coins on a card are drawn on that card
    fewer = dataclasses.replace(view, tokens=view.tokens[1:])  # drops square 31's
    after = _draw_board(fewer, "en")
    assert changed_outside(board, after, cell(31)) is None
    assert changed_inside(board, after, cell(31))


def test_last_move_is_outlined() -> None:
    """Issue 3: the last move is highlighted."""
    view = dataclasses.replace(mid(4), last_squares=())
    plain = render_board(view, NAMES, CAPTION)
    outlined = render_board(dataclasses.replace(view, last_squares=(30, 31)), NAMES, CAPTION)
    check_png(outlined)
    assert plain != outlined
    # on the squares of the last move, and nowhere else on the board
    before = _draw_board(view, "en")
    after = _draw_board(dataclasses.replace(view, last_squares=(30, 31)), "en")
    assert changed_outside(before, after, cell(30), cell(31)) is None
    assert changed_inside(before, after, cell(30)) and changed_inside(before, after, cell(31))
    # Squares off the board are ignored rather than drawn somewhere wrong.
    off_board = dataclasses.replace(view, last_squares=(-1, 81))
    assert render_board(off_board, NAMES, CAPTION) == plain


def test_game_over_banner() -> None:
    view = mid(4)
    over = dataclasses.replace(view, phase="over", winners=(1,), pending=None)
    tie = dataclasses.replace(over, winners=(0, 3))
    for finished in (over, tie):
        check_board(finished)  # the banner's words fit in every language
    assert render_board(over, NAMES, CAPTION) != render_board(tie, NAMES, CAPTION)


def test_viewer_does_not_change_the_image() -> None:
    public = mid(2)
    seat = dataclasses.replace(public, viewer=1)
    assert picture(render_board(public, NAMES, CAPTION)) == picture(
        render_board(seat, NAMES, CAPTION))


def test_side_choice_marks_ring_positions() -> None:
    """The side choice marks the two ring positions offered, there and nowhere else."""
    plain = dataclasses.replace(mid(2), pending=None)
    view = dataclasses.replace(plain, pending=PendingView("side", 0, (1, 39)))
    check_board(view, caption="")
    before, after = _draw_board(plain, "en"), _draw_board(view, "en")
    assert changed_outside(before, after, _slot_box(1), _slot_box(39)) is None
    assert changed_inside(before, after, _slot_box(1))
    assert changed_inside(before, after, _slot_box(39))


def test_every_card_code_has_a_label() -> None:
    for key in ("title", "turn", "to_play", "legend_last"):
        assert has(f"render_lovci.lovci.{key}")
    assert [ct.code for ct in CARD_TYPES if not has(f"render_lovci.lovci.card.{ct.code}")] == []


@pytest.mark.parametrize("players", [2, 4])
def test_summary_image_renders_at_smallest_and_largest_count(players: int) -> None:
    """Issue 18: the end-of-game summary renders with every player's line and bars."""
    from games.lovci_pokladu import bot as lovci_bot
    from renderers import render_summary

    state = RULES.setup(players, {}, 11)
    while RULES.result(state) is None:
        (seat,) = RULES.actors(state)
        RULES.apply(state, seat, lovci_bot.choose(state, seat))
    png = render_summary("lovci-pokladu", RULES.summary_view(state),
                         [f"P{i}" for i in range(players)])
    assert png is not None
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = {c for _, c in image.getcolors(image.width * image.height) or ()}
    for seat in range(players):
        rgb = seat_style(seat, ("red", "green", "yellow", "blue")[seat]).rgb
        assert any(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) < 12 for c in colours)


def test_emptied_treasure_card_loses_its_coin_art_and_coins_stay_readable() -> None:
    """Treasures: "Coin tokens of the stated values are placed … on a discovered treasure"
    — once they are all carried away the card shows it is empty (issue 9 item 12); a
    sailor standing on a pile no longer covers the coin values."""
    from renderers.lovci_pokladu import _face_image

    full = _face_image("treasure600", "treasure", None, None, None, "en")
    empty = _face_image("treasure600", "treasure", None, None, None, "en", True)
    gold = (246, 196, 48)

    def golden(image: Image.Image) -> int:
        return sum(n for n, c in image.getcolors(100 * 100) or ()
                   if max(abs(a - b) for a, b in zip(c, gold, strict=True)) < 40)

    assert golden(empty) * 5 < golden(full)


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_every_player_chip_is_drawn_in_every_language(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14 (images): at four players a player box held about 250 px of chips, and the
    ones that did not fit were dropped — in Russian "Только корабль: 2" (the volcano), in
    English "Ship only" after "Prisoners". Chips now wrap onto more rows, alerts first, and
    the player boxes grow to hold them."""
    from renderers.lovci_pokladu import text as lovci  # the player panels and their chips

    drawn: list[str] = []
    original = lovci._chip

    def chip(draw: Any, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> float:
        drawn.append(text)
        return original(draw, x, y, text, *args, **kwargs)

    monkeypatch.setattr(lovci, "_chip", chip)
    view = marked(mid(4))
    names = NAMES[:4]
    plain = decode(render_board(mid(4), names, "", locale))
    image = decode(render_board(view, names, "", locale))
    for player in view.players:
        for text, _, _ in lovci._player_chips(view, player, locale):
            assert text in drawn, (locale, player.seat, text)
    crowded = lovci._player_chips(view, view.players[1], locale)
    assert len(crowded) >= 4 and image.height >= plain.height
