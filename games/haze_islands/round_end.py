"""The Round End of Haze Islands: 1. Night Falls, 2. The Doom Moves, 3. New Dawn.

It starts once every map deck is empty and pauses for the players' decisions: the
use-or-pass window of the special actions (before Night Falls and The Doom moves), the
Revive attempts of Ghost Ships after The Doom sank a ship, and the order of New Dawn's
adventure cards when there are not enough for every empty location (RULES-NOTES.md).
Each pause is a :class:`~.state.Prompt`; :func:`continue_round_end` goes on from
``HazeState.stage`` once the prompts are answered.
"""

from __future__ import annotations

import heapq

from i18n import Term

from ..protocol import Event
from .data import (
    DOUBLE,
    FINAL_ROUND_POWER,
    OPEN_SEA,
    PIRATES_PER_PLAYER,
    SINGLE,
    SOLO,
    STEP,
)
from .decks import deal_other_decks
from .geometry import edge_towards
from .scoring import icons
from .state import (
    CASTAWAY,
    GHOST,
    PHASE_OVER,
    PHASE_PLAY,
    PROMPT_DAWN,
    PROMPT_REVIVE,
    PROMPT_ROUND_END,
    SHIP,
    STAGE_DAWN,
    STAGE_REVIVE,
    STAGE_WINDOW,
    SUNK,
    HazeState,
    Prompt,
    location_at,
)

DOOM_DIE_MAX = 6


def doom_edges(state: HazeState, x: int, y: int) -> list[tuple[int, int, int]]:
    """``(cost, x, y)`` of each location The Doom can move to from ``(x, y)``: "The Doom
    ... may move through these red and gold diamonds as normal", so any two touching edges
    that both carry diamonds; a closed adventure edge (no diamonds) stops it too."""
    here = location_at(state, x, y)
    assert here is not None
    out = []
    for direction, (dx, dy) in enumerate(STEP):
        there = location_at(state, x + dx, y + dy)
        if there is None:
            continue
        mine = edge_towards(here, direction)
        theirs = edge_towards(there, (direction + 2) % 4)
        if mine.diamonds and theirs.diamonds:
            out.append((mine.diamonds + theirs.diamonds, x + dx, y + dy))
    return out


def doom_distances(state: HazeState) -> dict[tuple[int, int], tuple[int, list[tuple[int, int]]]]:
    """Fewest diamonds from The Doom to every reachable location, with one such route
    (the squares after The Doom's own). Among equally short routes the one found first in
    N, E, S, W order from each location is kept (RULES-NOTES)."""
    start = (state.doom_x, state.doom_y)
    best: dict[tuple[int, int], tuple[int, list[tuple[int, int]]]] = {start: (0, [])}
    queue: list[tuple[int, int, tuple[int, int]]] = [(0, 0, start)]
    order = 0
    while queue:
        cost, _order, square = heapq.heappop(queue)
        if cost > best[square][0]:
            continue
        for step, x, y in doom_edges(state, *square):
            total = cost + step
            if (x, y) not in best or total < best[(x, y)][0]:
                best[(x, y)] = (total, [*best[square][1], (x, y)])
                order += 1
                heapq.heappush(queue, (total, order, (x, y)))
    return best


def doom_power(state: HazeState) -> int:
    """"On the 6th and final round The Doom's power will count as 7."""
    return FINAL_ROUND_POWER if state.round == state.rounds else state.doom_die


def doom_candidates(state: HazeState) -> list[int]:
    """The ships The Doom goes after before any coin toss: "Establish which player's ship
    (not Castaway) is the easiest for The Doom to reach ... the lowest number of diamonds
    ... If the player ships are equally close ..., choose the player with the most icons
    in their Captain's Log." Several seats: still tied (a coin toss decides); none: no
    ship can be reached."""
    distances = doom_distances(state)
    # "Become invisible to The Doom this turn": an invisible ship is no target
    reachable = [(distances[(p.x, p.y)][0], -icons(p), seat)
                 for seat, p in enumerate(state.players)
                 if p.status == SHIP and not p.invisible and (p.x, p.y) in distances]
    if not reachable:
        return []
    best = min(key[:2] for key in reachable)
    return [seat for dist, score, seat in reachable if (dist, score) == best]


