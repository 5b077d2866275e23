"""Every government contract card of ``shipyard-data.md`` ("Government contracts"), each
tested on its own: the condition met and just missed, and the points it pays.

Data file: "Green (per launched ship that has…): ≥2 cannons: 3; ≥2 cranes: 3; ≥3 crew:
2; a soldier and a cannon: 2; a businessman and a crane: 2; ≥3 sails: 3; speed ≥6: 3; a
smokestack and a propeller: 2; ≥2 safety features: 2; length ≥5 cards: 3; length ≤3
cards: 2; no equipment at all: 3 (at most 9)." and "Blue (fleet thresholds; the highest
row reached pays): ships launched 3/4/5+ → 3/6/10; used canals kept 4/6/8+ → 3/6/9;
cannons 3/5/7 → 3/6/9; cranes 3/5/7 → 3/6/9; captains incl. officers 4/6/8 → 3/6/9;
lanterns 3/5/7 → 3/6/9; lifeboats + lifebuoys 4/6/8 → 3/6/9; employees 3/4/5 → 3/6/9;
guilders left 5/10/15 → 2/5/8; equipment types in the fleet 3/4/5 → 3/6/10; the two
fastest ships' speeds together 10/13/16 → 3/6/10; middle cards in the fleet 8/12/16 →
3/6/10." Rulebook: "these are the ones that will add in to your final score".
"""

from __future__ import annotations

from typing import Any

import pytest

from games.shipyard import rules
from games.shipyard.data import BLUE, EMPLOYEE_KINDS, GREEN, ITEMS, SHIP_CARDS
from games.shipyard.state import Player


def _card(deck: str, *, mounts: tuple[str, ...] | None = None, safety: tuple[str, ...] = (),
          cabins: int | None = None) -> int:
    return next(i for i, c in enumerate(SHIP_CARDS) if c.deck == deck
                and (mounts is None or c.mounts == mounts) and c.safety == safety
                and (cabins is None or c.cabins == cabins))


BOW_PLAIN = _card("bow", mounts=("S",))  # a sail mount, no safety feature
MIDDLE_PLAIN = _card("middle", cabins=2)  # two cabins, no safety feature
STERN_PLAIN = _card("stern", mounts=("C",))
BOW_LANTERN = _card("bow", mounts=("C",), safety=("L",))
BOW_BOAT_BUOY = _card("bow", mounts=(), safety=("B", "R"))


def ship(items: dict[str, int] | None = None, *, middles: int = 1, speed: int = 1,
         bow: int = BOW_PLAIN) -> dict[str, Any]:
    """A launched ship as the engine keeps it in the fleet."""
    return {"cards": [bow] + [MIDDLE_PLAIN] * middles + [STERN_PLAIN],
            "items": {**dict.fromkeys(ITEMS, 0), "captain": 1, **(items or {})},
            "speed": speed, "points": 0}


def player(fleet: list[dict[str, Any]], **fields: Any) -> Player:
    p = Player(money=0, trains=[], fleet=fleet)
    for name, value in fields.items():
        setattr(p, name, value)
    return p


def green(code: str) -> int:
    return next(i for i, g in enumerate(GREEN) if g.code == code)


def blue(code: str) -> int:
    return next(i for i, b in enumerate(BLUE) if b.code == code)


def score_green(code: str, fleet: list[dict[str, Any]]) -> int:
    return rules.contract_points(player(fleet, green=[green(code)], blue=[]))


#: code -> (points per ship, a ship that just qualifies, one that just misses)
GREEN_CASES: dict[str, tuple[int, dict[str, Any], dict[str, Any]]] = {
    "cannons2": (3, ship({"cannon": 2}), ship({"cannon": 1})),
    "cranes2": (3, ship({"crane": 2}), ship({"crane": 1})),
    "crew3": (2, ship({"captain": 1, "soldier": 1, "businessman": 1}),
              ship({"captain": 2})),
    "soldier_cannon": (2, ship({"soldier": 1, "cannon": 1}), ship({"soldier": 1, "crane": 1})),
    "businessman_crane": (2, ship({"businessman": 1, "crane": 1}),
                          ship({"businessman": 1, "cannon": 1})),
    "sails3": (3, ship({"sail": 3}, speed=4), ship({"sail": 2}, speed=3)),
    "speed6": (3, ship({"smokestack": 1, "propeller": 1, "sail": 2}, speed=6),
               ship({"smokestack": 1, "propeller": 1, "sail": 1}, speed=5)),
    "smokestack_propeller": (2, ship({"smokestack": 1, "propeller": 1}, speed=4),
                             ship({"smokestack": 2}, speed=2)),
    "safety2": (2, ship(bow=BOW_BOAT_BUOY), ship(bow=BOW_LANTERN)),
    "long5": (3, ship(middles=3), ship(middles=2)),
    "short3": (2, ship(middles=1), ship(middles=2)),
    "no_equipment": (3, ship({"soldier": 1}), ship({"sail": 1}, speed=2)),
}


def test_every_green_contract_of_the_data_file_is_tested() -> None:
    assert set(GREEN_CASES) == {g.code for g in GREEN}
    assert len(GREEN) == 12


