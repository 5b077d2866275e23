"""Haze Islands, issue 24 ("Careful play, round 2"): each test cites the item it checks
and the rulebook line (/work/shared/rules/haze-islands.md) behind it."""

from __future__ import annotations

import dataclasses
import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from bot.service import Person, SessionService
from bot.storage import Storage
from games.haze_islands import RULESET, rules
from games.haze_islands.actions import AttackDoom, Complete, Fate, Pay, Plunder, Skip, Use
from games.haze_islands.phrases import card_name
from games.haze_islands.round_end import doom_moves
from games.haze_islands.state import PHASE_OVER, HazeState, LogEntry
from games.haze_islands.view import HazeView
from games.options import InvalidOption
from games.protocol import Event, IllegalAction, Ruleset, StateFormatError
from i18n.errors import LocalizedError
from renderers import common, haze_islands
from tests.test_haze_round_end import row_of_rum
from tests.test_haze_rules import complete_state

NAMES = ("Ann", "Bo", "Cy")


def _post(events: list[Event], locale: str = "en") -> str:
    return "\n".join(e.text(NAMES, locale) for e in events)


def test_pay_post_names_the_spent_cards_as_the_log_does() -> None:
    """Issue 24 item 2: Spend, "Always reveal the cards you spend." The move's own post
    names the cards a Complete spends, in the same words as /game log and the clock's
    line (``describe_public``), in every locale."""
    state = complete_state(0, ["cutlass", "gold", "rum"])  # #1: Cutlass + Gold
    cutlass, gold, _rum = state.players[0].hand
    rules.apply(state, 0, Complete())
    rules.apply(state, 0, Fate(0))
    pay = Pay((gold, cutlass))
    for locale in ("en", "ru", "cs"):
        public = RULESET.describe_public(state, 0, pay, NAMES, locale)
        spent = f"{card_name(gold, locale)}, {card_name(cutlass, locale)}"
        assert spent in public, public
    label_en = RULESET.describe_public(state, 0, pay, NAMES, "en")
    post = _post(rules.apply(state, 0, pay))
    assert f"Ann spends {card_name(gold, 'en')}, {card_name(cutlass, 'en')}." in post
    assert label_en == f"Pay with {card_name(gold, 'en')}, {card_name(cutlass, 'en')}"


def test_attack_payment_post_names_the_spent_cards() -> None:
    """Issue 24 item 2: an Attack on The Doom spends first ("Spend the icons on the top
    Doom card. Then Reveal Your Fate"); the payment's post told nothing before."""
    state = complete_state(0, ["hurricane", "fireballs", "whirlpool"])
    state.doom_cards = [[0, 0], [1, 0], [2, 1]]  # Doom I face A: the three spells
    hand = tuple(state.players[0].hand)
    rules.apply(state, 0, AttackDoom())
    label = RULESET.describe_public(state, 0, Pay(hand), NAMES, "ru")
    post = _post(rules.apply(state, 0, Pay(hand)), "ru")
    spent = ", ".join(card_name(c, "ru") for c in hand)
    assert spent in post and spent in label, (post, label)


def test_one_player_competitive_is_refused_not_made_solo() -> None:
    """Issue 24 item 14: a 1-player game with ``mode=competitive`` silently became solo.
    Game Modes: "Solo: Defeat The Doom and score a minimum of 15 icons" is the one-player
    game; a mode typed in the lobby that does not fit the seats is refused with a clear
    error before the game starts. The default (``auto``) still plays solo alone."""
    for locale in ("en", "ru", "cs"):
        with pytest.raises(InvalidOption) as caught:
            RULESET.check_seats(1, {"mode": "competitive"})
        assert caught.value.key == "haze-islands.setup.mode_players"
        assert "1" in caught.value.message(locale)
    with pytest.raises(InvalidOption):
        RULESET.setup(1, {"mode": "competitive"}, 7)
    with pytest.raises(InvalidOption):
        RULESET.check_join(2, {"mode": "solo"})
    assert RULESET.setup(1, {}, 7).mode == "solo"
    assert RULESET.setup(1, {"mode": "auto"}, 7).mode == "solo"
    assert RULESET.setup(3, {"mode": "auto"}, 7).mode == "competitive"
    assert RULESET.setup(3, {"mode": "coop"}, 7).mode == "coop"


