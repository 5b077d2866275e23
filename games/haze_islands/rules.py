"""The rules of Haze Islands: setup, who acts, legality and effects.

:func:`check` is the single source of truth for legality: :func:`legal_actions` filters
the candidates through it and :func:`apply` calls it before changing anything, so a
refused action never half-applies. Decisions the rulebook leaves open are in
``RULES-NOTES.md`` beside this file.

Implemented so far: setup, pass, discard, Scout (with Create a Location), Sail, Plunder,
Deploy, Steal, Reveal Your Fate and the hand limit; the Round End is in
:mod:`.round_end`. What is not built yet is listed in ``RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from i18n import Term

from ..protocol import Event, IllegalAction
from ..rng import GameRng
from . import actions, specials
from .actions import Action
from .data import (
    ADVENTURE_CARDS,
    COMPASS,
    COMPETITIVE,
    COOP,
    CORNERS,
    CURSED,
    CUTLASS,
    DIRECTION_NAMES,
    DIRECTIONS,
    DOOM_CARDS,
    DOOM_DIE_START,
    DOUBLE,
    HAND_LIMIT,
    IGNORE_SKULL,
    ISLAND_IDS,
    MAP_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RED_CARD_IDS,
    ROUNDS,
    SHORT_ROUNDS,
    SINGLE,
    SOLO,
    SPELLS,
    Edge,
    MapCard,
)
from .decks import deal_other_decks
from .geometry import edge_towards, neighbour
from .phrases import Spent
from .round_end import continue_round_end, make_castaway, start_round_end, take_damage
from .spend import boost_used, can_pay, payments, pirate_icon, valid_payment
from .state import (
    CASTAWAY,
    FATE_ATTACK,
    FATE_COMPLETE,
    FATE_DEPLOY,
    FATE_DOOM,
    FATE_HIJACK,
    GHOST,
    PENDING_FATE,
    PENDING_HAND_LIMIT,
    PENDING_PAY,
    PENDING_PLUNDER,
    PENDING_ROTATE,
    PENDING_SKULL,
    PENDING_STEAL,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_ROUND_END,
    PROMPT_DAWN,
    PROMPT_FATE,
    PROMPT_HAND_MAP,
    PROMPT_REORDER,
    PROMPT_REVIVE,
    PROMPT_ROUND_END,
    PROMPT_TRADE,
    SHIP,
    HazeState,
    Location,
    LogEntry,
    Player,
    Prompt,
    current_prompt,
    location_at,
)

DIE_SIDES = 6


def _direction_term(direction: int) -> Term:
    """A direction as the reader's language names it ("south", "юг"), not its letter."""
    return Term(f"haze-islands.direction.{DIRECTION_NAMES[direction]}")


def _corner_term(corner: int) -> Term:
    """A card corner as the reader's language names it ("top right"), not its letters."""
    return Term(f"haze-islands.corner.{CORNERS[corner]}")