def doom_target(state: HazeState, events: list[Event] | None = None) -> int | None:
    """The ship The Doom goes after: :func:`doom_candidates`, and "If still tied, flip a
    doblon (coin) or roll a die" with the seeded die, told as a public event (issue 24
    item 4). ``None`` when no ship can be reached."""
    tied = doom_candidates(state)
    if len(tied) <= 1:
        return tied[0] if tied else None
    chosen = tied[state.rng.below(len(tied))]
    if events is not None:
        key = "haze-islands.event.doom_tie" if len(tied) == 2 else "haze-islands.event.doom_tie3"
        seats = {f"{name}_seat": seat for name, seat in zip("abc", tied, strict=False)}
        events.append(Event(key, chosen, seats))
    return chosen


def night_falls(state: HazeState, events: list[Event]) -> None:
    """"Flip over all the adventure cards showing a single icon adventure ... showing a
    sea without any icons."""
    for location in state.locations:
        if location.side == SINGLE and [location.x, location.y] not in state.frozen:
            location.side = OPEN_SEA
    events.append(Event("haze-islands.event.night_falls", None, {"round": state.round}))


def doom_moves(state: HazeState, events: list[Event]) -> list[int]:
    """The Doom Moves, steps 1–4; returns the seats it sank."""
    # 1. "Increase The Doom's power by 1." (by 2 in the short game)
    state.doom_die = min(DOOM_DIE_MAX, state.doom_die + (2 if state.short else 1))
    power = doom_power(state)
    crossed = 0
    # the die is rolled for a tie even when The Doom is stopped (a stored game replays
    # the same stream); the toss is told only when it sends The Doom somewhere
    target = doom_target(state, None if state.doom_stopped else events)
    if state.doom_stopped:
        # "Stop The Doom from moving this turn": it stays, and still attacks here
        events.append(Event("haze-islands.event.doom_stopped", None))
        target = None
    if target is not None:
        player = state.players[target]
        _cost, route = doom_distances(state)[(player.x, player.y)]
        # 3. "move The Doom die along its route towards the nearest player ... while The
        #    Doom has enough power to move, or until The Doom has reached a player's ship."
        position = (state.doom_x, state.doom_y)
        for square in route:
            step = next(c for c, x, y in doom_edges(state, *position) if (x, y) == square)
            if crossed + step > power or _ship_at(state, *position):
                break
            crossed += step
            position = square
        state.doom_x, state.doom_y = position
    events.append(Event("haze-islands.event.doom_moves", target, {
        "power": power, "crossed": crossed}))
    # 4. "All players Take Damage equal to The Doom's power after movement."
    remaining = power - crossed
    n = len(state.players)
    sank = []
    for step in range(n):
        seat = (state.first + step) % n
        player = state.players[seat]
        if (player.status == SHIP and not player.invisible
                and (player.x, player.y) == (state.doom_x, state.doom_y)):
            take_damage(state, seat, remaining, events, attacker=None)
            if player.status != SHIP:
                sank.append(seat)
    state.doom_stopped = False
    for player in state.players:
        player.invisible = False
    return sank


def _ship_at(state: HazeState, x: int, y: int) -> bool:
    return any(p.status == SHIP and not p.invisible and (p.x, p.y) == (x, y)
               for p in state.players)


def take_damage(state: HazeState, seat: int, damage: int, events: list[Event], *,
                attacker: int | None) -> None:
    """"Permanently discard 1 pirate token from your supply to the box, for each point of
    damage. If you have no pirate tokens in your supply to discard you are Sunk".
    ``attacker``: the seat that attacked, ``None`` for The Doom."""
    player = state.players[seat]
    for _ in range(damage):
        if player.supply == 0:
            sink(state, seat, events, attacker=attacker)
            return
        player.supply -= 1
        player.boxed += 1
    events.append(Event("haze-islands.event.damage", seat, {"damage": damage}))


def sink(state: HazeState, seat: int, events: list[Event], *, attacker: int | None) -> None:
    player = state.players[seat]
    if state.mode == SOLO:
        # "Solo Game: If you are Sunk you lose."
        player.status = SUNK
        events.append(Event("haze-islands.event.sunk", seat))
        return
    if attacker is not None:
        # "If you are Sunk by a player, you become a Castaway."
        make_castaway(state, seat, attacker, events)
        return
    # "If you are Sunk by The Doom, you become a Ghost Ship." Ghost Ship: "Discard all the
    # cards in your hand. Place your ship on its side. Discard all your pirate tokens."
    player.status = GHOST
    state.discard.extend(player.hand)
    player.hand.clear()
    player.boxed += player.supply + len(player.deployed)
    player.supply = 0
    player.deployed.clear()
    events.append(Event("haze-islands.event.ghost", seat))


