"""Turn latency end to end through :class:`~bot.service.SessionService`.

A real SQLite file in a temporary directory, rendering on: the human ``bench-human``
opens a lobby, fills the other seats with bots and starts with the seed. Each time
the human must act, their move is the one the bot would make for that seat (from the
state the service stored), and the :meth:`~bot.service.SessionService.move` call is
timed: the human's move, the bots' replies, the SQLite commit and the public and
private PNG renders. Picking the move (and reading the legal choices) is not timed.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service import Person, SessionService, Update
from bot.storage import Storage
from games import Ruleset

from .stats import HUMAN_ID, HUMAN_NAME, KB, percentile

CHANNEL = "bench-channel"


@dataclass(frozen=True, slots=True)
class TurnStats:
    """What the turn-latency run measured."""

    players: int
    turns: int
    finished: bool
    p50_ms: float
    p95_ms: float
    max_ms: float
    #: The largest public board PNG sent during the run.
    max_png_bytes: int

    @property
    def max_png_kb(self) -> float:
        return self.max_png_bytes / KB


async def _human_move(service: SessionService, ruleset: Ruleset[Any, Any],
                      person: Person) -> str:
    """The notation the bot would play for the human's seat now (checked to be offered)."""
    row, choices = await service.choices(CHANNEL, person)
    if not choices:
        raise RuntimeError(f"{ruleset.id}: the human has no move but the game is on")
    seat = row.seat_of(person.user_id)
    stored = await service.storage.get(row.id)  # a private copy: the service's cache is untouched
    assert seat is not None and stored is not None and stored.state is not None
    state = ruleset.load(json.loads(stored.state))
    notation = ruleset.notate_action(state, ruleset.bot_action(state, seat))
    if notation not in {choice.notation for choice in choices}:
        raise RuntimeError(f"{ruleset.id}: bot move {notation!r} is not among the choices")
    return notation


async def _run(ruleset: Ruleset[Any, Any], players: int, seed: int, max_turns: int | None,
               directory: Path) -> TurnStats:
    storage = await Storage.open(directory / "bench.sqlite3")
    service = SessionService(storage)
    try:
        person = Person(HUMAN_ID, HUMAN_NAME)
        await service.new_game(CHANNEL, person, ruleset.id)
        for _ in range(players - 1):
            await service.add_bot(CHANNEL, person)
        update: Update = await service.start(CHANNEL, person, seed=seed)
        timings: list[float] = []
        max_png = len(update.image or b"")
        while not update.finished and (max_turns is None or len(timings) < max_turns):
            notation = await _human_move(service, ruleset, person)
            start = time.perf_counter()
            update = await service.move(CHANNEL, person, notation)
            timings.append((time.perf_counter() - start) * 1000)
            max_png = max(max_png, len(update.image or b""))
    finally:
        await service.close()
        await storage.close()
    if not timings:
        raise RuntimeError(f"{ruleset.id}: the game ended before the human moved")
    return TurnStats(players, len(timings), update.finished, percentile(timings, 0.5),
                     percentile(timings, 0.95), max(timings), max_png)


def run_turns(ruleset: Ruleset[Any, Any], players: int, *, seed: int,
              max_turns: int | None) -> TurnStats:
    """Play one seeded game (or ``max_turns`` human moves) and time every human move."""
    with tempfile.TemporaryDirectory(prefix="tidebound-bench-") as directory:
        return asyncio.run(_run(ruleset, players, seed, max_turns, Path(directory)))
