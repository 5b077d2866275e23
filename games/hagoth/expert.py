"""The expert Hagoth bot (issue 28): a value function over what the seat sees, and a
search of its own whole turn.

:func:`progress` scores a player's position in victory points and their worth: its
points, each ship still sailing (its arrival points, discounted by the plays still
needed to get there), each design (its launch and arrival points, discounted by the
plays its missing segments, wood, building and sailing still need), an empty berth (the
best design it could start) and the turns it owes to Skip cards. A play costs
:data:`PLAY` and the worth of a project falls by ``exp(-DISCOUNT * plays)``. The seat's
own hand makes plays cheaper (a segment, Sail, Go Wooding or Build card in hand is one
play; one still to draw costs more); other players' hands are read only by their size.

On its turn the expert (:func:`decide`) tries every first move (an action, or a first
card) and, for each, every second card, scores the position each pair reaches
(:func:`turn_value`: its own progress minus a share of its strongest rivals') and plays
the first move of the best pair. A die roll (Go Wooding, Build ?) is not played out: the
pair is scored for every face of the die and averaged, with the best second card for each
face (the seat sees the roll before its second card). Cards drawn at the end of the turn
are unknown: each counts :data:`DRAW_WORTH`.

The rivals are normal bots, and they aim every attack card by public facts, the leader
on points most (games/hagoth/bot.py): a seat no attack reached won 91 % of 200 games
against three of them. So :func:`position_value` also subtracts the seat's
:func:`exposure`: for each rival and attack card, where the bot's own rule would aim the
card at the seat, the chance the rival plays it before the seat's next turn (from the
cards the seat has not seen) times what the attack would take (:data:`EXPOSURE`).

Everything here reads only what the seat sees and nothing is random: two positions the
seat cannot tell apart get the same move (tests/test_hidden_info.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ..rng import GameRng
from .actions import (
    ActBuild,
    Action,
    ActSail,
    ActWood,
    MoveSegment,
    PlayAttack,
    PlayBuild,
    PlayWood,
    Redesign,
    Swap,
)
from .attacks import attack_base, leader_bonus
from .data import (
    ATTACK_CARDS,
    BLUEPRINT_NEEDS,
    BLUEPRINTS,
    BUILD1,
    BUILD2,
    BUILD_DIE,
    DECK_COUNTS,
    DELAY,
    DESTROY,
    DIE_SIDES,
    HAND_SIZE,
    REMOVE,
    SAIL,
    SEGMENTS,
    SKIP,
    WOOD,
)
from .rules import apply_trusted, can_hit, legal_actions
from .state import (
    PHASE_SECOND,
    PHASE_START,
    Design,
    HagothState,
    Player,
    PlayerStats,
    Ship,
)

#: How fast a project's worth falls with the plays it still needs (per play).
DISCOUNT = 0.05
#: Plays a segment card still to draw costs (one to play it, the rest to find it).
SEGMENT_TO_DRAW = 2.5
#: ... a Keel or a Cabin (four of each in the deck) costs this much more.
RARE_EXTRA = 1.0
#: Plays of one wood placed with a Build card in hand, and without one.
BUILD_IN_HAND = 0.5
BUILD_TO_DRAW = 1.2
#: Plays of one sail with a Sail card in hand, and without one.
SAIL_IN_HAND = 1.0
SAIL_TO_DRAW = 1.6
#: Plays of one Go Wooding (2.5 wood on average) with the card in hand, and without.
WOODING_IN_HAND = 1.0
WOODING_TO_DRAW = 1.6
#: Wood one Go Wooding brings on average (a four-sided die).
WOOD_PER_ROLL = 2.5
#: Worth of a card in hand that is none of the above (attack cards), and of a card still
#: to be drawn at the end of the turn (unknown).
ATTACK_WORTH = 0.0
DRAW_WORTH = 0.5
#: Worth lost per turn owed to a Skip card.
SKIP_COST = 0.6
#: How much of the rivals' progress counts against the seat's: ``RIVAL_WEIGHT`` of a mix
#: of the strongest rival's (``LEADER_SHARE``) and the rivals' mean.
RIVAL_WEIGHT = 0.5
LEADER_SHARE = 0.5
#: How much better (in victory points' worth) another move must score than the normal
#: bot's before the expert plays it: the normal bot's judgement stands where the value
#: function sees little difference.
MARGIN = 0.3
#: How much the attacks the rivals would aim at the seat count against it: ``EXPOSURE``
#: times, for each rival and attack card, the chance the rival plays that card before
#: the seat's next turn (:data:`RIVAL_PLAYS` cards drawn from what the seat cannot see)
#: times the worth the attack would take, where the rival's own rule picks the seat.
EXPOSURE = 8.0
RIVAL_PLAYS = 2.0
#: The score of a won game.
WIN = 1000.0
_RARE = frozenset({"keel", "cabin"})


class _FixedDie(GameRng):
    """A stream whose every die roll shows ``face``: a roll is averaged over its faces,
    never read from the game's hidden stream."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def roll(self, sides: int) -> int:
        return self.face


