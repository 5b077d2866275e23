"""Hexfolk event parameters as locale-neutral data, worded only when an event is told.

An event says "Ann settled between C, F and G (C wool 6 · …)" and "Bo received 2 wool";
the place and the cards are :class:`~i18n.Phrase` values built from ids and counts, so
:meth:`games.protocol.Event.text` words them in the reader's locale, and a step whose
events nobody reads (a playout, a bot's reply nobody is shown yet) words nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from i18n import Phrase

from .state import HexfolkState
from .wording import bundle_text, corner_text, edge_text, hex_text


@dataclass(frozen=True, slots=True)
class Cards(Phrase):
    """A bundle of resource cards (counts per resource): "2 wool, 1 ore"."""

    counts: tuple[int, ...]

    def localize(self, locale: str) -> str:
        return bundle_text(self.counts, locale)


@dataclass(frozen=True, slots=True)
class Place(Phrase):
    """A corner, edge or hex of a game's board, named by the hex letters on the image.

    ``state`` is read only for the layout (board, terrain, tokens, harbours), which
    never changes after setup; it is not part of the value (equality, repr)."""

    kind: str  # "corner", "edge" or "hex"
    index: int
    state: HexfolkState = field(compare=False, repr=False)

    def localize(self, locale: str) -> str:
        if self.kind == "corner":
            return corner_text(self.state, self.index, locale)
        if self.kind == "edge":
            return edge_text(self.state.board, self.index, locale)
        return hex_text(self.state, self.index, locale)