def make_castaway(state: HazeState, seat: int, by: int, events: list[Event]) -> None:
    """Castaway: "Give all the cards in your hand to the player that sunk you (they must
    discard down to 3 cards). Place any 1 pirate token of your colour at your location ...
    Remove your ship token and all other pirate tokens of your colour from the game."""
    player = state.players[seat]
    player.status = CASTAWAY
    state.players[by].hand.extend(player.hand)
    player.hand.clear()
    player.boxed = PIRATES_PER_PLAYER - 1  # the one left stands at x, y as the castaway
    player.supply = 0
    player.deployed.clear()
    events.append(Event("haze-islands.event.castaway", seat, {"by_seat": by}))


def new_dawn(state: HazeState, events: list[Event]) -> None:
    """New Dawn, steps 1–3."""
    # 1. "Rotate all the adventure cards showing a double icon adventure 180 degrees"
    for location in state.locations:
        if location.side == DOUBLE and [location.x, location.y] not in state.frozen:
            location.side = SINGLE
    # 2. "For each location without an adventure card, draw 1 adventure deck card ...
    #    Decide in advance in which order to add the adventure cards before drawing them."
    #    The order is asked only when it decides which locations get one (RULES-NOTES).
    empty = [loc for loc in state.locations if loc.adventure is None]
    if 0 < len(state.adventure_deck) < len(empty):
        state.stage = STAGE_DAWN
        squares = [v for loc in empty for v in (loc.x, loc.y)]
        state.prompts.append(Prompt(PROMPT_DAWN, [state.first], squares))
        return
    for location in empty:
        if state.adventure_deck:
            location.adventure = state.adventure_deck.pop()
            location.side = DOUBLE
    finish_new_dawn(state, events)


def finish_new_dawn(state: HazeState, events: list[Event]) -> None:
    """New Dawn step 3."""
    state.frozen.clear()
    state.stage = ""
    # 3. "The second player becomes the first player. Shuffle the map discard pile and
    #    place it facedown by the first player ... The (new) first player discards 1 map
    #    deck card per other player".
    n = len(state.players)
    state.first = (state.first + 1) % n
    deck = state.decks[state.first]
    deck.extend(state.discard)
    state.discard.clear()
    state.rng.shuffle(deck)
    deal_other_decks(state.decks, state.first, n)
    for player in state.players:
        player.seen.clear()  # every deck is new
        player.traded = False
    state.round += 1
    state.current = state.first
    state.phase = PHASE_PLAY
    events.append(Event("haze-islands.event.new_dawn", state.first, {"round": state.round}))


def start_round_end(state: HazeState, events: list[Event], holders: list[int]) -> None:
    """Every map deck is empty: the Round End begins with the use-or-pass window of the
    ``holders`` of special actions (none: it goes straight on)."""
    state.stage = STAGE_WINDOW
    if holders:
        state.prompts.append(Prompt(PROMPT_ROUND_END, list(holders)))
        events.append(Event("haze-islands.event.window_round_end", None))
        return
    continue_round_end(state, events)


def continue_round_end(state: HazeState, events: list[Event]) -> None:
    """Go on with the Round End from ``state.stage`` until a prompt opens or the next
    round begins (or the game ends)."""
    if state.stage == STAGE_WINDOW:
        night_falls(state, events)
        ghosts = [seat for seat, p in enumerate(state.players) if p.status == GHOST]
        sank = doom_moves(state, events)
        state.stage = STAGE_REVIVE
        # Ghost Ship: "Immediately after The Doom has sunk another player's ship (even on
        # the last round), you may attempt to Revive your crew."
        if sank and ghosts and state.discard:
            state.prompts.append(Prompt(PROMPT_REVIVE, ghosts))
            return
    if state.stage == STAGE_REVIVE:
        # Game End: "1) at the end of round 6 right after The Doom Moves" or "3) if there
        # are no surviving player ships in play".
        if not any(p.status == SHIP for p in state.players):
            state.phase = PHASE_OVER
            state.reason = "no_ships"
        elif state.round >= state.rounds:
            state.phase = PHASE_OVER
            state.reason = "rounds"
        if state.phase == PHASE_OVER:
            state.stage = ""
            events.append(Event("haze-islands.event.game_over", None, {
                "reason": Term(f"haze-islands.reason.{state.reason}")}))
            return
        new_dawn(state, events)
        return
    if state.stage == STAGE_DAWN:
        finish_new_dawn(state, events)


def round_end(state: HazeState, events: list[Event]) -> None:
    """The whole Round End when nobody holds a special action to use in its window."""
    start_round_end(state, events, [])