def _clone_player(p: Player) -> Player:
    berths: list[Design | Ship | None] = []
    for held in p.berths:
        if isinstance(held, Design):
            berths.append(Design(held.blueprint, list(held.segments), held.wood, held.started))
        elif isinstance(held, Ship):
            berths.append(Ship(held.lane, held.position))
        else:
            berths.append(None)
    s = p.stats
    stats = PlayerStats(s.turns, s.wood, list(s.launched), list(s.arrived),
                        list(s.attacks_played), list(s.attacks_suffered), s.longest_wait,
                        s.longest_wait_blueprint)
    return Player(list(p.hand), p.wood, p.vp, berths, p.skips, p.launches, p.arrivals,
                  p.launch_vp, p.arrival_vp, stats)


def clone(state: HagothState, touched: Sequence[int], face: int = 1) -> HagothState:
    """A copy to try moves on: no draw pile (the draw is unknown), dice showing ``face``;
    only the ``touched`` players are copied (the others are shared: the move must not
    change them)."""
    players = [_clone_player(p) if i in touched else p for i, p in enumerate(state.players)]
    return HagothState(players, [], [], state.stock,
                       state.current, state.phase, state.turn, _FixedDie(face), state.speed,
                       state.target, state.winner, list(state.die_counts), [],
                       state.first, state.round)


def _design_worth(design: Design | None, blueprint: int, segs: Counter[str],
                  budget: dict[str, float]) -> float:
    """The worth of a design (``None``: one not started) of ``blueprint``, using up what
    ``budget`` holds (cards in hand, wood) as it goes."""
    bp = BLUEPRINTS[blueprint]
    have = Counter(design.segments) if design is not None else Counter[str]()
    plays = 0.0
    for seg, count in BLUEPRINT_NEEDS[blueprint].items():
        missing = count - have[seg]
        if missing <= 0:
            continue
        from_hand = min(missing, segs[seg])
        segs[seg] -= from_hand
        plays += from_hand + (missing - from_hand) * (
            SEGMENT_TO_DRAW + (RARE_EXTRA if seg in _RARE else 0.0))
    placements = bp.size - (design.wood if design is not None else 0)
    wood = min(placements, int(budget["wood"]))
    budget["wood"] -= wood
    short = placements - wood
    while short > 0:
        if budget["wooding"] > 0:
            budget["wooding"] -= 1
            plays += WOODING_IN_HAND
        else:
            plays += WOODING_TO_DRAW
        short -= WOOD_PER_ROLL
    built = min(placements, budget["build"])
    budget["build"] -= built
    plays += built * BUILD_IN_HAND + (placements - built) * BUILD_TO_DRAW
    launch = bp.launch_vp * math.exp(-DISCOUNT * plays)
    sails = _sail_plays(bp.lane_length, budget)
    return launch + bp.arrival_vp * math.exp(-DISCOUNT * (plays + sails))


def _sail_plays(remaining: int, budget: dict[str, float]) -> float:
    in_hand = min(remaining, int(budget["sail"]))
    budget["sail"] -= in_hand
    return in_hand * SAIL_IN_HAND + (remaining - in_hand) * SAIL_TO_DRAW


@lru_cache(maxsize=65536)
def _fresh_blueprint(segs: tuple[int, ...], wood: float, wooding: float, sail: float,
                     build: float) -> int:
    """The blueprint an empty berth would best start with what is left."""
    return max(BLUEPRINTS, key=lambda bp: _design_worth(
        None, bp.index, Counter(dict(zip(SEGMENTS, segs, strict=True))),
        {"wood": wood, "wooding": wooding, "sail": sail, "build": build})).index