@pytest.mark.parametrize("code", sorted(GREEN_CASES))
def test_green_contract_pays_per_qualifying_ship(code: str) -> None:
    """Green contracts pay their points once "per launched ship that has" the feature."""
    points, meets, misses = GREEN_CASES[code]
    assert GREEN[green(code)].points == points
    assert rules.green_points(code, meets) == 1
    assert rules.green_points(code, misses) == 0
    assert score_green(code, [misses]) == 0
    assert score_green(code, [meets]) == points
    assert score_green(code, [meets, misses, meets]) == 2 * points


def test_no_equipment_pays_at_most_nine() -> None:
    """Data file: "no equipment at all: 3 (at most 9)"."""
    bare = ship()
    assert score_green("no_equipment", [bare] * 3) == 9
    assert score_green("no_equipment", [bare] * 4) == 9


def test_a_green_contract_counts_only_launched_ships() -> None:
    """Rulebook: a ship that fails the requirements "will not count toward your
    Government Contract" (it never joins the fleet); an empty fleet pays nothing."""
    assert all(score_green(g.code, []) == 0 for g in GREEN)


def _fleet_of(code: str, value: int) -> Player:
    """A player whose fleet (or purse) holds ``value`` of what blue contract ``code``
    counts, and nothing else that it counts."""
    match code:
        case "ships":
            return player([ship() for _ in range(value)])
        case "used_canals":
            return player([], used_canals=list(range(value)))
        case "cannons" | "cranes":
            item = code[:-1]
            return player([ship({item: value})])
        case "captains":  # "captains incl. officers"
            return player([ship({"captain": value - value // 2}), ship({"captain": value // 2})])
        case "lanterns":
            return player([ship(bow=BOW_LANTERN) for _ in range(value)])
        case "lifesaving":  # "lifeboats + lifebuoys": each such bow carries one of each
            ships = [ship(bow=BOW_BOAT_BUOY) for _ in range(value // 2)]
            if value % 2:
                ships.append(ship(bow=_card("bow", mounts=("K",), safety=("R",))))
            return player(ships)
        case "employees":
            return player([], employees=list(EMPLOYEE_KINDS[:value]))
        case "guilders":  # "guilders left"
            return player([], money=value)
        case "equipment_types":
            kinds = ("sail", "smokestack", "propeller", "crane", "cannon")[:value]
            return player([ship({k: 1 for k in kinds})])
        case "two_fastest":  # a slower third ship does not count
            return player([ship(speed=value - value // 2), ship(speed=value // 2),
                           ship(speed=1)])
        case "middles":
            return player([ship(middles=value - value // 2), ship(middles=value // 2)])
    raise AssertionError(code)


#: code -> (thresholds, points) exactly as printed in the data file
BLUE_TABLE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "ships": ((3, 4, 5), (3, 6, 10)),
    "used_canals": ((4, 6, 8), (3, 6, 9)),
    "cannons": ((3, 5, 7), (3, 6, 9)),
    "cranes": ((3, 5, 7), (3, 6, 9)),
    "captains": ((4, 6, 8), (3, 6, 9)),
    "lanterns": ((3, 5, 7), (3, 6, 9)),
    "lifesaving": ((4, 6, 8), (3, 6, 9)),
    "employees": ((3, 4, 5), (3, 6, 9)),
    "guilders": ((5, 10, 15), (2, 5, 8)),
    "equipment_types": ((3, 4, 5), (3, 6, 10)),
    "two_fastest": ((10, 13, 16), (3, 6, 10)),
    "middles": ((8, 12, 16), (3, 6, 10)),
}


def test_every_blue_contract_of_the_data_file_is_tested() -> None:
    assert set(BLUE_TABLE) == {b.code for b in BLUE}
    for b in BLUE:
        assert (b.thresholds, b.points) == BLUE_TABLE[b.code], b.code


@pytest.mark.parametrize("code", sorted(BLUE_TABLE))
def test_blue_contract_pays_the_highest_row_reached(code: str) -> None:
    """Blue contracts: "fleet thresholds; the highest row reached pays"."""
    thresholds, points = BLUE_TABLE[code]
    top = 5 if code == "equipment_types" else thresholds[2] + 2  # only 5 equipment kinds

    def paid(value: int) -> int:
        p = _fleet_of(code, value)
        assert rules.blue_value(code, p) == value, (code, value)
        p.green, p.blue = [], [blue(code)]
        return rules.contract_points(p)

    assert paid(thresholds[0] - 1) == 0
    for threshold, pay in zip(thresholds, points, strict=True):
        assert paid(threshold) == pay, (code, threshold)
    assert paid(top) == points[2]


def test_only_the_kept_contracts_score_and_traders_add_theirs() -> None:
    """Rulebook "Government Contracts and Traders": the contracts kept score, and "Some
    Employee Cards (traders) give bonus points"; data file: trader level 1 "1 VP at game
    end", level 2 "2 VP at game end"."""
    p = player([ship({"cannon": 2}), ship({"cannon": 2}), ship()],
               green=[green("cannons2")], blue=[blue("ships")],
               given_up=[["green", green("short3")], ["blue", blue("cannons")]],
               employees=["trader1-coal", "trader2-coal", "trader1-steel"])
    assert rules.contract_points(p) == 2 * 3 + 3
    assert rules.trader_points(p) == 1 + 2 + 1


