"""What does not change within a step, computed once and looked up after (issue 10,
"Cache what does not change within a step").

Every cache here is keyed by the *content* it depends on, never by a counter the rules
would have to bump: a state changed by hand (tests put pieces straight on the board)
can never read a stale entry, and two games in the same position share one. The
keys:

* the **board version**, ``(board id, corner owners, edge owners, harbour kinds per
  corner)``, a :class:`Position`: where each seat may build a road or a settlement
  (the free, connected edges and corners; supply and cost are checked by the caller),
  each seat's bank rates and built corners, and who has a building at each hex (whom
  the robber could rob there); the position of the last call is checked first by
  comparing the owners;
* the **founding board**, ``(board id, corner owners)``: the free founding corners;
* the **layout**, ``(board id, terrain, tokens)``: which hexes produce on each roll;
* the **hand**: the offers the menu lists (a fixed table per resource).

Each cache holds at most :data:`ENTRIES` keys and forgets the oldest first, so memory
stays bounded however many games a process runs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache, lru_cache
from typing import TypeVar

from .actions import BankTrade, City, Counter, Knight, Offer, Road, Robber, Settle
from .board import Board, get_board
from .data import DESERT, GENERIC
from .state import HexfolkState

#: Keys kept per cache (positions; a game moves through a few hundred).
ENTRIES = 512

V = TypeVar("V")


class BoundedCache(dict[Hashable, V]):
    """A dict that forgets its oldest key beyond ``limit`` entries."""

    def __init__(self, limit: int = ENTRIES) -> None:
        super().__init__()
        self.limit = limit

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        try:
            return self[key]
        except KeyError:
            value = make()
            if len(self) >= self.limit:
                del self[next(iter(self))]
            self[key] = value
            return value


# -- the offer menu per hand ----------------------------------------------------------------
def _unit(i: int, n: int = 1) -> tuple[int, int, int, int, int]:
    v = [0] * 5
    v[i] = n
    return (v[0], v[1], v[2], v[3], v[4])


#: Per resource given: (its 1-for-1 offers, its 1-for-1 and 2-for-1 offers interleaved),
#: for every other resource wanted, in resource order.
_OFFERS: tuple[tuple[tuple[Offer, ...], tuple[Offer, ...]], ...] = tuple(
    (tuple(Offer(_unit(g), _unit(r)) for r in range(5) if r != g),
     tuple(o for r in range(5) if r != g
           for o in (Offer(_unit(g), _unit(r)), Offer(_unit(g, 2), _unit(r)))))
    for g in range(5)
)


def offer_menu(hand: list[int]) -> list[Offer]:
    """The offers listed as moves for ``hand``: 1 for 1 and 2 for 1 of any other
    resource, in the order of ``rules.offer_menu``."""
    out: list[Offer] = []
    for g in range(5):
        held = hand[g]
        if held >= 2:
            out += _OFFERS[g][1]
        elif held == 1:
            out += _OFFERS[g][0]
    return out


@lru_cache(maxsize=ENTRIES)
def counters_for(give: tuple[int, ...], get: tuple[int, ...]) -> tuple[tuple[int, Counter], ...]:
    """For an open offer: (resource, counter-offer) of the one-card counters the menu
    lists, for a responder holding that resource: one card of a kind the offer does not
    give, for what it gives (not the very terms asked, and only if it gives something).
    Bounded like the other caches (typed offers can have any terms)."""
    if not any(give):
        return ()
    # arg-type: an offer's ``give`` has five counts, typed as any length by the caller
    return tuple((r, Counter(_unit(r), give)) for r in range(5)  # type: ignore[arg-type]
                 if give[r] == 0 and _unit(r) != get)


# -- the position: building sites, bank rates and robber moves per board version -----------
class Position:
    """What the pieces on one board decide, per seat, worked out when first asked.

    Holds copies of the owners it was made for, so :func:`position` can tell in a few
    comparisons whether a state still shows it (the usual case between two steps)."""

    __slots__ = (
        "_hex_owners",
        "_owned",
        "_rates",
        "_sites",
        "board_id",
        "corner_harbour",
        "corner_owner",
        "edge_owner",
    )

    def __init__(self, board_id: str, corner_owner: list[int], edge_owner: list[int],
                 corner_harbour: list[int]) -> None:
        self.board_id = board_id
        self.corner_owner, self.edge_owner = list(corner_owner), list(edge_owner)
        self.corner_harbour = list(corner_harbour)
        self._sites: dict[int, tuple[tuple[Road, ...], tuple[Settle, ...]]] = {}
        self._rates: dict[int, tuple[int, ...]] = {}
        self._owned: dict[int, tuple[int, ...]] = {}
        self._hex_owners: tuple[tuple[int, ...], ...] | None = None

    def shows(self, board_id: str, corner_owner: list[int], edge_owner: list[int],
              corner_harbour: list[int]) -> bool:
        return (self.board_id == board_id and self.corner_owner == corner_owner
                and self.edge_owner == edge_owner and self.corner_harbour == corner_harbour)

    def sites(self, seat: int) -> tuple[tuple[Road, ...], tuple[Settle, ...]]:
        found = self._sites.get(seat)
        if found is None:
            found = self._sites[seat] = _compute_sites(
                get_board(self.board_id), self.corner_owner, self.edge_owner, seat)
        return found

    def rates(self, seat: int) -> tuple[int, ...]:
        found = self._rates.get(seat)
        if found is None:
            owned = {kind for kind, owner in zip(self.corner_harbour, self.corner_owner,
                                                 strict=False) if kind >= 0 and owner == seat}
            best = 3 if GENERIC in owned else 4
            found = self._rates[seat] = tuple(2 if r in owned else best for r in range(5))
        return found

    def owned(self, seat: int) -> tuple[int, ...]:
        """The corners ``seat`` has built on (settlement or city), in corner order."""
        found = self._owned.get(seat)
        if found is None:
            found = self._owned[seat] = tuple(
                c for c, owner in enumerate(self.corner_owner) if owner == seat)
        return found

    def hex_owners(self) -> tuple[tuple[int, ...], ...]:
        """Per hex, the seats with a building on one of its corners, in seat order (whom
        a robber there could steal from, before asking who holds cards)."""
        found = self._hex_owners
        if found is None:
            board = get_board(self.board_id)
            at: list[tuple[int, ...]] = [()] * board.hexes
            corner_hexes = board.corner_hexes
            for c, owner in enumerate(self.corner_owner):  # only the built corners
                if owner >= 0:
                    for h in corner_hexes[c]:
                        seats = at[h]
                        if owner not in seats:
                            at[h] = ((*seats, owner) if not seats or seats[-1] < owner
                                     else tuple(sorted((*seats, owner))))
            found = self._hex_owners = tuple(at)
        return found


_POSITIONS: BoundedCache[Position] = BoundedCache()
#: The position asked for last: most calls come from the same state in the same step.
_LAST: list[Position] = []


def position(state: HexfolkState) -> Position:
    """The :class:`Position` of ``state``'s board as it is now."""
    board_id, corner_owner, edge_owner = state.board, state.corner_owner, state.edge_owner
    harbour = state.corner_harbour
    last = _LAST[0] if _LAST else None  # read once: a replay may run in another thread
    if last is not None and last.shows(board_id, corner_owner, edge_owner, harbour):
        return last
    key = (board_id, tuple(corner_owner), tuple(edge_owner), tuple(harbour))
    found = _POSITIONS.get_or_make(
        key, lambda: Position(board_id, corner_owner, edge_owner, harbour))
    _LAST[:] = [found]
    return found


