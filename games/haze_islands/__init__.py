"""Haze Islands — scout a map of islands card by card, complete adventures and face
The Doom (1–3 players: solo, cooperative, friendly or competitive).

Work in progress (issue 12): the component data (:mod:`.data`), the state and its JSON
form (:mod:`.state`), setup and the first turn actions (:mod:`.rules`) and their
notation (:mod:`.actions`). The game is not in the registry yet (``games/__init__.py``):
it has no view, renderer, bot or hidden-information hook. Open rules questions and the
decisions taken: ``RULES-NOTES.md``.
"""

from __future__ import annotations

GAME_ID = "haze-islands"
