"""The Haze Islands bot: a short list of sensible priorities over the legal moves.

It looks only at what its seat may see (its hand, the map, the piles' sizes, the Captain's
Logs; never a deck's order or a skull corner no Fate has revealed), so a bot's choice
cannot leak a secret (tests/test_hidden_info.py). Its plan, in order: take The Doom's
card when it can pay for it, Complete the adventure where it stands, Attack a leading
rival's ship (competitive), Hijack as a Castaway, sail towards an adventure it can pay
(or towards The Doom when it can pay the Doom card), Plunder or Steal for the icons it
needs, Deploy a spare pirate, Scout while adventure cards remain, and otherwise discard.
In the use-or-pass windows it escapes or hides from The Doom when it is the target.
"""

from __future__ import annotations

import heapq
from collections import Counter

from .actions import (
    Action,
    AttackDoom,
    AttackShip,
    Complete,
    Dawn,
    Deploy,
    Discard,
    Done,
    Drop,
    Fate,
    GhostDiscard,
    Give,
    Hijack,
    Keep,
    Pass,
    Pay,
    Plunder,
    Revive,
    Rotate,
    Sail,
    Scout,
    Skip,
    Steal,
    Take,
    Top,
    Trade,
    Use,
)
from .data import (
    ADVENTURE_CARDS,
    ANY_SPELL,
    COMPETITIVE,
    COOP,
    DIRECTIONS,
    DOOM_CARDS,
    DOUBLE,
    INVISIBLE,
    MAP_CARDS,
    MOVE_SHIP,
    REDUCE_DOOM,
    RETURN_DEPLOYED,
    RETURN_DISCARDED,
    SINGLE,
    SPELLS,
    STOP_DOOM,
)
from .round_end import doom_distances
from .rules import legal_actions, neighbour, sail_cost
from .scoring import icons
from .specials import special_of
from .state import PROMPT_FATE, PROMPT_ROUND_END, SHIP, HazeState, current_prompt, location_at


def _requirement(state: HazeState, x: int, y: int) -> tuple[str, ...]:
    loc = location_at(state, x, y)
    if loc is None or loc.adventure is None or loc.side not in (DOUBLE, SINGLE):
        return ()
    card = ADVENTURE_CARDS[loc.adventure]
    return card.double if loc.side == DOUBLE else (card.single,)


def _doom_requirement(state: HazeState) -> tuple[str, ...]:
    if not state.doom_cards:
        return ()
    card, face = state.doom_cards[0]
    return DOOM_CARDS[card].faces[face]


def _needs(state: HazeState, seat: int) -> Counter[str]:
    """Icons the bot would like in hand: the adventure here, the adventures next door and
    the top Doom card."""
    player = state.players[seat]
    want: Counter[str] = Counter(_requirement(state, player.x, player.y))
    for direction in DIRECTIONS:
        want.update(_requirement(state, *neighbour(player.x, player.y, direction)))
    want.update(_doom_requirement(state))
    return want


def _value(state: HazeState, seat: int, card: int) -> int:
    want = _needs(state, seat)
    icon = MAP_CARDS[card].icon
    return 2 * want[icon] + (want[ANY_SPELL] if icon in SPELLS else 0) + (
        1 if icon in SPELLS else 0)


def _can_pay(state: HazeState, seat: int, required: tuple[str, ...]) -> bool:
    if not required:
        return False
    pool = [MAP_CARDS[c].icon for c in state.players[seat].hand]
    for x, y in state.players[seat].deployed:
        loc = location_at(state, x, y)
        if loc is not None:
            pool.append(MAP_CARDS[loc.card].icon)
    for need in sorted(required, key=lambda r: r == ANY_SPELL):
        match = next((i for i in pool if i == need or (need == ANY_SPELL and i in SPELLS)),
                     None)
        if match is None:
            return False
        pool.remove(match)
    return True


def _first_step(state: HazeState, seat: int, goals: set[tuple[int, int]]) -> int | None:
    """The direction of the first Sail on a cheapest route to one of ``goals``."""
    player = state.players[seat]
    start = (player.x, player.y)
    if start in goals or not goals:
        return None
    queue: list[tuple[int, int, tuple[int, int], int]] = [(0, 0, start, -1)]
    best = {start: 0}
    order = 0
    while queue:
        cost, _o, square, first = heapq.heappop(queue)
        if square in goals:
            return first
        for direction in DIRECTIONS:
            step = sail_cost(state, *square, direction)
            if step is None:
                continue
            nxt = neighbour(*square, direction)
            if nxt not in best or cost + step < best[nxt]:
                best[nxt] = cost + step
                order += 1
                heapq.heappush(queue, (cost + step, order, nxt,
                                       direction if first < 0 else first))
    return None


def _doom_hunts(state: HazeState, seat: int) -> bool:
    """Whether The Doom would go after ``seat`` now (nearest ship, most icons)."""
    distances = doom_distances(state)
    keys = [(distances[(p.x, p.y)][0], -icons(p), s) for s, p in enumerate(state.players)
            if p.status == SHIP and not p.invisible and (p.x, p.y) in distances]
    return bool(keys) and min(keys)[2] == seat


def _window(state: HazeState, seat: int, legal: list[Action], kind: str) -> Action:
    uses = [a for a in legal if isinstance(a, Use)]
    by_special = {special_of(u.number): u for u in reversed(uses)}
    if kind == PROMPT_ROUND_END and _doom_hunts(state, seat):
        for special in (STOP_DOOM, INVISIBLE, REDUCE_DOOM):
            if special in by_special:
                return by_special[special]
    if kind == PROMPT_FATE:
        for special in (RETURN_DEPLOYED, RETURN_DISCARDED):
            if special in by_special:
                return by_special[special]
        player = state.players[seat]
        away = [u for u in uses if special_of(u.number) == MOVE_SHIP
                and u.squares[0] != (player.x, player.y)]
        if away:
            return away[-1]
    if RETURN_DISCARDED in by_special:
        return by_special[RETURN_DISCARDED]
    return next(a for a in legal if isinstance(a, Skip))


