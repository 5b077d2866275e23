"""Which Hexfolk moves a player may take back (issue 16, "Undo").

Building (rulebook "Building": a settlement, a road, a city, each for its printed cost)
and a trade with the bank or a harbour ("Maritime trade") are open moves on the board
whose whole effect everybody sees, so they may be taken back while nobody else has acted.
Rolling the dice, buying a development card (drawn face down), moving the robber (a
random card is stolen), playing a development card (it was hidden), discarding on a
seven and everything about trade offers (other players answer) stay played, and so does
ending the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import Event
from ..undo import drew_nothing
from .actions import Action, BankTrade, City, Road, Settle
from .state import HexfolkState


def undoable(before: HexfolkState, after: HexfolkState, seat: int, action: Action,
             events: Sequence[Event]) -> bool:
    return isinstance(action, Settle | Road | City | BankTrade) and \
        drew_nothing(before, after) and after.dev_deck == before.dev_deck
