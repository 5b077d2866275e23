"""``/hint``: the move our expert bot would make now, for the player to act (issue 16,
"Hints"; issue 28 item 1: the hint is the expert's move, games/bot_levels.py).

A hint may use only what the asking player sees. So the bot never looks at the true
state of a game with hidden information: it plays on a state re-dealt from the player's
own view (:meth:`~games.protocol.Ruleset.hidden_variants`: the cards and tiles the player
cannot see dealt anew, another random stream), with a random stream seeded from public
facts only (the session, its version and the seat). Two positions the player cannot
tell apart get the same hint (tests/test_memory.py checks it for every game).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from games import Ruleset
from games.bot_levels import EXPERT, level_action
from games.rng import GameRng
from i18n import DEFAULT_LOCALE
from i18n.errors import LocalizedError


def hint_rng(session_id: int, version: int, seat: int) -> GameRng:
    """A random stream for a hint that depends on public facts only."""
    digest = hashlib.sha256(f"hint:{session_id}:{version}:{seat}".encode()).digest()
    return GameRng(int.from_bytes(digest[:8], "big"))


def suggest(ruleset: Ruleset[Any, Any], state: Any, seat: int, rng: GameRng,
            names: Sequence[str] = (), locale: str = DEFAULT_LOCALE) -> tuple[str, str] | None:
    """(notation, label) of the expert bot's move for ``seat`` on a state re-dealt from
    ``seat``'s view, or ``None`` when that move is not legal in the real position (it
    never is illegal when a game's legal moves depend on the player's view alone)."""
    variants = ruleset.hidden_variants(state, seat, rng)
    sample = variants[-1] if variants else ruleset.load(ruleset.dump(state))
    if seat not in ruleset.actors(sample):
        return None
    notation = ruleset.notate_action(sample, level_action(ruleset, sample, seat, EXPERT))
    try:
        action = ruleset.read_action(state, seat, notation)
    except LocalizedError:  # a move the real position does not know
        return None
    if action not in ruleset.legal_actions(state, seat):
        return None
    return notation, ruleset.describe_action(state, seat, action, names, locale)