def choose(state: HazeState, seat: int) -> Action:
    legal = legal_actions(state, seat)
    prompt = current_prompt(state)
    if prompt is not None and prompt.kind in (PROMPT_ROUND_END, PROMPT_FATE):
        return _window(state, seat, legal, prompt.kind)
    first = legal[0]
    if isinstance(first, (Fate, Revive)) or (isinstance(first, Use) and any(
            isinstance(a, Skip) for a in legal)):
        # a Fate: any corner is as good (the bot never peeks); Ignore the Skull: yes
        for action in legal:
            if isinstance(action, (Use, Revive)):
                return action
        return next(a for a in legal if isinstance(a, Fate))
    if isinstance(first, Keep):
        return max(legal, key=lambda a: _value(state, seat, a.card))  # type: ignore[union-attr]
    if isinstance(first, Drop):
        return min(legal, key=lambda a: _value(state, seat, a.card))  # type: ignore[union-attr]
    if isinstance(first, (Take, Pay, GhostDiscard, Rotate, Dawn)):
        return first
    if isinstance(first, Give) or (isinstance(first, Skip) and len(legal) > 1
                                   and isinstance(legal[0], Give)):
        gives = [a for a in legal if isinstance(a, Give)]
        return min(gives, key=lambda a: _value(state, seat, a.card)) if gives else legal[-1]
    if any(isinstance(a, (Top, Done)) for a in legal) and all(
            isinstance(a, (Top, Done)) for a in legal):
        return next(a for a in legal if isinstance(a, Done))
    if all(isinstance(a, Skip) for a in legal):
        return legal[0]
    return _turn(state, seat, legal)


def _next_power(state: HazeState) -> int:
    """The Doom's power at this round's end."""
    if state.round >= state.rounds:
        return 7
    return min(6, state.doom_die + (2 if state.short else 1))


def _doom_gap(state: HazeState, x: int, y: int) -> int:
    """Diamonds from The Doom to ``(x, y)`` (a large number when it cannot get there)."""
    return doom_distances(state).get((x, y), (99, []))[0]


def _escape(state: HazeState, seat: int, sails: dict[int, Action]) -> Action | None:
    """Near the round's end, a Sail that takes the ship out of The Doom's reach (or at
    least further from it) when staying would cost pirates."""
    player = state.players[seat]
    if player.status != SHIP:
        return None
    power = _next_power(state)
    here = _doom_gap(state, player.x, player.y)
    if power - here <= 0:
        return None
    best, best_gap = None, here
    for direction, sail in sails.items():
        gap = _doom_gap(state, *neighbour(player.x, player.y, direction))
        if gap > best_gap:
            best, best_gap = sail, gap
    return best


def _turn(state: HazeState, seat: int, legal: list[Action]) -> Action:
    player = state.players[seat]
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    for kind in (AttackDoom, Complete, Hijack):
        if kind in kinds:
            return kinds[kind][0]
    sails = {a.direction: a for a in kinds.get(Sail, [])}  # type: ignore[union-attr]
    if len(state.decks[seat]) <= 14 and sails:
        away = _escape(state, seat, sails)
        if away is not None:
            return away
    if AttackShip in kinds and state.mode == COMPETITIVE:
        rivals = [a for a in kinds[AttackShip]
                  if icons(state.players[a.seat]) >= icons(player)]  # type: ignore[union-attr]
        if rivals:
            return rivals[0]
    for use in kinds.get(Use, []):
        if special_of(use.number) == RETURN_DISCARDED:  # type: ignore[union-attr]
            return use
    if Trade in kinds and state.mode == COOP:
        spare = [a for a in kinds[Trade] if _value(state, seat, a.card) == 0]  # type: ignore[union-attr]
        if spare:
            return spare[0]
    if sails:
        goals = set()
        if _can_pay(state, seat, _doom_requirement(state)):
            goals.add((state.doom_x, state.doom_y))
        for loc in state.locations:
            if _can_pay(state, seat, _requirement(state, loc.x, loc.y)):
                goals.add((loc.x, loc.y))
        step = _first_step(state, seat, goals)
        if step is not None and step in sails:
            return sails[step]
    here = location_at(state, player.x, player.y)
    wants_cards = len(player.hand) < 3
    if Steal in kinds and wants_cards and here is not None and _needs(state, seat)[
            MAP_CARDS[here.card].icon] > 0:
        return kinds[Steal][0]
    if Plunder in kinds and wants_cards:
        return kinds[Plunder][0]
    if Deploy in kinds and player.supply >= 3:
        return kinds[Deploy][0]
    if Scout in kinds:
        # grow the map away from The Doom: distance is the only shelter from it
        def away(action: Action) -> int:
            x, y = neighbour(player.x, player.y, action.direction)  # type: ignore[union-attr]
            return abs(x - state.doom_x) + abs(y - state.doom_y)
        return max(kinds[Scout], key=away)
    if sails and state.decks[seat] and len(state.decks[seat]) > 4:
        # no plan: sail on to where there is an adventure
        goals = {(loc.x, loc.y) for loc in state.locations if loc.side in (DOUBLE, SINGLE)
                 and (loc.x, loc.y) != (player.x, player.y)}
        step = _first_step(state, seat, goals)
        if step is not None and step in sails:
            return sails[step]
    if Plunder in kinds:
        return kinds[Plunder][0]
    if Pass in kinds:
        return kinds[Pass][0]
    if Discard in kinds:
        return kinds[Discard][0]
    return legal[0]
