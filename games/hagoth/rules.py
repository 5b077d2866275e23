"""The rules of Hagoth: setup, who acts, legality and effects.

One function, :func:`check`, is the single source of truth for legality: the
legal-move list is the candidate list filtered through it, and :func:`apply`
calls it before changing anything, so a refused move never half-applies.
Decisions the rulebook leaves open are listed in ``RULES-NOTES.md`` beside this file.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from i18n import Term

from ..protocol import Event, IllegalAction
from ..protocol import term as _term
from ..rng import GameRng
from .actions import (
    ActBuild,
    Action,
    ActSail,
    ActWood,
    Discard,
    MoveSegment,
    PlayAttack,
    PlayBuild,
    PlaySail,
    PlaySegment,
    PlayWood,
    Redesign,
    Swap,
)
from .data import (
    ATTACK_CARDS,
    BERTHS,
    BLUEPRINT_NEEDS,
    BLUEPRINTS,
    BUILD1,
    BUILD2,
    BUILD_CARDS,
    BUILD_DIE,
    CARD_ORDER,
    DELAY,
    DESTROY,
    DIE_SIDES,
    HAND_SIZE,
    REMOVE,
    SAIL,
    SEGMENTS,
    SKIP,
    WOOD,
    WOOD_TOKENS,
    full_deck,
)
from .move_tables import moves_to_empty, new_designs, redesigns
from .state import (
    PHASE_OVER,
    PHASE_SECOND,
    PHASE_START,
    PHASE_SWAP,
    Berth,
    Design,
    HagothState,
    Player,
    Ship,
)

_BERTH_RANGE = range(BERTHS)
SEGMENT_SET = frozenset(SEGMENTS)


def _card(code: str) -> Term:
    return _term(f"hagoth.card.{code}")


def _blueprint(index: int) -> Term:
    return _term(f"hagoth.blueprint.{BLUEPRINTS[index].code}")


# -- setup ---------------------------------------------------------------------
def setup(num_players: int, seed: int, *, speed: bool = False, target: int = 25) -> HagothState:
    """Shuffle, draw the first player at random and deal five cards each."""
    rng = GameRng(seed)
    deck = full_deck()
    rng.shuffle(deck)
    players = [Player() for _ in range(num_players)]
    for player in players:
        player.hand = [deck.pop() for _ in range(HAND_SIZE)]
        player.sort_hand()
    first = rng.below(num_players)
    return HagothState(
        players=players, deck=deck, discard=[], stock=WOOD_TOKENS, current=first,
        phase=PHASE_START, turn=1, rng=rng, speed=speed, target=target, first=first,
    )


def actors(state: HagothState) -> frozenset[int]:
    return frozenset() if state.phase == PHASE_OVER else frozenset((state.current,))


# -- helpers ---------------------------------------------------------------------
def _design(player: Player, berth: int | None) -> Design | None:
    if berth is None or berth not in _BERTH_RANGE:
        return None
    held = player.berths[berth]
    return held if isinstance(held, Design) else None


def _ship(player: Player, berth: int | None) -> Ship | None:
    if berth is None or berth not in _BERTH_RANGE:
        return None
    held = player.berths[berth]
    return held if isinstance(held, Ship) else None


def build_capacity(player: Player) -> int:
    """Segments the player could build now: complete designs' unbuilt segments,
    as far as the player's wood reaches."""
    room = sum(b.unbuilt for b in player.berths if isinstance(b, Design))
    return min(room, player.wood)


def card_of(action: Action) -> str:
    """The card a play or discard uses."""
    if isinstance(action, PlayWood):
        return WOOD
    if isinstance(action, PlaySail):
        return SAIL
    return action.card  # type: ignore[union-attr]  # every other play or discard has a card