# -- item 4: the end -----------------------------------------------------------------------
@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the renderers draw."""
    seen: list[str] = []
    original = common.CachedDraw.text

    def text(self: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        seen.append(words)
        original(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(common.CachedDraw, "text", text)
    return seen


def _finished(players: int, mode: str, statuses: tuple[str, ...]) -> HazeState:
    state = row_of_rum(players, mode=mode)
    for player, status in zip(state.players, statuses, strict=True):
        player.status = status
        player.log.append(LogEntry("double", 0))  # 2 icons: "Captain Daisy" if earned
    state.phase, state.reason = PHASE_OVER, "rounds"
    return state


def test_titles_go_to_survivors_only(drawn: list[str]) -> None:
    """Issue 24 item 4: Goal, "Surviving players earn Titles based on the total number of
    icons they have": a Ghost Ship has no title, on the summary and its image, nor in
    the board's player line."""
    state = _finished(2, "competitive", ("ship", "ghost"))
    summary = RULESET.summary_view(state)
    assert summary is not None
    assert [row[4] for row in summary.rows] == ["daisy", ""]
    view = RULESET.view(state, None)
    assert [p.title for p in view.players] == ["daisy", ""]
    haze_islands.render_summary(summary, NAMES[:2], "en")
    rows = [line for line in drawn if line.startswith(("Ann:", "Bo:"))]
    assert "Captain Daisy" in rows[0] and "no title" in rows[1] and "Daisy" not in rows[1]


def test_nobody_surviving_earns_no_title(drawn: list[str]) -> None:
    """Issue 24 item 4: "when nobody survives" (rulebook Game End 3) no title at all."""
    state = _finished(3, "competitive", ("ghost", "ghost", "ghost"))
    summary = RULESET.summary_view(state)
    assert summary is not None and {row[4] for row in summary.rows} == {""}
    haze_islands.render_summary(summary, NAMES, "ru")
    assert not any("Дейзи" in line or "Daisy" in line for line in drawn)


def test_a_tie_for_the_doom_is_a_public_coin_toss() -> None:
    """Issue 24 item 4: The Doom Moves 2, "If still tied, flip a doblon (coin) or roll a
    die": the toss is told as a public event, naming the tied ships and the one chosen;
    before it, the public view shows every tied ship as a target with its route."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 1, -1  # 2 diamonds each, no icons
    view = RULESET.view(state, None)
    assert view.doom_targets == (0, 1)
    assert view.doom_routes == (((1, 0),), ((-1, 0),))
    events: list[Event] = []
    doom_moves(state, events)
    told = [e for e in events if e.key == "haze-islands.event.doom_tie"]
    assert len(told) == 1
    text = told[0].text(NAMES[:2], "en")
    assert text.startswith("Ann and Bo are as close to The Doom") and "coin toss" in text
    assert text.endswith(f"after {NAMES[told[0].seat]}.")  # type: ignore[index]


def test_the_board_shows_a_tied_target_and_its_routes(drawn: list[str]) -> None:
    """Issue 24 item 4: the public board names The Doom's target in every case (a tie on
    icons showed "—" before)."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 1, -1
    haze_islands.render_board(RULESET.view(state, None), NAMES[:2], "", "en")
    assert any("hunts Ann / Bo (a coin toss decides)" in line for line in drawn), drawn


# -- item 12: the final board names the winner ---------------------------------------------
@pytest.mark.parametrize(("players", "mode", "statuses", "expected"), [
    (2, "competitive", ("ship", "ghost"), "Game over — the winner: Ann"),
    (3, "competitive", ("ghost", "ghost", "ghost"), "Game over — nobody wins"),
    (1, "solo", ("ship",), "Game over — solo lost"),
    (2, "coop", ("ship", "ship"), "Game over — the crew loses together"),
])
def test_the_final_board_names_the_outcome(drawn: list[str], players: int, mode: str,
                                           statuses: tuple[str, ...], expected: str) -> None:
    """Issue 24 item 12: the final board's header named nobody ("Game over"). Game End:
    "The surviving player ... with the greatest number of icons ... wins"; Game Modes:
    solo and coop are won or lost (here The Doom is not defeated)."""
    state = _finished(players, mode, statuses)
    haze_islands.render_board(RULESET.view(state, None), NAMES[:players], "", "en")
    assert expected in drawn


