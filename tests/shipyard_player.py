"""A scripted human for the Shipyard end-to-end tests (console and Discord).

It plays like the bot, except that it buys the first bonus action it can afford and
records the decisions the tests must see: a bonus action, fitting a piece of equipment
and a choice of branch at a confluence (issue 11: "It includes a bonus action, a fitting
decision and a confluence choice")."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.shipyard import RULESET
from games.shipyard.actions import Bonus, Fit, Go
from games.shipyard.data import EQUIPMENT
from games.shipyard.state import ShipyardState


@dataclass(slots=True)
class ScriptedHuman:
    seat: int = 0
    seen: set[str] = field(default_factory=set)
    moves: list[str] = field(default_factory=list)

    def choose(self, state: ShipyardState) -> str:
        legal = RULESET.legal_actions(state, self.seat)
        bonuses = [a for a in legal if isinstance(a, Bonus)]
        action = RULESET.bot_action(state, self.seat)
        if bonuses and "bonus" not in self.seen:
            simple = [a for a in bonuses if a.card in ("equipment", "crew")]
            action = (simple or bonuses)[0]
        if isinstance(action, Bonus):
            self.seen.add("bonus")
        if isinstance(action, Fit) and action.item in EQUIPMENT:
            self.seen.add("fit")
        if isinstance(action, Go) and sum(isinstance(a, Go) for a in legal) >= 2:
            self.seen.add("confluence")
        notation = RULESET.format_action(action)
        self.moves.append(notation)
        return notation
