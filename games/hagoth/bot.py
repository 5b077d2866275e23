"""A simple, sensible Hagoth bot: design, gather wood, build, launch and sail.

Every legal move gets a heuristic score and the bot takes the best (the first in
legal order on a tie, so it is deterministic). Attack cards score by how much
they hurt the leader or a rival about to score; a card with no use is discarded.
"""

from __future__ import annotations

from . import actions
from .actions import Action
from .attacks import attack_base, leader_bonus
from .data import (
    ATTACK_CARDS,
    BLUEPRINT_NEEDS,
    BLUEPRINTS,
    BUILD_CARDS,
    SAIL,
    SEGMENTS,
    WOOD,
)
from .expert import decide
from .rules import legal_actions
from .state import Design, HagothState, Player, Ship

_NEVER = -1000.0
#: Blueprints a bot likes to start, best first: quick, well-paid ships.
_PREFERRED = (2, 1, 3, 0, 4)


def wood_needed(player: Player) -> int:
    """Wood still missing for the player's designs, counting planned segments."""
    need = 0
    for held in player.berths:
        if isinstance(held, Design):
            need += BLUEPRINTS[held.blueprint].size - held.wood
    return max(0, need - player.wood)


def _sail_value(ship: Ship) -> float:
    bp = BLUEPRINTS[ship.lane]
    remaining = bp.lane_length - ship.position
    return 12.0 + 4 * bp.arrival_vp if remaining == 1 else 7.0 + bp.arrival_vp / remaining


def _build_value(player: Player, berths: tuple[int, ...]) -> float:
    value = 0.0
    # union-attr: a berth built on holds a ship (never None)
    left = {b: player.berths[b].unbuilt for b in set(berths)}  # type: ignore[union-attr]
    for berth in berths:
        left[berth] -= 1
        design = player.berths[berth]
        assert isinstance(design, Design)
        value += 6.0
        if left[berth] == 0:
            value += 6.0 + 3 * BLUEPRINTS[design.blueprint].launch_vp
    return value


def _segment_keep(player: Player, card: str) -> float:
    """How useful a segment card in hand is to keep."""
    for held in player.berths:
        if isinstance(held, Design) and held.has_room_for(card):
            return 8.0
    if any(b is None for b in player.berths):
        return 4.0
    return 0.5


def attack_value(state: HagothState, seat: int, action: actions.PlayAttack) -> float:
    """How much the bot in ``seat`` likes ``action`` (public facts only: the board and the
    scores, the leader most); the expert reads it to foresee whom a rival attacks."""
    base = attack_base(state.players[action.target], action.card, action.berth)
    if base is None:
        return 1.0
    return base + leader_bonus([p.vp for p in state.players], seat, action.target)


def _new_design_value(player: Player, card: str, blueprint: int) -> float:
    needs = BLUEPRINT_NEEDS[blueprint]
    have = sum(min(player.hand.count(seg), needs[seg]) for seg in SEGMENTS)
    coverage = have / BLUEPRINTS[blueprint].size
    preference = (len(_PREFERRED) - _PREFERRED.index(blueprint)) * 0.3
    return 4.5 + 4.0 * coverage + preference


def _card_keep(state: HagothState, seat: int, card: str) -> float:
    player = state.players[seat]
    if card in SEGMENTS:
        return _segment_keep(player, card)
    if card == SAIL:
        return 6.0 if any(isinstance(b, Ship) for b in player.berths) else 3.0
    if card == WOOD:
        return 5.0 if wood_needed(player) > 0 else 1.0
    if card in BUILD_CARDS:
        return 5.0 if any(isinstance(b, Design) for b in player.berths) else 1.5
    if card in ATTACK_CARDS:
        return 2.0
    return 1.0


def score(state: HagothState, seat: int, action: Action) -> float:
    """The heuristic value of ``action`` for the bot in ``seat``."""
    player = state.players[seat]
    match action:
        case actions.PlaySail(berth):
            held = player.berths[berth]
            assert isinstance(held, Ship)
            return _sail_value(held)
        case actions.ActSail(berth):
            held = player.berths[berth]
            assert isinstance(held, Ship)
            return _sail_value(held) - 4.0
        case actions.PlayBuild(_, berths):
            return _build_value(player, berths) + (1.0 if len(berths) > 1 else 0.0)
        case actions.ActBuild(berth):
            return _build_value(player, (berth,)) - 4.0
        case actions.PlayWood():
            return 7.0 if wood_needed(player) > 0 and state.stock > 0 else 0.5
        case actions.ActWood():
            return 2.5 if wood_needed(player) > 0 and state.stock > 0 else 0.0
        case actions.PlaySegment(card, berth, None):
            design = player.berths[berth]
            assert isinstance(design, Design)
            completes = len(design.segments) + 1 == BLUEPRINTS[design.blueprint].size
            return 9.0 + (4.0 if completes else 0.0)
        case actions.PlaySegment(card, _, blueprint):
            assert blueprint is not None
            return _new_design_value(player, card, blueprint)
        case actions.PlayAttack():
            return attack_value(state, seat, action)
        case actions.Discard(card):
            return 2.0 - _card_keep(state, seat, card) / 4
        case actions.Swap(cards):
            return sum(2.0 - _card_keep(state, seat, c) for c in cards)
        case actions.Redesign(berth, blueprint):
            design = player.berths[berth]
            assert isinstance(design, Design)
            becomes_complete = len(design.segments) == BLUEPRINTS[blueprint].size
            stuck = not any(design.has_room_for(c) for c in player.hand if c in SEGMENTS)
            return 10.0 if becomes_complete and stuck and design.blueprint > blueprint else _NEVER
        case actions.MoveSegment():
            return _NEVER
    return _NEVER


def choose(state: HagothState, seat: int) -> Action:
    """The bot's move now (the first of the best-scoring legal moves)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    best = max(range(len(legal)), key=lambda i: (score(state, seat, legal[i]), -i))
    return legal[best]


def expert_candidates(state: HagothState, seat: int) -> list[Action]:
    """Moves worth the expert's search (games/bot_levels.py), best-scoring first; never a
    move the heuristic rules out (moving a segment about, a pointless redesign)."""
    legal = legal_actions(state, seat)
    scored = sorted(((score(state, seat, a), -i) for i, a in enumerate(legal)), reverse=True)
    return [legal[-i] for value, i in scored if value > _NEVER]


def easy_candidates(state: HagothState, seat: int) -> list[Action]:
    """The plausible moves ``easy`` picks among at random (games/bot_levels.py): any the
    heuristic does not rule out, so an easy bot never shuffles segments about for ever."""
    legal = legal_actions(state, seat)
    return [a for a in legal if score(state, seat, a) > _NEVER] or legal


def expert_action(state: HagothState, seat: int, budget: object = None) -> Action:
    """The expert level's move (issue 28): :func:`games.hagoth.expert.decide`, a value
    function and a search of the seat's whole turn, instead of the shared playouts
    (``budget`` is not used: the search is one turn deep). The playouts lost to normal
    (RULES-NOTES HG-D44)."""
    return decide(state, seat, choose(state, seat))
