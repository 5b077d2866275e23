"""What a Lovci pokladů viewer may see. Renderers draw these and nothing else.

The game has no private hand: the public view (``viewer is None``) and a seat's view
show the same things (a seat's view only sets ``viewer``). A face-down card is only
``face_up=False`` — its kind and rotation are ``None`` in every view.

Geometry for drawing (see :mod:`games.lovci_pokladu.data`): squares are 0–80 =
``row * 9 + col`` and named ``A1``…``I9`` (column A west, row 1 south). Ships and
sailors in the sea stand on the 40-position ring: ``10*side`` is a corner tip,
``10*side + 1 .. + 9`` lie beside the edge cards of side 0 south (A1→I1), 1 east
(I1→I9), 2 north (I9→A9), 3 west (A9→A1); ``beside`` gives that edge card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..pickling import quick_pickle


@quick_pickle
@dataclass(frozen=True, slots=True)
class CardView:
    square: int  #: 0–80
    name: str  #: "A1".."I9"
    face_up: bool
    code: str | None  #: card type code (``rose2a``, ``volcano3``, …); None when face down
    kind: str | None  #: ``rose``, ``shark``, … ; None when face down
    rotation: int | None  #: quarter turns clockwise (0–3); None when face down
    arrows: tuple[int, ...] | None  #: rose: absolute directions (0 N, 1 NE … 7 NW)
    tail: int | None  #: stingray: absolute direction of the tail
    level: int | None  #: volcano: 1–3


@quick_pickle
@dataclass(frozen=True, slots=True)
class ShipView:
    ship: int  #: ship number = the colour/seat it started with
    colour: str  #: colour of the ship (never changes)
    owner: int  #: seat that controls it now (changes when captured)
    ring: int  #: position on the 40-position sea ring
    side: int  #: 0 south, 1 east, 2 north, 3 west
    tip: bool  #: rounding a corner (no card beside it)
    beside: int | None  #: the edge card it lies beside (None at a tip)
    crew: int  #: sailors aboard (0 = it may be captured)
    treasure: tuple[int, ...]  #: delivered tokens, high to low
    total: int


@quick_pickle
@dataclass(frozen=True, slots=True)
class SailorView:
    sailor: int  #: global number 0–15 = 4 * colour + n
    label: str  #: notation name, e.g. "r2"
    colour: str  #: figure colour (never changes)
    ship: int  #: ship it belongs to now
    owner: int  #: seat controlling it
    state: str  #: ship | board | octopus | off | lost
    square: int | None  #: on board / held by the octopus
    ring: int | None  #: in the sea, walking back (state "off")
    carrying: int | None  #: token value carried
    delayed: int  #: own turns it still sits out (turtle, volcano)
    prisoner: bool  #: serves a ship of another colour
    spell: str | None  #: "neptune"/"mermaid" it may still use


@quick_pickle
@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    colour: str
    total: int  #: value of the treasure on the ships this seat controls
    out: bool  #: lost every ship; no longer plays
    ship_only: int  #: turns (this one included) in which only a ship may move
    skips: int  #: whole turns still to skip


@quick_pickle
@dataclass(frozen=True, slots=True)
class PendingView:
    kind: str  #: "go" (rose/dolphin/seahorse), "side" (thrown over a corner), "mermaid"
    sailor: int
    squares: tuple[int, ...]  #: go/mermaid: target squares; side: ring positions


@quick_pickle
@dataclass(frozen=True, slots=True)
class LovciView:
    viewer: int | None
    cards: tuple[CardView, ...]  #: 81, by square
    ships: tuple[ShipView, ...]
    sailors: tuple[SailorView, ...]
    tokens: tuple[tuple[int, tuple[int, ...]], ...]  #: (square, tokens) lying on the board
    players: tuple[PlayerView, ...]
    lost_tokens: tuple[int, ...]  #: eaten by sharks
    current: int
    phase: str  #: start | play | over
    pending: PendingView | None
    turn: int
    spells: tuple[tuple[str, str], ...]  #: (spell, status): hidden/held/used/lost
    winners: tuple[int, ...]  #: empty until the game is over
    #: board squares involved in the last action, in order (from/to squares of a sailor
    #: move and any chain, a turned card, the edge card beside a ship that moved or was
    #: boarded, a walker's edge card); empty before the first move
    last_squares: tuple[int, ...] = ()
    first: int = -1  #: the seat that moves first (-1: not known)


@quick_pickle
@dataclass(frozen=True, slots=True)
class PlayerSummary:
    seat: int
    colour: str
    total: int  #: treasure on the ships this seat holds at the end
    out: bool
    winner: bool
    found: tuple[int, ...]  #: tokens uncovered, by value (50, 100, 200, 300, 600)
    delivered: tuple[int, ...]  #: tokens brought aboard, by value
    turned: int  #: cards turned over
    sharks: int  #: own sailors lost to sharks
    taken: int  #: own sailors taken prisoner or seized with a ship
    eaten: int  #: treasure value lost with own sailors to sharks
    knocks_given: int
    knocks_taken: int


@quick_pickle
@dataclass(frozen=True, slots=True)
class LovciSummary:
    """The end-of-game statistics (the whole game is public once it is over)."""

    players: tuple[PlayerSummary, ...]
    #: every seat's treasure at the end of each round
    rounds: tuple[tuple[int, ...], ...]
    token_values: tuple[int, ...]  #: 50, 100, 200, 300, 600
    #: (spell, status, seat that used it or None, round it was used or None)
    spells: tuple[tuple[str, str, int | None, int | None], ...]
    lost_tokens: tuple[int, ...]  #: eaten by sharks
    left_on_board: int  #: value of the tokens never brought home (lying or carried)
    reason: str  #: treasure | ships | stranded | limit
