"""The process tests/test_crash.py kills: it plays games through the session service.

Run as ``python tests/crash_driver.py DB ACKS [--moves N]``. In one channel per
registered game it keeps a game going whose seats are all players the driver plays for
(each with its bot's move), so every move is one commit of the service. After each
``act`` returns — the move is committed — it appends ``session seq seat notation`` to
ACKS. When a game ends it opens the next one. Started again after a SIGKILL, it picks up
whatever it finds: a half-filled lobby, a game in play. With ``--moves N`` it stops after
N moves (exit 0); without, it plays until it is killed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import Person, ServiceError, SessionService
from bot.storage import ACTIVE, LOBBY, Storage
from games import all_rulesets

#: Options that keep games short enough to end (and start again) during a test.
OPTIONS = {"hagoth": "target=5", "hexfolk": "target=8"}


def person(seat: int) -> Person:
    return Person(f"user{seat}", f"Player {seat + 1}")


async def ensure_game(service: SessionService, channel: str, game: str, players: int,
                      seed: int) -> int:
    """The session in play in ``channel``: continue a lobby, or open a new game."""
    row = await service.session_for_channel(channel)
    if row is None:
        await service.new_game(channel, person(0), game, OPTIONS.get(game, ""))
        row = await service.session_for_channel(channel)
    assert row is not None
    if row.status == LOBBY:
        for seat in range(len(row.seats), players):
            await service.join(channel, person(seat))
        await service.start(channel, person(0), seed=seed)
    return row.id


async def play(db: str, acks: str, moves: int | None) -> int:
    made = 0
    async with await Storage.open(db) as storage:
        service = SessionService(storage, render=False)
        await service.resume_all()
        rulesets = all_rulesets()
        with open(acks, "a", encoding="utf-8") as out:
            round_number = 0
            while moves is None or made < moves:
                round_number += 1
                for ruleset in rulesets:
                    channel = f"crash-{ruleset.id}"
                    session_id = await ensure_game(
                        service, channel, ruleset.id, ruleset.min_players,
                        seed=round_number * 7919 + len(ruleset.id))
                    row = await storage.get(session_id)
                    if row is None or row.status != ACTIVE or row.state is None:
                        continue
                    state = ruleset.load(json.loads(row.state))
                    seat = min(ruleset.actors(state))
                    notation = ruleset.notate_action(state, ruleset.bot_action(state, seat))
                    try:
                        await service.act(session_id, seat, notation, version=row.version)
                    except ServiceError:
                        continue
                    # Committed: acknowledge it (the test checks every ack is in the log).
                    out.write(f"{session_id} {row.version} {seat} {notation}\n")
                    out.flush()
                    made += 1
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("db")
    parser.add_argument("acks")
    parser.add_argument("--moves", type=int, default=None)
    args = parser.parse_args(argv)
    asyncio.run(play(args.db, args.acks, args.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