@cache
def _roads(edges: int) -> tuple[Road, ...]:
    return tuple(Road(e) for e in range(edges))


@cache
def _settles(corners: int) -> tuple[Settle, ...]:
    return tuple(Settle(c) for c in range(corners))


def _compute_sites(board: Board, corner_owner: list[int], edge_owner: list[int],
                   seat: int) -> tuple[tuple[Road, ...], tuple[Settle, ...]]:
    """Free edges joined to ``seat``'s network, and free corners on its roads that keep
    the distance rule."""
    roads, settles = _roads(board.edges), _settles(board.corners)
    edge_corners, corner_edges = board.edge_corners, board.corner_edges
    # corners at the end of one of the seat's roads, and those it has built on
    on_roads = {c for e, owner in enumerate(edge_owner) if owner == seat
                for c in edge_corners[e]}
    built = {c for c, owner in enumerate(corner_owner) if owner == seat}
    # a road joins the network at a corner of the seat's, or at an empty corner one of
    # its roads reaches (an opponent's building blocks the way)
    network = built | {c for c in on_roads if corner_owner[c] < 0}
    reach = sorted({e for c in network for e in corner_edges[c] if edge_owner[e] < 0})
    neighbours = board.corner_corners
    spots = sorted(c for c in on_roads if corner_owner[c] < 0
                   and all(corner_owner[n] < 0 for n in neighbours[c]))
    return tuple(roads[e] for e in reach), tuple(settles[c] for c in spots)


