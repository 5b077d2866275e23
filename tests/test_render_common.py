"""What every game's images share: the turn order and round counter in the views, boards
that never read private data, and private hands redrawn only when they change."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from png_pictures import picture

import renderers
from games import get_ruleset
from games.hagoth.state import HagothState
from i18n import t
from renderers.common import play_order

GAMES = ("hexfolk", "hagoth", "lovci-pokladu")
NAMES = ("Ann", "Bob", "Cyd", "Dee")


def bot_states(game: str, players: int, seed: int, actions: int) -> list[Any]:
    """Dumps of every position of a seeded bot game (to load copies from)."""
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, {}, seed)
    out = [ruleset.dump(state)]
    for _ in range(actions):
        if ruleset.result(state) is not None:
            break
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
        out.append(ruleset.dump(state))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_views_say_who_went_first(game: str) -> None:
    """Issue 9 item 13: "Show the turn order on the board: who plays after whom, and who
    went first." Every view names the seat that played first: the seat to act at the
    first real turn, and the same in every later view and after a JSON round trip."""
    ruleset = get_ruleset(game)
    dumps = bot_states(game, 4, seed=11, actions=60)
    views = [ruleset.view(ruleset.load(d), None) for d in dumps]
    first = views[0].first
    assert 0 <= first < 4
    assert all(v.first == first for v in views)
    assert views[0].current == first  # the first to place or play is the first seat
    assert play_order(first, 4)[0] == first and sorted(play_order(first, 4)) == [0, 1, 2, 3]


def test_hexfolk_counts_rounds_of_play() -> None:
    """Issue 9 item 13: "Make the turn counter mean what a person expects ... count
    rounds". Hexfolk never skips a seat: round r begins with the first seat's r-th roll;
    founding is round 0."""
    ruleset = get_ruleset("hexfolk")
    rolls = 0
    for dump in bot_states("hexfolk", 4, seed=4, actions=600):
        state = ruleset.load(dump)
        view = ruleset.view(state, None)
        if state.phase in ("settle", "found_road"):
            assert view.round == 0
            continue
        if state.phase == "roll" and state.current == view.first and not state.rolled:
            rolls = max(rolls, view.round)
        assert view.round == (state.turn - 1) // 4 + 1
    assert rolls >= 3


def test_hagoth_round_begins_when_play_comes_round_to_the_first_seat() -> None:
    """Hagoth rulebook: "Play will proceed clockwise from first player." and "Skip: Skip
    the next turn of one opponent." A round is every seat's turn once, from the first
    player, a skipped turn included. So after ``turn - 1`` turns
    played and ``skipped`` turns lost, ``turn - 1 + skipped`` seats have had their go
    and the round is that many seats' worth, counted in whole tables, plus one."""
    ruleset = get_ruleset("hagoth")
    state: HagothState = ruleset.setup(3, {}, 2)
    assert state.round == 1
    skipped = 0
    for _ in range(3000):
        if ruleset.result(state) is not None:
            break
        assert state.round == (state.turn - 1 + skipped) // 3 + 1
        seat = min(ruleset.actors(state))
        events = ruleset.apply(state, seat, ruleset.bot_action(state, seat))
        skipped += sum(e.key == "hagoth.event.skipped" for e in events)
    assert skipped > 0 and state.turn > 30


def test_counters_are_labelled_rounds_or_moves() -> None:
    """Issue 9 item 13: "Today Hagoth shows turn 360 and Lovci turn 973; count rounds, or
    label it "moves"."; and "Hagoth shows "Complete" next to "Built 1/5": say "Blueprint
    complete"."""
    assert t("render.hagoth.round", "en", round=90) == "Round 90"
    assert t("render.common.moves", "en", turn=973) == "Move 973"
    assert t("render_hexfolk.hexfolk.round", "en", round=4) == "Round 4"
    assert t("render.hagoth.complete", "en") == "Blueprint complete"


