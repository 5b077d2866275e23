"""Notation, for every registered game (issue 7 defect 2; issue 9 items 1 and 3).

* No game's ``parse_action`` or ``read_action`` raises anything but ``IllegalAction``,
  whatever is typed: arbitrary text (hypothesis), unicode digits, huge numbers, 10 KB.
* What a player sees is what they type: a number drawn on the board, typed, means that
  place; a number the board does not show is refused.
* Canonical notation reads back in every position (the log replays), and players are
  named the way the board names them.

The games come from the registry, so a game added later is covered the day it lands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import all_rulesets
from games.notation import (
    MAX_TEXT,
    Unreadable,
    bare_move,
    board_seat_words,
    count_prefix,
    drawn_colour,
    lookup,
    number,
    one_based,
    one_of,
    position,
    seat_of,
    signed,
)
from games.protocol import IllegalAction, Ruleset, list_numbers

RULESETS = all_rulesets()
IDS = [r.id for r in RULESETS]
NAMES = ("Al", "Bo", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6")
NUMBERED = re.compile(r"^(\d+) — ")


def positions(ruleset: Ruleset, players: int, seed: int, steps: int,
              every: int = 1) -> Iterator[tuple[Any, int]]:
    """(state, actor) along a bot-played game, every ``every`` steps."""
    state = ruleset.setup(players, {}, seed)
    for step in range(steps):
        if ruleset.result(state) is not None:
            return
        seat = min(ruleset.actors(state))
        if step % every == 0:
            yield state, seat
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))


def sample_positions(ruleset: Ruleset) -> list[tuple[Any, int]]:
    """A few positions of each game (kept as copies, for the hypothesis test)."""
    out = []
    for state, seat in positions(ruleset, ruleset.min_players, 3, 120, every=40):
        out.append((ruleset.load(ruleset.dump(state)), seat))
    return out


SAMPLES = {r.id: sample_positions(r) for r in RULESETS}


def refused_only_politely(ruleset: Ruleset, text: str) -> None:
    """Reading ``text`` either gives an action or raises IllegalAction, never else."""
    try:
        ruleset.parse_action(text)
    except IllegalAction as refusal:
        assert refusal.message() != refusal.key
    for state, seat in SAMPLES[ruleset.id]:
        before = ruleset.dump(state)
        try:
            ruleset.read_action(state, seat, text, NAMES[:len(ruleset.actors(state)) + 1])
        except IllegalAction as refusal:
            assert refusal.message() != refusal.key
        assert ruleset.dump(state) == before


# -- issue 7, defect 2: nothing but IllegalAction ------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_arbitrary_text_is_read_or_refused_politely(ruleset: Ruleset, text: str) -> None:
    """Issue 7: "make sure no game's parse_action can raise anything but IllegalAction"."""
    refused_only_politely(ruleset, text)


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_mutated_moves_are_read_or_refused_politely(ruleset: Ruleset, data: Any) -> None:
    """Real moves with one word replaced by something strange: unicode digits, huge
    numbers, another move's word, nothing."""
    state, seat = SAMPLES[ruleset.id][0]
    moves = [c.notation for c in ruleset.choices(state, seat, NAMES)] or ["pass"]
    words = data.draw(st.sampled_from(moves)).split()
    odd = st.one_of(st.sampled_from(["²", "٣", "9" * 5000, "1" * 4301, "0", "-1", "#0", "id0",
                                     "#" + "9" * 40, "id" + "9" * 5000, "²wood", "٣ore", "",
                                     "p9", "p0"]),
                    st.text(max_size=8))
    where = data.draw(st.integers(0, len(words)))
    words[where:where + 1] = [data.draw(odd)]
    refused_only_politely(ruleset, " ".join(words))


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
@pytest.mark.parametrize("text", ["", "   ", "²", "٣", "9" * 5000, "x" * 10_000,
                                  "sailor 1 to D4 with ²", "sailor 1 to D4 with " + "3" * 4301,
                                  "discard ²wood", "offer " + "7" * 5000 + "wood for ore",
                                  "settle ٣", "robber ²", "play skip ²", "\x00", "play\ttrade"])
def test_known_crashers_are_refused(ruleset: Ruleset, text: str) -> None:
    """Issue 7: "'²'.isdigit() is true but int('²') fails, and numbers of 4,301+ digits hit
    Python's int-string limit" — both are refused like any unreadable move."""
    refused_only_politely(ruleset, text)
    with pytest.raises(IllegalAction):
        ruleset.parse_action(text)


def test_shared_tokenizer_reads_ascii_digits_only() -> None:
    assert number("12") == 12
    for bad in ("²", "٣", "1²", "9" * 5000, "", "-1", "1.5", "१"):
        with pytest.raises(Unreadable):
            number(bad)
    assert count_prefix("2wood") == (2, "wood") and count_prefix("wood") == (1, "wood")
    for bad in ("0wood", "123wood", "²wood" * 0 + "9" * 5000 + "wood"):
        with pytest.raises(Unreadable):
            count_prefix(bad)
    assert count_prefix("²wood") == (1, "²wood")  # not a count: the resource is unknown


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_overlong_text_is_refused_unread(ruleset: Ruleset) -> None:
    state, seat = SAMPLES[ruleset.id][0]
    move = ruleset.choices(state, seat)[0].notation
    with pytest.raises(IllegalAction):
        ruleset.read_action(state, seat, move + " " * MAX_TEXT)
    assert ruleset.read_action(state, seat, "  " + move.upper() + "  ") == \
        ruleset.read_action(state, seat, move)


