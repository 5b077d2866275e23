"""The mutable state of a Haze Islands game and its JSON form.

Card piles are lists of card ids whose *last* element is the top card ("always placing
the cards on top of the map deck or the discard pile"). Locations are kept in the order
they were created; a location is found by its grid square ``(x, y)`` (x east, y north;
the first location is ``(0, 0)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import StateFormatError
from ..rng import GameRng
from .data import (
    ADVENTURE_CARDS,
    ADVENTURE_SIDES,
    DOOM_CARDS,
    MAP_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    PIRATES_PER_PLAYER,
)

SCHEMA_VERSION = 1

PHASE_PLAY = "play"
#: All map decks are empty: the Round End (Night Falls, The Doom Moves, New Dawn) is due.
PHASE_ROUND_END = "round_end"
PHASE_OVER = "over"
PHASES = (PHASE_PLAY, PHASE_ROUND_END, PHASE_OVER)

PENDING_PLUNDER = "plunder"
PENDING_HAND_LIMIT = "hand_limit"
#: an action was stated that needs Reveal Your Fate: which corner of the top map card
PENDING_FATE = "fate"
#: Steal found cards matching the location's icon in the map deck: which one to take
PENDING_STEAL = "steal"
#: Complete succeeded: how to Spend the icons the adventure requires
PENDING_PAY = "pay"
#: a Ghost Ship has discarded its whole deck: which location to rotate
PENDING_ROTATE = "rotate"
#: a Skull of Fate was revealed and the player holds Ignore the Skull or Keep your spells
PENDING_SKULL = "skull"
PENDINGS = ("", PENDING_PLUNDER, PENDING_HAND_LIMIT, PENDING_FATE, PENDING_STEAL,
            PENDING_PAY, PENDING_ROTATE, PENDING_SKULL)

# Prompts: decisions of seats other than (or besides) the current player's turn, kept as a
# stack (``HazeState.prompts``, the last one answered first). While one is open only its
# seats act. RULES-NOTES.md lists when each opens.
#: "use or pass": the Round End window before Night Falls and The Doom moves
PROMPT_ROUND_END = "round_end"
#: "use or pass": a Fate is about to be revealed against the seat's ship (Attack, Hijack)
PROMPT_FATE = "fate"
#: a Ghost Ship may try to Revive after The Doom sank another ship
PROMPT_REVIVE = "revive"
#: New Dawn with fewer adventure cards than empty locations: which get one, in order
PROMPT_DAWN = "dawn"
#: coop Trade: the partner gives a card back or refuses
PROMPT_TRADE = "trade"
#: a special action asks for more: "reorder" the deck, "hand_map" (hand cards as map
#: cards) or "drop" (down to 3 after drawing from an opponent)
PROMPT_REORDER = "reorder"
PROMPT_HAND_MAP = "hand_map"
PROMPT_DROP = "drop"
PROMPTS = (PROMPT_ROUND_END, PROMPT_FATE, PROMPT_REVIVE, PROMPT_DAWN, PROMPT_TRADE,
           PROMPT_REORDER, PROMPT_HAND_MAP, PROMPT_DROP)

#: Round End stages: where the Round End goes on once its prompts are answered
STAGE_WINDOW = "window"  # the use-or-pass window, Night Falls next
STAGE_REVIVE = "revive"  # The Doom has attacked; Revive attempts, then the game end check
STAGE_DAWN = "dawn"  # New Dawn step 2 by the players' order, then step 3
STAGES = ("", STAGE_WINDOW, STAGE_REVIVE, STAGE_DAWN)
#: the actions that Reveal Your Fate first (so far)
FATE_DEPLOY = "deploy"
FATE_COMPLETE = "complete"
FATE_DOOM = "doom"  # Attack The Doom
FATE_ATTACK = "attack"  # Attack a player's ship (``HazeState.target``)
FATE_HIJACK = "hijack"  # a Castaway takes ``HazeState.target``'s ship
FATE_ACTIONS = (FATE_DEPLOY, FATE_COMPLETE, FATE_DOOM, FATE_ATTACK, FATE_HIJACK)

# what a player is now
SHIP = "ship"
CASTAWAY = "castaway"
GHOST = "ghost"
SUNK = "sunk"  # solo: "If you are Sunk you lose."
STATUSES = (SHIP, CASTAWAY, GHOST, SUNK)


@dataclass(slots=True)
class Location:
    x: int
    y: int
    card: int  # map card id
    rotation: int  # quarter turns clockwise: the card's own edge d faces (d + rotation) % 4
    adventure: int | None  # adventure card id lying under it, None once taken
    side: str  # the adventure's current side (data.ADVENTURE_SIDES); "" without one


@dataclass(slots=True)
class LogEntry:
    """A card in a Captain's Log: an adventure (``kind`` "double"/"single") or a Doom card."""

    kind: str  # "double", "single" or "doom"
    card: int
    used: bool = False  # a double adventure whose special action was used (X side)
    face: int = 0  # Doom card: which face was up


