"""Seeded Lovci pokladů games played through the protocol, checked after every action.

Invariants: all 41 tokens / 7,200 are accounted for (face-down treasure cards, lying on
squares, carried, on ships, or lost with a shark); a refused action leaves the state JSON
unchanged; notation round trips; the JSON round trip is exact; the seed plus the
notation log replays the game exactly; ``legal_actions`` equals ``rules.candidates``
filtered through ``rules.check``; face-down cards never show in a view.

Random-legal games almost never bring every token home, so they are played to the
``turn_limit`` house rule; bot games are played to a real ending.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.lovci_pokladu import RULESET, rules
from games.lovci_pokladu.data import ALL_TOKENS, CARD_TYPES, TREASURE
from games.lovci_pokladu.state import LOST, OFF, ON_BOARD, ON_SHIP, LovciState
from games.protocol import IllegalAction

NOTATIONS = [
    "start E1", "start A5", "ship left", "ship right", "ship g left", "sailor 1 to E2",
    "sailor 2 to E5 with 300", "sailor 3 to ship r", "sailor g1 to ship b with 50",
    "sailor 4 left", "go E5", "go C3 with 100", "side west", "neptune to C7",
    "neptune to ship y", "mermaid C3 300", "later", "pass",
]


def snapshot(state: LovciState) -> str:
    return json.dumps(RULESET.dump(state), sort_keys=True)


def tokens_accounted(state: LovciState) -> Counter[int]:
    found: Counter[int] = Counter()
    for sq in range(81):
        ct = CARD_TYPES[state.cards[sq]]
        if ct.kind == TREASURE and not state.face_up[sq]:
            found.update(ct.tokens)
    for pile in state.tokens.values():
        assert pile, "no empty piles are kept"
        found.update(pile)
    for s in state.sailors:
        if s.carry:
            assert s.state == ON_BOARD or s.state == "octopus"
            found[s.carry] += 1
        if s.state == ON_SHIP:
            assert s.square == -1 and s.ring == -1
        if s.state == OFF:
            assert 0 <= s.ring < 40
        if s.state == LOST:
            assert s.carry == 0
    for ship in state.ships:
        found.update(ship.treasure)
    found.update(state.lost_tokens)
    return found


FULL = Counter(ALL_TOKENS)


def check_invariants(state: LovciState) -> None:
    assert tokens_accounted(state) == FULL
    assert sum(ALL_TOKENS) == 7200
    view = RULESET.view(state, None)
    for card in view.cards:
        if not card.face_up:
            assert card.kind is None and card.code is None and card.rotation is None
    assert RULESET.view(state, 0).cards == view.cards


def play(players: int, seed: int, bot_seats: set[int], *, turn_limit: int,
         deep_every: int = 5, probe_every: int = 20) -> tuple[LovciState, list]:
    rng = random.Random(seed)
    state = RULESET.setup(players, {"turn_limit": turn_limit}, seed)
    log: list[tuple[int, str]] = []
    count = 0
    while RULESET.result(state) is None:
        (seat,) = RULESET.actors(state)
        legal = RULESET.legal_actions(state, seat)
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            assert RULESET.parse_action(RULESET.format_action(action)) == action
        if count % deep_every == 0:
            checked = []
            for action in rules.candidates(state, seat):
                try:
                    rules.check(state, seat, action)
                except IllegalAction:
                    continue
                checked.append(action)
            assert checked == legal
            for other in range(players):
                if other != seat:
                    assert RULESET.legal_actions(state, other) == []
        if count % probe_every == 0:
            before = snapshot(state)
            for text in rng.sample(NOTATIONS, 5):
                action = RULESET.parse_action(text)
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    RULESET.apply(state, seat, action)
                assert snapshot(state) == before
                assert "{" not in info.value.message()
            other = (seat + 1) % players
            with pytest.raises(IllegalAction):
                RULESET.apply(state, other, legal[0])
            assert snapshot(state) == before
            clone = RULESET.load(json.loads(json.dumps(RULESET.dump(state))))
            assert snapshot(clone) == before
            assert RULESET.legal_actions(clone, seat) == legal
        action = RULESET.bot_action(state, seat) if seat in bot_seats else rng.choice(legal)
        assert action in legal
        RULESET.apply(state, seat, action)
        log.append((seat, RULESET.format_action(action)))
        count += 1
        check_invariants(state)
    replay = RULESET.setup(players, {"turn_limit": turn_limit}, seed)
    for seat, text in log:
        RULESET.play(replay, seat, text)
    assert snapshot(replay) == snapshot(state)
    result = RULESET.result(state)
    assert result is not None and result.winners
    assert all(RULESET.legal_actions(state, s) == [] for s in range(players))
    return state, log


@pytest.mark.parametrize(("players", "seed"), [(p, s) for s in range(4) for p in (2, 3, 4)])
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    """Random legal play to the turn limit (house rule), checking after every action."""
    play(players, seed, set(), turn_limit=250)


@pytest.mark.parametrize(("players", "seed"), [(2, 40), (3, 41), (4, 42)])
def test_bot_games_keep_every_invariant(players: int, seed: int) -> None:
    """A bot seat against random players, to a real end or a generous limit."""
    state, _ = play(players, seed, {0}, turn_limit=2500, deep_every=25, probe_every=60)
    assert state.reason in ("treasure", "ships", "limit")


def test_state_json_rejects_bad_data() -> None:
    from games.protocol import StateFormatError

    state = RULESET.setup(3, {}, 5)
    data = json.loads(json.dumps(RULESET.dump(state)))
    with pytest.raises(StateFormatError):
        RULESET.load({**data, "schema": 99})
    broken = dict(data)
    del broken["cards"]
    with pytest.raises(StateFormatError):
        RULESET.load(broken)
    with pytest.raises(StateFormatError):
        RULESET.load({**data, "cards": data["cards"][:5]})


def test_notation_round_trips() -> None:
    for text in NOTATIONS:
        assert RULESET.format_action(RULESET.parse_action(text)) == text
    for bad in ("", "sailor 5 to E1", "go J1", "ship up", "mermaid C3 70", "sailor 1 to"):
        with pytest.raises(IllegalAction):
            RULESET.parse_action(bad)