def _require(condition: bool, key: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(key, **params)


# -- setup -------------------------------------------------------------------------------
def setup(num_players: int, seed: int, *, mode: str, short: bool = False) -> HazeState:
    """The rulebook's Setup, steps 1–12, in order."""
    _require(MIN_PLAYERS <= num_players <= MAX_PLAYERS, "haze-islands.setup.players",
             count=num_players)
    # "Solo: Defeat The Doom and score a minimum of 15 icons." — one player is solo and
    # solo is one player.
    _require((num_players == 1) == (mode == SOLO), "haze-islands.setup.mode_players",
             mode=mode, count=num_players)
    # "3 players can play 3 rounds instead of 6."
    _require(not short or num_players == 3, "haze-islands.setup.short_needs_three")
    rng = GameRng(seed)
    # The Skull of Fate corners are "fixed when the deck is made (seeded)".
    skulls = []
    for card in MAP_CARDS:
        corners = list(range(len(CORNERS)))
        rng.shuffle(corners)
        skulls.append(sum(1 << c for c in corners[:card.skulls]))
    # 2. "Discard the 3 Cursed cards and the 9 Dead End cards, facedown, forming the
    #    discard pile."
    discard = list(RED_CARD_IDS)
    # 3. "Roll a die. The player with the highest roll is the first player." Ties roll
    #    again among the tied players (RULES-NOTES).
    tied = list(range(num_players))
    rolls: list[list[int]] = []  # one row per roll; 0: that seat did not roll again
    while len(tied) > 1 or not rolls:
        row = [rng.roll(DIE_SIDES) if seat in tied else 0 for seat in range(num_players)]
        rolls.append(row)
        best = max(row)
        tied = [seat for seat in tied if row[seat] == best]
    first = tied[0]
    # 4. "Shuffle the map deck and place it facedown by the first player."
    decks: list[list[int]] = [[] for _ in range(num_players)]
    decks[first] = list(ISLAND_IDS)
    rng.shuffle(decks[first])
    # 5. "The first player discards 1 map deck card per other player, forming a facedown
    #    map deck for each of the other player(s) to use."
    deal_other_decks(decks, first, num_players)
    # 6. "Shuffle the adventure deck and place it facedown off to the side."
    adventure_deck = list(range(18))
    rng.shuffle(adventure_deck)
    # 7. "Create a Location. If you draw a Cursed card, try again."
    adventure = adventure_deck.pop()
    first_card = decks[first].pop()
    while MAP_CARDS[first_card].kind == CURSED:
        discard.append(first_card)
        first_card = decks[first].pop()
    start = Location(0, 0, first_card, 0, adventure, DOUBLE)
    # 8.–10. A ship and 3 pirates each, the ships on the starting location, the pirates
    #        in the supply.
    players = [Player() for _ in range(num_players)]
    # 11.–12. The Doom die on the starting location showing 1; the Doom cards secretly
    #         shuffled and flipped.
    doom_order = list(range(len(DOOM_CARDS)))
    rng.shuffle(doom_order)
    doom_cards = [[card_id, rng.below(2)] for card_id in doom_order]
    return HazeState(
        mode=mode, short=short, rounds=SHORT_ROUNDS if short else ROUNDS, round=1,
        first=first, current=first, phase=PHASE_PLAY, turn=0, players=players, decks=decks,
        discard=discard, locations=[start], adventure_deck=adventure_deck, skulls=skulls,
        doom_cards=doom_cards, doom_x=0, doom_y=0, doom_die=DOOM_DIE_START,
        first_rolls=rolls, rng=rng,
    )


# -- geometry ------------------------------------------------------------------------------
def crossable(edge: Edge) -> bool:
    """Players may cross an edge only with gold diamonds on it."""
    return edge.diamonds > 0 and not edge.red


def locations_by_square(state: HazeState) -> dict[tuple[int, int], Location]:
    """Each square's location (the first on it, as :func:`location_at` finds it): for
    a search that asks :func:`sail_cost` of many squares of one map."""
    where: dict[tuple[int, int], Location] = {}
    for location in state.locations:
        where.setdefault((location.x, location.y), location)
    return where


def sail_cost(state: HazeState, x: int, y: int, direction: int,
              where: dict[tuple[int, int], Location] | None = None) -> int | None:
    """Diamonds between ``(x, y)`` and its neighbour towards ``direction``, or ``None``
    when a player may not sail there (no location, a red or closed edge on either side).
    ``where``: :func:`locations_by_square` of ``state``, when the caller has it."""
    if where is None:
        here = location_at(state, x, y)
        there = location_at(state, *neighbour(x, y, direction))
    else:
        here = where.get((x, y))
        there = where.get(neighbour(x, y, direction))
    if here is None or there is None:
        return None
    mine = edge_towards(here, direction)
    theirs = edge_towards(there, (direction + 2) % 4)
    if not (crossable(mine) and crossable(theirs)):
        return None
    return mine.diamonds + theirs.diamonds


# -- turn order ------------------------------------------------------------------------------
def round_order(state: HazeState) -> list[int]:
    """The seats of this round, from the first player clockwise."""
    n = len(state.players)
    return [(state.first + step) % n for step in range(n)]


def discard_target(state: HazeState, seat: int) -> list[int]:
    """Where ``seat``'s discards go: the next player's map deck, or the discard pile for
    the last player of the round (and in solo)."""
    n = len(state.players)
    nxt = (seat + 1) % n
    if nxt == state.first or state.phase != PHASE_PLAY:
        # during the Round End every map deck is empty and the next deck is dealt from
        # the discard pile: a card discarded then goes there (RULES-NOTES)
        return state.discard
    return state.decks[nxt]


def discard_card(state: HazeState, seat: int, card: int) -> None:
    discard_target(state, seat).append(card)


def may_pass(state: HazeState, seat: int) -> bool:
    """"As the first player, you may not pass." Others may, while a player before them
    this round still has cards that can reach their deck (RULES-NOTES)."""
    order = round_order(state)
    if seat == state.first:
        return False
    upstream = order[:order.index(seat)]
    return any(state.decks[s] for s in upstream)


def actors(state: HazeState) -> frozenset[int]:
    if state.phase == PHASE_OVER:
        return frozenset()
    prompt = current_prompt(state)
    if prompt is not None:
        return frozenset(prompt.seats)
    if state.phase != PHASE_PLAY:
        return frozenset()
    return frozenset((state.current,))


def special_moment(state: HazeState) -> bool:
    """"Use a Special Action at any time before an action is stated or after an action
    is completed, on any player's turn": the turn's player has no action under way and
    no decision is open (the Round End has its own window)."""
    return state.phase == PHASE_PLAY and not state.prompts and state.pending == ""


def optional_actors(state: HazeState) -> frozenset[int]:
    """The holders who may use a special action now on another player's turn (issue 24
    item 3). Nobody waits for them: they are not :func:`actors`."""
    if not special_moment(state):
        return frozenset()
    return frozenset(seat for seat in range(len(state.players))
                     if seat != state.current and usable(state, seat, specials.ANY_TURN))


# -- legality ---------------------------------------------------------------------------------
def _acting(player: Player) -> bool:
    return player.status in (SHIP, CASTAWAY)


def _check_ghost(state: HazeState, seat: int, action: Action) -> None:
    """Ghost Ship: "You may no longer take Actions on your turn. Instead, you must 1) look
    through your map deck and discard all the map cards in any order, and 2) rotate any 1
    location (both the map and adventure card) 90, 180, or 270 degrees."""
    if state.pending == PENDING_ROTATE:
        _require(isinstance(action, actions.Rotate), "haze-islands.illegal.ghost_rotate")
        assert isinstance(action, actions.Rotate)
        _require(location_at(state, action.x, action.y) is not None
                 and action.quarters in (1, 2, 3), "haze-islands.illegal.ghost_rotate")
        return
    _require(isinstance(action, actions.GhostDiscard), "haze-islands.illegal.ghost_discard")
    assert isinstance(action, actions.GhostDiscard)
    _require(action.card in state.decks[seat], "haze-islands.illegal.not_in_deck",
             card=action.card + 1)


def check(state: HazeState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
    _require(state.phase != PHASE_OVER, "haze-islands.illegal.game_over")
    _require(0 <= seat < len(state.players), "platform.illegal.no_seat")
    prompt = current_prompt(state)
    if prompt is not None:
        _require(seat in prompt.seats, "haze-islands.illegal.not_your_decision",
                 players_seat=prompt.seats[0])
        _check_prompt(state, seat, prompt, action)
        return
    _require(state.phase == PHASE_PLAY, "haze-islands.illegal.round_end")
    if seat != state.current and isinstance(action, actions.Use):
        # a special action on another player's turn (issue 24 item 3)
        _require(state.pending == "", "haze-islands.illegal.special_mid_action",
                 current_seat=state.current)
        specials.check_use(state, seat, action, specials.ANY_TURN)
        return
    _require(seat == state.current, "platform.illegal.not_your_turn",
             current_seat=state.current)
    player = state.players[seat]
    deck = state.decks[seat]
    if player.status == GHOST:
        _check_ghost(state, seat, action)
        return
    if state.pending == PENDING_PLUNDER:
        _require(isinstance(action, actions.Keep), "haze-islands.illegal.choose_keep")
        assert isinstance(action, actions.Keep)
        _require(action.card in state.drawn, "haze-islands.illegal.not_drawn",
                 card=action.card + 1)
        rest = sorted(state.drawn)
        rest.remove(action.card)
        _require(sorted(action.discards) == rest, "haze-islands.illegal.discard_all_others")
        return
    if state.pending == PENDING_HAND_LIMIT:
        _require(isinstance(action, actions.Drop), "haze-islands.illegal.choose_drop",
                 limit=HAND_LIMIT)
        assert isinstance(action, actions.Drop)
        _require(action.card in player.hand, "haze-islands.illegal.not_in_hand",
                 card=action.card + 1)
        return
    if state.pending == PENDING_FATE:
        _require(isinstance(action, actions.Fate), "haze-islands.illegal.choose_corner")
        assert isinstance(action, actions.Fate)
        _require(0 <= action.corner < len(CORNERS), "platform.notation.unknown",
                 text=str(action.corner))
        return
    if state.pending == PENDING_STEAL:
        _require(isinstance(action, actions.Take), "haze-islands.illegal.choose_take")
        assert isinstance(action, actions.Take)
        _require(action.card in stealable(state, seat), "haze-islands.illegal.not_stealable",
                 card=action.card + 1)
        return
    if state.pending == PENDING_PAY:
        _require(isinstance(action, actions.Pay), "haze-islands.illegal.choose_payment")
        assert isinstance(action, actions.Pay)
        _require(any(valid_payment(state, seat, action, need)
                     for need in paying_options(state, seat)),
                 "haze-islands.illegal.bad_payment")
        return
    if state.pending == PENDING_SKULL:
        if isinstance(action, actions.Skip):
            return
        _require(isinstance(action, actions.Use), "haze-islands.illegal.skull_choice")
        assert isinstance(action, actions.Use)
        specials.check_use(state, seat, action, specials.SKULL)
        return
    _require(not isinstance(action, actions.ANSWERS), "haze-islands.illegal.nothing_to_choose")
    if isinstance(action, actions.Use):
        specials.check_use(state, seat, action, specials.TURN)
        return
    if isinstance(action, actions.Trade):
        _check_trade(state, seat, action)
        return
    if isinstance(action, actions.Pass):
        _require(seat != state.first, "haze-islands.illegal.first_may_not_pass")
        _require(may_pass(state, seat), "haze-islands.illegal.pass_stalls")
        return
    if isinstance(action, actions.Discard):
        _require(_acting(player), "haze-islands.illegal.no_actions")
        _require(bool(deck), "haze-islands.illegal.deck_empty")
        return
    _require(_acting(player), "haze-islands.illegal.no_actions")
    check_turn_action = _TURN_CHECKS.get(type(action))
    if check_turn_action is not None:
        check_turn_action(state, seat, action)
        return
    raise IllegalAction("platform.notation.unknown", text=str(action)[:80])


def _check_scout(state: HazeState, seat: int, scout: actions.Scout) -> None:
    player, direction = state.players[seat], scout.direction
    _require(direction in DIRECTIONS, "platform.notation.unknown", text=str(direction))
    here = location_at(state, player.x, player.y)
    assert here is not None
    edge = edge_towards(here, direction)
    where = _direction_term(direction)
    # "you may not Scout or Sail towards the red diamond part"
    _require(not edge.red, "haze-islands.illegal.red_edge", direction=where)
    # "You may Scout ... in any direction bearing a gold triangle"
    _require(edge.triangle, "haze-islands.illegal.no_triangle", direction=where)
    # "... towards an unexplored location."
    _require(location_at(state, *neighbour(player.x, player.y, direction)) is None,
             "haze-islands.illegal.explored", direction=where)
    # "You may not Create a Location if the adventure deck has run out."
    _require(bool(state.adventure_deck), "haze-islands.illegal.no_adventures")
    # "You may only take an action if there are enough cards in your map deck"
    _require(len(state.decks[state.current]) >= 1, "haze-islands.illegal.too_few_cards",
             need=1, have=0)


def _check_sail(state: HazeState, seat: int, sail: actions.Sail) -> None:
    player, direction = state.players[seat], sail.direction
    _require(player.status == SHIP, "haze-islands.illegal.no_ship")
    _require(direction in DIRECTIONS, "platform.notation.unknown", text=str(direction))
    where = _direction_term(direction)
    _require(location_at(state, *neighbour(player.x, player.y, direction)) is not None,
             "haze-islands.illegal.no_location", direction=where)
    cost = sail_cost(state, player.x, player.y, direction)
    _require(cost is not None, "haze-islands.illegal.no_crossing", direction=where)
    assert cost is not None
    have = len(state.decks[state.current])
    _require(have >= cost, "haze-islands.illegal.too_few_cards", need=cost, have=have)


def _location_here(state: HazeState, seat: int) -> tuple[Location, MapCard]:
    """The location where ``seat`` is, and its map card."""
    player = state.players[seat]
    here = location_at(state, player.x, player.y)
    assert here is not None
    return here, MAP_CARDS[here.card]


def _check_plunder(state: HazeState, seat: int, _plunder: actions.Plunder) -> None:
    _, card = _location_here(state, seat)
    # "While at Cursed or Dead End map cards, you may not Plunder"
    _require(card.plunder is not None, "haze-islands.illegal.plunder_red",
             kind=Term(f"haze-islands.kind.{card.kind}"))
    assert card.plunder is not None
    have = len(state.decks[state.current])
    _require(have >= card.plunder, "haze-islands.illegal.too_few_cards",
             need=card.plunder, have=have)


def _check_deploy(state: HazeState, seat: int, _deploy: actions.Deploy) -> None:
    player = state.players[seat]
    here, card = _location_here(state, seat)
    # "While at Cursed or Dead End map cards, you may not ... Deploy pirates"
    _require(not card.red, "haze-islands.illegal.deploy_red",
             kind=Term(f"haze-islands.kind.{card.kind}"))
    # "You may Deploy if your current location does not have one of your pirate tokens."
    _require([here.x, here.y] not in player.deployed, "haze-islands.illegal.deployed_here")
    _require(player.supply > 0, "haze-islands.illegal.no_supply")
    # Reveal Your Fate draws the top card of the map deck.
    _require(bool(state.decks[state.current]), "haze-islands.illegal.too_few_cards",
             need=1, have=0)


def _check_steal(state: HazeState, seat: int, _steal: actions.Steal) -> None:
    _, card = _location_here(state, seat)
    # "While at Cursed or Dead End map cards, you may not ... Steal"
    _require(not card.red, "haze-islands.illegal.steal_red",
             kind=Term(f"haze-islands.kind.{card.kind}"))
    _require(bool(state.decks[state.current]), "haze-islands.illegal.too_few_cards",
             need=1, have=0)


def requirement(state: HazeState, seat: int) -> tuple[str, ...]:
    """The icons the adventure at ``seat``'s location asks for now (none: no adventure)."""
    player = state.players[seat]
    here = location_at(state, player.x, player.y)
    assert here is not None
    if here.adventure is None or here.side not in (DOUBLE, SINGLE):
        return ()
    card = ADVENTURE_CARDS[here.adventure]
    return card.double if here.side == DOUBLE else (card.single,)


def _check_complete(state: HazeState, seat: int, _complete: actions.Complete) -> None:
    # "You may only Complete your current location's adventure card."
    required = requirement(state, seat)
    _require(bool(required), "haze-islands.illegal.no_adventure_here")
    _require(bool(state.decks[seat]), "haze-islands.illegal.too_few_cards", need=1, have=0)
    # Stated only when the icons can be paid (RULES-NOTES).
    _require(can_pay(state, seat, required), "haze-islands.illegal.cannot_pay")


def doom_requirement(state: HazeState) -> tuple[str, ...]:
    """"The cards show which combination of icons are needed to Attack The Doom": the
    visible face of the top Doom card."""
    card, face = state.doom_cards[0]
    return DOOM_CARDS[card].faces[face]


#: "Spend either 2 Whirlpools, or 2 Fireballs, or 2 Hurricanes."
ATTACK_COSTS = tuple((spell, spell) for spell in SPELLS)


def paying_options(state: HazeState, seat: int) -> tuple[tuple[str, ...], ...]:
    """The requirements the pending payment may meet (one of them)."""
    if state.fate_for == FATE_DOOM:
        return (doom_requirement(state),)
    if state.fate_for == FATE_ATTACK:
        return ATTACK_COSTS
    if state.fate_for == FATE_HIJACK:
        return HIJACK_COSTS
    return (requirement(state, seat),)


#: Hijack: "Spend any 2 Crew icons."
HIJACK_COSTS = ((CUTLASS, CUTLASS), (CUTLASS, COMPASS), (COMPASS, COMPASS))


def _check_hijack(state: HazeState, seat: int, hijack: actions.Hijack) -> None:
    player, target = state.players[seat], hijack.seat
    # Castaway: "As well as all other actions, you may also Hijack a ship."
    _require(player.status == CASTAWAY, "haze-islands.illegal.not_castaway")
    _require(0 <= target < len(state.players) and target != seat,
             "haze-islands.illegal.bad_target")
    other = state.players[target]
    # "While in the same location as another player"
    _require(other.status == SHIP and (other.x, other.y) == (player.x, player.y),
             "haze-islands.illegal.target_elsewhere", target_seat=target)
    _require(bool(state.decks[seat]), "haze-islands.illegal.too_few_cards", need=1, have=0)
    _require(any(can_pay(state, seat, need) for need in HIJACK_COSTS),
             "haze-islands.illegal.cannot_pay")


def all_payments(state: HazeState, seat: int,
                 options: tuple[tuple[str, ...], ...]) -> list[actions.Pay]:
    found: dict[actions.Pay, None] = {}
    for need in options:
        found.update(dict.fromkeys(payments(state, seat, need)))
    return list(found)


def _check_attack_ship(state: HazeState, seat: int, attack: actions.AttackShip) -> None:
    target = attack.seat
    # Game Modes: "Friendly: Players may not Attack each other." (coop and solo neither:
    # RULES-NOTES)
    _require(state.mode == COMPETITIVE, "haze-islands.illegal.no_attacks_in_mode",
             mode=Term(f"haze-islands.mode.{state.mode}"))
    _require(0 <= target < len(state.players) and target != seat,
             "haze-islands.illegal.bad_target")
    player, other = state.players[seat], state.players[target]
    # "You may only Attack a player's ship in your current location."
    _require(other.status == SHIP and (other.x, other.y) == (player.x, player.y),
             "haze-islands.illegal.target_elsewhere", target_seat=target)
    _require(bool(state.decks[seat]), "haze-islands.illegal.too_few_cards", need=1, have=0)
    _require(any(can_pay(state, seat, need) for need in ATTACK_COSTS),
             "haze-islands.illegal.cannot_pay")


def _check_attack_doom(state: HazeState, seat: int, _attack: actions.AttackDoom) -> None:
    player = state.players[seat]
    # "You may only Attack The Doom if in your current location."
    _require((player.x, player.y) == (state.doom_x, state.doom_y),
             "haze-islands.illegal.doom_elsewhere")
    _require(bool(state.doom_cards), "haze-islands.illegal.game_over")
    _require(bool(state.decks[seat]), "haze-islands.illegal.too_few_cards", need=1, have=0)
    _require(can_pay(state, seat, doom_requirement(state)), "haze-islands.illegal.cannot_pay")


#: The check of each action a player may take on a turn, once they may act at all; each
#: takes (state, seat, action) and raises :class:`IllegalAction` when it may not be taken.
_TURN_CHECKS: dict[type, Callable[[HazeState, int, Any], None]] = {
    actions.Scout: _check_scout,
    actions.Sail: _check_sail,
    actions.Plunder: _check_plunder,
    actions.Deploy: _check_deploy,
    actions.Steal: _check_steal,
    actions.Complete: _check_complete,
    actions.AttackDoom: _check_attack_doom,
    actions.AttackShip: _check_attack_ship,
    actions.Hijack: _check_hijack,
}


def stealable(state: HazeState, seat: int) -> list[int]:
    """The cards of ``seat``'s map deck matching the icon of their location, deck order."""
    player = state.players[seat]
    here = location_at(state, player.x, player.y)
    assert here is not None
    icon = MAP_CARDS[here.card].icon
    return [card for card in state.decks[seat] if MAP_CARDS[card].icon == icon]


def candidates(state: HazeState, seat: int) -> list[Action]:
    """Every action worth checking for ``seat`` now, in the order of the legal list."""
    prompt = current_prompt(state)
    if prompt is not None:
        return _prompt_candidates(state, seat, prompt)
    if seat != state.current:  # only a special action, on another player's turn
        return list(specials.candidates(state, seat, specials.ANY_TURN)) if (
            special_moment(state)) else []
    if state.players[seat].status == GHOST:
        if state.pending == PENDING_ROTATE:
            return [actions.Rotate(loc.x, loc.y, q) for loc in state.locations for q in (1, 2, 3)]
        return [actions.GhostDiscard(card) for card in sorted(state.decks[seat])]
    if state.pending == PENDING_PLUNDER:
        out: list[Action] = []
        for card in state.drawn:
            rest = [c for c in state.drawn if c != card]
            out.extend(actions.Keep(card, order) for order in permutations(rest))
        return out
    if state.pending == PENDING_HAND_LIMIT:
        return [actions.Drop(card) for card in state.players[seat].hand]
    if state.pending == PENDING_FATE:
        return [actions.Fate(corner) for corner in range(len(CORNERS))]
    if state.pending == PENDING_STEAL:
        return [actions.Take(card) for card in sorted(stealable(state, seat))]
    if state.pending == PENDING_PAY:
        return [*all_payments(state, seat, paying_options(state, seat))]
    if state.pending == PENDING_SKULL:
        return [*specials.candidates(state, seat, specials.SKULL), actions.Skip()]
    player = state.players[seat]
    trades = [actions.Trade(s, c) for s in range(len(state.players)) if s != seat
              for c in sorted(player.hand)] if state.mode == COOP else []
    others = [s for s in range(len(state.players)) if s != seat]
    return [*specials.candidates(state, seat, specials.TURN), *trades,
            actions.Pass(), actions.Discard(),
            *(actions.Scout(d) for d in DIRECTIONS), *(actions.Sail(d) for d in DIRECTIONS),
            actions.Plunder(), actions.Deploy(), actions.Steal(), actions.Complete(),
            actions.AttackDoom(), *(actions.AttackShip(s) for s in others),
            *(actions.Hijack(s) for s in others)]


def legal_actions(state: HazeState, seat: int) -> list[Action]:
    legal = []
    for action in candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


# -- effects -------------------------------------------------------------------------------------
def apply(state: HazeState, seat: int, action: Action) -> list[Event]:
    """Check, then carry out ``action`` for ``seat``; return what happened."""
    check(state, seat, action)
    return apply_trusted(state, seat, action)


def apply_trusted(state: HazeState, seat: int, action: Action) -> list[Event]:
    """Carry out an action taken from :func:`legal_actions` (not checked again)."""
    events: list[Event] = []
    prompt = current_prompt(state)
    if prompt is not None:
        _apply_prompt(state, seat, prompt, action, events)
        return events
    player = state.players[seat]
    deck = state.decks[seat]
    if isinstance(action, actions.Pass):
        events.append(Event("haze-islands.event.pass", seat))
    elif isinstance(action, actions.Discard):
        discard_card(state, seat, deck.pop())
        events.append(Event("haze-islands.event.discard", seat))
    elif isinstance(action, actions.Scout):
        x, y = neighbour(player.x, player.y, action.direction)
        # "Orient the new location so that the bottom of the new map card is placed next
        # to your current location."
        created = create_location(state, seat, x, y, rotation=action.direction)
        events.append(Event("haze-islands.event.scout", seat, {
            "direction": _direction_term(action.direction), "x": x, "y": y,
            "kind": Term(f"haze-islands.kind.{MAP_CARDS[created.card].kind}")}))
    elif isinstance(action, actions.Sail):
        cost = sail_cost(state, player.x, player.y, action.direction)
        assert cost is not None
        # "discard 1 card from your map deck for every diamond ... Then, move your ship"
        for _ in range(cost):
            discard_card(state, seat, deck.pop())
        player.x, player.y = neighbour(player.x, player.y, action.direction)
        events.append(Event("haze-islands.event.sail", seat, {
            "direction": _direction_term(action.direction), "cost": cost}))
    elif isinstance(action, actions.Plunder):
        here = location_at(state, player.x, player.y)
        assert here is not None
        number = MAP_CARDS[here.card].plunder
        assert number is not None
        # "Draw cards from your map deck equal to the number on your current location."
        state.drawn = [deck.pop() for _ in range(number)]
        state.pending = PENDING_PLUNDER
        events.append(Event("haze-islands.event.plunder", seat, {"count": number}))
        return events
    elif isinstance(action, actions.Keep):
        # "Add 1 of these cards to your hand, and discard the others."
        player.hand.append(action.card)
        for card in action.discards:
            discard_card(state, seat, card)
        state.drawn = []
        state.pending = ""
        events.append(Event("haze-islands.event.keep", seat,
                            {"count": len(action.discards)}))
    elif isinstance(action, actions.Drop):
        player.hand.remove(action.card)
        discard_card(state, seat, action.card)
        state.pending = ""
        events.append(Event("haze-islands.event.drop", seat,
                            {"icon": Term(f"haze-islands.icon.{MAP_CARDS[action.card].icon}")}))
    elif isinstance(action, actions.Deploy):
        # "Always state your action before drawing a card from your map deck."
        state.pending = PENDING_FATE
        state.fate_for = FATE_DEPLOY
        events.append(Event("haze-islands.event.state_deploy", seat))
        return events
    elif isinstance(action, actions.Fate):
        success = reveal_fate(state, seat, action.corner, events)
        if not success and legal_actions_in_skull(state, seat):
            # Ignore the Skull of Fate / Keep your spells: the player decides first
            state.pending = PENDING_SKULL
            return events
        if resolve_fate(state, seat, success, events):
            return events
    elif isinstance(action, (actions.Use, actions.Skip)) and state.pending == PENDING_SKULL:
        success = False
        if isinstance(action, actions.Use):
            specials.apply_use(state, seat, action, events)
            if specials.special_of(action.number) == IGNORE_SKULL:
                success = True  # "Ignore the Skull of Fate after revealing it."
            else:
                _keep_spells(state, seat)  # "Keep your spells if you fail an Attack."
        if resolve_fate(state, seat, success, events):
            return events
    elif isinstance(action, actions.Use):
        # on one's own turn, before an action is stated: the turn goes on
        specials.apply_use(state, seat, action, events)
        return events
    elif isinstance(action, actions.Trade):
        # "Players with ships in the same location may swap 1 card from their hands with
        # each other." The partner answers first.
        player.traded = True
        state.prompts.append(Prompt(PROMPT_TRADE, [action.seat], [seat, action.card]))
        events.append(Event("haze-islands.event.trade_offer", seat,
                            {"target_seat": action.seat}))
        return events
    elif isinstance(action, actions.AttackShip):
        # "When Attacking, you must Spend the spells first, then Reveal Your Fate."
        state.pending = PENDING_PAY
        state.fate_for = FATE_ATTACK
        state.target = action.seat
        events.append(Event("haze-islands.event.attack_ship", seat,
                            {"target_seat": action.seat}))
        return events
    elif isinstance(action, actions.GhostDiscard):
        deck.remove(action.card)
        discard_card(state, seat, action.card)
        if deck:
            return events
        state.pending = PENDING_ROTATE
        events.append(Event("haze-islands.event.ghost_discarded", seat))
        return events
    elif isinstance(action, actions.Rotate):
        here = location_at(state, action.x, action.y)
        assert here is not None
        here.rotation = (here.rotation + action.quarters) % 4
        state.pending = ""
        events.append(Event("haze-islands.event.ghost_rotates", seat, {
            "x": action.x, "y": action.y, "degrees": action.quarters * 90}))
    elif isinstance(action, actions.Hijack):
        state.pending = PENDING_FATE
        state.fate_for = FATE_HIJACK
        state.target = action.seat
        events.append(Event("haze-islands.event.hijack", seat, {"target_seat": action.seat}))
        open_fate_window(state, action.seat)
        return events
    elif isinstance(action, actions.AttackDoom):
        # "When Attacking, you must Spend the spells first, then Reveal Your Fate."
        state.pending = PENDING_PAY
        state.fate_for = FATE_DOOM
        events.append(Event("haze-islands.event.attack_doom", seat))
        return events
    elif isinstance(action, actions.Complete):
        state.pending = PENDING_FATE
        state.fate_for = FATE_COMPLETE
        events.append(Event("haze-islands.event.state_complete", seat))
        return events
    elif isinstance(action, actions.Pay) and state.fate_for in (FATE_DOOM, FATE_ATTACK):
        spend(state, seat, action, events)
        state.spent_cards = list(action.cards)
        state.spent_pirates = [list(sq) for sq in action.pirates]
        # "Whether your Attack was successful or unsuccessful, you lose those spells."
        state.pending = PENDING_FATE
        if state.fate_for == FATE_ATTACK:
            open_fate_window(state, state.target)
        return events
    elif isinstance(action, actions.Pay) and state.fate_for == FATE_HIJACK:
        spend(state, seat, action, events)
        target = state.target
        state.pending = ""
        state.fate_for = ""
        state.target = -1
        # "Your opponent becomes a Castaway. Place your ship at your current location and
        # discard your pirate token to the box."
        make_castaway(state, target, seat, events)
        player.status = SHIP
        player.boxed += 1
        events.append(Event("haze-islands.event.hijacked", seat, {"target_seat": target}))
    elif isinstance(action, actions.Pay):
        here = location_at(state, player.x, player.y)
        assert here is not None and here.adventure is not None
        spend(state, seat, action, events)
        # "Then, take the adventure card and add it to your Captain's Log."
        player.log.append(LogEntry(here.side, here.adventure))
        events.append(Event("haze-islands.event.completed", seat, {
            "side": Term(f"haze-islands.side.{here.side}"), "number": here.adventure + 1}))
        here.adventure = None
        here.side = ""
        state.pending = ""
        state.fate_for = ""
    elif isinstance(action, actions.Steal):
        # "Without looking at the other side, discard 1 card from your map deck. Then,
        # look through your map deck to reveal and take any 1 card matching the icon on
        # your location to your hand."
        discard_card(state, seat, deck.pop())
        if stealable(state, seat):
            state.pending = PENDING_STEAL
            events.append(Event("haze-islands.event.steal_found", seat))
            return events
        # "If not found, your turn ends immediately."
        events.append(Event("haze-islands.event.steal_missed", seat))
    elif isinstance(action, actions.Take):
        deck.remove(action.card)
        player.hand.append(action.card)
        state.pending = ""
        # "Discard down to 3 cards and reshuffle your map deck."
        state.rng.shuffle(deck)
        events.append(Event("haze-islands.event.take", seat,
                            {"icon": Term(f"haze-islands.icon.{MAP_CARDS[action.card].icon}")}))
    # "Discard down to 3 cards."
    if len(player.hand) > HAND_LIMIT:
        state.pending = PENDING_HAND_LIMIT
        return events
    state.turn += 1
    end_turn(state, events)
    return events


def spend(state: HazeState, seat: int, pay: actions.Pay, events: list[Event]) -> None:
    player = state.players[seat]
    icons = [MAP_CARDS[c].icon for c in pay.cards]
    icons += [pirate_icon(state, x, y) for x, y in pay.pirates]
    boosted = boost_used(icons, paid_requirement(state, seat, icons), player.boost)
    if boosted is not None:
        player.boost.remove(boosted)  # that one icon counted as 2
    # "Always reveal the cards you spend": the move's own account names them, in the
    # words of its label in /game log and the clock's line (issue 24 item 2)
    events.append(Event("haze-islands.event.spent", seat,
                        {"what": Spent(pay.cards, pay.pirates)}))
    # "Always reveal the cards you spend": discarded as normal, in the order given.
    for card in pay.cards:
        player.hand.remove(card)
        discard_card(state, seat, card)
    # "Return previously deployed pirate tokens ... back to your supply"
    for x, y in pay.pirates:
        player.deployed.remove([x, y])
        player.supply += 1


def skull_at(state: HazeState, card: int, corner: int) -> bool:
    return bool(state.skulls[card] >> corner & 1)


def reveal_fate(state: HazeState, seat: int, corner: int, events: list[Event]) -> bool:
    """Reveal Your Fate: "draw the top card from your map deck, choose a corner, and
    reveal that corner on the other side of the card. If the Skull of Fate is revealed you
    are unsuccessful ... Either way discard this map card as normal." True on success.
    A Cursed card has a skull in every corner: "Cursed cards will always fail you."
    """
    card = state.decks[seat].pop()
    skull = skull_at(state, card, corner)
    state.revealed[card] |= 1 << corner
    discard_card(state, seat, card)
    key = "haze-islands.event.fate_skull" if skull else "haze-islands.event.fate_kind"
    events.append(Event(key, seat, {"corner": _corner_term(corner)}))
    return not skull


def create_location(state: HazeState, seat: int, x: int, y: int, rotation: int) -> Location:
    """"Draw 1 adventure deck card and 1 card from your map deck. Place the map card, face
    up. Place the adventure card ... showing the double icon adventure." """
    adventure = state.adventure_deck.pop()
    card = state.decks[seat].pop()
    location = Location(x, y, card, rotation, adventure, DOUBLE)
    state.locations.append(location)
    return location


def next_actor(state: HazeState) -> int | None:
    """Who plays after the turn under way (see :meth:`games.protocol.Ruleset.next_actor`):
    the next player clockwise when their map deck holds cards (only its owner's own turn
    takes cards from it). When that deck is empty, ``None``: discards and special actions
    may fill it during this turn, and who is next then depends on them (HZ-D66)."""
    if state.phase != PHASE_PLAY or state.prompts or actors(state) != {state.current}:
        return None
    nxt = (state.current + 1) % len(state.players)
    return nxt if nxt != state.current and state.decks[nxt] else None


def end_turn(state: HazeState, events: list[Event]) -> None:
    """The next player clockwise with cards in their map deck takes a turn; when every map
    deck is empty the round's turns are over ("A round ends when all the map cards in all
    the map draw decks have been used or discarded")."""
    state.players[state.current].boost.clear()  # boosts last for the turn
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (state.current + step) % n
        if state.decks[seat]:
            state.current = seat
            return
    state.phase = PHASE_ROUND_END
    events.append(Event("haze-islands.event.round_over", None, {"round": state.round}))
    start_round_end(state, events, round_end_holders(state))


def paid_requirement(state: HazeState, seat: int, icons: list[str]) -> tuple[str, ...]:
    """Which of the pending payment's requirements ``icons`` pay (the first that fits)."""
    for need in paying_options(state, seat):
        if boost_used(icons, need, state.players[seat].boost) is not None:
            return need
    return paying_options(state, seat)[0]


def resolve_fate(state: HazeState, seat: int, success: bool, events: list[Event]) -> bool:
    """Finish the stated action after its Fate. True when the turn does not end here (a
    payment is due, or the game is over)."""
    player = state.players[seat]
    stated, target = state.fate_for, state.target
    state.pending = ""
    state.fate_for = ""
    state.target = -1
    state.spent_cards = []
    state.spent_pirates = []
    if not success:
        return False
    if stated in (FATE_ATTACK, FATE_HIJACK):
        other = state.players[target]
        if other.status != SHIP or (other.x, other.y) != (player.x, player.y):
            # the target moved away in its use-or-pass window (Move your ship)
            events.append(Event("haze-islands.event.escaped", target))
            return False
    if stated == FATE_DEPLOY:
        # "If successful, place 1 pirate token from your supply on the island card's
        # icon at your current location."
        player.supply -= 1
        player.deployed.append([player.x, player.y])
        events.append(Event("haze-islands.event.deployed", seat))
    elif stated == FATE_COMPLETE:
        # "If successful, Spend spells, loot and crew that match the icons"
        state.pending = PENDING_PAY
        state.fate_for = FATE_COMPLETE
        return True
    elif stated == FATE_HIJACK:
        # "If successful, Spend any 2 Crew icons."
        state.pending = PENDING_PAY
        state.fate_for = FATE_HIJACK
        state.target = target
        return True
    elif stated == FATE_ATTACK:
        # "If successful, the target must Take 1 Damage."
        take_damage(state, target, 1, events, attacker=seat)
    elif stated == FATE_DOOM:
        # "If you succeed, take the Doom card and add it to your Captain's Log."
        card, face = state.doom_cards.pop(0)
        player.log.append(LogEntry("doom", card, face=face))
        events.append(Event("haze-islands.event.doom_card", seat,
                            {"left": len(state.doom_cards)}))
        if not state.doom_cards:
            # "The game immediately ends when the last Doom card is taken"
            state.phase = PHASE_OVER
            state.reason = "doom_defeated"
            state.prompts.clear()
            events.append(Event("haze-islands.event.game_over", None,
                                {"reason": Term(f"haze-islands.reason.{state.reason}")}))
            return True
    return False


def _keep_spells(state: HazeState, seat: int) -> None:
    """Keep your spells: the cards spent on the failed Attack come back to the hand (from
    the top of the pile they were discarded to) and the pirates to their locations."""
    player = state.players[seat]
    pile = discard_target(state, seat)
    for card in state.spent_cards:
        pile.remove(card)
        player.hand.append(card)
    for square in state.spent_pirates:
        player.supply -= 1
        player.deployed.append(list(square))


def legal_actions_in_skull(state: HazeState, seat: int) -> list[actions.Use]:
    """The uses open to ``seat`` right after a Skull of Fate (none: the Fate just fails)."""
    out = []
    for use in specials.candidates(state, seat, specials.SKULL):
        try:
            specials.check_use(state, seat, use, specials.SKULL)
        except IllegalAction:
            continue
        out.append(use)
    return out


def usable(state: HazeState, seat: int, context: str) -> list[actions.Use]:
    out = []
    for use in specials.candidates(state, seat, context):
        try:
            specials.check_use(state, seat, use, context)
        except IllegalAction:
            continue
        out.append(use)
    return out


def round_end_holders(state: HazeState) -> list[int]:
    """The seats the Round End's use-or-pass window waits for, in turn order."""
    return [seat for seat in round_order(state) if usable(state, seat, specials.ROUND_END)]


def open_fate_window(state: HazeState, target: int) -> None:
    """"before a Fate is revealed against you": the target's use-or-pass window, if it
    holds a special action that can help now (issue 12; RULES-NOTES)."""
    if usable(state, target, specials.FATE):
        state.prompts.append(Prompt(PROMPT_FATE, [target]))


def _check_trade(state: HazeState, seat: int, trade: actions.Trade) -> None:
    # "Cooperative Game Mode Only."
    _require(state.mode == COOP, "haze-islands.illegal.trade_coop_only")
    _require(0 <= trade.seat < len(state.players) and trade.seat != seat,
             "haze-islands.illegal.bad_target")
    player, other = state.players[seat], state.players[trade.seat]
    # "Players with ships in the same location"
    _require(player.status == SHIP and other.status == SHIP
             and (other.x, other.y) == (player.x, player.y),
             "haze-islands.illegal.trade_elsewhere", target_seat=trade.seat)
    _require(trade.card in player.hand, "haze-islands.illegal.not_in_hand",
             card=trade.card + 1)
    _require(bool(other.hand), "haze-islands.illegal.empty_hand", target_seat=trade.seat)
    _require(not player.traded, "haze-islands.illegal.traded_this_round")


_WINDOW_CONTEXT = {PROMPT_ROUND_END: specials.ROUND_END, PROMPT_FATE: specials.FATE}


def _prompt_candidates(state: HazeState, seat: int, prompt: Prompt) -> list[Action]:
    player = state.players[seat]
    if prompt.kind in _WINDOW_CONTEXT:
        return [*specials.candidates(state, seat, _WINDOW_CONTEXT[prompt.kind]), actions.Skip()]
    if prompt.kind == PROMPT_REVIVE:
        return [*(actions.Revive(c) for c in range(len(CORNERS))), actions.Skip()]
    if prompt.kind == PROMPT_DAWN:
        return [actions.Dawn(prompt.data[i], prompt.data[i + 1])
                for i in range(0, len(prompt.data), 2)]
    if prompt.kind == PROMPT_TRADE:
        return [*(actions.Give(c) for c in sorted(player.hand)), actions.Skip()]
    if prompt.kind == PROMPT_REORDER:
        return [*(actions.Top(c) for c in sorted(state.decks[seat]) if c not in prompt.data),
                actions.Done()]
    if prompt.kind == PROMPT_HAND_MAP:
        return [*(actions.Top(c) for c in sorted(player.hand)), actions.Done()]
    return [actions.Drop(c) for c in sorted(player.hand)]  # PROMPT_DROP


def _check_prompt(state: HazeState, seat: int, prompt: Prompt, action: Action) -> None:
    player = state.players[seat]
    key = f"haze-islands.illegal.prompt.{prompt.kind}"
    if prompt.kind in _WINDOW_CONTEXT:
        if isinstance(action, actions.Skip):
            return
        _require(isinstance(action, actions.Use), key)
        assert isinstance(action, actions.Use)
        specials.check_use(state, seat, action, _WINDOW_CONTEXT[prompt.kind])
    elif prompt.kind == PROMPT_REVIVE:
        _require(isinstance(action, actions.Skip) or (isinstance(action, actions.Revive)
                                              and 0 <= action.corner < len(CORNERS)), key)
    elif prompt.kind == PROMPT_DAWN:
        _require(isinstance(action, actions.Dawn), key)
        assert isinstance(action, actions.Dawn)
        squares = list(zip(prompt.data[::2], prompt.data[1::2], strict=True))
        _require((action.x, action.y) in squares, key)
    elif prompt.kind == PROMPT_TRADE:
        _require(isinstance(action, actions.Skip) or (isinstance(action, actions.Give)
                                              and action.card in player.hand), key)
    elif prompt.kind == PROMPT_REORDER:
        _require(isinstance(action, actions.Done) or (
            isinstance(action, actions.Top) and action.card in state.decks[seat]
            and action.card not in prompt.data), key)
    elif prompt.kind == PROMPT_HAND_MAP:
        _require(isinstance(action, actions.Done) or (isinstance(action, actions.Top)
                                              and action.card in player.hand), key)
    else:
        _require(isinstance(action, actions.Drop) and action.card in player.hand, key)


def _close(state: HazeState, prompt: Prompt, events: list[Event]) -> None:
    """Take ``prompt`` off the stack and go on with what it interrupted."""
    state.prompts.remove(prompt)
    if prompt.kind == PROMPT_TRADE:
        # the Trade was the trader's action: their turn ends now
        state.turn += 1
        end_turn(state, events)
        return
    if not state.prompts and state.phase == PHASE_ROUND_END:
        continue_round_end(state, events)


def _apply_prompt(state: HazeState, seat: int, prompt: Prompt, action: Action,
                  events: list[Event]) -> None:
    player = state.players[seat]
    if prompt.kind in _WINDOW_CONTEXT:
        if isinstance(action, actions.Use):
            specials.apply_use(state, seat, action, events)
            if usable(state, seat, _WINDOW_CONTEXT[prompt.kind]):
                return
        else:
            events.append(Event("haze-islands.event.window_pass", seat))
        prompt.seats.remove(seat)
        if not prompt.seats and state.prompts[-1] is prompt:
            _close(state, prompt, events)
        elif not prompt.seats:
            state.prompts.remove(prompt)  # a sub-decision above it goes first
        return
    if prompt.kind == PROMPT_REVIVE:
        if isinstance(action, actions.Revive) and state.discard:
            # "Draw a random card from the discard pile and use it to Reveal Your Fate."
            card = state.discard[state.rng.below(len(state.discard))]
            skull = skull_at(state, card, action.corner)
            state.revealed[card] |= 1 << action.corner
            if skull:
                events.append(Event("haze-islands.event.revive_failed", seat,
                                    {"corner": _corner_term(action.corner)}))
            else:
                # "If successful, place your ship upright. You are back from the dead!"
                player.status = SHIP
                events.append(Event("haze-islands.event.revived", seat,
                                    {"corner": _corner_term(action.corner)}))
        prompt.seats.remove(seat)
    elif isinstance(action, actions.Dawn):
        location = location_at(state, action.x, action.y)
        assert location is not None
        location.adventure = state.adventure_deck.pop()
        location.side = DOUBLE
        index = next(i for i in range(0, len(prompt.data), 2)
                     if prompt.data[i:i + 2] == [action.x, action.y])
        del prompt.data[index:index + 2]
        if not state.adventure_deck:
            prompt.seats.clear()
    elif prompt.kind == PROMPT_TRADE:
        trader, offered = prompt.data
        if isinstance(action, actions.Give):
            giver = state.players[trader]
            giver.hand.remove(offered)
            player.hand.append(offered)
            player.hand.remove(action.card)
            giver.hand.append(action.card)
            events.append(Event("haze-islands.event.traded", seat, {"target_seat": trader}))
        else:
            events.append(Event("haze-islands.event.trade_refused", seat,
                                {"target_seat": trader}))
        prompt.seats.clear()
    elif prompt.kind == PROMPT_REORDER:
        deck = state.decks[seat]
        if isinstance(action, actions.Top):
            prompt.data.append(action.card)
        if isinstance(action, actions.Done) or len(deck) - len(prompt.data) <= 1:
            # the chosen cards on top, the first chosen topmost; the rest keep their order
            placed = list(prompt.data)
            deck[:] = [c for c in deck if c not in placed] + placed[::-1]
            player.seen = list(deck)
            events.append(Event("haze-islands.event.reordered", seat))
            prompt.seats.clear()
    elif prompt.kind == PROMPT_HAND_MAP:
        if isinstance(action, actions.Top):
            player.hand.remove(action.card)
            state.decks[seat].append(action.card)
            player.seen.append(action.card)
            events.append(Event("haze-islands.event.hand_to_deck", seat))
        if isinstance(action, actions.Done) or not player.hand:
            prompt.seats.clear()
    else:  # PROMPT_DROP
        assert isinstance(action, actions.Drop)
        player.hand.remove(action.card)
        discard_card(state, seat, action.card)
        events.append(Event("haze-islands.event.drop", seat,
                            {"icon": Term(f"haze-islands.icon.{MAP_CARDS[action.card].icon}")}))
        if len(player.hand) <= HAND_LIMIT:
            prompt.seats.clear()
    if not prompt.seats:
        _close(state, prompt, events)
