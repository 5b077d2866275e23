"""The 22 Hexfolk island maps (issue 13; hexfolk-data.md, "The 22 island maps"), checked
for every map at every player count it allows: the land and its islands, the composing
rule, founding room under the distance rule whatever the founding order, every resource
produced, harbours on the open coast, no red numbers side by side, the bank and deck
for the count, the lobby option, and bot games played to the end at both limits."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from bot.service import Person, SessionService
from bot.storage import Storage
from games.hexfolk import RULESET, rules
from games.hexfolk.actions import place_names
from games.hexfolk.board import (
    LOOKALIKES,
    components,
    get_board,
    places,
    reds_adjacent,
)
from games.hexfolk.data import DESERT, GENERIC, bank_size, dev_counts
from games.hexfolk.maps import MAPS, STANDARD, compose, default_map, land_count, maps_for
from games.hexfolk.state import SETTLE
from games.protocol import StateFormatError
from i18n.errors import LocalizedError

#: The data file's table: number, id, land hexes, players.
TABLE = [
    (1, "lagoon", 12, 2, 3), (2, "islet", 14, 2, 3), (3, "crescent", 16, 2, 3),
    (4, "twin-isles", 18, 2, 4), (5, "classic", 19, 3, 4), (6, "diamond", 19, 3, 4),
    (7, "lakeland", 20, 3, 4), (8, "archipelago", 21, 3, 4), (9, "gold-coast", 22, 3, 4),
    (10, "volcano", 24, 3, 4), (11, "black-forest", 24, 3, 4), (12, "horseshoe", 26, 3, 5),
    (13, "three-crowns", 27, 3, 6), (14, "big-island", 30, 5, 6), (15, "serpent", 30, 4, 6),
    (16, "crossroads", 32, 4, 6), (17, "inland-sea", 34, 5, 6), (18, "full-hexagon", 37, 5, 8),
    (19, "continent", 44, 7, 8), (20, "twin-continents", 48, 6, 8), (21, "empire", 54, 7, 8),
    (22, "great-land", 61, 7, 8),
]
#: (map, players) for every map at every count it allows.
EVERY_COUNT = [(m.id, n) for m in MAPS for n in range(m.min_players, m.max_players + 1)]
SEEDS = range(6)


def board_of(map_id: str):  # type: ignore[no-untyped-def]
    return get_board(next(m for m in MAPS if m.id == map_id).board_id)


def islands(map_id: str) -> list[set[int]]:
    b = board_of(map_id)
    out: list[set[int]] = []
    seen: set[int] = set()
    for h in range(b.hexes):
        if h in seen:
            continue
        group, stack = {h}, [h]
        while stack:
            for n in b.hex_neighbours[stack.pop()]:
                if n not in group:
                    group.add(n)
                    stack.append(n)
        seen |= group
        out.append(group)
    return out


# -- the maps as the data file gives them --------------------------------------------------
def test_the_table() -> None:
    """Data file table: 22 maps in its order, each with its land hexes and players;
    Classic is widened to 2–4 players (RULES-NOTES.md, "Two players")."""
    got = [(m.number, m.id, land_count(m.id), m.min_players, m.max_players) for m in MAPS]
    want = [(5, "classic", 19, 2, 4) if row[1] == "classic" else row for row in TABLE]
    assert got == want
    for m in MAPS:
        assert board_of(m.id).hexes == land_count(m.id)


@pytest.mark.parametrize("m", MAPS, ids=lambda m: m.id)
def test_islands_are_separated_by_sea_and_roads_never_cross_it(m) -> None:  # type: ignore[no-untyped-def]
    """Data file: "Sea hexes separate islands; a road cannot cross the sea": the map has
    its islands (Twin Isles two of 9 hexes, Three Crowns three, Archipelago four, Twin
    Continents two of 24), and the corners joined by edges fall apart into exactly as many
    groups as there are islands, so no road reaches from one island to another."""
    groups = islands(m.id)
    assert len(groups) == m.islands
    sizes = {"twin-isles": [9, 9], "three-crowns": [9, 9, 9], "twin-continents": [24, 24]}
    if m.id in sizes:
        assert sorted(len(g) for g in groups) == sizes[m.id]
    b = board_of(m.id)
    island_of = {h: i for i, g in enumerate(groups) for h in g}
    for hexes in b.edge_hexes:  # an edge lies on one island
        assert len({island_of[h] for h in hexes}) == 1
    seen: set[int] = set()
    parts = 0
    for c in range(b.corners):
        if c in seen:
            continue
        parts += 1
        stack = [c]
        seen.add(c)
        while stack:
            for n in b.corner_corners[stack.pop()]:
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
    assert parts == m.islands
    assert get_board(m.board_id) is b  # the geometry is computed once


@pytest.mark.parametrize("m", MAPS, ids=lambda m: m.id)
def test_components_follow_the_composing_rule(m) -> None:  # type: ignore[no-untyped-def]
    """Data file: deserts = max(1, round(N/19)); producing hexes wood : wool : grain :
    brick : ore ≈ 4 : 4 : 4 : 3 : 3; tokens the 18-token set repeated, topped up from
    5, 9, 4, 10, 6, 8, 3, 11, 2, 12; harbours ≈ round(2·√N), about 45 % generic. The
    standard boards keep their printed components; the Black Forest has 6 forests and the
    Volcano its two central mountains."""
    parts = compose(m.id)
    n = land_count(m.id)
    producing = n - parts.deserts
    assert sum(parts.terrain) == producing == len(parts.tokens)
    if m.id in ("classic", "big-island", "continent"):
        return  # printed data, checked in test_hexfolk_rules
    assert parts.deserts == max(1, round(n / 19))
    wood, brick, wool, grain, ore = parts.terrain
    if m.id == "black-forest":
        assert wood == 6
    else:
        for count, weight in ((wood, 4), (wool, 4), (grain, 4), (brick, 3), (ore, 3)):
            assert abs(count - producing * weight / 18) < 1
    standard = Counter({2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1})
    want = Counter()
    for _ in range(producing // 18):
        want += standard
    want += Counter(([5, 9, 4, 10, 6, 8, 3, 11, 2, 12] * 2)[:producing % 18])
    assert Counter(parts.tokens) == want
    assert len(parts.harbours) == round(2 * math.sqrt(n))
    assert parts.harbours.count(GENERIC) == round(0.45 * len(parts.harbours))
    specific = [k for k in parts.harbours if k != GENERIC]
    assert len(set(specific)) == min(5, len(specific))  # one of each resource first


# -- every map at every player count -------------------------------------------------------
@pytest.mark.parametrize(("map_id", "n"), EVERY_COUNT)
def test_every_map_is_laid_out_by_the_rules(map_id: str, n: int) -> None:
    """For every map and count, over several seeds: the terrain, tokens and harbours are
    the map's; no 6 next to an 8, nor 6-6 or 8-8 (rulebook + data file); every resource
    is produced somewhere (a hex of it carries a number); the robber starts on a desert;
    every harbour lies on a coastal edge facing the open sea, no corner serving two;
    the bank and the development deck are sized for the count (data file: 19 / 24 / 29
    of each resource, 25 / 34 / 43 cards)."""
    for seed in SEEDS:
        s = RULESET.setup(n, {"map": map_id}, seed)
        b = get_board(s.board)
        spec = components(s.board)
        assert not reds_adjacent(b, s.tokens)
        assert [s.terrain.count(r) for r in range(5)] == list(spec["terrain"])
        assert sorted(t for t in s.tokens if t) == sorted(spec["tokens"])
        for res in range(5):
            assert any(s.terrain[h] == res and s.tokens[h] for h in range(b.hexes))
        assert s.terrain[s.robber] == DESERT
        assert sorted(s.harbours) == sorted(spec["harbours"])
        assert len(b.harbour_edges) == len(s.harbours)
        for e in b.harbour_edges:
            assert len(b.edge_hexes[e]) == 1 and e in b.coast
        ends = [c for e in b.harbour_edges for c in b.edge_corners[e]]
        assert len(ends) == len(set(ends))
        assert s.bank == [bank_size(n)] * 5 == [19 if n <= 4 else 24 if n <= 6 else 29] * 5
        assert Counter(s.dev_deck) == Counter(dev_counts(n))
        assert len(s.dev_deck) == (25 if n <= 4 else 34 if n <= 6 else 43)
    if map_id == "volcano":  # the two central peaks are mountains
        hexes = [h for h in range(b.hexes) if len(b.hex_neighbours[h]) == 6
                 and all(len(b.hex_neighbours[x]) == 6 for x in b.hex_neighbours[h])]
        assert len(hexes) == 2 and all(s.terrain[h] == 4 for h in hexes)


@pytest.mark.parametrize(("map_id", "n"), EVERY_COUNT)
def test_founding_room_for_every_order(map_id: str, n: int) -> None:
    """Rulebook "Founding": every player places two settlements under the distance rule.
    Whatever the order and choices, a placement takes its corner and blocks at most its
    neighbours, so if the 2n − 1 largest closed neighbourhoods cover fewer corners than
    the board has, a legal corner is left for the last settlement: a proof for any
    founding order. Random and greedy (most blocking first) foundings agree."""
    b = board_of(map_id)
    closed = sorted((1 + len(b.corner_corners[c]) for c in range(b.corners)), reverse=True)
    assert sum(closed[:2 * n - 1]) < b.corners
    rng = random.Random(f"{map_id}{n}")
    for greedy in (False, True):
        s = RULESET.setup(n, {"map": map_id}, rng.randrange(1000))
        while s.phase in (SETTLE, "found_road"):
            seat = min(RULESET.actors(s))
            legal = RULESET.legal_actions(s, seat)
            assert legal  # never stuck
            if greedy and s.phase == SETTLE:
                move = max(legal, key=lambda a: (
                    sum(s.corner_owner[x] < 0 for x in b.corner_corners[a.corner]),
                    -a.corner))
            else:
                move = rng.choice(legal)
            RULESET.apply(s, seat, move)
        assert sum(p.settlements for p in s.players) == 2 * n


def test_two_letter_names_cannot_be_misread() -> None:
    """Issue 13: past 26 hexes, two-letter names none of which can be misread as another:
    any two names of a map differ in a place by letters that do not look alike
    (``board.LOOKALIKES``: O, Q, D, C, G are one group, I, J, L, T another, …). Games
    stored before the maps keep their names so their logs replay."""
    group = {ch: i for i, letters in enumerate(LOOKALIKES) for ch in letters}
    for m in MAPS:
        names = places(m.board_id).hex_names
        assert len(set(names)) == len(names)
        pairs = [x for x in names if len(x) == 2]
        assert len(pairs) == max(0, len(names) - 26)
        for a in pairs:
            for b in pairs:
                if a != b:
                    assert any(group[x] != group[y] for x, y in zip(a, b, strict=True)), (a, b)
        by_kind = Counter((kind, name) for (kind, _), name in place_names(m.board_id).items())
        assert max(by_kind.values()) == 1  # every corner, edge and hex has its own name
    assert "AQ" in places("grand").hex_names and "AQ" not in places("continent").hex_names



# -- the lobby option ----------------------------------------------------------------------
def test_default_map_is_the_standard_board_for_the_count() -> None:
    """Data file "Lobby options": map, the standard board for the player count by
    default (19 hexes to 4 players, 30 for 5–6, 44 for 7–8)."""
    for n in range(2, 9):
        s = RULESET.setup(n, {"map": STANDARD}, 1)
        assert s.board == default_map(n).board_id
        assert get_board(s.board).hexes == (19 if n <= 4 else 30 if n <= 6 else 44)
        # options stored before the maps (no ``map``): the old board ids, so old logs
        # replay with the names they were written in
        old = RULESET.setup(n, {}, 1)
        assert old.board == ("standard" if n <= 4 else "large" if n <= 6 else "grand")
        assert (old.terrain, old.tokens, old.harbours) == (s.terrain, s.tokens, s.harbours)
    map_option = next(o for o in RULESET.options if o.name == "map")
    assert map_option.default == STANDARD
    assert set(map_option.choices) == {STANDARD, *(m.id for m in MAPS)}


def test_autocomplete_lists_the_maps_for_the_seats() -> None:
    """Issue 13: autocomplete lists the maps allowed for the number of seats, with their
    size (every map, with its range, while the count is not known)."""
    option = next(o for o in RULESET.options if o.name == "map")
    for n in range(2, 9):
        values = RULESET.option_values(option, n, "en")
        assert values is not None and values[0][0] == STANDARD
        assert [v for v, _ in values[1:]] == [m.id for m in maps_for(n)]
        for (_, label), m in zip(values[1:], maps_for(n), strict=True):
            assert f"{land_count(m.id)} hexes" in label
    every = RULESET.option_values(option, None, "ru")
    assert every is not None and len(every) == 23
    assert "Великая земля · 61 гекс · 7–8 игроков" in dict(every).values()
    assert RULESET.option_values(RULESET.options[0], 3, "en") is None


def test_a_map_for_other_counts_is_refused_with_the_allowed_counts() -> None:
    """Issue 13: the map chosen in the lobby is checked against the seats taken, with a
    clear refusal naming the counts allowed; setup itself refuses it too."""
    with pytest.raises(LocalizedError) as caught:
        RULESET.check_seats(5, {"map": "lagoon"})
    text = caught.value.message("en")
    assert "Lagoon is for 2–3 players" in text and "has 5" in text and "serpent" in text
    RULESET.check_seats(3, {"map": "lagoon"})
    RULESET.check_seats(2, {"map": STANDARD})
    with pytest.raises(ValueError):
        RULESET.setup(5, {"map": "lagoon"}, 1)


async def test_start_rechecks_the_map_against_the_seats(tmp_path: Path) -> None:
    """Issue 13: ``/game start`` refuses a map the seats taken cannot play, and changes
    nothing; with seats in range the game starts on that map."""
    async with await Storage.open(tmp_path / "maps.db") as storage:
        service = SessionService(storage, render=False)
        try:
            host = Person("u1", "Hana")
            await service.new_game("c1", host, "hexfolk", "map=great-land")
            for _ in range(2):
                await service.add_bot("c1", host)
            with pytest.raises(LocalizedError) as caught:
                await service.start("c1", host)
            assert "Great Land is for 7–8 players" in caught.value.message("en")
            row = await service.session_for_channel("c1")
            assert row is not None and row.status == "lobby"
            for _ in range(4):
                await service.add_bot("c1", host)
            await service.start("c1", host, seed=3)
            row = await storage.get(row.id)
            assert row is not None and row.state is not None
            assert json.loads(row.state)["board"] == "great-land"
        finally:
            await service.close()


async def test_join_and_addbot_refuse_a_seat_past_the_maps_range(tmp_path: Path) -> None:
    """Issue 12 (maps' seat limit): with a map chosen in the lobby, the service seats no
    more than the map's most players (data file, "The 22 island maps"), for a person
    joining and for a bot alike, and changes nothing; the standard board takes up to the
    game's 8."""
    async with await Storage.open(tmp_path / "full.db") as storage:
        service = SessionService(storage, render=False)
        try:
            host = Person("u1", "Hana")
            await service.new_game("c1", host, "hexfolk", "map=twin-isles")
            for _ in range(3):
                await service.add_bot("c1", host)
            with pytest.raises(LocalizedError) as caught:
                await service.add_bot("c1", host)
            text = caught.value.message("en")
            assert "Twin Isles is for 2–4 players, and its 4 seats are taken" in text
            with pytest.raises(LocalizedError) as caught:
                await service.join("c1", Person("u2", "Ota"))
            assert "pro 2–4 hráčů" in caught.value.message("cs")
            row = await service.session_for_channel("c1")
            assert row is not None and len(row.seats) == 4 and row.seat_of("u2") is None
            await service.new_game("c2", host, "hexfolk", "map=standard")
            for _ in range(7):
                await service.add_bot("c2", host)
            with pytest.raises(LocalizedError):
                await service.add_bot("c2", host)  # the game's own 8 seats
        finally:
            await service.close()


# -- bot games at the limits ---------------------------------------------------------------
LIMITS = [(m.id, n) for m in MAPS for n in sorted({m.min_players, m.max_players})]


@pytest.mark.parametrize(("map_id", "n"), LIMITS)
@pytest.mark.parametrize("seed", [11, 12])
def test_bot_games_end_at_the_player_limits(map_id: str, n: int, seed: int) -> None:
    """Issue 13: a bot game on each map at its minimum and maximum player counts plays
    to the end by the rules (the player to move reaches the target), over seeds."""
    s = RULESET.setup(n, {"map": map_id}, seed)
    for _ in range(20_000):
        if RULESET.result(s) is not None:
            break
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    result = RULESET.result(s)
    assert result is not None, (map_id, n, s.phase, s.turn)
    assert rules.total_vp(s, s.winner) >= s.target
    copy = RULESET.load(json.loads(json.dumps(RULESET.dump(s))))
    assert copy.board == s.board == next(m for m in MAPS if m.id == map_id).board_id


def test_a_stored_game_names_a_known_board() -> None:
    """Common brief (a corrupt row gets a clear refusal): a state whose board is no map
    and no board stored before the maps is refused as corrupt; a map's state round-trips
    and one stored on the old 44-hex board still loads."""
    s = RULESET.setup(3, {"map": "lagoon"}, 1)
    data = RULESET.dump(s)
    assert RULESET.load(json.loads(json.dumps(data))).board == "lagoon"
    with pytest.raises(StateFormatError):
        RULESET.load({**data, "board": "atlantis"})
    old = RULESET.dump(RULESET.setup(7, {}, 1))
    assert old["board"] == "grand" and RULESET.load(old).board == "grand"


@pytest.mark.parametrize(("map_id", "n", "seed"), [
    ("lagoon", 2, 21), ("archipelago", 4, 22), ("three-crowns", 6, 23),
    ("twin-continents", 8, 24),
])
def test_seeded_games_on_island_maps_keep_every_invariant(map_id: str, n: int,
                                                          seed: int) -> None:
    """The property test of ``test_hexfolk_properties`` on maps with a lagoon and with
    several islands: after every action the bank and deck add up for the count, the
    distance rule and road lengths hold, refused moves change nothing, legal moves equal
    the checked candidates, and the notation log replays; the game ends by the rules."""
    from test_hexfolk_properties import play_game

    s, steps = play_game(n, seed, {"map": map_id}, 0.2)
    result = RULESET.result(s)
    assert result is not None, f"no winner after {steps} actions"
    assert result.scores[result.winners[0]] >= s.target
