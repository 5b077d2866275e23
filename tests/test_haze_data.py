"""The Haze Islands component data against the data file
(/work/shared/rules/haze-islands-data.md) and the rulebook's Components list."""

from __future__ import annotations

from collections import Counter

from games.haze_islands.data import (
    ADVENTURE_CARDS,
    ANY_SPELL,
    CREW,
    CURSED,
    DEAD_END,
    DOOM_CARDS,
    ICONS,
    ISLAND,
    LOOT,
    MAP_CARDS,
    SPECIAL_ACTIONS,
    SPELLS,
    E,
    N,
    S,
    W,
)


def test_thirty_map_cards_eighteen_islands_nine_dead_ends_three_cursed() -> None:
    """"30 Map cards, comprised of: 18 Island cards, 9 Dead End cards, 3 Cursed cards"."""
    assert len(MAP_CARDS) == 30
    assert [card.id for card in MAP_CARDS] == list(range(30))
    kinds = Counter(card.kind for card in MAP_CARDS)
    assert kinds == {ISLAND: 18, DEAD_END: 9, CURSED: 3}


def test_icon_counts_of_the_map_deck() -> None:
    """"The map deck holds 3 of each crew and loot icon and 4 of each spell icon: one
    icon per map card."""
    icons = Counter(card.icon for card in MAP_CARDS)
    assert icons == {**{i: 3 for i in CREW + LOOT}, **{i: 4 for i in SPELLS}}
    assert len(ICONS) == 9 and len(CREW) == 2 and len(LOOT) == 4 and len(SPELLS) == 3


def test_island_rows_of_the_table() -> None:
    """Island | 3 | Jewels | 2, 3, 3 | 2 / 1 / 2 | 1, 1, 0 (and the other rows)."""
    rows = {}
    for card in MAP_CARDS:
        if card.kind == ISLAND:
            row = rows.setdefault(card.icon, ([], set(), []))
            row[0].append(card.plunder)
            row[1].add((card.west.diamonds, card.south.diamonds, card.east.diamonds))
            row[2].append(card.skulls)
    assert rows == {
        "cutlass": ([1, 2, 2], {(1, 1, 1)}, [1, 1, 0]),
        "compass": ([1, 2, 3], {(1, 1, 2)}, [1, 1, 0]),
        "gold": ([2, 2, 3], {(2, 1, 1)}, [1, 1, 0]),
        "rum": ([1, 1, 2], {(1, 1, 1)}, [1, 1, 0]),
        "jewels": ([2, 3, 3], {(2, 1, 2)}, [1, 1, 0]),
        "map": ([1, 2, 2], {(1, 1, 2)}, [1, 1, 0]),
    }
    # "All Island edges with diamonds carry a gold triangle"
    for card in MAP_CARDS:
        if card.kind == ISLAND:
            assert all(card.edge(d).triangle and not card.edge(d).red for d in (W, S, E))


def test_dead_end_and_cursed_edges() -> None:
    """Dead End Hurricane/Fireballs: gold 1 / gold 1 / red 1; Whirlpool: red 1 / gold 1 /
    gold 1; Cursed: red 1 / gold 1 / red 1, 4 skull corners. "on Dead End and Cursed cards
    only gold edges do" carry a triangle; "–" plunder number."""
    for card in MAP_CARDS:
        if card.kind == ISLAND:
            continue
        assert card.plunder is None and card.red
        reds = tuple(card.edge(d).red for d in (W, S, E))
        if card.kind == CURSED:
            assert reds == (True, False, True) and card.skulls == 4
        elif card.icon == "whirlpool":
            assert reds == (True, False, False) and card.skulls == 2
        else:
            assert reds == (False, False, True) and card.skulls == 2
        for d in (W, S, E):
            assert card.edge(d).diamonds == 1
            assert card.edge(d).triangle == (not card.edge(d).red)
    assert sorted(c.icon for c in MAP_CARDS if c.kind == CURSED) == sorted(SPELLS)
    # N is the adventure edge: no diamonds printed, never a way through as printed.
    assert all(card.edge(N).diamonds == 0 and not card.edge(N).triangle for card in MAP_CARDS)


def test_eighteen_adventure_cards_with_the_eighteen_special_actions() -> None:
    """"18 Adventure cards"; each double adventure grants one of the 18 Special Actions of
    the rulebook's list, in the data file's order (#1 draws from an opponent's hand, #18
    ignores the Skull of Fate)."""
    assert len(ADVENTURE_CARDS) == 18 and len(SPECIAL_ACTIONS) == 18
    assert [a.special for a in ADVENTURE_CARDS] == list(SPECIAL_ACTIONS)
    assert ADVENTURE_CARDS[0].double == ("cutlass", "gold") and ADVENTURE_CARDS[0].single == "gold"
    assert ADVENTURE_CARDS[10].double == ("map", ANY_SPELL)
    assert ADVENTURE_CARDS[10].single == ANY_SPELL
    assert ADVENTURE_CARDS[17].double == ("jewels", "compass")
    assert ADVENTURE_CARDS[17].single == "map"
    for card in ADVENTURE_CARDS:
        assert all(icon in (*ICONS, ANY_SPELL) for icon in (*card.double, card.single))


def test_three_two_faced_doom_cards_scoring_three_or_four() -> None:
    """"3 Doom cards, each two-sided"; "A Doom card in a Captain's Log scores its number of
    required icons (3 or 4)"."""
    assert len(DOOM_CARDS) == 3
    assert [[card.score(face) for face in (0, 1)] for card in DOOM_CARDS] == [
        [3, 3], [4, 4], [4, 3]]
    assert DOOM_CARDS[1].faces[1] == ("compass", "map", "hurricane", "whirlpool")
