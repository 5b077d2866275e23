"""What a Shipyard viewer cannot see, for the hidden-information tests.

Hidden from ``seat``: the order of every face-down deck (ships, trains, canals), the
other players' contracts (held and given up) and those returned to the box, and the
random stream (future reshuffles; varied by
:meth:`games.protocol.ModularRuleset.hidden_variants`). Everything else is public.
"""

from __future__ import annotations

from ..rng import GameRng
from .state import ShipyardState


def redeal(state: ShipyardState, seat: int | None, rng: GameRng) -> None:
    """Shuffle the decks and deal the contracts ``seat`` cannot see anew into the same
    places, keeping every count."""
    for deck in ("bows", "middles1", "middles2", "sterns", "trains", "canals"):
        state.board[deck].sort()  # (sorted first: see bot/hints.py)
        rng.shuffle(state.board[deck])
    others = [p for i, p in enumerate(state.players) if i != seat]
    for colour in ("green", "blue"):
        pool = list(state.box[colour])
        for p in others:
            pool += getattr(p, colour)
            pool += [int(i) for c, i in p.given_up if c == colour]
        pool.sort()
        rng.shuffle(pool)
        for p in others:
            held = len(getattr(p, colour))
            setattr(p, colour, sorted(pool[:held]))
            pool = pool[held:]
            for entry in p.given_up:
                if entry[0] == colour:
                    entry[1] = pool.pop()
        state.box[colour] = sorted(pool)