def _positions(game: str) -> list[Any]:
    ruleset = get_ruleset(game)
    dumps = bot_states(game, 4, seed=9, actions=240)
    return [ruleset.load(dumps[i]) for i in (0, len(dumps) // 2, len(dumps) - 1)]


@pytest.mark.parametrize("game", GAMES)
def test_the_board_never_reads_private_data(game: str) -> None:
    """Renderers only see views; a seat's view adds that seat's secrets. The board drawn
    from any seat's view is the public board, byte for byte, turn order included."""
    ruleset = get_ruleset(game)
    for state in _positions(game):
        public = renderers.render_public(game, ruleset.view(state, None), NAMES, "x")
        for seat in range(4):
            seen = renderers.render_public(game, ruleset.view(state, seat), NAMES, "x")
            assert picture(seen) == picture(public)


@pytest.mark.parametrize("game", ["hexfolk", "hagoth"])
def test_a_hand_is_redrawn_only_when_it_changed(game: str, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """Issue 10: "Redraw a private hand image only when the hand changed." The same hand
    gives the same image without drawing; a changed hand is drawn anew."""
    module = renderers._module(game)
    ruleset = get_ruleset(game)
    state = _positions(game)[1]
    view = ruleset.view(state, 0)
    renderers.clear_caches()
    drawn: list[Any] = []
    real = module.render_hand

    def counting(v: Any, names: Any, locale: str = "en") -> bytes:
        drawn.append(v)
        return real(v, names, locale)

    monkeypatch.setattr(module, "render_hand", counting)
    first = renderers.render_private(game, view, NAMES)
    # the board moved on, the hand did not: no drawing
    moved = dataclasses.replace(view, current=(view.current + 1) % 4)
    assert renderers.render_private(game, moved, NAMES) == first
    assert len(drawn) == 1
    # the hand changed: drawn again, and it is the image of the new hand
    hand = view.hand[1:] if game == "hagoth" else (view.hand[0] + 1, *view.hand[1:])
    changed = dataclasses.replace(view, hand=hand)
    image = renderers.render_private(game, changed, NAMES)
    assert len(drawn) == 2 and image != first and image == real(changed, NAMES, "en")
    # and another locale or name list is another image
    renderers.render_private(game, view, ("Zed", *NAMES[1:]))
    assert len(drawn) == 3


@pytest.mark.parametrize("game", ["hexfolk", "hagoth"])
def test_hand_key_holds_everything_the_hand_is_drawn_from(game: str) -> None:
    """The kept hand must never be stale: views with the same ``hand_key`` draw the same
    hand image, whatever else on the board differs."""
    module = renderers._module(game)
    ruleset = get_ruleset(game)
    states = _positions(game)
    for seat in range(4):
        views = [ruleset.view(s, seat) for s in states]
        for a in views:
            for b in views:
                if module.hand_key(a) == module.hand_key(b):
                    assert module.render_hand(a, NAMES) == module.render_hand(b, NAMES)
    a = ruleset.view(states[1], 0)
    b = dataclasses.replace(a, turn=a.turn + 5, current=(a.current + 1) % 4)
    assert module.hand_key(a) == module.hand_key(b)
    assert module.render_hand(a, NAMES) == module.render_hand(b, NAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_board_shows_the_turn_order(game: str) -> None:
    """Issue 9 item 13: "Show the turn order on the board: who plays after whom, and who
    went first." The same position with another seat going first, or with the first
    seat unknown (no "1st" tag), is another image on every game's board."""
    ruleset = get_ruleset(game)
    view = ruleset.view(_positions(game)[1], None)
    image = renderers.render_public(game, view, NAMES, "x")
    other_first = dataclasses.replace(view, first=(view.first + 1) % 4)
    assert renderers.render_public(game, other_first, NAMES, "x") != image
    unknown = dataclasses.replace(view, first=-1)  # older saved games: no "1st" tag
    assert renderers.render_public(game, unknown, NAMES, "x") != image


def test_turn_order_never_cuts_every_name_to_the_same_stub() -> None:
    """Issue 9 item 13 (turn order on the board, read on a phone): at a big table whose
    names do not fit, the strip shows the seats' tokens and the full name of the seat to
    play, rather than eight "Игро…" stubs that all look alike."""
    from PIL import Image, ImageDraw

    from renderers.common import PALETTE, TurnSeat, draw_turn_order

    def strip(names: list[str]) -> bytes:
        image = Image.new("RGB", (1200, 60), (255, 255, 255))
        order = [TurnSeat(seat, PALETTE[seat % len(PALETTE)], name, current=(seat == 6))
                 for seat, name in enumerate(names)]
        draw_turn_order(image, ImageDraw.Draw(image), (10, 30), 1180, order, "ru")
        return image.tobytes()

    long = [f"Игрок номер {i + 1}" for i in range(8)]
    # Only the seat to play is named: renaming any other seat changes nothing drawn.
    renamed = [*long[:2], "Другое длинное имя", *long[3:]]
    assert strip(long) == strip(renamed)
    assert strip(long) != strip([*long[:6], "Кто-то ещё", *long[7:]])


def _wrap_by_measuring_each_line(text: str, face: Any, max_width: float,
                                 max_lines: int) -> list[str]:
    """The greedy wrap that measures every candidate line whole (what
    :func:`renderers.common.wrap_text` did before it summed word widths)."""
    from renderers.common import ellipsize

    lines: list[str] = []
    words = text.split()
    current = ""
    for i, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= max_width or not current:
            current = candidate
            continue
        lines.append(current)
        if len(lines) == max_lines:
            return [*lines[:-1], ellipsize(" ".join([current, *words[i:]]), face, max_width)]
        current = word
    if current:
        lines.append(current)
    return [ellipsize(line, face, max_width) for line in lines]


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_summed_word_widths_wrap_exactly_as_measuring_each_line(locale: str) -> None:
    """Issue 10: wrap_text sums remembered word widths instead of measuring every candidate
    line (9 ms of a Lovci board); the lines it gives must be exactly those measuring gives,
    in every language's own texts (a wrong sum would move a line break, or let a line run
    past the caption box)."""
    import random
    import tomllib
    from pathlib import Path

    from renderers.common import font, wrap_text

    words: list[str] = []
    for catalogue in sorted((Path(__file__).parent.parent / "i18n" / "locales" / locale)
                            .glob("*.toml")):
        stack: list[Any] = [tomllib.loads(catalogue.read_text(encoding="utf-8"))]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, str):
                words.extend(w for w in value.split() if "{" not in w)
    assert len(words) > 1000
    rng = random.Random(locale)
    for size in (13, 16, 19):
        face = font(size, bold=size == 16)
        for _ in range(300):
            text = " ".join(rng.choices(words, k=rng.randint(1, 40)))
            width = rng.uniform(60, 900)
            lines = rng.randint(1, 4)
            assert wrap_text(text, face, width, lines) == _wrap_by_measuring_each_line(
                text, face, width, lines), (text, size, width, lines)
