"""A player's canal system: attaching canal cards and moving the ship figure.

A canal system is a set of cards on grid squares ``(x, y)`` (``y`` grows southwards),
each turned a number of quarter turns. A card's spaces 0, 1, 2 lie in a row: space 0
touches the card's first edge, space 2 its second edge, and on a confluence the middle
space 1 also touches the fork edge. A *node* is ``(x, y, space)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from .data import CANALS, EDGE_STEP, canal_edges

Node = tuple[int, int, int]
Grid = dict[tuple[int, int], tuple[int, int]]  # (x, y) -> (canal id, rotation)


def node(spot: Sequence[int] | None) -> Node | None:
    """A stored ``[x, y, space]`` (the figure, where it came from) as a node."""
    return None if spot is None else (spot[0], spot[1], spot[2])


def grid(canals: Sequence[Sequence[int]]) -> Grid:
    return {(x, y): (cid, rot) for x, y, cid, rot in canals}


def _edge_nodes(cid: int, rot: int) -> dict[int, int]:
    """Absolute edge -> the space touching it."""
    a, b, c = canal_edges(cid, rot)
    out = {a: 0, b: 2}
    if c is not None:
        out[c] = 1
    return out


def neighbours(g: Grid, node: Node) -> Iterator[Node]:
    """The spaces one step from ``node`` (either direction)."""
    x, y, k = node
    cid, rot = g[(x, y)]
    if k > 0:
        yield (x, y, k - 1)
    if k < 2:
        yield (x, y, k + 1)
    for edge, space in _edge_nodes(cid, rot).items():
        if space != k:
            continue
        dx, dy = EDGE_STEP[edge]
        other = g.get((x + dx, y + dy))
        if other is None:
            continue
        theirs = _edge_nodes(*other)
        back = (edge + 2) % 4
        if back in theirs:
            yield (x + dx, y + dy, theirs[back])


def forward(g: Grid, node: Node, came_from: Node | None) -> list[Node]:
    """Where the figure may go next: anywhere but back the way it came.

    "The stern ... points the direction in which your ship can not go": what the figure
    remembers is a direction, not a space. Within a card it is the space it left; from
    another card it is the edge it crossed, whatever card lies beyond that edge now (the
    card it left is gone, and a canal attached on that square later is still behind the
    stern: issue 24 item 7)."""
    if came_from is None:
        return sorted(neighbours(g, node))
    if (came_from[0], came_from[1]) == (node[0], node[1]):
        return sorted(n for n in neighbours(g, node) if n != came_from)
    behind = (came_from[0], came_from[1])
    return sorted(n for n in neighbours(g, node) if (n[0], n[1]) != behind)


def can_sail(g: Grid, node: Node, came_from: Node | None, steps: int,
             left: frozenset[tuple[int, int]] = frozenset()) -> bool:
    """Whether ``steps`` more spaces can be sailed from ``node`` (a card, once left, is
    gone: it cannot be entered again)."""
    if steps == 0:
        return True
    for nxt in forward(g, node, came_from):
        cell = (nxt[0], nxt[1])
        if cell in left:
            continue
        gone = left | {(node[0], node[1])} if cell != (node[0], node[1]) else left
        if can_sail(g, nxt, node, steps - 1, gone):
            return True
    return False


def viable_steps(g: Grid, node: Node, came_from: Node | None, steps: int) -> list[Node]:
    """The next spaces from which the rest of a ``steps``-space cruise can be sailed."""
    out = []
    for nxt in forward(g, node, came_from):
        gone = frozenset({(node[0], node[1])}) if (nxt[0], nxt[1]) != (node[0], node[1]) \
            else frozenset()
        if can_sail(g, nxt, node, steps - 1, gone):
            out.append(nxt)
    return out


def reachable_cells(g: Grid, node: Node, came_from: Node | None) -> set[tuple[int, int]]:
    """Cards the figure could still reach on future cruises (never reversing)."""
    seen: set[tuple[Node, Node | None]] = set()
    todo: list[tuple[Node, Node | None]] = [(node, came_from)]
    cells = {(node[0], node[1])}
    while todo:
        here, prev = todo.pop()
        if (here, prev) in seen:
            continue
        seen.add((here, prev))
        cells.add((here[0], here[1]))
        for nxt in forward(g, here, prev):
            todo.append((nxt, here))
    return cells


def placements(g: Grid, cid: int, figure: Node | None,
               came_from: Node | None, first_only: bool = False) -> list[tuple[int, int, int]]:
    """See :func:`_placements` (remembered per canal system: asked for every card the
    player might perform, many times a turn)."""
    return list(_placements(tuple(sorted(g.items())), cid, figure, came_from, first_only))


@lru_cache(maxsize=2048)
def _placements(cells: tuple[tuple[tuple[int, int], tuple[int, int]], ...], cid: int,
                figure: Node | None, came_from: Node | None,
                first_only: bool) -> tuple[tuple[int, int, int], ...]:
    """Every ``(x, y, rotation)`` where canal ``cid`` may be attached: on an empty square
    next to the system, every touching edge matching (connector to connector, plain to
    plain), at least one connection, and reachable by the figure. ``first_only``: stop
    at the first one (whether there is any)."""
    g = dict(cells)
    if not g:
        return tuple((0, 0, rot) for rot in range(4))
    out: list[tuple[int, int, int]] = []
    empty = sorted({(x + dx, y + dy) for (x, y) in g for dx, dy in EDGE_STEP} - set(g))
    for x, y in empty:
        for rot in range(4):
            mine = _edge_nodes(cid, rot)
            joined = 0
            for edge, (dx, dy) in enumerate(EDGE_STEP):
                other = g.get((x + dx, y + dy))
                if other is None:
                    continue
                theirs = (edge + 2) % 4 in _edge_nodes(*other)
                if theirs != (edge in mine):
                    break
                joined += theirs
            else:
                if joined and figure is not None:
                    trial = dict(g)
                    trial[(x, y)] = (cid, rot)
                    if (x, y) in reachable_cells(trial, figure, came_from):
                        out.append((x, y, rot))
                        if first_only:
                            return tuple(out)
    return tuple(out)


def official(g: Grid, node: Node) -> str | None:
    cid, _ = g[(node[0], node[1])]
    return CANALS[cid].officials[node[2]]
