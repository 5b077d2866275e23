"""The mutable state of a Lovci pokladů game and its JSON form.

Sailors are numbered globally: sailor ``4 * colour + n`` is the ``n``-th (0-based)
figure of colour ``colour`` (the seat that started with it; the colour never changes).
Its ``ship`` is the ship it belongs to now (prisoners change ship), and its controller
is that ship's ``owner`` (ships change owner when captured).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import StateFormatError
from ..rng import GameRng
from .data import CARD_TYPES, MERMAID, NEPTUNE, RING, SAILORS_PER_SHIP, SQUARES, TOKEN_VALUES

SCHEMA_VERSION = 2
#: Schema 1 states load too: they had no statistics (they start empty, RULES-NOTES).
OLDER_SCHEMAS = (1,)

PHASE_START = "start"  # players place their ships in turn
PHASE_PLAY = "play"
PHASE_OVER = "over"

# sailor states
ON_SHIP = "ship"
ON_BOARD = "board"
HELD = "octopus"  # on a board square, held by the octopus
OFF = "off"  # thrown off the board, walking back along the ring
LOST = "lost"  # eaten by a shark
SAILOR_STATES = (ON_SHIP, ON_BOARD, HELD, OFF, LOST)

# pending follow-up choices of the player to move
PENDING_GO = "go"  # a rose, dolphin or seahorse: where to continue
PENDING_SIDE = "side"  # thrown over a corner card: which side of the board
PENDING_MERMAID = "mermaid"  # the mermaid was just discovered: use her now or later
PENDING_KINDS = (PENDING_GO, PENDING_SIDE, PENDING_MERMAID)
SPELL_STATUSES = ("hidden", "held", "used", "lost")
PHASES = (PHASE_START, PHASE_PLAY, PHASE_OVER)


@dataclass(slots=True)
class Sailor:
    colour: int
    ship: int
    state: str = ON_SHIP
    square: int = -1  # ON_BOARD / HELD
    ring: int = -1  # OFF
    carry: int = 0  # value of the carried token, 0 = none
    delay: int = 0  # turns of its controller it still sits out (turtle, volcano)


@dataclass(slots=True)
class Ship:
    owner: int
    ring: int = -1  # -1 until placed
    treasure: list[int] = field(default_factory=list)  # delivered tokens, sorted high→low


@dataclass(slots=True)
class Player:
    out: bool = False  # lost every ship: drops out
    ship_only: int = 0  # volcano: turns in which only a ship may move (counts this one)
    skips: int = 0  # volcano on the last sailor: whole turns skipped


@dataclass(slots=True)
class Spell:
    """Neptune or the Mermaid: who holds the unused power, if anybody."""

    holder: int = -1  # sailor index, -1 = nobody
    status: str = "hidden"  # hidden → held → used / lost; "unclaimed" is never used
    ready: int = 0  # first game turn in which the holder may use it


@dataclass(slots=True)
class Pending:
    kind: str
    sailor: int
    options: list[list[int]]  # go: [square, token]; side: [ring]; mermaid: [square, token]
    visited: list[int] = field(default_factory=list)  # squares entered in this move
    #: steps made in this move, ``from * 81 + to``: the loop guard never repeats one
    steps: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Stats:
    """What happened in the game, per seat, for the end-of-game summary. Everything in
    it is public as it happens (the game has no hidden hands)."""

    #: treasure each seat controls at the end of every round (the first player to move
    #: after the ships were placed starts a round)
    rounds: list[list[int]] = field(default_factory=list)
    found: list[list[int]] = field(default_factory=list)  # seat -> tokens by value index
    delivered: list[list[int]] = field(default_factory=list)  # seat -> tokens by value index
    turned: list[int] = field(default_factory=list)  # cards turned over
    sharks: list[int] = field(default_factory=list)  # own sailors lost to sharks
    taken: list[int] = field(default_factory=list)  # own sailors taken (prisoner, ship seized)
    knocks_given: list[int] = field(default_factory=list)
    knocks_taken: list[int] = field(default_factory=list)
    eaten: list[int] = field(default_factory=list)  # value lost with own sailors to sharks
    #: spell -> [seat who used it, round] (seat -1: unused)
    spells_used: dict[str, list[int]] = field(default_factory=dict)

    @classmethod
    def empty(cls, players: int) -> Stats:
        return cls([], [[0] * 5 for _ in range(players)], [[0] * 5 for _ in range(players)],
                   [0] * players, [0] * players, [0] * players, [0] * players,
                   [0] * players, [0] * players, {})

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [list(r) for r in self.rounds], "found": [list(x) for x in self.found],
                "delivered": [list(x) for x in self.delivered], "turned": list(self.turned),
                "sharks": list(self.sharks), "taken": list(self.taken),
                "knocks_given": list(self.knocks_given), "knocks_taken": list(self.knocks_taken),
                "eaten": list(self.eaten),
                "spells_used": {k: list(v) for k, v in sorted(self.spells_used.items())}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], players: int) -> Stats:
        ints = cls._ints
        return cls([ints(r) for r in data["rounds"]], [ints(x) for x in data["found"]],
                   [ints(x) for x in data["delivered"]], ints(data["turned"]),
                   ints(data["sharks"]), ints(data["taken"]), ints(data["knocks_given"]),
                   ints(data["knocks_taken"]), ints(data["eaten"]),
                   {str(k): ints(v) for k, v in data["spells_used"].items()})

    @staticmethod
    def _ints(values: Any) -> list[int]:
        return [int(v) for v in values]

    def sized(self, players: int) -> bool:
        return (all(len(x) == players for x in (self.found, self.delivered, self.turned,
                                                  self.sharks, self.taken, self.knocks_given,
                                                  self.knocks_taken, self.eaten))
                and all(len(r) == players for r in self.rounds)
                and all(len(x) == 5 for x in (*self.found, *self.delivered)))


@dataclass(slots=True)
class LovciState:
    cards: list[int]  # card type index per square
    rotation: list[int]  # quarter turns per square
    face_up: list[bool]
    tokens: dict[int, list[int]]  # square -> tokens lying there, sorted high→low
    lost_tokens: list[int]  # eaten with a sailor by a shark
    ships: list[Ship]
    sailors: list[Sailor]
    players: list[Player]
    spells: dict[str, Spell]
    spell_squares: dict[str, int]
    current: int
    phase: str
    turn: int
    rng: GameRng
    pending: Pending | None = None
    turn_limit: int = 0
    #: House rule of the quick game (LP-D…, ``length=quick``): the game ends when a round
    #: closes with at least this many tokens on the ships (0: off, the rulebook's end).
    goal: int = 0
    reason: str = ""  # why the game ended
    last_squares: list[int] = field(default_factory=list)  # board squares of the last action
    first: int = -1  # the seat that placed its ship first and moves first (-1: older JSON)
    stats: Stats = field(default_factory=Stats)


def dump_state(state: LovciState) -> dict[str, Any]:
    pending = state.pending
    return {
        "schema": SCHEMA_VERSION,
        "cards": list(state.cards),
        "rotation": list(state.rotation),
        "face_up": [int(x) for x in state.face_up],
        "tokens": {str(sq): list(v) for sq, v in sorted(state.tokens.items()) if v},
        "lost_tokens": list(state.lost_tokens),
        "ships": [{"owner": s.owner, "ring": s.ring, "treasure": list(s.treasure)}
                  for s in state.ships],
        "sailors": [[s.colour, s.ship, s.state, s.square, s.ring, s.carry, s.delay]
                    for s in state.sailors],
        "players": [[int(p.out), p.ship_only, p.skips] for p in state.players],
        "spells": {k: [v.holder, v.status, v.ready] for k, v in sorted(state.spells.items())},
        "spell_squares": dict(sorted(state.spell_squares.items())),
        "current": state.current,
        "phase": state.phase,
        "turn": state.turn,
        "rng": state.rng.to_json(),
        "pending": None if pending is None else {
            "kind": pending.kind, "sailor": pending.sailor,
            "options": [list(o) for o in pending.options], "visited": list(pending.visited),
            "steps": list(pending.steps),
        },
        "turn_limit": state.turn_limit,
        # only a quick game stores its goal: a standard game's JSON stays as it was
        **({"goal": state.goal} if state.goal else {}),
        "reason": state.reason,
        "last_squares": list(state.last_squares),
        "first": state.first,
        "stats": state.stats.to_json(),
    }


def load_state(data: Mapping[str, Any]) -> LovciState:
    schema = data.get("schema") if isinstance(data, Mapping) else None
    if schema != SCHEMA_VERSION and schema not in OLDER_SCHEMAS:
        raise StateFormatError(f"unknown Lovci pokladů state schema {schema!r}")
    try:
        pending_data = data["pending"]
        state = LovciState(
            cards=[int(x) for x in data["cards"]],
            rotation=[int(x) for x in data["rotation"]],
            face_up=[bool(x) for x in data["face_up"]],
            tokens={int(sq): [int(v) for v in vals] for sq, vals in data["tokens"].items()},
            lost_tokens=[int(v) for v in data["lost_tokens"]],
            ships=[Ship(int(s["owner"]), int(s["ring"]), [int(v) for v in s["treasure"]])
                   for s in data["ships"]],
            sailors=[Sailor(int(c), int(sh), str(st), int(sq), int(r), int(cv), int(d))
                     for c, sh, st, sq, r, cv, d in data["sailors"]],
            players=[Player(bool(o), int(so), int(sk)) for o, so, sk in data["players"]],
            spells={str(k): Spell(int(h), str(st), int(r))
                    for k, (h, st, r) in data["spells"].items()},
            spell_squares={str(k): int(v) for k, v in data["spell_squares"].items()},
            current=int(data["current"]),
            phase=str(data["phase"]),
            turn=int(data["turn"]),
            rng=GameRng.from_json(data["rng"]),
            pending=None if pending_data is None else Pending(
                str(pending_data["kind"]), int(pending_data["sailor"]),
                [[int(x) for x in o] for o in pending_data["options"]],
                [int(x) for x in pending_data["visited"]],
                # schema 1 had no steps: its loop guard forbade revisiting squares
                [int(x) for x in pending_data.get("steps", ())]),
            turn_limit=int(data["turn_limit"]),
            goal=int(data.get("goal", 0)),  # added with the quick game (issue 26 item 4)
            reason=str(data["reason"]),
            # added after schema 1 shipped: older JSON has no last move to outline
            last_squares=[int(x) for x in data.get("last_squares", ())],
            first=int(data.get("first", -1)),  # added after schema 1 shipped
            stats=(Stats.from_json(data["stats"], len(data["players"])) if schema != 1
                   else Stats.empty(len(data["players"]))),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise StateFormatError(f"corrupt Lovci pokladů state: {exc}") from exc
    n = len(state.players)
    if (len(state.cards) != SQUARES or len(state.rotation) != SQUARES
            or len(state.face_up) != SQUARES or not 2 <= n <= 4 or len(state.ships) != n
            or len(state.sailors) != 4 * n
            or any(s.state not in SAILOR_STATES for s in state.sailors)
            or any(not -1 <= s.ring < RING for s in state.ships)
            or any(not 0 <= sq < SQUARES for sq in state.last_squares)
            or not state.stats.sized(n)):
        raise StateFormatError("corrupt Lovci pokladů state: bad sizes or values")
    return state


def trial_copy(state: LovciState) -> LovciState:
    """A copy of ``state`` that a move can be tried on without touching ``state`` (the
    bot's look-ahead). The statistics start empty in it: they decide nothing."""
    p = state.pending
    return LovciState(
        cards=state.cards, rotation=state.rotation,  # never changed by a move
        face_up=list(state.face_up),
        tokens={sq: list(v) for sq, v in state.tokens.items()},
        lost_tokens=list(state.lost_tokens),
        ships=[Ship(s.owner, s.ring, list(s.treasure)) for s in state.ships],
        sailors=[Sailor(s.colour, s.ship, s.state, s.square, s.ring, s.carry, s.delay)
                 for s in state.sailors],
        players=[Player(x.out, x.ship_only, x.skips) for x in state.players],
        spells={k: Spell(v.holder, v.status, v.ready) for k, v in state.spells.items()},
        spell_squares=dict(state.spell_squares), current=state.current, phase=state.phase,
        turn=state.turn, rng=GameRng(state.rng.seed, state.rng.counter),
        pending=None if p is None else Pending(p.kind, p.sailor, [list(o) for o in p.options],
                                               list(p.visited), list(p.steps)),
        turn_limit=state.turn_limit, goal=state.goal, reason=state.reason,
        last_squares=list(state.last_squares), stats=Stats.empty(len(state.players)),
    )


def check_values(state: LovciState) -> None:
    """Raise :class:`StateFormatError` unless every number in ``state`` points at
    something that exists (issue 24 item 9): a card type, a square, a ring position, a
    seat, a sailor, a token value. A damaged row that loads is refused here, before a
    later move, view or drawing trips over it."""
    n = len(state.players)
    squares, rings = range(SQUARES), range(RING)
    sailors = range(SAILORS_PER_SHIP * n)
    tokens = set(TOKEN_VALUES)

    def need(condition: bool, what: str) -> None:
        if not condition:
            raise StateFormatError(f"corrupt Lovci pokladů state: {what}")

    need(all(0 <= c < len(CARD_TYPES) for c in state.cards), "a card type that does not exist")
    need(all(0 <= r < 4 for r in state.rotation), "a rotation out of range")
    need(all(sq in squares and pile and set(pile) <= tokens
             for sq, pile in state.tokens.items()), "a token pile out of range")
    need(set(state.lost_tokens) <= tokens, "an unknown lost token")
    for ship in state.ships:
        need(ship.owner in range(n) and set(ship.treasure) <= tokens, "a ship out of range")
    for sid, s in enumerate(state.sailors):
        need(s.colour == sid // SAILORS_PER_SHIP and s.ship in range(n)
             and (s.carry == 0 or s.carry in tokens) and s.delay >= 0,
             f"sailor {sid} out of range")
        need((s.square in squares) == (s.state in (ON_BOARD, HELD))
             and (s.square in squares or s.square == -1)
             and (s.ring in rings) == (s.state == OFF) and (s.ring in rings or s.ring == -1),
             f"sailor {sid} is not where its state says")
        need(s.carry == 0 or s.state in (ON_BOARD, HELD, OFF), f"sailor {sid} carries aboard")
    need(all(p.ship_only >= 0 and p.skips >= 0 for p in state.players), "a negative delay")
    need(all(p.out == all(ship.owner != seat for ship in state.ships)
             for seat, p in enumerate(state.players)),
         "a player out with a ship, or in play without one")
    need(set(state.spells) == {NEPTUNE, MERMAID}
         and all(sp.status in SPELL_STATUSES and (sp.holder in sailors or sp.holder == -1)
                 and (sp.status != "held" or sp.holder in sailors)
                 for sp in state.spells.values()), "a spell out of range")
    need(set(state.spell_squares) <= {NEPTUNE, MERMAID}
         and all(sq in squares for sq in state.spell_squares.values()), "a spell square")
    need(state.current in range(n) and state.phase in PHASES and state.turn >= 0
         and state.turn_limit >= 0 and (state.first in range(n) or state.first == -1),
         "the turn out of range")
    need(all(len(r) == n for r in state.stats.rounds)
         and all(isinstance(v, list) and len(v) == 2 for v in state.stats.spells_used.values()),
         "statistics out of range")
    pending = state.pending
    if pending is None:
        return
    need(pending.kind in PENDING_KINDS and pending.sailor in sailors and bool(pending.options)
         and all(sq in squares for sq in pending.visited)
         and all(0 <= step < SQUARES * SQUARES for step in pending.steps),
         "a pending choice out of range")
    for option in pending.options:
        if pending.kind == PENDING_SIDE:
            need(len(option) == 1 and option[0] in rings, "a side out of range")
        else:
            need(len(option) == 2 and option[0] in squares
                 and (option[1] == 0 or option[1] in tokens), "a target out of range")
