"""The rules of Lovci pokladů: setup, who acts, legality and effects.

:func:`check` is the single source of truth for legality; :func:`legal_actions` is a
fast generator kept equal to :func:`candidates` filtered through :func:`check` by a
test; :func:`apply` calls :func:`check` before changing anything, so a refused move
never half-applies. Decisions the rulebook leaves open: ``RULES-NOTES.md``.
"""

from __future__ import annotations

from math import gcd

from i18n import Term

from ..protocol import Event, IllegalAction
from ..protocol import term as _term
from ..rng import GameRng
from .actions import (
    Action,
    Go,
    Later,
    Mermaid,
    Neptune,
    Pass,
    SailorMove,
    ShipMove,
    Side,
    Start,
    Walk,
)
from .data import (
    CARD_TYPES,
    CENTRE,
    CENTRE_TYPE,
    COLOURS,
    DIRS,
    DOLPHIN,
    HURRICANE,
    ISLAND,
    KNIGHT_TARGETS,
    MERMAID,
    MOVERS,
    NAMES,
    NEIGHBOURS,
    NEPTUNE,
    OCTOPUS,
    RING,
    ROSE,
    SAILORS_PER_SHIP,
    SEAT_SIDES,
    SHARK,
    SIDE_SLOTS,
    SIDES,
    SIZE,
    SLOT_SIDE,
    SLOT_SQUARE,
    SQUARE_SLOTS,
    SQUARES,
    STARFISH,
    STEP,
    STINGRAY,
    TOKEN_VALUES,
    TREASURE,
    TURTLE,
    VOLCANO,
    deck_without_centre,
    exit_slots,
    ring_distance,
    rotate,
)
from .state import (
    HELD,
    LOST,
    OFF,
    ON_BOARD,
    ON_SHIP,
    PENDING_GO,
    PENDING_MERMAID,
    PENDING_SIDE,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_START,
    LovciState,
    Pending,
    Player,
    Sailor,
    Ship,
    Spell,
    Stats,
)

KIND = tuple(ct.kind for ct in CARD_TYPES)
SORTED_NEIGHBOURS = tuple(tuple(sorted(n)) for n in NEIGHBOURS)
_P = "lovci-pokladu."


def _card(state: LovciState, sq: int) -> Term:
    return _term(f"{_P}card.{CARD_TYPES[state.cards[sq]].code}")


