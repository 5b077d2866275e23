"""Whether a loaded Haze Islands state can be a game: the cross-checks that
:func:`.state.load_state` (sizes and value ranges) leaves out.

A damaged row that passed those checks loaded and then crashed later, on a move or at
the Round End (issue 24 item 9): a ship on a square without a location, a Captain's Log
entry naming no adventure card (a special action that cannot be looked up), a trade
prompt without its offer, an Attack's spent card that is no longer where it was
discarded (Keep your spells takes it back from there). :func:`problems` finds them, and
:meth:`HazeIslandsRuleset.check_state` refuses such a state when it is loaded.
"""

from __future__ import annotations

from collections import Counter

from .data import (
    ADVENTURE_CARDS,
    DOOM_CARDS,
    MAP_CARDS,
    PIRATES_PER_PLAYER,
    ROUNDS,
    SHORT_ROUNDS,
)
from .rules import discard_target
from .state import (
    CASTAWAY,
    FATE_ATTACK,
    FATE_DOOM,
    PENDING_FATE,
    PENDING_SKULL,
    PROMPT_DAWN,
    PROMPT_REORDER,
    PROMPT_TRADE,
    SHIP,
    HazeState,
)

LOG_KINDS = ("double", "single", "doom")


def problems(state: HazeState) -> list[str]:
    """What makes ``state`` impossible (empty: nothing found)."""
    out: list[str] = []
    squares = [(loc.x, loc.y) for loc in state.locations]
    if len(set(squares)) != len(squares):
        out.append("two locations on one square")
    where = set(squares)
    if (state.doom_x, state.doom_y) not in where:
        out.append("The Doom is on no location")
    if state.rounds not in (ROUNDS, SHORT_ROUNDS) or state.short != (state.rounds == SHORT_ROUNDS):
        out.append(f"{state.rounds} rounds (short: {state.short})")
    if not 1 <= state.round <= state.rounds:
        out.append(f"round {state.round} of {state.rounds}")
    out += _players(state, where)
    out += _cards(state)
    out += _prompts(state, where)
    out += _spent(state, where)
    return out


def _players(state: HazeState, where: set[tuple[int, int]]) -> list[str]:
    out = []
    for seat, p in enumerate(state.players):
        if p.status in (SHIP, CASTAWAY) and (p.x, p.y) not in where:
            out.append(f"player {seat} is on no location")
        deployed = [tuple(d) for d in p.deployed]
        if any(len(d) != 2 or d not in where for d in deployed):
            out.append(f"player {seat} has a pirate on no location")
        elif any(MAP_CARDS[_card_at(state, d)].red for d in deployed):
            out.append(f"player {seat} has a pirate on a Dead End or Cursed card")
        if len(set(deployed)) != len(deployed):
            out.append(f"player {seat} has two pirates on one location")
        token = 1 if p.status == CASTAWAY else 0  # the castaway "as you" on the board
        if p.supply < 0 or p.boxed < 0 or (
                p.supply + len(deployed) + p.boxed + token != PIRATES_PER_PLAYER):
            out.append(f"player {seat}'s pirates do not add up to {PIRATES_PER_PLAYER}")
        for entry in p.log:
            if entry.kind not in LOG_KINDS:
                out.append(f"player {seat}'s log holds a {entry.kind!r} card")
            elif entry.kind == "doom" and not (
                    0 <= entry.card < len(DOOM_CARDS) and entry.face in (0, 1)):
                out.append(f"player {seat}'s log holds no Doom card {entry.card}")
            elif entry.kind != "doom" and not 0 <= entry.card < len(ADVENTURE_CARDS):
                out.append(f"player {seat}'s log holds no adventure card {entry.card}")
            elif entry.used and entry.kind != "double":
                out.append(f"player {seat} used a special action of a {entry.kind} card")
    return out


def _card_at(state: HazeState, square: tuple[int, ...]) -> int:
    return next(loc.card for loc in state.locations if (loc.x, loc.y) == square)


def _cards(state: HazeState) -> list[str]:
    """Each adventure card lies in one place at most; the three Doom cards are each in
    the stack or in one Captain's Log."""
    adventures = Counter(state.adventure_deck)
    adventures.update(loc.adventure for loc in state.locations if loc.adventure is not None)
    dooms = Counter(card for card, _face in state.doom_cards)
    for p in state.players:
        adventures.update(e.card for e in p.log if e.kind in ("double", "single"))
        dooms.update(e.card for e in p.log if e.kind == "doom")
    out = []
    if any(count > 1 for count in adventures.values()):
        out.append("an adventure card in two places")
    if sorted(dooms.elements()) != list(range(len(DOOM_CARDS))):
        out.append("the Doom cards are not each in one place")
    return out


def _prompts(state: HazeState, where: set[tuple[int, int]]) -> list[str]:
    out = []
    for prompt in state.prompts:
        if not prompt.seats or len(set(prompt.seats)) != len(prompt.seats):
            out.append(f"a {prompt.kind} prompt waits for {prompt.seats}")
            continue
        if prompt.kind == PROMPT_TRADE:
            ok = (len(prompt.data) == 2 and 0 <= prompt.data[0] < len(state.players)
                  and prompt.data[1] in state.players[prompt.data[0]].hand)
        elif prompt.kind == PROMPT_DAWN:
            pairs = list(zip(prompt.data[::2], prompt.data[1::2], strict=False))
            ok = len(prompt.data) % 2 == 0 and bool(pairs) and all(p in where for p in pairs)
        elif prompt.kind == PROMPT_REORDER:
            deck = state.decks[prompt.seats[0]]
            ok = len(set(prompt.data)) == len(prompt.data) and all(c in deck for c in prompt.data)
        else:
            ok = not prompt.data
        if not ok:
            out.append(f"a {prompt.kind} prompt with data {prompt.data}")
    return out


def _spent(state: HazeState, where: set[tuple[int, int]]) -> list[str]:
    """What an Attack spent is kept only until its Fate (Keep your spells takes it back
    from the pile it was discarded to)."""
    if not (state.spent_cards or state.spent_pirates):
        return []
    if state.fate_for not in (FATE_DOOM, FATE_ATTACK) or state.pending not in (
            PENDING_FATE, PENDING_SKULL):
        return ["spent cards kept without an Attack waiting for its Fate"]
    pile = discard_target(state, state.current)
    if any(card not in pile for card in state.spent_cards):
        return ["a spent card is not on the pile it was discarded to"]
    if any(len(sq) != 2 or tuple(sq) not in where for sq in state.spent_pirates):
        return ["a spent pirate came from no location"]
    return []