def progress(player: Player, hand: Sequence[str] | None, unknown: int = 0) -> float:
    """``player``'s points and the worth of its projects (module docstring). ``hand``:
    the cards it is known to hold (``None``: unknown, read by size only); ``unknown``:
    cards it holds or will draw that are not known."""
    cards = Counter(hand or ())
    if hand is None:
        unknown = len(player.hand)
    segs = Counter({s: cards[s] for s in SEGMENTS})
    budget: dict[str, float] = {
        "wood": float(player.wood), "wooding": float(cards[WOOD]), "sail": float(cards[SAIL]),
        "build": float(cards[BUILD1] + 2 * cards[BUILD2] + 2 * cards[BUILD_DIE]),
    }
    worth = float(player.vp)
    # ships first (their sails are the surest), then designs, most advanced first
    for held in player.berths:
        if isinstance(held, Ship):
            bp = BLUEPRINTS[held.lane]
            sails = _sail_plays(bp.lane_length - held.position, budget)
            worth += bp.arrival_vp * math.exp(-DISCOUNT * sails)
    designs = sorted((h for h in player.berths if isinstance(h, Design)),
                     key=lambda d: (-(d.wood + len(d.segments)), d.blueprint))
    for design in designs:
        worth += _design_worth(design, design.blueprint, segs, budget)
    empty = sum(1 for h in player.berths if h is None)
    for _ in range(empty):  # each takes what it uses: a card or wood counts once
        blueprint = _fresh_blueprint(tuple(segs[s] for s in SEGMENTS), budget["wood"],
                                     budget["wooding"], budget["sail"], budget["build"])
        worth += _design_worth(None, blueprint, segs, budget)
    worth += ATTACK_WORTH * sum(cards[c] for c in ATTACK_CARDS)
    worth += DRAW_WORTH * unknown
    return worth - SKIP_COST * player.skips


def attack_odds(state: HagothState, seat: int) -> dict[str, float]:
    """For each attack card, the chance a rival plays one before the seat's next turn:
    :data:`RIVAL_PLAYS` cards from those the seat cannot see (the deck less the discard
    pile, the designs on the table and its own hand)."""
    seen = Counter(state.discard) + Counter(state.players[seat].hand)
    for player in state.players:
        for held in player.berths:
            if isinstance(held, Design):
                seen.update(held.segments)
    unseen = max(1, sum(DECK_COUNTS.values()) - sum(seen.values()))
    return {card: RIVAL_PLAYS * max(0, DECK_COUNTS[card] - seen[card]) / unseen
            for card in ATTACK_CARDS}


def _aimed(state: HagothState) -> list[dict[str, tuple[float, int | None]]]:
    """For each player, for each attack card, the best :func:`attacks.attack_base` of
    its berths and the first berth that has it (the order of the bot's legal moves)."""
    out: list[dict[str, tuple[float, int | None]]] = []
    for victim in state.players:
        best: dict[str, tuple[float, int | None]] = {SKIP: (3.0, None)}
        for card in (DELAY, DESTROY, REMOVE):
            for berth, held in enumerate(victim.berths):
                if not can_hit(held, card):
                    continue
                base = attack_base(victim, card, berth)
                if base is not None and (card not in best or base > best[card][0]):
                    best[card] = (base, berth)
        out.append(best)
    return out


def _hit(player: Player, card: str, berth: int) -> Player:
    """A copy of ``player`` after ``card`` hits ``berth`` (Remove: its first segment, as
    the bot picks it)."""
    hit = _clone_player(player)
    held = hit.berths[berth]
    if isinstance(held, Ship):
        held.position -= 1
    elif isinstance(held, Design):
        if card == DESTROY:
            held.wood -= 1
        else:
            del held.segments[0]
            if not held.segments:
                hit.berths[berth] = None
    return hit


def exposure(state: HagothState, seat: int, hand: Sequence[str], unknown: int,
             worth: float, odds: dict[str, float]) -> float:
    """The worth the seat expects to lose to attacks before its next turn: for each rival
    and attack card, where the normal bot's own rule would aim it at the seat
    (:mod:`games.hagoth.attacks`: the board and the scores, all public), the chance of
    the card (``odds``, :func:`attack_odds`) times what the attack takes from the seat's
    progress (``worth``, its progress now)."""
    aimed = _aimed(state)
    vps = [p.vp for p in state.players]
    seats = range(len(vps))
    lost: dict[str, float] = {}
    total = 0.0
    for attacker in seats:
        if attacker == seat:
            continue
        bonus = [leader_bonus(vps, attacker, victim) for victim in seats]
        for card in ATTACK_CARDS:
            if odds[card] <= 0.0:
                continue
            target, best_score = -1, -math.inf
            for victim, bases in enumerate(aimed):
                if victim == attacker or card not in bases:
                    continue
                score = bases[card][0] + bonus[victim]
                if score > best_score:
                    target, best_score = victim, score
            if target != seat:
                continue
            if card not in lost:
                berth = aimed[seat][card][1]
                lost[card] = SKIP_COST if berth is None else \
                    worth - progress(_hit(state.players[seat], card, berth), hand, unknown)
            total += odds[card] * lost[card]
    return total