def _require(condition: bool, key: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(_P + key, **params)


# -- setup ---------------------------------------------------------------------------------
#: The quick game's house rule (RULES-NOTES LP-D61): it ends with the round in which the
#: ships hold this many tokens per player (of the 41).
QUICK_TOKENS_PER_PLAYER = 2


def quick_goal(num_players: int) -> int:
    """Tokens on the ships that end a quick game at the close of that round."""
    return QUICK_TOKENS_PER_PLAYER * num_players


def setup(num_players: int, seed: int, *, turn_limit: int = 0, goal: int = 0) -> LovciState:
    """Deal the 80 cards face down with random rotations around the face-up centre rose;
    draw the first player; every player then places their ship (``start``)."""
    rng = GameRng(seed)
    deck = deck_without_centre()
    rng.shuffle(deck)
    cards: list[int] = []
    rotation: list[int] = []
    for sq in range(SQUARES):
        if sq == CENTRE:
            cards.append(CENTRE_TYPE)
            rotation.append(0)
        else:
            cards.append(deck.pop())
            rotation.append(rng.below(4))
    face_up = [sq == CENTRE for sq in range(SQUARES)]
    ships = [Ship(owner=seat) for seat in range(num_players)]
    sailors = [Sailor(colour=seat, ship=seat) for seat in range(num_players)
               for _ in range(SAILORS_PER_SHIP)]
    spell_squares = {CARD_TYPES[cards[sq]].kind: sq for sq in range(SQUARES)
                     if KIND[cards[sq]] in (NEPTUNE, MERMAID)}
    first = rng.below(num_players)
    return LovciState(
        cards=cards, rotation=rotation, face_up=face_up, tokens={}, lost_tokens=[],
        ships=ships, sailors=sailors, players=[Player() for _ in range(num_players)],
        spells={NEPTUNE: Spell(), MERMAID: Spell()}, spell_squares=spell_squares,
        current=first, phase=PHASE_START, turn=1, rng=rng,
        turn_limit=turn_limit, goal=goal, first=first, stats=Stats.empty(num_players),
    )


def actors(state: LovciState) -> frozenset[int]:
    return frozenset() if state.phase == PHASE_OVER else frozenset((state.current,))


# -- small helpers ---------------------------------------------------------------------------
def owner(state: LovciState, sid: int) -> int:
    return state.ships[state.sailors[sid].ship].owner


def side_of(state: LovciState, seat: int) -> int:
    return SEAT_SIDES[len(state.players)][seat]


def crew(state: LovciState, ship: int) -> int:
    return sum(1 for s in state.sailors if s.ship == ship and s.state == ON_SHIP)


def at_square(state: LovciState, sq: int) -> list[int]:
    return [i for i, s in enumerate(state.sailors)
            if s.square == sq and s.state in (ON_BOARD, HELD)]


def blocked(state: LovciState, sq: int, seat: int) -> bool:
    """Two sailors of one other player stand on ``sq`` (a held one counts)."""
    counts: dict[int, int] = {}
    for s in state.sailors:
        if s.square == sq and s.state in (ON_BOARD, HELD):
            o = state.ships[s.ship].owner
            if o != seat:
                counts[o] = counts.get(o, 0) + 1
                if counts[o] >= 2:
                    return True
    return False


def guarded(state: LovciState, sq: int) -> bool:
    return any(s.square == sq and s.state in (ON_BOARD, HELD) for s in state.sailors)


def total(state: LovciState, seat: int) -> int:
    return sum(sum(ship.treasure) for ship in state.ships if ship.owner == seat)


def _sid(seat: int, colour: int | None, num: int) -> int:
    return (seat if colour is None else colour) * SAILORS_PER_SHIP + num


def _ref(seat: int, sid: int) -> tuple[int, int | None]:
    colour, num = divmod(sid, SAILORS_PER_SHIP)
    return num, None if colour == seat else colour


def _ship_ref(seat: int, ship: int) -> int | None:
    return None if ship == seat else ship


def _ship_at(state: LovciState, ring: int) -> list[int]:
    return [i for i, ship in enumerate(state.ships) if ship.ring == ring]


def spell_held(state: LovciState, sid: int) -> str | None:
    """The spell sailor ``sid`` may still use (standing on its card), if any."""
    for kind, spell in state.spells.items():
        if spell.status == "held" and spell.holder == sid:
            return kind
    return None


def _movable(state: LovciState, seat: int, sid: int) -> bool:
    s = state.sailors[sid]
    return (s.state in (ON_SHIP, ON_BOARD, OFF) and s.delay == 0
            and state.ships[s.ship].owner == seat)


def _land_ok(state: LovciState, sq: int, token: int) -> bool:
    """A token may be carried onto ``sq``: face up and not an island."""
    return not token or (state.face_up[sq] and KIND[state.cards[sq]] != ISLAND)


def _toward_ship(state: LovciState, seat: int, ring: int) -> tuple[int, ...]:
    """The ring steps (-1, +1) that bring a walker on ``ring`` nearer the nearest ship
    of ``seat``: the shorter way round, both when the two ways are equal."""
    rings = [ship.ring for ship in state.ships if ship.owner == seat]
    if not rings:
        return ()
    here = min(ring_distance(ring, r) for r in rings)
    return tuple(step for step in (-1, 1)
                 if min(ring_distance((ring + step) % RING, r) for r in rings) < here)


def _neptune_ready(state: LovciState, sid: int) -> bool:
    spell = state.spells[NEPTUNE]
    return spell.status == "held" and spell.holder == sid and state.turn >= spell.ready


def _mermaid_targets(state: LovciState) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for sq in sorted(state.tokens):
        if state.tokens[sq] and not guarded(state, sq):
            out.extend((sq, v) for v in sorted(set(state.tokens[sq]), reverse=True))
    return out


# -- legality ---------------------------------------------------------------------------------
def check(state: LovciState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
    _require(state.phase != PHASE_OVER, "illegal.game_over")
    if not 0 <= seat < len(state.players):
        raise IllegalAction("platform.illegal.no_seat")
    if seat != state.current:
        raise IllegalAction("platform.illegal.not_your_turn", current_seat=state.current)
    if state.phase == PHASE_START:
        _require(isinstance(action, Start), "illegal.place_ship_first")
        assert isinstance(action, Start)
        slots = [p for p in SIDE_SLOTS[side_of(state, seat)]
                 if SLOT_SQUARE[p] == action.square]
        _require(bool(slots), "illegal.not_your_side",
                 side=_term(f"{_P}side.{SIDES[side_of(state, seat)]}"))
        return
    _require(not isinstance(action, Start), "illegal.already_placed")
    pending = state.pending
    if pending is not None:
        if pending.kind == PENDING_GO:
            _require(isinstance(action, Go), "illegal.choose_go")
            assert isinstance(action, Go)
            _require([action.square, action.token] in pending.options, "illegal.bad_go")
        elif pending.kind == PENDING_SIDE:
            _require(isinstance(action, Side), "illegal.choose_side")
            assert isinstance(action, Side)
            _require(any(SLOT_SIDE[o[0]] == action.side for o in pending.options),
                     "illegal.bad_side")
        else:
            _require(isinstance(action, (Mermaid, Later)), "illegal.choose_mermaid")
            if isinstance(action, Mermaid):
                _require([action.square, action.token] in pending.options,
                         "illegal.bad_mermaid")
        return
    _require(not isinstance(action, (Go, Side, Later)), "illegal.nothing_pending")
    player = state.players[seat]
    if isinstance(action, Pass):
        _require(not legal_actions(state, seat), "illegal.cannot_pass")
        return
    if isinstance(action, ShipMove):
        _require(action.ship != seat, "illegal.own_colour")
        ship = seat if action.ship is None else action.ship
        _require(0 <= ship < len(state.ships) and state.ships[ship].owner == seat
                 and action.step in (1, -1), "illegal.not_your_ship")
        return
    _require(player.ship_only == 0, "illegal.ship_only", turns=player.ship_only)
    if isinstance(action, Neptune):
        holder = state.spells[NEPTUNE].holder
        _require(state.spells[NEPTUNE].status == "held" and holder >= 0
                 and owner(state, holder) == seat, "illegal.no_neptune")
        _require(state.turn >= state.spells[NEPTUNE].ready, "illegal.neptune_not_yet")
        _require(state.sailors[holder].delay == 0, "illegal.delayed")
        if action.ship is None:
            _require(0 <= action.square < SQUARES
                     and action.square != state.sailors[holder].square, "illegal.bad_square")
            _require(not blocked(state, action.square, seat), "illegal.blocked",
                     square=NAMES[action.square])
        else:
            _check_capture(state, seat, action.ship)
        return
    if isinstance(action, Mermaid):
        holder = state.spells[MERMAID].holder
        _require(state.spells[MERMAID].status == "held" and holder >= 0
                 and owner(state, holder) == seat, "illegal.no_mermaid")
        _require(state.sailors[holder].carry == 0, "illegal.hands_full")
        _require((action.square, action.token) in _mermaid_targets(state),
                 "illegal.bad_mermaid")
        return
    # sailor moves
    assert isinstance(action, (SailorMove, Walk))
    _require(0 <= action.num < SAILORS_PER_SHIP
             and (action.colour is None or 0 <= action.colour < len(state.players)),
             "illegal.no_sailor")
    _require(action.colour != seat, "illegal.own_colour")
    sid = _sid(seat, action.colour, action.num)
    _require(sid < len(state.sailors) and owner(state, sid) == seat, "illegal.not_your_sailor")
    s = state.sailors[sid]
    _require(s.state not in (LOST,), "illegal.sailor_lost")
    _require(s.state != HELD, "illegal.sailor_held")
    _require(s.delay == 0, "illegal.delayed")
    if isinstance(action, Walk):
        _require(s.state == OFF, "illegal.not_in_sea")
        _require(action.step in (1, -1), "illegal.bad_square")
        _require(action.step in _toward_ship(state, seat, s.ring), "illegal.walk_away")
        target = (s.ring + action.step) % RING
        _require(all(state.ships[i].owner == seat for i in _ship_at(state, target)),
                 "illegal.ship_blocks")
        return
    _require(s.state != OFF, "illegal.in_sea")
    token = action.token
    if s.state == ON_SHIP:
        _require(token == 0, "illegal.no_token")
        ring = state.ships[s.ship].ring
        _require(action.ship is None and action.square == SLOT_SQUARE[ring]
                 and SLOT_SQUARE[ring] >= 0, "illegal.disembark")
        _require(not blocked(state, action.square, seat), "illegal.blocked",
                 square=NAMES[action.square])
        return
    # on the board
    if token:
        if s.carry:
            _require(token == s.carry, "illegal.no_token")
        else:
            _require(token in state.tokens.get(s.square, ()), "illegal.no_token")
    if action.ship is not None:
        _require(0 <= action.ship < len(state.ships) and action.square == -1,
                 "illegal.bad_ship")
        ship = state.ships[action.ship]
        _require(ship.ring in SQUARE_SLOTS[s.square], "illegal.ship_not_beside")
        if ship.owner != seat:
            _check_capture(state, seat, action.ship)
        return
    _require(0 <= action.square < SQUARES and action.square in NEIGHBOURS[s.square],
             "illegal.not_adjacent")
    _require(not blocked(state, action.square, seat), "illegal.blocked",
             square=NAMES[action.square])
    _require(_land_ok(state, action.square, token), "illegal.carry_onto",
             square=NAMES[action.square])


def _check_capture(state: LovciState, seat: int, ship: int) -> None:
    """Only a crewless opponent's ship may be entered (and is then captured)."""
    _require(0 <= ship < len(state.ships) and state.ships[ship].owner != seat,
             "illegal.bad_ship")
    _require(crew(state, ship) == 0, "illegal.ship_guarded", target_seat=state.ships[ship].owner)


# -- candidates and legal moves ---------------------------------------------------------------
def candidates(state: LovciState, seat: int) -> list[Action]:
    """A superset of the legal moves in the fixed order players see them (tests only)."""
    out: list[Action] = []
    n = len(state.players)
    if state.phase == PHASE_START:
        return [Start(sq) for sq in range(SQUARES)]
    if state.pending is not None:
        out.extend(Go(sq, tok) for sq in range(SQUARES) for tok in (0, 50, 100, 200, 300, 600))
        out.extend(Side(side) for side in range(4))
        out.extend(Mermaid(sq, tok) for sq in range(SQUARES) for tok in (600, 300, 200, 100, 50))
        out.append(Later())
        return out
    for ship in range(n):
        out.extend(ShipMove(step, _ship_ref(seat, ship)) for step in (-1, 1))
    for sid in range(len(state.sailors)):
        num, colour = _ref(seat, sid)
        s = state.sailors[sid]
        toks = {0, s.carry, *state.tokens.get(s.square, ())} if s.square >= 0 else {0}
        for sq in range(SQUARES):
            for tok in sorted(toks, reverse=True):
                out.append(SailorMove(num, colour, sq, None, tok))
        for ship in range(n):
            for tok in sorted(toks, reverse=True):
                out.append(SailorMove(num, colour, -1, ship, tok))
        out.extend(Walk(num, step, colour) for step in (-1, 1))
    out.extend(Neptune(sq) for sq in range(SQUARES))
    out.extend(Neptune(-1, ship) for ship in range(n))
    out.extend(Mermaid(sq, tok) for sq, tok in _mermaid_targets(state))
    out.append(Pass())
    return out


def legal_actions(state: LovciState, seat: int) -> list[Action]:
    """Every legal move of ``seat`` in the fixed order of :func:`candidates`."""
    if state.phase == PHASE_OVER or seat != state.current:
        return []
    if state.phase == PHASE_START:
        return [Start(SLOT_SQUARE[p]) for p in sorted(SIDE_SLOTS[side_of(state, seat)],
                                                       key=lambda p: SLOT_SQUARE[p])]
    pending = state.pending
    if pending is not None:
        if pending.kind == PENDING_GO:
            return [Go(sq, tok) for sq, tok in pending.options]
        if pending.kind == PENDING_SIDE:
            return [Side(SLOT_SIDE[o[0]]) for o in pending.options]
        mermaids: list[Action] = [Mermaid(sq, tok) for sq, tok in pending.options]
        return [*mermaids, Later()]
    out: list[Action] = []
    for ship in range(len(state.ships)):
        if state.ships[ship].owner == seat:
            out.extend(ShipMove(step, _ship_ref(seat, ship)) for step in (-1, 1))
    if state.players[seat].ship_only:
        return out
    ship_rings = [ship.ring for ship in state.ships]
    for sid, s in enumerate(state.sailors):
        if not _movable(state, seat, sid):
            continue
        num, colour = _ref(seat, sid)
        if s.state == ON_SHIP:
            sq = SLOT_SQUARE[ship_rings[s.ship]]
            if sq >= 0 and not blocked(state, sq, seat):
                out.append(SailorMove(num, colour, sq, None, 0))
            continue
        if s.state == OFF:
            for step in _toward_ship(state, seat, s.ring):
                target = (s.ring + step) % RING
                if all(state.ships[i].owner == seat for i in _ship_at(state, target)):
                    out.append(Walk(num, step, colour))
            continue
        if s.carry:
            toks = [s.carry, 0]
        else:
            toks = sorted({0, *state.tokens.get(s.square, ())}, reverse=True)
        for sq in SORTED_NEIGHBOURS[s.square]:
            if blocked(state, sq, seat):
                continue
            out.extend(SailorMove(num, colour, sq, None, tok) for tok in toks
                       if _land_ok(state, sq, tok))
        slots = SQUARE_SLOTS[s.square]
        for ship, ring in enumerate(ship_rings):
            if ring in slots and (state.ships[ship].owner == seat or crew(state, ship) == 0):
                out.extend(SailorMove(num, colour, -1, ship, tok) for tok in toks)
    holder = state.spells[NEPTUNE].holder
    if (holder >= 0 and _neptune_ready(state, holder) and owner(state, holder) == seat
            and state.sailors[holder].delay == 0):
        here = state.sailors[holder].square
        out.extend(Neptune(sq) for sq in range(SQUARES)
                   if sq != here and not blocked(state, sq, seat))
        out.extend(Neptune(-1, ship) for ship in range(len(state.ships))
                   if state.ships[ship].owner != seat and crew(state, ship) == 0)
    holder = state.spells[MERMAID].holder
    if (holder >= 0 and state.spells[MERMAID].status == "held" and owner(state, holder) == seat
            and state.sailors[holder].carry == 0):
        out.extend(Mermaid(sq, tok) for sq, tok in _mermaid_targets(state))
    if not out:
        out.append(Pass())
    return out


def distinct_moves(state: LovciState, seat: int, legal: list[Action]) -> list[Action]:
    """``legal`` without the moves that repeat an earlier one (issue 9 item 19: merge
    equivalent moves): sailors of one colour aboard one ship are alike — nothing is
    carried aboard, no delay or spell goes with them — so going ashore is one move
    whichever of them goes; only the lowest-numbered is kept. Every move stays legal
    (a player may still type another's number); menus and forced moves use this list."""
    out: list[Action] = []
    seen: set[tuple[int, int, int]] = set()
    for action in legal:
        if isinstance(action, SailorMove) and action.ship is None:
            s = state.sailors[_sid(seat, action.colour, action.num)]
            if s.state == ON_SHIP:
                key = (s.ship, s.colour, action.square)
                if key in seen:
                    continue
                seen.add(key)
        out.append(action)
    return out


# -- effects ------------------------------------------------------------------------------------
def apply(state: LovciState, seat: int, action: Action) -> list[Event]:
    """Check, then carry out ``action`` for ``seat``; return what happened."""
    check(state, seat, action)
    return apply_trusted(state, seat, action)


def apply_trusted(state: LovciState, seat: int, action: Action) -> list[Event]:
    """Carry out a move taken from :func:`legal_actions` (not checked again)."""
    events: list[Event] = []
    state.last_squares = []
    if isinstance(action, Start):
        ring = next(p for p in SIDE_SLOTS[side_of(state, seat)]
                    if SLOT_SQUARE[p] == action.square)
        state.ships[seat].ring = ring
        _mark(state, action.square)
        events.append(Event(_P + "event.start", seat, {"square": NAMES[action.square]}))
        nxt = (seat + 1) % len(state.players)
        if state.ships[nxt].ring >= 0:
            state.phase = PHASE_PLAY
        state.current = nxt
        return events
    if isinstance(action, Go):
        pending = state.pending
        assert pending is not None
        state.pending = None
        sid = pending.sailor
        s = state.sailors[sid]
        here = s.square
        for sq in pending.visited:
            _mark(state, sq)
        if action.token and not s.carry:
            _take(state, s, here, action.token)
        events.append(Event(_P + "event.go", seat,
                            {"sailor": _sailor_name(sid), "square": NAMES[action.square]}))
        d = _direction(here, action.square)
        _enter(state, sid, action.square, here, d, pending.visited, events, pending.steps)
    elif isinstance(action, Side):
        pending = state.pending
        assert pending is not None
        state.pending = None
        for sq in pending.visited:
            _mark(state, sq)
        ring = next(o[0] for o in pending.options if SLOT_SIDE[o[0]] == action.side)
        _land_in_sea(state, pending.sailor, ring, events)
    elif isinstance(action, Later):
        state.pending = None
        _mark(state, state.sailors[state.spells[MERMAID].holder].square)
        events.append(Event(_P + "event.later", seat))
    elif isinstance(action, Mermaid):
        state.pending = None
        holder = state.spells[MERMAID].holder
        state.spells[MERMAID].status = "used"
        state.stats.spells_used[MERMAID] = [seat, len(state.stats.rounds) + 1]
        _mark(state, state.sailors[holder].square)
        _mark(state, action.square)
        _take(state, state.sailors[holder], action.square, action.token)
        events.append(Event(_P + "event.mermaid", seat,
                            {"square": NAMES[action.square], "token": action.token}))
    elif isinstance(action, Pass):
        events.append(Event(_P + "event.pass", seat))
    elif isinstance(action, ShipMove):
        _move_ship(state, seat, seat if action.ship is None else action.ship, action.step,
                   events)
    elif isinstance(action, Neptune):
        sid = state.spells[NEPTUNE].holder
        s = state.sailors[sid]
        state.spells[NEPTUNE].status = "used"
        state.stats.spells_used[NEPTUNE] = [seat, len(state.stats.rounds) + 1]
        here = s.square
        _mark(state, here)
        events.append(Event(_P + "event.neptune", seat))
        if action.ship is not None:
            _board(state, sid, action.ship, events)
        else:
            if s.carry and not _land_ok(state, action.square, s.carry):
                _drop(state, s, here)
            _enter(state, sid, action.square, here, None, [here], events)
    elif isinstance(action, Walk):
        sid = _sid(seat, action.colour, action.num)
        s = state.sailors[sid]
        _land_in_sea(state, sid, (s.ring + action.step) % RING, events, walked=True)
    else:
        assert isinstance(action, SailorMove)
        sid = _sid(seat, action.colour, action.num)
        s = state.sailors[sid]
        _narrate_move(state, seat, sid, action, events)
        if s.state == ON_SHIP:
            inward = (0, 6, 4, 2)[SLOT_SIDE[state.ships[s.ship].ring]]
            _enter(state, sid, action.square, -1, DIRS[inward], [], events)
        else:
            here = s.square
            _mark(state, here)
            kind = spell_held(state, sid)
            if kind is not None:
                events.append(Event(_P + "event.spell_lost", seat,
                                    {"spell": _term(f"{_P}card.{kind}")}))
            _leave(state, sid)
            if action.token and not s.carry:
                _take(state, s, here, action.token)
            elif s.carry and not action.token:
                _drop(state, s, here)
            if action.ship is not None:
                _board(state, sid, action.ship, events)
            else:
                _enter(state, sid, action.square, here, _direction(here, action.square),
                       [here], events)
    if state.pending is None and state.phase != PHASE_OVER:
        _end_turn(state, events)
    return events


def _narrate_move(state: LovciState, seat: int, sid: int, action: SailorMove,
                  events: list[Event]) -> None:
    """The account of an ordinary sailor move (what the cards then do follows it)."""
    name = _sailor_name(sid)
    if action.ship is not None:
        events.append(Event(_P + "event.board", seat, {
            "sailor": name, "ship": _term(f"{_P}colour.{COLOURS[action.ship]}")}))
    elif action.token:
        events.append(Event(_P + "event.move_with", seat, {
            "sailor": name, "square": NAMES[action.square], "token": action.token}))
    else:
        events.append(Event(_P + "event.move", seat,
                            {"sailor": name, "square": NAMES[action.square]}))


def _direction(a: int, b: int) -> tuple[int, int]:
    return (b % SIZE - a % SIZE, b // SIZE - a // SIZE)


def _arrival_step(vector: tuple[int, int]) -> tuple[int, int]:
    """The smallest whole-square step along the line a sailor arrived on (LP-D51): a
    dolphin's two-square jump or a Neptune flight along a row, column or diagonal
    arrived one square at a time, so the starfish's "two squares back" is two such
    squares; a seahorse jump (1, 2) or a flight off those lines keeps its own step."""
    dc, dr = vector
    step = gcd(dc, dr) or 1
    return dc // step, dr // step


def _mark(state: LovciState, sq: int) -> None:
    """``sq`` is involved in the action being applied (``last_squares``)."""
    if sq >= 0 and sq not in state.last_squares:
        state.last_squares.append(sq)


def _take(state: LovciState, s: Sailor, sq: int, token: int) -> None:
    pile = state.tokens[sq]
    pile.remove(token)
    if not pile:
        del state.tokens[sq]
    s.carry = token


def _drop(state: LovciState, s: Sailor, sq: int) -> None:
    if s.carry:
        pile = state.tokens.setdefault(sq, [])
        pile.append(s.carry)
        pile.sort(reverse=True)
        s.carry = 0


def _leave(state: LovciState, sid: int) -> None:
    """The sailor leaves its square: an unused spell it holds there is lost."""
    kind = spell_held(state, sid)
    if kind is not None:
        state.spells[kind].status = "lost"
        state.spells[kind].holder = -1


def _to_ship(state: LovciState, sid: int, events: list[Event] | None = None,
             key: str = "") -> None:
    s = state.sailors[sid]
    _leave(state, sid)
    s.state, s.square, s.ring, s.delay = ON_SHIP, -1, -1, 0
    if events is not None and key:
        events.append(Event(_P + key, owner(state, sid), {"sailor": _sailor_name(sid)}))


def _sailor_name(sid: int) -> str:
    colour, num = divmod(sid, SAILORS_PER_SHIP)
    return f"{'rgyb'[colour]}{num + 1}"


def _deliver(state: LovciState, s: Sailor, ship: int, events: list[Event]) -> None:
    if s.carry:
        treasure = state.ships[ship].treasure
        treasure.append(s.carry)
        treasure.sort(reverse=True)
        state.stats.delivered[state.ships[ship].owner][TOKEN_VALUES.index(s.carry)] += 1
        events.append(Event(_P + "event.deliver", state.ships[ship].owner, {"token": s.carry}))
        s.carry = 0


def _board(state: LovciState, sid: int, ship: int, events: list[Event]) -> None:
    """The sailor climbs onto ``ship``: delivers its token; a foreign ship is captured."""
    s = state.sailors[sid]
    seat = owner(state, sid)
    _leave(state, sid)
    target = state.ships[ship]
    _mark(state, SLOT_SQUARE[target.ring])
    if target.owner != seat:
        loser = target.owner
        target.owner = seat
        state.stats.taken[loser] += sum(1 for o in state.sailors
                                        if o.ship == ship and o.state != LOST)
        events.append(Event(_P + "event.capture", seat,
                            {"target_seat": loser, "value": sum(target.treasure)}))
        if not any(sh.owner == loser for sh in state.ships):
            state.players[loser].out = True
            events.append(Event(_P + "event.out", loser))
    s.ship = ship
    _deliver(state, s, ship, events)
    s.state, s.square, s.ring, s.delay = ON_SHIP, -1, -1, 0


def _move_ship(state: LovciState, seat: int, ship: int, step: int, events: list[Event]) -> None:
    target = state.ships[ship]
    _mark(state, SLOT_SQUARE[target.ring])
    target.ring = (target.ring + step) % RING
    _mark(state, SLOT_SQUARE[target.ring])
    side = _term(f"{_P}direction.{'right' if step > 0 else 'left'}")
    if ship == seat:
        events.append(Event(_P + "event.ship", seat, {"side": side}))
    else:
        events.append(Event(_P + "event.ship_other", seat,
                            {"side": side, "ship": _term(f"{_P}colour.{COLOURS[ship]}")}))
    for sid, s in enumerate(state.sailors):
        if s.state == OFF and s.ring == target.ring:
            if owner(state, sid) != seat:
                state.stats.taken[owner(state, sid)] += 1
                events.append(Event(_P + "event.prisoner", seat,
                                    {"target_seat": owner(state, sid)}))
            s.ship = ship
            _to_ship(state, sid)


def _land_in_sea(state: LovciState, sid: int, ring: int, events: list[Event],
                 walked: bool = False) -> None:
    s = state.sailors[sid]
    seat = owner(state, sid)
    if walked:
        _mark(state, SLOT_SQUARE[s.ring])
    _mark(state, SLOT_SQUARE[ring])
    ships = _ship_at(state, ring)
    mine = [i for i in ships if state.ships[i].owner == seat]
    if mine:
        s.ship = mine[0]
        _to_ship(state, sid)
        events.append(Event(_P + "event.back_aboard", seat))
        return
    if ships:
        state.stats.taken[seat] += 1
        s.ship = ships[0]
        events.append(Event(_P + "event.prisoner", state.ships[ships[0]].owner,
                            {"target_seat": seat}))
        _to_ship(state, sid)
        return
    s.state, s.square, s.ring = OFF, -1, ring
    if walked:
        events.append(Event(_P + "event.walk", seat))


def _enter(state: LovciState, sid: int, dest: int, frm: int, d: tuple[int, int] | None,
           visited: list[int], events: list[Event], steps: list[int] | None = None) -> None:
    """Sailor ``sid`` enters square ``dest`` from board square ``frm`` (-1: from a ship),
    arriving in direction ``d``; turn the card and carry out its effect (chains too).
    ``steps`` are the steps already made in this move (the loop guard, RULES-NOTES)."""
    s = state.sailors[sid]
    seat = owner(state, sid)
    _mark(state, dest)
    visited = [*visited, dest]
    steps = [*(steps or ()), frm * SQUARES + dest] if frm >= 0 else list(steps or ())
    discovered = False
    kind = KIND[state.cards[dest]]
    if not state.face_up[dest]:
        if s.carry:
            _drop(state, s, frm)
        state.face_up[dest] = True
        discovered = True
        state.stats.turned[seat] += 1
        events.append(Event(_P + "event.turned", seat,
                            {"square": NAMES[dest], "card": _card(state, dest)}))
        if kind == TREASURE:
            pile = state.tokens.setdefault(dest, [])
            pile.extend(CARD_TYPES[state.cards[dest]].tokens)
            pile.sort(reverse=True)
            for v in CARD_TYPES[state.cards[dest]].tokens:
                state.stats.found[seat][TOKEN_VALUES.index(v)] += 1
    elif kind == ISLAND and s.carry:
        _drop(state, s, frm)
    # whoever stands there already
    occupants = at_square(state, dest)
    had_sailor = bool(occupants)
    for other in occupants:
        o = state.sailors[other]
        if owner(state, other) == seat:
            if o.state == HELD:
                o.state = ON_BOARD
                if o.carry and not s.carry:
                    # "the treasure belongs to the liberator", an own one too
                    s.carry, o.carry = o.carry, 0
                events.append(Event(_P + "event.freed", seat, {"square": NAMES[dest]}))
            continue
        # a foreign sailor: thrown onto its own ship, its token stays here
        if o.state == HELD and o.carry and not s.carry:
            s.carry, o.carry = o.carry, 0  # the octopus's catch belongs to the liberator
        _drop(state, o, dest)
        kind_held = spell_held(state, other)
        if kind_held is not None:
            state.spells[kind_held].holder = sid
            state.spells[kind_held].ready = state.turn + 1
            events.append(Event(_P + "event.spell_passes", seat,
                                {"spell": _term(f"{_P}card.{kind_held}")}))
        was_held = o.state == HELD
        if not was_held:
            state.stats.knocks_given[seat] += 1
            state.stats.knocks_taken[owner(state, other)] += 1
        o.state, o.square, o.ring, o.delay = ON_SHIP, -1, -1, 0
        events.append(Event(_P + ("event.liberated" if was_held else "event.knocked"), seat,
                            {"target_seat": owner(state, other)}))
    s.state, s.square, s.ring = ON_BOARD, dest, -1
    if discovered and kind in (NEPTUNE, MERMAID):
        spell = state.spells[kind]
        spell.holder, spell.status = sid, "held"
        spell.ready = state.turn + 1 if kind == NEPTUNE else state.turn
    card = CARD_TYPES[state.cards[dest]]
    rot = state.rotation[dest]
    if kind == TURTLE:
        s.delay = 2
        events.append(Event(_P + "event.turtle", seat))
    elif kind == VOLCANO:
        n = card.level
        others = [i for i, o in enumerate(state.sailors)
                  if i != sid and o.state != LOST and owner(state, i) == seat]
        s.delay = n + 1
        if others:
            state.players[seat].ship_only = n + 1
            events.append(Event(_P + "event.volcano", seat, {"turns": n}))
        else:
            state.players[seat].skips += n
            events.append(Event(_P + "event.volcano_last", seat, {"turns": n}))
    elif kind == OCTOPUS:
        if not had_sailor:
            s.state = HELD
            events.append(Event(_P + "event.octopus", seat))
    elif kind == SHARK:
        state.stats.sharks[seat] += 1
        state.stats.eaten[seat] += s.carry
        if s.carry:
            state.lost_tokens.append(s.carry)
            state.lost_tokens.sort(reverse=True)
            s.carry = 0
        s.state, s.square = LOST, -1
        events.append(Event(_P + "event.shark", seat))
        if crewless_for_good(state, seat):
            events.append(Event(_P + "event.no_crew", seat))
    elif kind == HURRICANE:
        if s.carry:
            _drop(state, s, frm)
        _to_ship(state, sid)
        events.append(Event(_P + "event.hurricane", seat))
    elif kind == STINGRAY:
        if s.carry:
            _drop(state, s, frm)
        slots = exit_slots(dest, rotate(card.tail, rot))
        events.append(Event(_P + "event.stingray", seat))
        if len(slots) == 1:
            _land_in_sea(state, sid, slots[0], events)
        else:
            s.state, s.square = OFF, -1
            s.ring = slots[0]
            state.pending = Pending(PENDING_SIDE, sid, [[p] for p in slots], visited, steps)
    elif kind == STARFISH:
        if s.carry and frm >= 0:
            _drop(state, s, frm)
        assert d is not None or frm >= 0
        dc, dr = _arrival_step(d if d is not None else _direction(frm, dest))
        col, row = dest % SIZE - 2 * dc, dest // SIZE - 2 * dr
        target = row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else -1
        events.append(Event(_P + "event.starfish", seat))
        if target < 0 or dest * SQUARES + target in steps or blocked(state, target, seat):
            _to_ship(state, sid, events, "event.back_aboard")
        else:
            _carried_on(events, seat, sid, dest, target)
            _enter(state, sid, target, dest, (-dc, -dr), visited, events, steps)
    elif kind in MOVERS:
        options = mover_targets(state, seat, dest, kind, rot, card.arrows, steps)
        if not options:
            events.append(Event(_P + "event.stuck", seat, {"square": NAMES[dest]}))
        else:
            toks = [0]
            if not s.carry and dest in state.tokens:
                toks += sorted(set(state.tokens[dest]), reverse=True)
            choice = sorted([sq, tok] for sq in options for tok in toks
                            if _land_ok(state, sq, tok))
            if len(choice) == 1:
                sq = choice[0][0]
                _carried_on(events, seat, sid, dest, sq)
                _enter(state, sid, sq, dest, _direction(dest, sq), visited, events, steps)
            else:
                state.pending = Pending(PENDING_GO, sid, choice, visited, steps)
    elif discovered and kind == MERMAID and not s.carry and _mermaid_targets(state):
        state.pending = Pending(PENDING_MERMAID, sid,
                                [[sq, tok] for sq, tok in _mermaid_targets(state)], visited,
                                steps)
    _check_end(state, events)


def _carried_on(events: list[Event], seat: int, sid: int, frm: int, to: int) -> None:
    """Tell a step of a chain nobody chose (a single target, or the starfish's way back),
    so the account names every square the sailor passed (issue 24 item 13)."""
    events.append(Event(_P + "event.carried_on", seat, {
        "sailor": _sailor_name(sid), "from": NAMES[frm], "square": NAMES[to]}))


def mover_targets(state: LovciState, seat: int, sq: int, kind: str, rot: int,
                   arrows: tuple[int, ...], steps: list[int]) -> list[int]:
    """Where a rose, dolphin or seahorse on ``sq`` may send the sailor on: every target
    on the board, back where it came from included, except squares blocked by two
    enemy sailors and steps already made in this move (a true cycle, RULES-NOTES)."""
    out: list[int] = []
    if kind == ROSE:
        raw = [STEP[sq][d] for d in sorted(rotate(a, rot) for a in arrows)]
    elif kind == DOLPHIN:
        raw = []
        for d in range(8):
            one = STEP[sq][d]
            if one >= 0:
                raw.append(one)
                if STEP[one][d] >= 0:
                    raw.append(STEP[one][d])
    else:
        raw = [t for t, _ in KNIGHT_TARGETS[sq]]
    for t in raw:
        if (t >= 0 and sq * SQUARES + t not in steps and not blocked(state, t, seat)
                and t not in out):
            out.append(t)
    return out


# -- turns and the end ------------------------------------------------------------------------
def all_recovered(state: LovciState) -> bool:
    """Every treasure card is discovered and no token lies on the board or is carried."""
    if state.tokens or any(s.carry for s in state.sailors):
        return False
    return all(state.face_up[sq] for sq in range(SQUARES) if KIND[state.cards[sq]] == TREASURE)


#: Sailors that can still move (now or once a delay is over); a held one needs another
#: sailor to come and free it.
FREE = (ON_SHIP, ON_BOARD, OFF)


def crewless_for_good(state: LovciState, seat: int) -> bool:
    """``seat`` controls no sailor any more (all lost to sharks or taken prisoner): it can
    never carry treasure again, so it sits out its turns (RULES-NOTES)."""
    return not any(s.state != LOST and state.ships[s.ship].owner == seat
                   for s in state.sailors)


def _close_round(state: LovciState) -> None:
    """A round is over (or the game): note every seat's treasure for the summary."""
    state.stats.rounds.append([total(state, i) for i in range(len(state.players))])


def delivered_tokens(state: LovciState) -> int:
    """Tokens on the ships of the players still in the game (the quick game's count)."""
    return sum(len(ship.treasure) for ship in state.ships
               if not state.players[ship.owner].out)


def round_complete(state: LovciState, seat: int, nxt: int) -> bool:
    """Play passing from ``seat`` to ``nxt`` reaches (or skips past) the first player:
    everyone still playing has had the same number of turns."""
    n = len(state.players)
    first = state.first if state.first >= 0 else 0
    return (first - seat - 1) % n + 1 <= (nxt - seat - 1) % n + 1


def _check_end(state: LovciState, events: list[Event]) -> None:
    if state.phase == PHASE_OVER:
        return
    active = [i for i, p in enumerate(state.players) if not p.out]
    reason = ""
    if len(active) <= 1:
        reason = "ships"
    elif all_recovered(state):
        reason = "treasure"
    elif not any(s.state in FREE for s in state.sailors):
        reason = "stranded"  # no sailor can ever move again: no treasure reaches a ship
    if reason:
        state.phase = PHASE_OVER
        state.pending = None
        state.reason = reason
        _close_round(state)
        events.append(Event(_P + f"event.end_{reason}", None))


def _tick(state: LovciState, seat: int) -> None:
    """One turn of ``seat`` has passed (played or skipped): count down its delays."""
    player = state.players[seat]
    if player.ship_only:
        player.ship_only -= 1
    for i, s in enumerate(state.sailors):
        if s.delay and owner(state, i) == seat:
            s.delay -= 1


def _passes_to(state: LovciState, seat: int) -> list[int]:
    """The seats play passes after ``seat``'s turn, in order, the last one the seat that
    plays: passed over are the players out of the game, those with no sailor left
    (LP-D30) and those who skip a turn (LP-D19: one skipped turn each time round)."""
    n = len(state.players)
    owed = [p.skips for p in state.players]
    nxt = seat
    passed: list[int] = []
    for _ in range(8 * n):
        nxt = (nxt + 1) % n
        if state.players[nxt].out or crewless_for_good(state, nxt):
            passed.append(nxt)
            continue
        if owed[nxt]:
            owed[nxt] -= 1
            passed.append(nxt)
            continue
        break
    return [*passed, nxt]


def next_actor(state: LovciState) -> int | None:
    """Who plays after the turn under way (see :meth:`games.protocol.Ruleset.next_actor`).
    Placing the ships goes round the table; then play passes over the players out, crewless
    or skipping (:func:`_passes_to`). Everything that decides it is on the board, and the
    player moving now cannot change it, with one exception: a ship without crew may be
    seized on this turn, putting its owner out, so when the next player's ship has nobody
    aboard, ``None`` (LP-D62)."""
    if state.phase == PHASE_OVER:
        return None
    n = len(state.players)
    if state.phase == PHASE_START:
        return (state.current + 1) % n
    nxt = _passes_to(state, state.current)[-1]
    if nxt == state.current:  # everyone else passed over: a volcano now may skip them too
        return None
    if any(ship.owner == nxt and crew(state, i) == 0 for i, ship in enumerate(state.ships)):
        return None
    return nxt


def _end_turn(state: LovciState, events: list[Event]) -> None:
    _check_end(state, events)
    if state.phase == PHASE_OVER:
        return
    seat = state.current
    _tick(state, seat)
    *passed, nxt = _passes_to(state, seat)
    for other in passed:
        player = state.players[other]
        if player.out or crewless_for_good(state, other):
            continue
        player.skips -= 1
        _tick(state, other)
        events.append(Event(_P + "event.skipped", other))
    if state.goal and round_complete(state, seat, nxt) and \
            delivered_tokens(state) >= state.goal:
        # the quick game's house rule (RULES-NOTES LP-D41): it ends only when a round is
        # complete, so every player has had as many turns as the others
        state.phase = PHASE_OVER
        state.reason = "goal"
        _close_round(state)
        events.append(Event(_P + "event.end_goal", None, {"goal": state.goal}))
        return
    if nxt <= seat:  # play went round the table
        _close_round(state)
    state.current = nxt
    if state.turn_limit and state.turn >= state.turn_limit:
        # the limit's last move was this one: ``turn`` stays its number, so the board says
        # "Move 40" after a 40-move limit, as after any other ending (issue 24 item 13)
        state.phase = PHASE_OVER
        state.reason = "limit"
        _close_round(state)
        events.append(Event(_P + "event.end_limit", None))
        return
    state.turn += 1


def winners(state: LovciState) -> tuple[int, ...]:
    """Highest total of delivered treasure among the players still in the game; ties
    share the win."""
    scores = [total(state, i) for i in range(len(state.players))]
    active = [i for i, p in enumerate(state.players) if not p.out]
    best = max(scores[i] for i in active)
    return tuple(i for i in active if scores[i] == best)