def road_sites(state: HexfolkState, seat: int) -> tuple[Road, ...]:
    """Roads ``seat`` may place by the board (free and joined to its roads or buildings),
    in edge order; the supply of roads and their cost are the caller's to check."""
    return position(state).sites(seat)[0]


def settle_sites(state: HexfolkState, seat: int) -> tuple[Settle, ...]:
    """Settlements ``seat`` may place by the board (free, on its road, distance rule),
    in corner order; supply and cost are the caller's to check."""
    return position(state).sites(seat)[1]


def bank_rates(state: HexfolkState, seat: int) -> tuple[int, ...]:
    """``seat``'s rate per resource: 2 at its own harbour, 3 with a generic one, else 4."""
    return position(state).rates(seat)


def hex_owners(state: HexfolkState) -> tuple[tuple[int, ...], ...]:
    """Per hex, the seats with a building at one of its corners, in seat order."""
    return position(state).hex_owners()


@cache
def cities(corners: int) -> tuple[City, ...]:
    """``City(c)`` for every corner ``c`` of a board with ``corners`` corners."""
    return tuple(City(c) for c in range(corners))


_ROBBER_ACTIONS: dict[tuple[bool, int, int | None], Robber | Knight] = {}


def robber_action(knight: bool, h: int, victim: int | None) -> Robber | Knight:
    """``Knight(h, victim)`` or ``Robber(h, victim)``, made once and shared (they are
    frozen values); at most boards' hexes x (players + 1) x 2 of them."""
    key = (knight, h, victim)
    found = _ROBBER_ACTIONS.get(key)
    if found is None:
        found = _ROBBER_ACTIONS[key] = (Knight if knight else Robber)(h, victim)
    return found


_FOUNDING: BoundedCache[tuple[Settle, ...]] = BoundedCache()


def founding_sites(board_id: str, corner_owner: list[int]) -> tuple[Settle, ...]:
    """Founding settlements: every free corner that keeps the distance rule."""
    def make() -> tuple[Settle, ...]:
        board = get_board(board_id)
        settles, neighbours = _settles(board.corners), board.corner_corners
        return tuple(settles[c] for c in range(board.corners) if corner_owner[c] < 0
                     and all(corner_owner[n] < 0 for n in neighbours[c]))
    return _FOUNDING.get_or_make((board_id, tuple(corner_owner)), make)


_BANK_TRADES = tuple(tuple(BankTrade(g, r) for r in range(5) if r != g) for g in range(5))


def bank_trades(give: int) -> tuple[BankTrade, ...]:
    """The bank trades giving ``give`` for each other resource, in resource order."""
    return _BANK_TRADES[give]


# -- production per layout ----------------------------------------------------------------------
_PRODUCERS: BoundedCache[dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]] = (
    BoundedCache())


#: The layout asked for last, as one ``(board id, terrain, tokens, table)`` (copies of
#: the lists): a game asks for the same one on every roll, which a comparison confirms
#: without hashing the layout.
_LAST_LAYOUT: list[tuple[str, list[int], list[int], dict[int, tuple[
    tuple[int, int, tuple[int, ...]], ...]]]] = []


def producers(board_id: str, terrain: list[int], tokens: list[int],
              total: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(hex, resource, corners) of every non-desert hex whose token is ``total``, in hex
    order (the robber is the caller's to skip)."""
    if _LAST_LAYOUT:
        last = _LAST_LAYOUT[0]  # read once: a replay may run in another thread
        if last[0] == board_id and last[1] == terrain and last[2] == tokens:
            return last[3].get(total, ())

    def make() -> dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
        board = get_board(board_id)
        table: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for h in range(board.hexes):
            if terrain[h] != DESERT:
                table.setdefault(tokens[h], []).append((h, terrain[h], board.hex_corners[h]))
        return {k: tuple(v) for k, v in table.items()}
    table = _PRODUCERS.get_or_make((board_id, tuple(terrain), tuple(tokens)), make)
    _LAST_LAYOUT[:] = [(board_id, list(terrain), list(tokens), table)]
    return table.get(total, ())