@dataclass(slots=True)
class Player:
    status: str = SHIP
    x: int = 0  # where the ship (or the castaway) is
    y: int = 0
    supply: int = PIRATES_PER_PLAYER
    deployed: list[list[int]] = field(default_factory=list)  # [x, y] per deployed pirate
    boxed: int = 0  # pirates permanently discarded to the box
    hand: list[int] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    #: cards of the own map deck this player has seen and knows the place of (look at and
    #: reorder, hand cards played as map cards); forgotten when the deck is reshuffled
    seen: list[int] = field(default_factory=list)
    #: spells of which one icon counts as 2 in this turn's next payment (special actions)
    boost: list[str] = field(default_factory=list)
    #: "Become invisible to The Doom this turn": until The Doom next moves
    invisible: bool = False
    #: has traded this round (a Trade takes no map card, so once a round: RULES-NOTES)
    traded: bool = False


@dataclass(slots=True)
class Prompt:
    kind: str  # PROMPTS
    seats: list[int]  # who still has to answer, in order
    #: PROMPT_TRADE: [trader, card offered]; PROMPT_REVIVE: unused; PROMPT_DAWN: the
    #: squares still without an adventure, flattened [x, y, x, y, ...]
    data: list[int] = field(default_factory=list)


@dataclass(slots=True)
class HazeState:
    mode: str
    short: bool
    rounds: int  # 6, or 3 in the short game
    round: int
    first: int  # first player of this round
    current: int
    phase: str
    turn: int
    players: list[Player]
    #: one map deck per seat (the first player's, then the decks the discards build)
    decks: list[list[int]]
    discard: list[int]  # the map discard pile
    locations: list[Location]
    adventure_deck: list[int]
    #: skull corners of each map card, a 4-bit mask over data.CORNERS (fixed at setup)
    skulls: list[int]
    #: the Doom card stack, top first: [card, face up]
    doom_cards: list[list[int]]
    doom_x: int
    doom_y: int
    doom_die: int
    #: the setup rolls for the first player, one row per roll (ties roll again; 0: that
    #: seat was out of the tie and did not roll)
    first_rolls: list[list[int]]
    rng: GameRng
    reason: str = ""
    #: a decision the current player must take before the turn ends: "" none,
    #: PENDING_PLUNDER (which drawn card to keep) or PENDING_HAND_LIMIT (what to drop)
    pending: str = ""
    #: the cards drawn by Plunder and not yet kept or discarded
    drawn: list[int] = field(default_factory=list)
    #: PENDING_FATE / PENDING_PAY: the stated action being carried out (FATE_ACTIONS)
    fate_for: str = ""
    #: FATE_ATTACK: the seat whose ship is attacked (-1 otherwise)
    target: int = -1
    prompts: list[Prompt] = field(default_factory=list)
    stage: str = ""
    #: corners revealed so far of each map card (a 4-bit mask like ``skulls``): the map
    #: shows the skulls of laid cards only where they have been revealed
    revealed: list[int] = field(default_factory=lambda: [0] * 30)
    #: "Stop The Doom from moving this turn": The Doom's next move is skipped
    doom_stopped: bool = False
    #: squares whose adventure card is stopped from activating at this Round End
    frozen: list[list[int]] = field(default_factory=list)
    #: what the pending Attack spent (for Keep your spells): card ids, pirate squares
    spent_cards: list[int] = field(default_factory=list)
    spent_pirates: list[list[int]] = field(default_factory=list)


def current_prompt(state: HazeState) -> Prompt | None:
    return state.prompts[-1] if state.prompts else None


def location_at(state: HazeState, x: int, y: int) -> Location | None:
    for location in state.locations:
        if location.x == x and location.y == y:
            return location
    return None


def dump_state(state: HazeState) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "mode": state.mode,
        "short": state.short,
        "rounds": state.rounds,
        "round": state.round,
        "first": state.first,
        "current": state.current,
        "phase": state.phase,
        "turn": state.turn,
        "players": [
            {"status": p.status, "at": [p.x, p.y], "supply": p.supply,
             "deployed": [list(d) for d in p.deployed], "boxed": p.boxed,
             "hand": list(p.hand),
             "log": [[e.kind, e.card, int(e.used), e.face] for e in p.log],
             "seen": list(p.seen), "boost": list(p.boost), "invisible": p.invisible,
             "traded": p.traded}
            for p in state.players
        ],
        "decks": [list(d) for d in state.decks],
        "discard": list(state.discard),
        "locations": [[loc.x, loc.y, loc.card, loc.rotation,
                       -1 if loc.adventure is None else loc.adventure, loc.side]
                      for loc in state.locations],
        "adventure_deck": list(state.adventure_deck),
        "skulls": list(state.skulls),
        "doom_cards": [list(c) for c in state.doom_cards],
        "doom": [state.doom_x, state.doom_y, state.doom_die],
        "first_rolls": [list(r) for r in state.first_rolls],
        "rng": state.rng.to_json(),
        "reason": state.reason,
        "pending": state.pending,
        "drawn": list(state.drawn),
        "fate_for": state.fate_for,
        "target": state.target,
        "prompts": [[p.kind, list(p.seats), list(p.data)] for p in state.prompts],
        "stage": state.stage,
        "revealed": list(state.revealed),
        "doom_stopped": state.doom_stopped,
        "frozen": [list(f) for f in state.frozen],
        "spent": [list(state.spent_cards), [list(q) for q in state.spent_pirates]],
    }


