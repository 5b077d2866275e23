"""Seeded Hexfolk games played to the end through the protocol, checking after every
action (rulebook + hexfolk-data.md):

* every resource card is accounted for: bank + hands = 19/24/29 per resource ("Bank");
* every development card is accounted for: deck + hands + played = the deck table;
* pieces on the board match the supply counts and the 15/5/4 limits; the distance rule
  holds everywhere; road lengths and both awards match a recomputation;
* a refused action leaves ``json.dumps(dump(state), sort_keys=True)`` unchanged;
* ``parse_action(format_action(a)) == a`` for every legal action; the JSON round trip is
  exact; the notation log replays to the identical final state;
* ``legal_actions`` equals the broad ``rules.candidates`` filtered through ``rules.check``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.hexfolk import RULESET, rules
from games.hexfolk.actions import Action, Decline
from games.hexfolk.actions import Counter as CounterOffer
from games.hexfolk.board import get_board
from games.hexfolk.data import (
    ARMY_MIN,
    LONGEST_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    bank_size,
    dev_counts,
)
from games.hexfolk.state import OVER, TRADE, HexfolkState
from games.protocol import IllegalAction

ACTION_CAP = 3000


def snap(state: HexfolkState) -> str:
    return json.dumps(RULESET.dump(state), sort_keys=True)


def check_invariants(s: HexfolkState) -> None:
    n = len(s.players)
    b = get_board(s.board)
    for r in range(5):
        assert s.bank[r] >= 0 and all(p.hand[r] >= 0 for p in s.players)
        assert s.bank[r] + sum(p.hand[r] for p in s.players) == bank_size(n)
    devs = Counter(s.dev_deck)
    for p in s.players:
        devs.update(p.devs)
        devs.update(p.played)
        assert not Counter(p.bought) - Counter(p.devs)
    assert devs == Counter(dev_counts(n))
    for seat, p in enumerate(s.players):
        assert p.roads == s.edge_owner.count(seat) <= MAX_ROADS
        mine = [c for c in range(b.corners) if s.corner_owner[c] == seat]
        assert p.settlements == sum(s.corner_level[c] == 1 for c in mine) <= MAX_SETTLEMENTS
        assert p.cities == sum(s.corner_level[c] == 2 for c in mine) <= MAX_CITIES
        assert p.road_length == rules.road_length(s, seat)
        assert p.knights == p.played.count("knight")
    for c in range(b.corners):
        assert (s.corner_owner[c] < 0) == (s.corner_level[c] == 0)
        if s.corner_owner[c] >= 0:
            assert all(s.corner_owner[x] < 0 for x in b.corner_corners[c])  # distance rule
    lengths = [p.road_length for p in s.players]
    if s.longest >= 0:
        assert lengths[s.longest] == max(lengths) >= LONGEST_MIN
    elif max(lengths) >= LONGEST_MIN and s.longest_on:
        assert lengths.count(max(lengths)) > 1  # set aside only on a tie
    if s.army >= 0:
        k = s.players[s.army].knights
        assert k >= ARMY_MIN and k == max(p.knights for p in s.players)
    if s.phase == OVER:
        assert rules.total_vp(s, s.winner) >= s.target and RULESET.actors(s) == frozenset()
    else:
        assert s.winner == -1
        assert RULESET.actors(s)


def random_notation(rng: random.Random, s: HexfolkState) -> str:
    b = get_board(s.board)
    c, e, h = rng.randrange(b.corners) + 1, rng.randrange(b.edges) + 1, rng.randrange(b.hexes)
    res = ["wood", "brick", "wool", "grain", "ore"]
    r1, r2 = rng.choice(res), rng.choice(res)
    p = f"p{rng.randint(1, len(s.players))}"
    return rng.choice([
        f"settle id{c}", f"road id{e}", f"city id{c}", "roll", "buy", "end",
        f"robber id{h + 1} {p}", f"robber id{h + 1}", f"play knight id{h + 1} {p}",
        "play roads", f"play plenty {r1} {r2}",
        f"play monopoly {r1}", f"discard {rng.randint(1, 5)}{r1}", f"bank {r1} {r2}",
        f"offer 1{r1} for 1{r2}", "accept", "decline", f"trade {p}", "cancel"])


def random_counter(rng: random.Random, s: HexfolkState, seat: int) -> Action:
    hand = s.players[seat].hand
    held = [r for r in range(5) if hand[r]]
    if not held:
        return Decline()
    g = rng.choice(held)
    r = rng.choice([x for x in range(5) if x != g])
    give = [0] * 5
    get = [0] * 5
    give[g] = rng.randint(1, hand[g])
    get[r] = rng.randint(0, 2)
    return CounterOffer(tuple(give), tuple(get))  # type: ignore[arg-type]


def checked_candidates(s: HexfolkState, seat: int) -> list:
    out = []
    for a in rules.candidates(s, seat):
        try:
            rules.check(s, seat, a)
        except IllegalAction:
            continue
        out.append(a)
    return out


def play_game(n: int, seed: int, options: dict, random_share: float,
              deep_every: int = 25) -> tuple[HexfolkState, int]:
    rng = random.Random(seed)
    s = RULESET.setup(n, options, seed)
    log: list[tuple[int, str]] = []
    steps = 0
    while RULESET.result(s) is None and steps < ACTION_CAP:
        who = sorted(RULESET.actors(s))
        seat = rng.choice(who)
        legal = RULESET.legal_actions(s, seat)
        assert legal, (s.phase, seat)
        for a in legal:
            assert RULESET.parse_action(RULESET.format_action(a)) == a
            assert RULESET.read_action(s, seat, RULESET.notate_action(s, a)) == a
        if steps % deep_every == 0:
            assert checked_candidates(s, seat) == legal
            copy = RULESET.load(json.loads(json.dumps(RULESET.dump(s))))
            assert snap(copy) == snap(s)
            for other in range(n):
                if other not in who:  # a seat not to act: nothing listed, everything refused
                    assert RULESET.legal_actions(s, other) == []
                    before = snap(s)
                    with pytest.raises(IllegalAction):
                        RULESET.apply(s, other, legal[0])
                    assert snap(s) == before
        for _ in range(2):  # random notations: refused ones change nothing
            action = RULESET.parse_action(random_notation(rng, s))
            if action in legal:
                continue
            before = snap(s)
            try:
                RULESET.apply(s, seat, action)
            except IllegalAction as err:
                assert snap(s) == before
                assert "{" not in err.message()
            else:
                raise AssertionError(f"unlisted move accepted: {action}")
        if s.phase == TRADE and seat != s.current and rng.random() < 0.3:
            action = random_counter(rng, s, seat)  # typed-only: counters aren't listed
        elif rng.random() < random_share:
            action = rng.choice(legal)
        else:
            action = RULESET.bot_action(s, seat)
            assert action in legal
        if isinstance(action, CounterOffer):
            rules.check(s, seat, action)
        events = RULESET.apply(s, seat, action)
        for ev in events:
            assert "{" not in ev.text([f"P{i}" for i in range(n)])
        log.append((seat, RULESET.notate_action(s, action)))
        check_invariants(s)
        steps += 1
    # replay the notation log from the seed
    replay = RULESET.setup(n, options, seed)
    for seat, text in log:
        RULESET.play(replay, seat, text)
    assert snap(replay) == snap(s)
    return s, steps


@pytest.mark.parametrize(("n", "seed", "options", "share"), [
    (2, 1, {}, 0.3), (3, 2, {}, 0.3), (4, 3, {}, 0.3), (4, 4, {"robber": "friendly"}, 0.3),
    (4, 5, {"robber": "off", "layout": "classic"}, 0.3), (5, 6, {}, 0.2), (6, 7, {}, 0.2),
    (7, 8, {"longest": False, "army": False}, 0.2), (8, 9, {}, 0.2), (3, 10, {}, 1.0),
])
def test_seeded_games(n: int, seed: int, options: dict, share: float) -> None:
    s, steps = play_game(n, seed, options, share)
    if share < 1.0:
        assert RULESET.result(s) is not None, f"no winner after {steps} actions"
        res = RULESET.result(s)
        assert res.scores[res.winners[0]] >= s.target


def test_public_view_hides_secrets() -> None:
    """Development cards: opponents only see how many cards you hold, not which."""
    s, _ = play_game(4, 11, {}, 0.3, deep_every=1000)
    public = RULESET.view(s, None)
    assert public.hand is None and public.devs is None and public.vp is None
    for seat, p in enumerate(s.players):
        pv = public.players[seat]
        assert pv.hand_count == sum(p.hand) and pv.dev_count == len(p.devs)
        mine = RULESET.view(s, seat)
        assert mine.hand == tuple(p.hand) and mine.devs == tuple(p.devs)
        assert mine.vp == rules.total_vp(s, seat)


def test_load_refuses_unknown_schema() -> None:
    from games.protocol import StateFormatError

    data = RULESET.dump(RULESET.setup(3, {}, 1))
    data["schema"] = 99
    with pytest.raises(StateFormatError):
        RULESET.load(data)
    data["schema"] = 1
    del data["bank"]
    with pytest.raises(StateFormatError):
        RULESET.load(data)
