"""One bot process over a shared database, for tests/test_processes.py (issue 17).

Run as ``python tests/pg_process_driver.py MODE DB ...``; it talks on stdin/stdout, a
line at a time, so the test can line several of them up at the same moment:

* ``move DB SESSION``: for each line ``SEAT NOTATION`` read (until ``quit``), compute
  ``SEAT``'s move from the stored state, print ``ready`` just before its commit, wait
  for ``go``, commit, print the outcome (``applied VERSION`` or ``refused KEY``).
* ``expire DB NOW [hold]``: print ``ready``, wait for ``go``, play every turn clock due at
  ``NOW`` and print ``played SESSION...``. With ``hold`` it stops after claiming, prints
  ``claimed SESSION...`` and waits (to be killed holding the claim).
* ``play DB SESSION KILL_AT``: play the session's moves (the first legal one of whoever
  is to act), printing ``acked VERSION`` after each commit returned; the ``KILL_AT``-th
  commit pauses inside its transaction, after its update, printing ``in-commit``, and
  waits there to be killed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import ServiceError, SessionService
from bot.storage import Storage
from games import get_ruleset


def say(line: str) -> None:
    print(line, flush=True)


async def heard() -> str:
    return (await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)).strip()


async def move(service: SessionService, session_id: int) -> None:
    storage = service.storage
    commit = storage.commit_actions

    async def lined_up(*args: Any, **kwargs: Any) -> bool:
        say("ready")
        assert await heard() == "go"
        return await commit(*args, **kwargs)

    storage.commit_actions = lined_up  # type: ignore[method-assign]
    while (command := await heard()) != "quit":
        seat, notation = command.split(" ", 1)
        try:
            update = await service.act(session_id, int(seat), notation)
        except ServiceError as refusal:
            say(f"refused {refusal.key}")
        else:
            say(f"applied {update.version}")


async def expire(service: SessionService, now: float, hold: bool) -> None:
    storage = service.storage
    claim = storage.claim_due

    async def lined_up(*args: Any, **kwargs: Any) -> list[tuple[int, float]]:
        claimed = await claim(*args, **kwargs)
        if hold:
            say("claimed " + " ".join(str(s) for s, _ in claimed))
            await asyncio.sleep(3600)
        return claimed

    storage.claim_due = lined_up  # type: ignore[method-assign]
    say("ready")
    assert await heard() == "go"
    updates = await service.expire_due(now)
    say("played " + " ".join(str(u.session_id) for u in updates))


async def play(service: SessionService, session_id: int, kill_at: int) -> None:
    database = service.storage._db
    transaction = database.transaction
    commits = 0

    @asynccontextmanager
    async def paused() -> AsyncIterator[Any]:
        nonlocal commits
        async with transaction() as db:
            yield db
            commits += 1
            if commits == kill_at:  # the update is done, its COMMIT not sent yet
                say("in-commit")
                await asyncio.sleep(3600)

    database.transaction = paused  # type: ignore[method-assign]
    while True:
        row = await service.storage.get(session_id)
        assert row is not None and row.state is not None
        ruleset = get_ruleset(row.game)
        state = ruleset.load(json.loads(row.state))
        if ruleset.result(state) is not None:
            say("over")
            return
        seat = min(ruleset.actors(state))
        action = ruleset.legal_actions(state, seat)[0]
        update = await service.act(session_id, seat, ruleset.notate_action(state, action))
        say(f"acked {update.version}")


async def main(argv: list[str]) -> None:
    mode, db = argv[0], argv[1]
    async with await Storage.open(db) as storage:
        service = SessionService(storage, render=False)
        try:
            if mode == "move":
                await move(service, int(argv[2]))
            elif mode == "expire":
                await expire(service, float(argv[2]), hold=argv[3:] == ["hold"])
            elif mode == "play":
                await play(service, int(argv[2]), int(argv[3]))
            else:
                raise SystemExit(f"unknown mode {mode!r}")
        finally:
            await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