def _require(condition: bool, key: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(key, **params)


# -- legality ------------------------------------------------------------------
def check(state: HagothState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
    _require(state.phase != PHASE_OVER, "hagoth.illegal.game_over")
    _require(0 <= seat < len(state.players), "platform.illegal.no_seat")
    _require(seat == state.current, "platform.illegal.not_your_turn", current_seat=state.current)
    player = state.players[seat]
    phase = state.phase

    if isinstance(action, (MoveSegment, Redesign)):
        _require(phase in (PHASE_START, PHASE_SECOND), "hagoth.illegal.rearrange_now")
        _check_rearrange(player, action)
        return
    if isinstance(action, Swap):
        _require(phase == PHASE_SWAP, "hagoth.illegal.swap_now")
        _require(len(action.cards) <= 2, "hagoth.illegal.swap_count")
        _require(_in_hand(player.hand, action.cards), "hagoth.illegal.not_in_hand_many")
        return
    _require(phase != PHASE_SWAP, "hagoth.illegal.must_swap")
    if isinstance(action, (ActWood, ActBuild, ActSail)):
        _require(phase == PHASE_START, "hagoth.illegal.action_after_card")
        if isinstance(action, ActBuild):
            _check_build_target(player, action.berth)
        elif isinstance(action, ActSail):
            _require(_ship(player, action.berth) is not None, "hagoth.illegal.no_ship",
                     berth=action.berth + 1)
        return

    card = card_of(action)
    _require(card in player.hand, "hagoth.illegal.not_in_hand",
             card=_card(card) if card in CARD_ORDER else card)
    if isinstance(action, Discard):
        return
    if isinstance(action, PlaySegment):
        _check_segment(player, action)
    elif isinstance(action, PlayBuild):
        _check_build(player, action)
    elif isinstance(action, PlaySail):
        _require(_ship(player, action.berth) is not None, "hagoth.illegal.no_ship",
                 berth=action.berth + 1)
    elif isinstance(action, PlayAttack):
        _check_attack(state, seat, action)


def _in_hand(hand: list[str], cards: tuple[str, ...]) -> bool:
    remaining = list(hand)
    for card in cards:
        if card not in remaining:
            return False
        remaining.remove(card)
    return True


def _check_segment(player: Player, action: PlaySegment) -> None:
    _require(action.card in SEGMENTS, "hagoth.illegal.not_segment", card=_card(action.card))
    _require(action.berth in _BERTH_RANGE, "hagoth.illegal.bad_berth")
    held = player.berths[action.berth]
    if action.blueprint is None:
        _require(isinstance(held, Design), "hagoth.illegal.no_design", berth=action.berth + 1)
        assert isinstance(held, Design)
        _require(held.has_room_for(action.card), "hagoth.illegal.no_room",
                 card=_card(action.card), blueprint=_blueprint(held.blueprint))
    else:
        _require(held is None, "hagoth.illegal.berth_taken", berth=action.berth + 1)
        first_free = player.berths.index(None)
        _require(action.berth == first_free, "hagoth.illegal.use_first_berth", berth=first_free + 1)
        _require(0 <= action.blueprint < len(BLUEPRINTS), "hagoth.illegal.bad_blueprint")
        _require(BLUEPRINT_NEEDS[action.blueprint][action.card] > 0, "hagoth.illegal.no_room",
                 card=_card(action.card), blueprint=_blueprint(action.blueprint))


def _check_build_target(player: Player, berth: int) -> None:
    _require(player.wood > 0, "hagoth.illegal.no_wood")
    design = _design(player, berth)
    _require(design is not None, "hagoth.illegal.no_design", berth=berth + 1)
    assert design is not None
    _require(design.complete, "hagoth.illegal.incomplete", berth=berth + 1)
    _require(design.unbuilt > 0, "hagoth.illegal.fully_built", berth=berth + 1)


def _check_build(player: Player, action: PlayBuild) -> None:
    _require(action.card in BUILD_CARDS, "hagoth.illegal.not_build")
    _require(build_capacity(player) > 0, "hagoth.illegal.nothing_to_build")
    for berth in set(action.berths):
        _check_build_target(player, berth)
    if action.card == BUILD_DIE:
        _require(len(action.berths) == 1, "hagoth.illegal.build_die_one")
        return
    wanted = min(1 if action.card == BUILD1 else 2, build_capacity(player))
    _require(len(action.berths) == wanted, "hagoth.illegal.build_count", count=wanted)
    for berth in set(action.berths):
        design = _design(player, berth)
        assert design is not None
        _require(action.berths.count(berth) <= design.unbuilt, "hagoth.illegal.build_count",
                 count=wanted)


def can_hit(held: Berth, card: str) -> bool:
    """Whether attack ``card`` (Delay, Destroy or Remove) may hit a berth holding
    ``held``: Delay a ship out of the harbour, Destroy a design with wood on it, Remove
    a segment of a design with none."""
    if card == DELAY:
        return isinstance(held, Ship) and held.position > 0
    if isinstance(held, Design):
        return held.wood > 0 if card == DESTROY else card == REMOVE and held.wood == 0
    return False


def _check_attack(state: HagothState, seat: int, action: PlayAttack) -> None:
    target = action.target
    _require(0 <= target < len(state.players) and target != seat, "hagoth.illegal.bad_target")
    victim = state.players[target]
    if action.card == SKIP:
        _require(action.berth is None and action.segment is None, "hagoth.illegal.bad_target")
        return
    if action.card == DELAY:
        ship = _ship(victim, action.berth)
        _require(ship is not None, "hagoth.illegal.target_no_ship", target_seat=target)
        assert ship is not None
        _require(ship.position > 0, "hagoth.illegal.in_harbour", target_seat=target)
        return
    design = _design(victim, action.berth)
    _require(design is not None, "hagoth.illegal.target_no_design", target_seat=target)
    assert design is not None
    if action.card == REMOVE:
        _require(design.wood == 0, "hagoth.illegal.remove_built", target_seat=target)
        _require(action.segment in design.segments, "hagoth.illegal.remove_missing",
                 target_seat=target)
    elif action.card == DESTROY:
        _require(design.wood > 0, "hagoth.illegal.destroy_unbuilt", target_seat=target)
    else:
        raise IllegalAction("hagoth.illegal.bad_target")


def _check_rearrange(player: Player, action: MoveSegment | Redesign) -> None:
    if isinstance(action, Redesign):
        design = _design(player, action.berth)
        _require(design is not None, "hagoth.illegal.no_design", berth=action.berth + 1)
        assert design is not None
        _require(design.wood == 0, "hagoth.illegal.rearrange_built")
        _require(0 <= action.blueprint < len(BLUEPRINTS), "hagoth.illegal.bad_blueprint")
        _require(action.blueprint != design.blueprint, "hagoth.illegal.same_blueprint")
        _require(design.fits(action.blueprint), "hagoth.illegal.does_not_fit",
                 blueprint=_blueprint(action.blueprint))
        return
    source = _design(player, action.source)
    _require(source is not None, "hagoth.illegal.no_design", berth=action.source + 1)
    assert source is not None
    _require(source.wood == 0, "hagoth.illegal.rearrange_built")
    _require(action.segment in source.segments, "hagoth.illegal.segment_missing",
             card=_card(action.segment))
    _require(action.dest in _BERTH_RANGE and action.dest != action.source,
             "hagoth.illegal.bad_berth")
    held = player.berths[action.dest]
    if action.blueprint is None:
        _require(isinstance(held, Design), "hagoth.illegal.no_design", berth=action.dest + 1)
        assert isinstance(held, Design)
        _require(held.wood == 0, "hagoth.illegal.rearrange_built")
        _require(held.has_room_for(action.segment), "hagoth.illegal.no_room",
                 card=_card(action.segment), blueprint=_blueprint(held.blueprint))
    else:
        _require(held is None, "hagoth.illegal.berth_taken", berth=action.dest + 1)
        _require(0 <= action.blueprint < len(BLUEPRINTS), "hagoth.illegal.bad_blueprint")
        _require(BLUEPRINT_NEEDS[action.blueprint][action.segment] > 0, "hagoth.illegal.no_room",
                 card=_card(action.segment), blueprint=_blueprint(action.blueprint))


# -- candidates and legal moves ------------------------------------------------------
def candidates(state: HagothState, seat: int) -> list[Action]:
    """A superset of the legal moves, in the fixed order players see them.

    Only tests use it: filtered through :func:`check` it must equal
    :func:`legal_actions`, which keeps the fast generator honest.
    """
    player = state.players[seat]
    out: list[Action] = []
    if state.phase == PHASE_SWAP:
        distinct = sorted(set(player.hand), key=CARD_ORDER.__getitem__)
        out.append(Swap(()))
        out.extend(Swap((c,)) for c in distinct)
        out.extend(Swap(pair) for pair in combinations_with_replacement(distinct, 2))
        return out
    if state.phase == PHASE_START:
        out.append(ActWood())
        out.extend(ActBuild(b) for b in _BERTH_RANGE)
        out.extend(ActSail(b) for b in _BERTH_RANGE)
    others = [s for s in range(len(state.players)) if s != seat]
    for card in sorted(set(player.hand), key=CARD_ORDER.__getitem__):
        if card in SEGMENTS:
            for berth in _BERTH_RANGE:
                out.append(PlaySegment(card, berth))
                out.extend(PlaySegment(card, berth, bp.index) for bp in BLUEPRINTS)
        elif card == WOOD:
            out.append(PlayWood())
        elif card in (BUILD1, BUILD_DIE):
            out.extend(PlayBuild(card, (b,)) for b in _BERTH_RANGE)
        elif card == BUILD2:
            out.extend(PlayBuild(card, (b,)) for b in _BERTH_RANGE)
            out.extend(PlayBuild(card, pair)
                       for pair in combinations_with_replacement(_BERTH_RANGE, 2))
        elif card == SAIL:
            out.extend(PlaySail(b) for b in _BERTH_RANGE)
        elif card == SKIP:
            out.extend(PlayAttack(card, s) for s in others)
        elif card in (DELAY, DESTROY):
            out.extend(PlayAttack(card, s, b) for s in others for b in _BERTH_RANGE)
        elif card == REMOVE:
            for s in others:
                for b in _BERTH_RANGE:
                    design = _design(state.players[s], b)
                    if design is not None:
                        out.extend(PlayAttack(card, s, b, seg)
                                   for seg in dict.fromkeys(design.segments))
    out.extend(Discard(card) for card in sorted(set(player.hand), key=CARD_ORDER.__getitem__))
    for source in _BERTH_RANGE:
        design = _design(player, source)
        if design is None:
            continue
        out.extend(Redesign(source, bp.index) for bp in BLUEPRINTS)
        for seg in dict.fromkeys(design.segments):
            for dest in _BERTH_RANGE:
                if dest != source:
                    out.append(MoveSegment(seg, source, dest))
                    out.extend(MoveSegment(seg, source, dest, bp.index) for bp in BLUEPRINTS)
    return out


def legal_actions(state: HagothState, seat: int) -> list[Action]:
    """Every legal move of ``seat`` in the fixed order of :func:`candidates`.

    This is the hot path of playouts, so it generates moves directly instead of
    filtering :func:`candidates` through :func:`check`; a test keeps the two equal.
    """
    if state.phase == PHASE_OVER or seat != state.current:
        return []
    player = state.players[seat]
    hand = player.hand
    distinct = sorted(set(hand), key=CARD_ORDER.__getitem__)
    if state.phase == PHASE_SWAP:
        out: list[Action] = [Swap(())]
        out.extend(Swap((c,)) for c in distinct)
        out.extend(Swap((a, b)) for a, b in combinations_with_replacement(distinct, 2)
                   if a != b or hand.count(a) >= 2)
        return out
    berths = player.berths
    designs = [(b, held) for b, held in enumerate(berths) if isinstance(held, Design)]
    ships = [b for b, held in enumerate(berths) if isinstance(held, Ship)]
    buildable = [b for b, d in designs if d.unbuilt > 0] if player.wood > 0 else []
    first_free = berths.index(None) if None in berths else None
    out = []
    if state.phase == PHASE_START:
        out.append(ActWood())
        out.extend(ActBuild(b) for b in buildable)
        out.extend(ActSail(b) for b in ships)
    others = [s for s in range(len(state.players)) if s != seat]
    for card in distinct:
        if card in SEGMENT_SET:
            for berth in _BERTH_RANGE:
                held = berths[berth]
                if isinstance(held, Design):
                    if held.has_room_for(card):
                        out.append(PlaySegment(card, berth))
                elif berth == first_free:
                    out.extend(new_designs(card, berth))
        elif card == WOOD:
            out.append(PlayWood())
        elif card in BUILD_CARDS:
            if not buildable:
                continue
            if card == BUILD2 and build_capacity(player) >= 2:
                out.extend(PlayBuild(card, pair)
                           for pair in combinations_with_replacement(buildable, 2)
                           # union-attr: a buildable berth holds a ship (never None)
                           if pair[0] != pair[1] or berths[pair[0]].unbuilt >= 2)  # type: ignore[union-attr]
            else:
                out.extend(PlayBuild(card, (b,)) for b in buildable)
        elif card == SAIL:
            out.extend(PlaySail(b) for b in ships)
        elif card == SKIP:
            out.extend(PlayAttack(card, s) for s in others)
        else:
            for s in others:
                for b, held in enumerate(state.players[s].berths):
                    if not can_hit(held, card):
                        continue
                    if card == REMOVE:
                        assert isinstance(held, Design)
                        out.extend(PlayAttack(card, s, b, seg)
                                   for seg in dict.fromkeys(held.segments))
                    else:
                        out.append(PlayAttack(card, s, b))
    out.extend(Discard(card) for card in distinct)
    for source, design in designs:
        if design.wood:
            continue
        out.extend(redesigns(source, design.blueprint, tuple(design.segments)))
        dest = 1 - source
        target = berths[dest]
        for seg in dict.fromkeys(design.segments):
            if isinstance(target, Design):
                if target.wood == 0 and target.has_room_for(seg):
                    out.append(MoveSegment(seg, source, dest))
            elif target is None:
                out.extend(moves_to_empty(seg, source, dest))
    return out


# -- effects -----------------------------------------------------------------------
def apply(state: HagothState, seat: int, action: Action) -> list[Event]:
    """Check, then carry out ``action`` for ``seat``; return what happened."""
    check(state, seat, action)
    return apply_trusted(state, seat, action)


def apply_trusted(state: HagothState, seat: int, action: Action) -> list[Event]:
    """Carry out a move taken from :func:`legal_actions` (not checked again)."""
    events: list[Event] = []
    player = state.players[seat]

    if isinstance(action, (MoveSegment, Redesign)):
        _rearrange(player, seat, action, events)
        return events
    if isinstance(action, Swap):
        for card in action.cards:
            player.hand.remove(card)
            state.discard.append(card)
        if action.cards:
            events.append(Event("hagoth.event.swap", seat, {"count": len(action.cards)}))
        else:
            events.append(Event("hagoth.event.keep", seat))
        _end_turn(state, events)
        return events
    if isinstance(action, (ActWood, ActBuild, ActSail)):
        if isinstance(action, ActWood):
            _go_wooding(state, seat, events, with_card=False)
        elif isinstance(action, ActBuild):
            events.append(Event("hagoth.event.act_build", seat))
            _place_wood(state, seat, [action.berth], events)
        else:
            events.append(Event("hagoth.event.act_sail", seat))
            _sail(state, seat, action.berth, events)
        if state.phase != PHASE_OVER:
            if state.speed and player.hand:
                state.phase = PHASE_SWAP
            else:
                _end_turn(state, events)
        return events

    # A card is played or discarded.
    card = card_of(action)
    player.hand.remove(card)
    if isinstance(action, Discard):
        state.discard.append(card)
        events.append(Event("hagoth.event.discard", seat, {"card": _card(card)}))
    elif isinstance(action, PlaySegment):
        _lay_segment(player, seat, action, events)
    else:
        state.discard.append(card)
        if isinstance(action, PlayWood):
            _go_wooding(state, seat, events, with_card=True)
        elif isinstance(action, PlayBuild):
            _play_build(state, seat, action, events)
        elif isinstance(action, PlaySail):
            events.append(Event("hagoth.event.play_sail", seat))
            _sail(state, seat, action.berth, events)
        elif isinstance(action, PlayAttack):
            _attack(state, seat, action, events)
    if state.phase == PHASE_OVER:
        return events
    if state.phase == PHASE_START and player.hand:
        state.phase = PHASE_SECOND
    else:
        _end_turn(state, events)
    return events


def _lay_segment(player: Player, seat: int, action: PlaySegment, events: list[Event]) -> None:
    if action.blueprint is None:
        design = player.berths[action.berth]
        assert isinstance(design, Design)
        design.add(action.card)
        events.append(Event("hagoth.event.segment", seat, {
            "card": _card(action.card), "berth": action.berth + 1,
            "blueprint": _blueprint(design.blueprint),
        }))
    else:
        player.berths[action.berth] = Design(action.blueprint, [action.card],
                                             started=player.stats.turns)
        events.append(Event("hagoth.event.new_design", seat, {
            "card": _card(action.card), "berth": action.berth + 1,
            "blueprint": _blueprint(action.blueprint),
        }))


def _rearrange(player: Player, seat: int, action: MoveSegment | Redesign,
               events: list[Event]) -> None:
    if isinstance(action, Redesign):
        design = player.berths[action.berth]
        assert isinstance(design, Design)
        design.blueprint = action.blueprint
        events.append(Event("hagoth.event.redesign", seat, {
            "berth": action.berth + 1, "blueprint": _blueprint(action.blueprint)}))
        return
    source = player.berths[action.source]
    assert isinstance(source, Design)
    source.segments.remove(action.segment)
    if not source.segments:
        player.berths[action.source] = None  # an emptied design leaves the table
    if action.blueprint is None:
        dest = player.berths[action.dest]
        assert isinstance(dest, Design)
        dest.add(action.segment)
    else:
        player.berths[action.dest] = Design(action.blueprint, [action.segment],
                                            started=source.started)
    events.append(Event("hagoth.event.move", seat, {
        "card": _card(action.segment), "source": action.source + 1, "dest": action.dest + 1}))


def _go_wooding(state: HagothState, seat: int, events: list[Event], *, with_card: bool) -> None:
    roll = state.rng.roll(DIE_SIDES)
    got = min(roll, state.stock)
    state.stock -= got
    state.players[seat].wood += got
    state.die_counts[roll - 1] += 1
    state.players[seat].stats.wood += got
    key = "hagoth.event.wood_card" if with_card else "hagoth.event.wood_action"
    events.append(Event(key, seat, {"roll": roll, "got": got}))


def _play_build(state: HagothState, seat: int, action: PlayBuild, events: list[Event]) -> None:
    player = state.players[seat]
    if action.card != BUILD_DIE:
        events.append(Event("hagoth.event.play_build", seat, {"card": _card(action.card)}))
        _place_wood(state, seat, list(action.berths), events)
        return
    roll = state.rng.roll(DIE_SIDES)
    state.die_counts[roll - 1] += 1
    first = action.berths[0]
    order = [first] + [b for b in _BERTH_RANGE if b != first]
    targets: list[int] = []
    budget = min(roll, player.wood)
    for berth in order:
        design = _design(player, berth)
        if design is not None and design.complete:
            take = min(design.unbuilt, budget - len(targets))
            targets.extend([berth] * take)
    events.append(Event("hagoth.event.build_die", seat, {"roll": roll, "count": len(targets)}))
    _place_wood(state, seat, targets, events)


def _place_wood(state: HagothState, seat: int, berths: list[int], events: list[Event]) -> None:
    """Put one wood from the player's pile on each listed berth, launching finished ships."""
    player = state.players[seat]
    for berth in berths:
        design = player.berths[berth]
        assert isinstance(design, Design) and design.unbuilt > 0 and player.wood > 0
        player.wood -= 1
        design.wood += 1
        events.append(Event("hagoth.event.built", seat, {
            "blueprint": _blueprint(design.blueprint), "berth": berth + 1,
            "built": design.wood, "size": len(design.segments)}))
        if design.wood == len(design.segments):
            _launch(state, seat, berth, events)
            if state.phase == PHASE_OVER:
                return


def _launch(state: HagothState, seat: int, berth: int, events: list[Event]) -> None:
    """The ship is fully built: lower it into its harbour, score, clear the blueprint."""
    player = state.players[seat]
    design = player.berths[berth]
    assert isinstance(design, Design)
    blueprint = BLUEPRINTS[design.blueprint]
    state.discard.extend(design.segments)
    state.stock += design.wood
    player.berths[berth] = Ship(blueprint.index, 0)
    player.vp += blueprint.launch_vp
    player.launch_vp += blueprint.launch_vp
    player.launches += 1
    stats = player.stats
    stats.launched[blueprint.index] += 1
    wait = stats.turns - design.started + 1  # own turns, this one included
    if wait > stats.longest_wait:
        stats.longest_wait, stats.longest_wait_blueprint = wait, blueprint.index
    events.append(Event("hagoth.event.launch", seat, {
        "blueprint": _blueprint(blueprint.index), "vp": blueprint.launch_vp}))
    _check_win(state, seat, events)


def _sail(state: HagothState, seat: int, berth: int, events: list[Event]) -> None:
    player = state.players[seat]
    ship = player.berths[berth]
    assert isinstance(ship, Ship)
    blueprint = BLUEPRINTS[ship.lane]
    ship.position += 1
    if ship.position < blueprint.lane_length:
        events.append(Event("hagoth.event.sailed", seat, {
            "blueprint": _blueprint(ship.lane), "position": ship.position,
            "length": blueprint.lane_length}))
        return
    player.berths[berth] = None  # the token comes home to its owner
    player.vp += blueprint.arrival_vp
    player.arrival_vp += blueprint.arrival_vp
    player.arrivals += 1
    player.stats.arrived[ship.lane] += 1
    events.append(Event("hagoth.event.arrived", seat, {
        "blueprint": _blueprint(ship.lane), "vp": blueprint.arrival_vp}))
    _check_win(state, seat, events)


def _attack(state: HagothState, seat: int, action: PlayAttack, events: list[Event]) -> None:
    victim = state.players[action.target]
    kind = ATTACK_CARDS.index(action.card)
    state.players[seat].stats.attacks_played[kind] += 1
    victim.stats.attacks_suffered[kind] += 1
    params: dict[str, object] = {"target_seat": action.target}
    if action.card == SKIP:
        victim.skips += 1
        events.append(Event("hagoth.event.skip", seat, params))
        return
    assert action.berth is not None
    held = victim.berths[action.berth]
    if action.card == DELAY:
        assert isinstance(held, Ship)
        held.position -= 1
        params["blueprint"] = _blueprint(held.lane)
        events.append(Event("hagoth.event.delay", seat, params))
        return
    assert isinstance(held, Design)
    params["blueprint"] = _blueprint(held.blueprint)
    if action.card == REMOVE:
        assert action.segment is not None
        held.segments.remove(action.segment)
        state.discard.append(action.segment)
        if not held.segments:
            victim.berths[action.berth] = None
        params["card"] = _card(action.segment)
        events.append(Event("hagoth.event.remove", seat, params))
    else:  # DESTROY
        held.wood -= 1
        state.stock += 1
        events.append(Event("hagoth.event.destroy", seat, params))


def _check_win(state: HagothState, seat: int, events: list[Event]) -> None:
    player = state.players[seat]
    if player.vp >= state.target:
        state.winner = seat
        state.phase = PHASE_OVER
        events.append(Event("hagoth.event.win", seat, {"vp": player.vp}))


def draw(state: HagothState, player: Player, events: list[Event], seat: int) -> None:
    """Draw back up to five; shuffle the discard into a new pile when the deck runs out."""
    while len(player.hand) < HAND_SIZE:
        if not state.deck:
            if not state.discard:
                events.append(Event("hagoth.event.no_cards", seat))
                break
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            events.append(Event("hagoth.event.reshuffle"))
        player.hand.append(state.deck.pop())
    player.sort_hand()


def _pass_seat(state: HagothState, seat: int) -> None:
    """Play reaches ``seat`` (to play or to lose a turn to Skip): when that is the first
    player, a round is over — the VP are noted for the summary and the board counts the
    next round (HG-D28: one round, one pass of the table)."""
    if seat == state.first:
        state.vp_rounds.append([p.vp for p in state.players])
        state.round += 1


def _passes_to(state: HagothState, seat: int) -> list[int]:
    """The seats play reaches after ``seat``'s turn, in order: those who lose the turn to
    a Skip, then the one who plays (HG-D17)."""
    n = len(state.players)
    owed = [p.skips for p in state.players]
    reached = [(seat + 1) % n]
    while owed[reached[-1]] > 0:
        owed[reached[-1]] -= 1
        reached.append((reached[-1] + 1) % n)
    return reached


def next_actor(state: HagothState) -> int | None:
    """Who plays after the turn under way (see :meth:`games.protocol.Ruleset.next_actor`)
    as the table sees it now: the next seat clockwise, passing over those who lose the
    turn to Skips already played. A Skip the current player still plays this turn may
    pass over that seat too; the heads-up then came a turn early (HG-D43)."""
    if state.phase == PHASE_OVER:
        return None
    return _passes_to(state, state.current)[-1]


def _end_turn(state: HagothState, events: list[Event]) -> None:
    """Draw back to five, then pass clockwise, losing any turns owed to Skip cards."""
    seat = state.current
    draw(state, state.players[seat], events, seat)
    state.players[seat].stats.turns += 1
    if state.first < 0 and state.turn % len(state.players) == 0:
        # a game saved before the first seat was recorded: its board counts turns, and
        # its summary keeps counting a round as one turn per player
        state.vp_rounds.append([p.vp for p in state.players])
    *skipped, nxt = _passes_to(state, seat)
    for lost in skipped:
        _pass_seat(state, lost)
        state.players[lost].skips -= 1
        events.append(Event("hagoth.event.skipped", lost))
    _pass_seat(state, nxt)
    state.current = nxt
    state.phase = PHASE_START
    state.turn += 1