def test_a_won_solo_and_coop_game_say_so(drawn: list[str]) -> None:
    """Issue 24 item 12: "Solo: Defeat The Doom and score a minimum of 15 icons";
    "Cooperative: All players must survive and defeat The Doom"."""
    solo = _finished(1, "solo", ("ship",))
    solo.doom_cards.clear()
    solo.players[0].log += [LogEntry("doom", 1, face=0)] * 4  # 16 icons
    coop = _finished(2, "coop", ("ship", "castaway"))
    coop.doom_cards.clear()
    for state, names in ((solo, NAMES[:1]), (coop, NAMES[:2])):
        summary = RULESET.summary_view(state)
        assert summary is not None and summary.winners
        haze_islands.render_board(RULESET.view(state, None), names, "ru", "ru")
        haze_islands.render_summary(summary, names, "ru")
    assert drawn.count("Игра окончена — победа в соло: Рок повержен") == 2
    assert drawn.count("Игра окончена — команда побеждает вместе") == 2


def test_plunder_choice_shows_the_drawn_cards_to_the_chooser_only() -> None:
    """Issue 24 item 14: Plunder, "Draw cards from your map deck equal to the number on
    your current location. Add 1 of these cards to your hand": while the player chooses,
    their own hand text (console ``hand``, Discord "Your hand") names the drawn cards;
    nobody else's does."""
    state = RULESET.setup(3, {"mode": "competitive"}, 7)
    seat = state.current
    rules.apply(state, seat, Plunder())
    drawn = [card_name(c, "en") for c in sorted(state.drawn)]
    assert drawn
    mine = RULESET.hand_text(state, seat, "en")
    assert mine.startswith("none · drawn by Plunder, keep one: ") and all(
        d in mine for d in drawn), mine
    for other in range(3):
        if other != seat:
            assert not any(d in RULESET.hand_text(state, other, "en") for d in drawn)
    assert all(card_name(c, "ru") in RULESET.hand_text(state, seat, "ru") for c in state.drawn)


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_rules_are_plain_text(locale: str) -> None:
    """Issue 24 item 14: the console's ``rules`` printed Haze's Markdown (``**Haze
    Islands**``). Every other game's rules are plain text, read as written in the
    console and on Discord alike; Haze's are now too."""
    for topic in RULESET.rules_topics():
        text = RULESET.rules_text(topic, locale=locale)
        assert not any(mark in text for mark in ("**", "__", "`")), (topic, text[:60])


# -- item 9: damaged states are refused on load ----------------------------------------------
def _played(steps: int, players: int = 3, seed: int = 7) -> dict[str, Any]:
    """The stored JSON of a real game after ``steps`` bot moves."""
    state = RULESET.setup(players, {"mode": "competitive"}, seed)
    for _ in range(steps):
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return json.loads(json.dumps(RULESET.dump(state)))


def _refused(data: dict[str, Any]) -> None:
    state = RULESET.load(data)  # its sizes and values are fine
    with pytest.raises(StateFormatError):
        RULESET.check_state(state, len(state.players))


def _other_seat(data: dict[str, Any]) -> int:
    return (data["current"] + 1) % len(data["players"])


def test_a_ship_off_the_map_is_refused() -> None:
    """Issue 24 item 9 (rules.py): a player's ship on a square with no location loaded,
    then crashed when that player's turn came (``_location_here``)."""
    data = _played(6)
    seat = _other_seat(data)
    data["players"][seat]["at"] = [40, 40]
    state = RULESET.load(data)
    Ruleset.check_state(RULESET, state, 3)  # the platform's checks did not see it
    state.current = seat
    with pytest.raises(AssertionError):
        RULESET.legal_actions(state, seat)
    _refused(data)