# -- the log replays: canonical notation reads back in every position -----------------------
@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_canonical_notation_reads_back_everywhere(ruleset: Ruleset) -> None:
    """protocol: ``read_action(state, s, notate_action(state, a)) == a`` for every legal
    action — with and without the players' names — so a stored log replays."""
    for players in (ruleset.min_players, ruleset.max_players):
        for state, seat in positions(ruleset, players, 11, 300, every=7):
            for action in ruleset.legal_actions(state, seat):
                text = ruleset.notate_action(state, action)
                assert ruleset.read_action(state, seat, text) == action, text
                assert ruleset.read_action(state, seat, text, NAMES[:players]) == action
                assert not re.search(r"\bp\d\b", text), "players are named by colour"


# -- issue 9, item 1: the number on the board is the number typed --------------------------
def numbered_decisions() -> Iterator[tuple[Ruleset, Any, int]]:
    """Every position where some move's label carries a board number, in every game."""
    for ruleset in RULESETS:
        for players in (ruleset.min_players, ruleset.max_players):
            for state, seat in positions(ruleset, players, 5, 400, every=3):
                if any(NUMBERED.match(c.label) for c in ruleset.choices(state, seat, NAMES)):
                    yield ruleset, state, seat


def test_board_numbers_and_typed_numbers_agree() -> None:
    """Issue 9, item 1: "A number typed while the board shows numbers means the board's
    number … a number outside what is shown is refused, not reinterpreted." For every
    numbered choice of every game: its number is the one the view draws on its place,
    and the move typed with that number in place of the place's name is that move; typed
    with a number the board does not show, it is refused."""
    seen = 0
    for ruleset, state, seat in numbered_decisions():
        view = ruleset.view(state, None)
        drawn = {n for n, *_ in getattr(view, "spots", ())}
        unshown = str(max(drawn, default=0) + 1)
        for choice in ruleset.choices(state, seat, NAMES):
            match = NUMBERED.match(choice.label)
            if not match:
                continue
            seen += 1
            shown = match.group(1)
            assert int(shown) in drawn, (choice.label, sorted(drawn))
            assert choice.number == int(shown), "console lists and menus use one number"
            action = ruleset.read_action(state, seat, choice.notation)
            words = choice.notation.split()
            readings = []
            for i in range(1, len(words)):
                typed = " ".join([*words[:i], shown, *words[i + 1:]])
                try:
                    readings.append(ruleset.read_action(state, seat, typed, NAMES))
                except IllegalAction:
                    continue
                with pytest.raises(IllegalAction):
                    ruleset.read_action(state, seat,
                                        " ".join([*words[:i], unshown, *words[i + 1:]]))
                with pytest.raises(IllegalAction):
                    ruleset.read_action(state, seat, " ".join([*words[:i], "0", *words[i + 1:]]))
            assert readings and all(r == action for r in readings), (choice, readings)
        listed = list_numbers(ruleset.choices(state, seat, NAMES))
        assert len({n for n, _ in listed}) == len(listed)  # no number means two moves
        shared = [c.number for _, c in listed]
        assert all(n == c.number for n, c in listed
                   if c.number is not None and shared.count(c.number) == 1)
    assert seen > 100, "too few numbered decisions were checked"


def test_hexfolk_settle_number_is_the_corner_the_board_marks() -> None:
    """The report: "settle 12 built on the corner the board labelled 9". Now spot 12 of
    the board's numbers is where ``settle 12`` builds, in a founding position."""
    from games.hexfolk import RULESET
    from games.hexfolk.actions import Settle

    state = RULESET.setup(4, {}, 7)
    seat = state.current
    spots = RULESET.view(state, None).spots
    assert len(spots) >= 12
    number12 = next(i for n, kind, i in spots if n == 12)
    assert RULESET.read_action(state, seat, "settle 12") == Settle(number12)
    with pytest.raises(IllegalAction) as info:
        RULESET.read_action(state, seat, f"settle {len(spots) + 1}")
    assert info.value.key == "hexfolk.notation.no_spot"
    with pytest.raises(IllegalAction) as info:
        RULESET.read_action(state, seat, "road 1")  # founding: no road places numbered
    assert info.value.key == "hexfolk.notation.no_numbers"
    events = RULESET.play(state, seat, "settle 12")
    assert state.corner_owner[number12] == seat and events
    # The log line names the corner by its hexes, and reads back in any later position.
    logged = RULESET.notate_action(state, Settle(number12))
    assert re.fullmatch(r"settle [A-Z]{1,2}(-[A-Z]{1,2}){0,2}(:[nsew]{1,2})?", logged)


