"""What a Haze Islands viewer may see. Renderers draw these and nothing else.

Public: the map (every laid card at its rotation, its edges as they are now, the
adventure card's current side and, while it shows a double or single side, which card
it is; skull corners only where a Fate revealed them), ships, pirates, The Doom with its
die, power and route, the top Doom card's face, every pile's *size*, each player's
Captain's Log and unused special actions. A seat's view adds its own hand, the cards of
its own map deck it has seen (look at and reorder, hand cards played as map cards), the
cards it drew by Plunder and the matching cards of its deck while it Steals.
The public view (``viewer is None``) holds none of those.
"""

from __future__ import annotations

from dataclasses import dataclass

#: One edge as the map shows it now: (diamonds, red, gold triangle).
EdgeView = tuple[int, bool, bool]


@dataclass(frozen=True, slots=True)
class LocationView:
    x: int
    y: int
    card: int  #: map card number (1–30)
    kind: str
    icon: str
    plunder: int | None
    rotation: int
    #: the edges towards N, E, S and W as they are now
    edges: tuple[EdgeView, EdgeView, EdgeView, EdgeView]
    side: str  #: "double", "single", "sea" or "" (no adventure card)
    #: the adventure's number (1–18) while its front shows; None on open sea or without one
    adventure: int | None
    requirement: tuple[str, ...]  #: what Complete asks for here now
    #: corners revealed by a Fate so far: (corner index, skull)
    revealed: tuple[tuple[int, bool], ...]
    pirates: tuple[int, ...]  #: seats with a deployed pirate here
    stopped: bool  #: its adventure card is stopped from activating at this Round End


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    status: str  #: "ship", "castaway", "ghost" or "sunk"
    x: int
    y: int
    supply: int
    deployed: int
    boxed: int
    hand_count: int
    deck_count: int
    icons: int
    title: str  #: title code; "" for a player who does not survive (no title)
    doom_cards: int
    #: Captain's Log: (kind, adventure or Doom card number, used, Doom face)
    log: tuple[tuple[str, int, bool, int], ...]
    specials: tuple[int, ...]  #: numbers of the unused special actions
    invisible: bool
    boost: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HazeView:
    viewer: int | None
    mode: str
    short: bool
    round: int
    rounds: int
    first: int
    current: int
    phase: str
    stage: str
    pending: str
    #: the open prompt (use-or-pass window, Revive, New Dawn order, trade answer...)
    prompt: str
    prompt_seats: tuple[int, ...]
    actors: tuple[int, ...]
    #: holders who may use a special action now on another player's turn (nobody waits
    #: for them: issue 24 item 3)
    may_act: tuple[int, ...]
    players: tuple[PlayerView, ...]
    locations: tuple[LocationView, ...]
    doom: tuple[int, int]
    doom_die: int
    doom_power: int  #: what The Doom's power counts as this round (7 in the last round)
    #: the seat The Doom would go after now (None: none reachable, or a tie for the die)
    doom_target: int | None
    doom_route: tuple[tuple[int, int], ...]
    doom_stopped: bool
    doom_next: tuple[str, ...]  #: the icons the top Doom card asks for ( () once defeated)
    doom_left: int
    adventure_deck: int
    discard: int
    winners: tuple[int, ...]
    reason: str
    #: every ship The Doom would go after now: the target, or all those tied for the
    #: coin toss (issue 24 item 4), each with its route (as ``doom_route``)
    doom_targets: tuple[int, ...] = ()
    doom_routes: tuple[tuple[tuple[int, int], ...], ...] = ()
    #: the viewer's own secrets (None in the public view)
    hand: tuple[int, ...] | None = None
    #: cards of the viewer's map deck it knows, from the top down
    seen: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()  #: Plunder: the cards the viewer drew
    steal: tuple[int, ...] = ()  #: Steal: the matching cards of the viewer's deck


@dataclass(frozen=True, slots=True)
class HazeSummary:
    """The end of the game: the final map and each player's tally."""

    board: HazeView
    #: (seat, icons, doom cards, surviving pirates, title, survived)
    rows: tuple[tuple[int, int, int, int, str, bool], ...]
    winners: tuple[int, ...]
    reason: str