def test_a_log_entry_naming_no_adventure_is_refused() -> None:
    """Issue 24 item 9 (specials.py): a Captain's Log entry for adventure card #19 loaded,
    then crashed when its special action was looked up (the Round End's window asks every
    holder)."""
    data = _played(6)
    seat = _other_seat(data)
    data["players"][seat]["log"].append(["double", 18, 0, 0])
    state = RULESET.load(data)
    with pytest.raises(IndexError):
        rules.round_end_holders(state)
    _refused(data)


def test_a_trade_prompt_without_its_offer_is_refused() -> None:
    """Issue 24 item 9 (rules.py): a coop trade prompt that lost its [trader, card] loaded,
    then crashed on the partner's answer."""
    data = _played(2)
    partner = _other_seat(data)
    data["mode"] = "coop"
    data["prompts"] = [["trade", [partner], []]]
    state = RULESET.load(data)
    Ruleset.check_state(RULESET, state, 3)
    with pytest.raises(ValueError):
        RULESET.apply(state, partner, Skip())
    _refused(data)


@pytest.mark.parametrize("damage", ["pirates", "doom cards", "adventure twice", "spent",
                                    "pirate off the map"])
def test_other_impossible_states_are_refused(damage: str) -> None:
    """Issue 24 item 9: pirates that do not add up to 3 ("3 Pirate tokens per player"),
    a Doom card both in the stack and in a log, an adventure card in two places, an
    Attack's spent card that is not where it was discarded (Keep your spells takes it
    back from there), a deployed pirate on no location (Return Pirates reads its icon)."""
    data = _played(6)
    seat = _other_seat(data)
    if damage == "pirates":
        data["players"][seat]["supply"] = 5
    elif damage == "doom cards":
        data["players"][seat]["log"].append(["doom", data["doom_cards"][0][0], 0, 0])
    elif damage == "adventure twice":
        data["players"][seat]["log"].append(["single", data["adventure_deck"][0], 0, 0])
    elif damage == "spent":
        data["spent"] = [[data["players"][seat]["hand"][0]
                          if data["players"][seat]["hand"] else 0], []]
    else:
        data["players"][seat]["deployed"] = [[40, 40]]
        data["players"][seat]["supply"] -= 1
    _refused(data)


def test_real_games_pass_the_checks() -> None:
    """Issue 24 item 9: the new checks refuse no state a real game reaches (every step of
    bot games in each mode and size)."""
    for players, mode, seed in ((1, "solo", 3), (2, "coop", 4), (3, "competitive", 5),
                                (3, "friendly", 6)):
        state = RULESET.setup(players, {"mode": mode}, seed)
        while RULESET.result(state) is None:
            RULESET.check_state(state, players)
            seat = min(RULESET.actors(state))
            RULESET.apply(state, seat, RULESET.bot_action(state, seat))
        RULESET.check_state(state, players)


# -- item 3: special actions on any player's turn ------------------------------------------
def _holder_state(seed: int = 7) -> tuple[HazeState, int, Use]:
    """A 3-player game at its start where the last seat of the round holds Rotate (#8)
    or Flip (#9) an adventure card, usable on the start location."""
    state = rules.setup(3, seed, mode="competitive")
    holder = (state.first + 2) % 3
    number = 8 if state.locations[0].adventure != 7 else 9
    state.adventure_deck.remove(number - 1)
    state.players[holder].log.append(LogEntry("double", number - 1))
    return state, holder, Use(number, squares=((0, 0),))