def _ints(values: Any) -> list[int]:
    return [int(v) for v in values]


def load_state(data: Mapping[str, Any]) -> HazeState:
    schema = data.get("schema") if isinstance(data, Mapping) else None
    if schema != SCHEMA_VERSION:
        raise StateFormatError(f"unknown Haze Islands state schema {schema!r}")
    try:
        players = [
            Player(status=str(p["status"]), x=int(p["at"][0]), y=int(p["at"][1]),
                   supply=int(p["supply"]), deployed=[_ints(d) for d in p["deployed"]],
                   boxed=int(p["boxed"]), hand=_ints(p["hand"]),
                   log=[LogEntry(str(k), int(c), bool(u), int(f)) for k, c, u, f in p["log"]],
                   seen=_ints(p["seen"]), boost=[str(b) for b in p["boost"]],
                   invisible=bool(p["invisible"]), traded=bool(p["traded"]))
            for p in data["players"]
        ]
        locations = [Location(int(x), int(y), int(card), int(rot),
                              None if int(adv) < 0 else int(adv), str(side))
                     for x, y, card, rot, adv, side in data["locations"]]
        doom_x, doom_y, doom_die = _ints(data["doom"])
        state = HazeState(
            mode=str(data["mode"]), short=bool(data["short"]), rounds=int(data["rounds"]),
            round=int(data["round"]), first=int(data["first"]), current=int(data["current"]),
            phase=str(data["phase"]), turn=int(data["turn"]), players=players,
            decks=[_ints(d) for d in data["decks"]], discard=_ints(data["discard"]),
            locations=locations, adventure_deck=_ints(data["adventure_deck"]),
            skulls=_ints(data["skulls"]), doom_cards=[_ints(c) for c in data["doom_cards"]],
            doom_x=doom_x, doom_y=doom_y, doom_die=doom_die,
            first_rolls=[_ints(r) for r in data["first_rolls"]], rng=GameRng.from_json(data["rng"]),
            reason=str(data["reason"]), pending=str(data["pending"]),
            drawn=_ints(data["drawn"]), fate_for=str(data["fate_for"]),
            target=int(data["target"]),
            prompts=[Prompt(str(k), _ints(seats), _ints(d)) for k, seats, d in data["prompts"]],
            stage=str(data["stage"]), revealed=_ints(data["revealed"]),
            doom_stopped=bool(data["doom_stopped"]), frozen=[_ints(f) for f in data["frozen"]],
            spent_cards=_ints(data["spent"][0]),
            spent_pirates=[_ints(q) for q in data["spent"][1]],
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise StateFormatError(f"corrupt Haze Islands state: {exc}") from exc
    _check(state)
    return state


def _check(state: HazeState) -> None:
    """Refuse values out of range (the JSON was readable but cannot be a game)."""
    n = len(state.players)
    cards = len(MAP_CARDS)
    problems = [
        not MIN_PLAYERS <= n <= MAX_PLAYERS, state.mode not in MODES,
        state.phase not in PHASES, len(state.decks) != n, not 0 <= state.first < n,
        not 0 <= state.current < n, len(state.skulls) != cards,
        any(not 0 <= mask < 16 for mask in state.skulls),
        any(p.status not in STATUSES for p in state.players),
        any(loc.side not in (*ADVENTURE_SIDES, "") or not 0 <= loc.rotation < 4
            or (loc.adventure is None) != (loc.side == "") for loc in state.locations),
        any(not 0 <= c < len(ADVENTURE_CARDS) for c in state.adventure_deck),
        any(len(c) != 2 or not 0 <= c[0] < len(DOOM_CARDS) or c[1] not in (0, 1)
            for c in state.doom_cards),
        not 1 <= state.doom_die <= 7, state.pending not in PENDINGS,
        bool(state.drawn) != (state.pending == PENDING_PLUNDER),
        (state.fate_for in FATE_ACTIONS)
        != (state.pending in (PENDING_FATE, PENDING_PAY, PENDING_SKULL)),
        (state.target >= 0) != (state.fate_for in (FATE_ATTACK, FATE_HIJACK)),
        state.target >= n, state.stage not in STAGES, len(state.revealed) != cards,
        any(p.kind not in PROMPTS or any(not 0 <= s < n for s in p.seats)
            for p in state.prompts),
    ]
    piles = [*state.decks, state.discard, [loc.card for loc in state.locations],
             *(p.hand for p in state.players), state.drawn]
    every = sorted(card for pile in piles for card in pile)
    if any(problems) or every != list(range(cards)):
        raise StateFormatError("corrupt Haze Islands state: bad sizes or values")