# -- issue 9, item 3: players named as the board names them ---------------------------------
def test_players_are_named_by_colour_letter_or_name() -> None:
    """Issue 9: "In Hagoth `play delay p2 1` targeted "Bot 1" … Accept the seat letter or
    colour shown on the board and the player's name"."""
    from games.hagoth import RULESET as HAGOTH
    from games.hagoth.actions import PlayAttack

    names = ("Al", "Bo", "Bot 1")
    state = HAGOTH.setup(3, {}, 1)
    for word in ("green", "g", "bo", "BO", "Green"):
        assert HAGOTH.read_action(state, 0, f"play delay {word} 1", names) == \
            PlayAttack("delay", 1, 0)
    assert HAGOTH.read_action(state, 0, "play delay bot1 1", names) == PlayAttack("delay", 2, 0)
    with pytest.raises(IllegalAction) as info:
        HAGOTH.read_action(state, 0, "play delay p2 1", names)  # "Bot 1" or seat 2?
    assert info.value.key == "platform.notation.player"
    assert "bo" in info.value.message()
    # Without numbered names the old form is unambiguous and still read (old logs).
    assert HAGOTH.read_action(state, 0, "play delay p2 1", ("Al", "Bo", "Cy")) == \
        PlayAttack("delay", 1, 0)
    assert HAGOTH.format_action(PlayAttack("delay", 1, 0)) == "play delay green 1"


def test_colour_words_win_over_a_player_called_by_a_colour() -> None:
    """The canonical colour always means its seat (the log replays after a rename)."""
    seats = board_seat_words(("red", "green", "yellow"), ("Green", "Bo", "Cy"))
    assert seat_of("green", seats) == 1
    assert seat_of("bo", seats) == 1
    with pytest.raises(Unreadable):
        seat_of("nobody", seats)


def test_seat_letters_match_the_renderer_palette() -> None:
    """The notation's colour and letter of a seat are those the board draws."""
    from games.hagoth.data import COLOURS as HAGOTH_COLOURS
    from games.hexfolk.data import COLOURS as HEXFOLK_COLOURS
    from renderers.common import seat_style

    for colours in (HAGOTH_COLOURS, HEXFOLK_COLOURS):
        for seat, colour in enumerate(colours):
            style = seat_style(seat, colour)
            assert drawn_colour(seat, colour) == (style.key, style.letter.lower())


def test_hexfolk_players_by_board_colour_and_name() -> None:
    from games.hexfolk import RULESET
    from games.hexfolk.actions import Trade

    state = RULESET.setup(3, {}, 2)
    names = ("Al", "Bo", "Cy")
    assert RULESET.read_action(state, 0, "trade blue", names) == Trade(1)
    assert RULESET.read_action(state, 0, "trade b", names) == Trade(1)
    assert RULESET.read_action(state, 0, "trade cy", names) == Trade(2)
    assert RULESET.notate_action(state, Trade(1)) == "trade blue"


def test_shared_word_readers_refuse_what_they_do_not_know() -> None:
    """The word readers every game's parser shares (games/notation.py): a place counted
    from one, a word looked up in a table or a list, a lone verb. Each refuses a word it
    does not know with :class:`Unreadable` (so :func:`games.notation.read` gives the polite
    refusal), never a ``KeyError`` or ``ValueError``."""
    assert one_based("3", 5) == 2
    for word in ("0", "6", "-1", "²", "", "1" * 7):
        with pytest.raises(Unreadable):
            one_based(word, 5)
    assert lookup("wool", {"wool": 2}) == 2
    assert position("b", ("r", "g", "y", "b")) == 3
    assert one_of("keel", ("bow", "keel")) == "keel"
    for reader, table in ((lookup, {"wool": 2}), (position, ("r", "g")),
                          (one_of, ("bow",))):
        with pytest.raises(Unreadable):
            reader("rg", table)  # type: ignore[operator]  # not a substring match
    assert bare_move(["pass"], {"pass": "P"}) == "P"
    assert bare_move(["pass", "now"], {"pass": "P"}) is None
    assert bare_move(["roll"], {"pass": "P"}) is None


def test_signed_numbers_read_ascii_digits_with_a_minus_only() -> None:
    """games/notation.py ``signed``, shared by the grid coordinates of Shipyard
    (``attach 1 -1 3``) and Haze Islands (``rotate 1,-2 90``): a minus sign is read, and
    the limits hold on both sides; ``+1``, ``1_0`` (which ``int`` accepts), other
    digits and a lone sign are :class:`Unreadable`."""
    assert signed("-2", -99, 99) == -2
    assert signed("0", -99, 99) == 0
    assert signed("-0", -99, 99) == 0
    assert signed("99", -99, 99) == 99
    assert signed("3", 0, 3) == 3
    for word in ("-100", "100", "+1", "1_0", "-", "", "--1", "²", "-²", " 1", "1.0"):
        with pytest.raises(Unreadable):
            signed(word, -99, 99)
    with pytest.raises(Unreadable):
        signed("-1", 0, 3)  # no minus where the range has no negative numbers