def test_a_holder_may_use_a_special_on_another_players_turn() -> None:
    """Issue 24 item 3: Special Actions, "Use a Special Action at any time before an
    action is stated or after an action is completed, on any player's turn". The holder
    may use it while the turn's player has not stated an action, without becoming a
    seat the game waits for; once an action is stated, not until it is completed."""
    state, holder, use = _holder_state()
    current = state.current
    assert RULESET.actors(state) == {current}  # nobody waits for the holder
    assert RULESET.optional_actors(state) == {holder}
    assert use in RULESET.legal_actions(state, holder)
    assert all(isinstance(a, Use) for a in RULESET.legal_actions(state, holder))
    other = 3 - current - holder
    assert RULESET.legal_actions(state, other) == []
    rules.apply(state, current, Plunder())  # an action under way
    assert RULESET.optional_actors(state) == frozenset()
    refused_key = pytest.raises(IllegalAction)
    with refused_key as caught:
        rules.apply(state, holder, use)
    assert caught.value.key == "haze-islands.illegal.special_mid_action"
    keep = RULESET.legal_actions(state, current)[0]
    rules.apply(state, current, keep)  # completed: the next player's turn
    assert state.current == other and RULESET.optional_actors(state) == {holder}
    turn = state.turn
    events = rules.apply(state, holder, use)
    assert events[0].key == "haze-islands.event.use"
    assert state.turn == turn and RULESET.actors(state) == {state.current}
    assert state.players[holder].log[-1].used
    assert RULESET.optional_actors(state) == frozenset()  # nothing left to use


async def test_the_service_takes_a_special_from_a_seat_not_to_play(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 3: from the move menu or /move, a holder uses a special action on
    another player's turn; the player whose turn it is is not held up (still the one to
    play), nobody is pinged, and a seat with nothing to use is still refused. The
    console, which asks whose turn it is, is not offered optional moves."""
    original = RULESET.setup
    uses: list[Use] = []

    def setup(num_players: int, options: Any, seed: int) -> HazeState:
        state, _holder, use = _holder_state(seed)
        uses.append(use)
        return state

    monkeypatch.setattr(RULESET, "setup", setup)
    people = [Person("u-a", "Ann"), Person("u-b", "Bo"), Person("u-c", "Cy")]
    async with await Storage.open(database) as storage:
        service = SessionService(storage, render=False)
        await service.new_game("chan", people[0], "haze-islands", "mode=competitive")
        for person in people[1:]:
            await service.join("chan", person)
        await service.start("chan", people[0], seed=7)
        monkeypatch.setattr(RULESET, "setup", original)
        reference, holder, use = _holder_state(7)
        current, other = reference.current, 3 - reference.current - holder
        notation = RULESET.notate_action(reference, use)
        _, offered = await service.choices("chan", people[holder])
        assert notation in [c.notation for c in offered]
        _, console = await service.choices("chan", people[holder], optional=False)
        assert console == []
        with pytest.raises(LocalizedError) as caught:
            await service.move("chan", people[other], notation)
        assert caught.value.key == "platform.illegal.not_your_turn"
        update = await service.move("chan", people[holder], notation)
        assert update.mentions == ()
        assert "uses a special action" in update.text
        assert f"{people[current].name} to play" in update.text or people[current].name in (
            update.text.rsplit("\n", 1)[-1])
        _, still = await service.choices("chan", people[current])
        assert still and not any(c.notation == notation for c in still)
        await service.close()


def test_the_board_tells_who_may_use_a_special_now(drawn: list[str]) -> None:
    """Issue 24 item 3: the public board says who may use a special action on this turn
    (they are not "to play": the game does not wait for them)."""
    state, holder, _use = _holder_state()
    view = RULESET.view(state, None)
    assert view.may_act == (holder,) and view.actors == (state.current,)
    haze_islands.render_board(view, NAMES, "", "en")
    assert f"Also now: {NAMES[holder]} may use a special action" in drawn


# -- item 13: the Doom line and the fate marks -----------------------------------------------
def _late_view(players: int = 3, seed: int = 7, steps: int = 200) -> HazeView:
    """A real game's public view whose Doom route steps both west and south."""
    state = RULESET.setup(players, {"mode": "competitive"}, seed)
    for _ in range(steps):
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return RULESET.view(state, None)


def _crosses(a: tuple[float, float], b: tuple[float, float],
             box: tuple[float, float, float, float]) -> bool:
    """Whether the axis-aligned segment a–b passes through the rectangle ``box``."""
    x0, y0, x1, y1 = box
    return (min(a[0], b[0]) <= x1 and max(a[0], b[0]) >= x0
            and min(a[1], b[1]) <= y1 and max(a[1], b[1]) >= y0)


