"""Planning helpers of the Haze Islands bot: sailing routes, where to end a round, which
icons a requirement still lacks, how good a hand is, and which Fate corner is kindest.

Everything here reads only what a seat may know: the public map, ships, pirates, The
Doom, pile sizes, Captain's Logs, the revealed skull corners and the seat's own hand.
Nothing reads a deck's order, another hand or an unrevealed corner (tests/test_haze_bot*).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from .data import (
    ADVENTURE_CARDS,
    ANY_SPELL,
    CORNERS,
    DIRECTIONS,
    DOOM_CARDS,
    DOUBLE,
    MAP_CARDS,
    SINGLE,
    SPELLS,
)
from .geometry import neighbour
from .round_end import doom_distances
from .rules import locations_by_square, sail_cost
from .spend import pays
from .state import HazeState, location_at

Square = tuple[int, int]
#: square -> (diamonds to sail there, direction of the first Sail; -1 for the start)
Routes = dict[Square, tuple[int, int]]

#: what ending a round sunk costs, against 1 per pirate lost (Ghost Ship / solo loss)
SINK_COST = 100.0


def routes(state: HazeState, start: Square) -> Routes:
    """Cheapest Sail cost from ``start`` to every location a ship can reach ("discard 1
    card ... for every diamond"; red and closed edges block a ship), with the first step."""
    best: Routes = {start: (0, -1)}
    queue: list[tuple[int, int, Square, int]] = [(0, 0, start, -1)]
    order = 0
    where = locations_by_square(state)
    while queue:
        cost, _o, square, first = heapq.heappop(queue)
        if cost > best[square][0]:
            continue
        for direction in DIRECTIONS:
            step = sail_cost(state, *square, direction, where)
            if step is None:
                continue
            nxt = neighbour(*square, direction)
            total = cost + step
            if nxt not in best or total < best[nxt][0]:
                order += 1
                best[nxt] = (total, direction if first < 0 else first)
                heapq.heappush(queue, (total, order, nxt, best[nxt][1]))
    return best


def next_power(state: HazeState) -> int:
    """The Doom's power at this round's end ("Increase The Doom's power by 1"; 2 in the
    short game; "On the 6th and final round The Doom's power will count as 7")."""
    if state.round >= state.rounds:
        return 7
    return min(6, state.doom_die + (2 if state.short else 1))


def doom_reach(state: HazeState) -> dict[Square, int]:
    """Diamonds The Doom would cross to reach each location (public map)."""
    return {square: cost for square, (cost, _route) in doom_distances(state).items()}


def exposure(state: HazeState, square: Square, reach: dict[Square, int]) -> int:
    """The damage a ship ending the round at ``square`` takes if The Doom hunts it ("Take
    Damage equal to The Doom's power after movement"): a cautious reading that ignores
    the other ships that might draw The Doom away or stop it first."""
    power = next_power(state)
    if state.doom_stopped:
        return power if square == (state.doom_x, state.doom_y) else 0
    if square not in reach:
        return 0
    return max(0, power - reach[square])


def end_cost(state: HazeState, damage: int, supply: int) -> float:
    """What ending the round with ``damage`` coming costs: sinking (more damage than
    pirates in supply: "If you have no pirate tokens ... you are Sunk") is the worst; a
    lost pirate matters less in the final round (only the tie-break counts them then)."""
    if damage > supply:
        return SINK_COST + damage
    return damage * (0.3 if state.round >= state.rounds else 3.0)


#: what it is worth to a ship whose hand pays the Doom card to have The Doom come to it
#: at the round end (it can attack at once next round, without sailing to it)
LURE_BONUS = 10.0


def reached(state: HazeState, square: Square, reach: dict[Square, int]) -> bool:
    """Whether The Doom's power this round end carries it as far as ``square``."""
    if state.doom_stopped:
        return square == (state.doom_x, state.doom_y)
    return square in reach and reach[square] <= next_power(state)


def best_end(state: HazeState, start: Square, cards: int, supply: int,
             reach: dict[Square, int], invisible: bool = False,
             lure: bool = False, paths: Routes | None = None) -> tuple[float, Square, int]:
    """The cheapest place to end the round that ``cards`` map cards can sail to from
    ``start``: (its cost, the square, the direction of the first Sail or -1). With
    ``lure`` a place where The Doom would reach the ship and leave it a pirate at least
    counts :data:`LURE_BONUS` less. ``paths``: :func:`routes` from ``start``, when the
    caller has them."""
    best: tuple[float, int, int, Square, int] | None = None
    for square, (cost, first) in (routes(state, start) if paths is None else paths).items():
        if cost > cards:
            continue
        damage = 0 if invisible else exposure(state, square, reach)
        value = end_cost(state, damage, supply)
        if lure and not invisible and damage <= min(1, supply - 1) \
                and reached(state, square, reach):
            value -= LURE_BONUS
        key = (value, cost, -reach.get(square, 99), square, first)
        if best is None or key < best:
            best = key
    assert best is not None  # the start itself costs nothing
    return best[0], best[3], best[4]


def uncovered(required: Iterable[str], icons: Iterable[str]) -> list[str]:
    """The icons of ``required`` that ``icons`` cannot pay, one for one (specific icons
    first, any-spell last: "any one spell icon pays it")."""
    pool = list(icons)
    missing = []
    for need in sorted(required, key=lambda r: r == ANY_SPELL):
        match = next((i for i in pool if pays(i, need)), None)
        if match is None:
            missing.append(need)
        else:
            pool.remove(match)
    return missing


def hand_icons(state: HazeState, seat: int) -> list[str]:
    return [MAP_CARDS[c].icon for c in state.players[seat].hand]


def pirate_icons(state: HazeState, seat: int) -> list[str]:
    out = []
    for x, y in state.players[seat].deployed:
        loc = location_at(state, x, y)
        if loc is not None:
            out.append(MAP_CARDS[loc.card].icon)
    return out


def doom_requirement(state: HazeState) -> tuple[str, ...]:
    """The top Doom card's visible face ("revealing the top card only")."""
    if not state.doom_cards:
        return ()
    card, face = state.doom_cards[0]
    return DOOM_CARDS[card].faces[face]


def adventure_requirement(state: HazeState, square: Square) -> tuple[str, ...]:
    loc = location_at(state, *square)
    if loc is None or loc.adventure is None or loc.side not in (DOUBLE, SINGLE):
        return ()
    card = ADVENTURE_CARDS[loc.adventure]
    return card.double if loc.side == DOUBLE else (card.single,)


def targets(state: HazeState, seat: int, doom_worth: float,
            paths: Routes) -> list[tuple[tuple[str, ...], float]]:
    """What the bot may spend icons on, each with a worth: the top Doom card and the
    adventures showing a front, the farther the less."""
    out: list[tuple[tuple[str, ...], float]] = []
    doom = doom_requirement(state)
    if doom and doom_worth > 0:
        out.append((doom, doom_worth))
    for loc in state.locations:
        square = (loc.x, loc.y)
        need = adventure_requirement(state, square)
        if not need or square not in paths:
            continue
        worth = 2.0 if loc.side == DOUBLE else 1.0
        out.append((need, worth / (1.0 + paths[square][0] / 4.0)))
    return out


def hand_score(icons: list[str], goals: list[tuple[tuple[str, ...], float]]) -> float:
    """How close ``icons`` (hand and pirates) come to paying the goals: per goal its
    worth times the covered share squared (a whole payment counts far more than parts),
    and a little for each spell (any-spell and Attacks take any of them)."""
    score = 0.0
    for need, worth in goals:
        covered = len(need) - len(uncovered(need, icons))
        score += worth * (covered / len(need)) ** 2
    return score + 0.05 * sum(1 for i in icons if i in SPELLS)


def skull_chance(state: HazeState, card: int, corner: int) -> float:
    """The chance that ``corner`` of ``card`` shows the Skull of Fate, from what has been
    revealed of that card (its number of skulls is printed data)."""
    revealed = state.revealed[card]
    if revealed >> corner & 1:
        return float(state.skulls[card] >> corner & 1)  # public once revealed
    hidden = [c for c in range(len(CORNERS)) if not revealed >> c & 1]
    known = sum(1 for c in range(len(CORNERS)) if revealed >> c & 1
                and state.skulls[card] >> c & 1)
    return (MAP_CARDS[card].skulls - known) / len(hidden)


def unseen_cards(state: HazeState, seat: int) -> list[int]:
    """The map cards ``seat`` cannot place: not on the map, not in its hand, not drawn
    by it (they could be the top of any face-down pile)."""
    visible = {loc.card for loc in state.locations} | set(state.players[seat].hand)
    if state.current == seat:
        visible |= set(state.drawn)
    return [c for c in range(len(MAP_CARDS)) if c not in visible]


def kindest_corner(state: HazeState, seat: int, top: int | None = None) -> int:
    """The corner least likely to show a skull on the card about to be revealed: the
    known top card of the own deck if ``top`` is given, otherwise an unseen card."""
    cards = [top] if top is not None else unseen_cards(state, seat)
    if not cards:
        return 0

    def chance(corner: int) -> float:
        return sum(skull_chance(state, card, corner) for card in cards) / len(cards)

    return min(range(len(CORNERS)), key=lambda c: (chance(c), c))


#: deploy a pirate (health off the ship) only from a supply this large (100 coop seeds:
#: 3 won 18 and 17 games of 2p and 3p, 2 won 29 and 24)
DEPLOY_SUPPLY = 2


@dataclass(frozen=True, slots=True)
class PlanOptions:
    """How the bot's plan plays (:func:`.bot.choose`): the normal bot's defaults, or the
    expert's changes to them (:func:`.expert.decide`, HZ-D67)."""

    #: deploy a pirate only from a supply this large (the expert: from 1)
    deploy_supply: int = DEPLOY_SUPPLY
    #: the Doom card waits as the last one does in solo (``Seat.holding``: adventures
    #: first, their icons may be spent): the expert's first round
    adventures_first: bool = False
    #: the last stand (:func:`.expert.last_stand`): where the ship ends the round costs
    #: nothing
    reckless: bool = False
    #: solo: Scout for an island to deploy on (:func:`.bot._scout_for_pirate`)
    scout_for_pirates: bool = False
    #: coop: the one-short Trade (:func:`.bot._short_trade`)
    short_trade: bool = False
    #: in the last stand with one Doom card left (coop: any number) every action keeps
    #: the cards to reach The Doom and reveal the Fate (``Seat.doom_budget``)
    doom_budget: bool = False
    #: no voyage to strike The Doom that its Round End would leave without a pirate
    #: (:func:`.bot._strike`)
    strike_keeps_pirate: bool = False


#: The normal bot's plan.
NORMAL_PLAN = PlanOptions()
