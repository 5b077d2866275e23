"""How the normal Hagoth bot weighs an attack card, from public facts only.

The normal bot (:mod:`games.hagoth.bot`) plays the attack it scores highest, and the
expert (:mod:`games.hagoth.expert`) foresees where a normal rival would aim one: both
read the weighing here. An attack's worth is what it hits (:func:`attack_base`) plus how
much its victim leads (:func:`leader_bonus`): the board and the scores, never a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import BLUEPRINTS, DELAY, DESTROY, REMOVE, SKIP
from .state import Design, Player, Ship


def attack_base(victim: Player, card: str, berth: int | None) -> float | None:
    """What the bot sees in hitting ``victim``'s ``berth`` with ``card`` before it looks
    at the scores (``None``: nothing there to hit)."""
    if card == SKIP:
        return 3.0
    assert berth is not None
    held = victim.berths[berth]
    if card == DELAY and isinstance(held, Ship):
        bp = BLUEPRINTS[held.lane]
        near = bp.lane_length - held.position == 1
        return 5.0 + bp.arrival_vp if near else 3.0
    if isinstance(held, Design):
        size = BLUEPRINTS[held.blueprint].size
        if card == DESTROY:
            return 2.5 + 5.0 * held.wood / size
        if card == REMOVE:
            return 2.5 + 4.0 * len(held.segments) / size
    return None


def leader_bonus(vps: Sequence[int], attacker: int, victim: int) -> float:
    """What the attacker adds for hitting ``victim``: 2 if the victim has the most points
    of the attacker's rivals, and a tenth of its points."""
    best_other = max(vp for i, vp in enumerate(vps) if i != attacker)
    return (2.0 if vps[victim] == best_other else 0.0) + vps[victim] / 10