#: Routes through the 140-step position's map (the first is the game's own): south then
#: west then south, west then south then east, through cards with long words.
FORCED_ROUTES = [None, ((1, 0), ((1, -1), (0, -1), (0, -2))),
                 ((1, -1), ((0, -1), (0, -2), (1, -2)))]


@pytest.mark.parametrize("locale", ["en", "ru"])
@pytest.mark.parametrize("forced", FORCED_ROUTES)
def test_the_doom_line_crosses_no_words(monkeypatch: pytest.MonkeyPatch, locale: str,
                                        forced: Any) -> None:
    """Issue 24 item 13: The Doom's route line ran from card centre to card centre,
    through the adventure labels ("#2 double Compass + Treasure Map"). Now no segment
    passes through any card's words or adventure box (its layout above the pieces), and
    the line never doubles back over itself."""
    view = _late_view(steps=140 if forced else 200)
    if forced:
        doom, route = forced
        view = dataclasses.replace(view, doom=doom, doom_routes=(route,), doom_targets=(0,),
                                   doom_target=0, doom_route=route)
    assert view.doom_routes and any(
        len({sq[1] for sq in (view.doom, *route)}) > 1 for route in view.doom_routes)
    drawn_routes: list[tuple[list[tuple[float, float]], Any]] = []
    original = haze_islands.route_points

    def recorded(squares: Any, boxes: Any, cell: int) -> list[tuple[float, float]]:
        points = original(squares, boxes, cell)
        drawn_routes.append((points, dict(boxes)))
        return points

    monkeypatch.setattr(haze_islands, "route_points", recorded)
    haze_islands.render_board(view, NAMES, "", locale)
    _cell, _pitch, _h, layouts = haze_islands._map_cells(view, locale)
    assert drawn_routes
    for points, boxes in drawn_routes:
        assert len(points) >= 2
        for loc, layout in zip(view.locations, layouts, strict=True):
            x0, y0, x1, _y1 = boxes[(loc.x, loc.y)]
            words = (x0, y0, x1, y0 + layout.bottom)
            for a, b in pairwise(points):
                assert not _crosses(a, b, words), (loc.x, loc.y, a, b)
        for a, b, c in zip(points, points[1:], points[2:], strict=False):
            turn = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
            assert turn >= 0, ("doubles back", a, b, c)


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_the_fate_marks_have_a_legend(drawn: list[str], locale: str) -> None:
    """Issue 24 item 13: the fate glyphs (``☠↖``, ``○↗``: Reveal Your Fate, "choose a
    corner, and reveal that corner") had no legend on the board."""
    view = _late_view()
    assert any(loc.revealed for loc in view.locations)
    haze_islands.render_board(view, NAMES, "", locale)
    legend = " ".join(line for line in drawn if line.startswith("☠↖") or "○" in line)
    assert "☠↖" in legend and "↗" in legend and "↙" in legend and "○" in legend, legend


# -- item 8: RULES-NOTES keeps every decision ---------------------------------------------
NOTES = Path(__file__).resolve().parents[1] / "games" / "haze_islands" / "RULES-NOTES.md"


def test_rules_notes_keep_the_sections_and_index_every_decision() -> None:
    """Issue 24 item 8: the notes lost their sections on Setup, Geometry, Turns, Steal,
    Round End, Complete, Attack, Castaway, Hijack and Winners in a rewrite while the
    engine still followed them. They are back, each decision with a stable ``HZ-Dn`` id
    at its start, and an index at the top lists exactly those ids."""
    text = NOTES.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    for section in ("Setup", "Geometry", "Turns", "Steal", "Round End", "Complete",
                    "Attack", "Castaway", "Hijack", "Winners"):
        assert any(section in h for h in headings) or f"**{section}" in text, section
    assert headings[0] == "Index"
    index = text[text.index("## Index"):text.index("\n## ", text.index("## Index") + 1)]
    listed = re.findall(r"^- (HZ-D\d+) — \S", index, re.M)
    used = re.findall(r"\*\*(HZ-D\d+)\*\*", text)
    assert listed and sorted(listed) == sorted(used) == sorted(set(used))
    assert [int(i[4:]) for i in listed] == list(range(1, len(listed) + 1))