def position_value(state: HagothState, seat: int, hand: Sequence[str], unknown: int,
                   rivals: dict[int, float] | None = None,
                   odds: dict[str, float] | None = None) -> float:
    """The seat's progress (its hand known) less a share of its rivals' and, given the
    attack cards' ``odds``, less :data:`EXPOSURE` times the attacks it draws. ``rivals``:
    the rivals' progress where already known (a rival no move of the turn touched)."""
    me = state.players[seat]
    if me.vp >= state.target:
        return WIN
    known = rivals or {}
    values = [known[i] if i in known else progress(p, None)
              for i, p in enumerate(state.players) if i != seat]
    rival = LEADER_SHARE * max(values) + (1 - LEADER_SHARE) * sum(values) / len(values)
    worth = progress(me, hand, unknown)
    value = worth - RIVAL_WEIGHT * rival
    if odds is not None and EXPOSURE:
        value -= EXPOSURE * exposure(state, seat, hand, unknown, worth, odds)
    return value


def _searched(action: Action) -> bool:
    return not isinstance(action, (MoveSegment, Redesign, Swap))


def _rolls(action: Action) -> bool:
    return isinstance(action, (PlayWood, ActWood)) or (
        isinstance(action, PlayBuild) and action.card == BUILD_DIE)


def _second_best(state: HagothState, seat: int, rivals: dict[int, float],
                 odds: dict[str, float]) -> float:
    """The best value of the turn's second card from ``state`` (phase ``second``)."""
    best = -math.inf
    for action in legal_actions(state, seat):
        if _searched(action):
            best = max(best, _after(state, seat, action, True, rivals, odds))
    return best


def _after(state: HagothState, seat: int, action: Action, last: bool,
           rivals: dict[int, float], odds: dict[str, float]) -> float:
    """The value of playing ``action`` now (``last``: the turn's last move), a die roll
    averaged over its faces."""
    faces = range(1, DIE_SIDES + 1) if _rolls(action) else (1,)
    total = 0.0
    for face in faces:
        touched: Sequence[int] = (seat, action.target) if isinstance(action, PlayAttack) \
            else (seat,)
        if len(state.players[seat].hand) <= 2:
            # a hand played out ends the turn, and the end of a turn changes the seats it
            # passes over (their Skips): copy everyone
            touched = range(len(state.players))
        trial = clone(state, touched, face)
        trial.phase = PHASE_START if last else state.phase  # no end of turn, no draw
        acting = isinstance(action, (ActWood, ActBuild, ActSail))
        trial.speed = False
        if acting:
            trial.speed = True  # the turn stops before its end (the swap step)
        apply_trusted(trial, seat, action)
        untouched = rivals
        if isinstance(action, PlayAttack):
            untouched = {i: v for i, v in rivals.items() if i != action.target}
        if trial.winner == seat:
            total += WIN
            continue
        hand = trial.players[seat].hand
        if acting or last or trial.phase != PHASE_SECOND:
            total += position_value(trial, seat, hand, HAND_SIZE - len(hand), untouched,
                                    odds)
        else:
            total += _second_best(trial, seat, untouched, odds)
    return total / len(faces)


def decide(state: HagothState, seat: int, normal: Action) -> Action:
    """The expert's move (the module docstring); ``normal``: the normal bot's move, played
    where the expert does not search (the Speed variant's swap, a free rearrangement)
    and kept unless another scores better."""
    if state.phase not in (PHASE_START, PHASE_SECOND) or not _searched(normal):
        return normal
    last = state.phase == PHASE_SECOND
    rivals = {i: progress(p, None) for i, p in enumerate(state.players) if i != seat}
    odds = attack_odds(state, seat)
    best, best_value = normal, _after(state, seat, normal, last, rivals, odds)
    for action in legal_actions(state, seat):
        if action == normal or not _searched(action):
            continue
        value = _after(state, seat, action, last, rivals, odds)
        if value > best_value + (MARGIN if best == normal else 1e-9):
            best, best_value = action, value
    return best
