"""``python -m bench.resume``: the first post after a restart with 10,000 games due
(issue 29 item 3).

A SQLite database holds ``games`` games of Hagoth, each stopped (as by a crash) after
the human's move and before the bot's reply, so a bot is due in every one. The bot's
own client is built and set up as ``python -m bot`` does (short of Discord), then its
resume is run as the front runs it once the gateway is ready, rendering on, each
update "posted" into a sink: timed are the start of the render workers (begun in
``setup_hook``, so it overlaps the gateway connection; "ready" is taken after it), the
first post after ready (target: within 2 s), the first ``count`` posts, and the
process's resident memory before, after the first post, and after ``count`` posts
(bounded: it must not grow with the games due).
Before issue 29 the first post waited for every update to be built: about ``games``
times the time per update measured here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

from .stats import rss_mb

GAMES = 10_000
TARGET_S = 2.0


def build(db: Path, games: int) -> None:
    """``games`` games with a bot due, one state shared (written straight to SQLite)."""
    import sqlite3

    from bot.service import Person, SessionService
    from bot.storage import Storage
    from games import get_ruleset

    hagoth = get_ruleset("hagoth")
    host = Person("u-host", "Hana")

    async def one() -> tuple[str, str]:
        async with await Storage.open(str(db)) as storage:
            service = SessionService(storage, render=False)
            opened = await service.new_game("c-0", host, "hagoth", "target=10",
                                            guild_id="1")
            await service.add_bot("c-0", host)
            await service.start("c-0", host, seed=6)
            row = await storage.get(opened.session_id)
            await service.close()
            assert row is not None and row.state is not None
            state = hagoth.load(json.loads(row.state))
            hagoth.play(state, 0, "act wood")
            return json.dumps(hagoth.dump(state)), json.dumps(row.options)

    state, options = asyncio.run(one())
    with sqlite3.connect(db) as raw:
        for table in ("actions", "reminders", "seats", "sessions"):
            raw.execute(f"DELETE FROM {table}")
        for n in range(games):
            raw.execute(
                "INSERT INTO sessions (id, channel_id, guild_id, game, options, status, "
                "host_id, seed, state, version, created_at, updated_at, bots_due) VALUES "
                "(?, ?, '1', 'hagoth', ?, 'active', 'u-host', 6, ?, 1, 0, 0, 1)",
                (n + 1, f"c-{n}", options, state))
            raw.execute("INSERT INTO seats (session_id, seat, user_id, name, is_bot) "
                        "VALUES (?, 0, 'u-host', 'Hana', 0)", (n + 1,))
            raw.execute("INSERT INTO seats (session_id, seat, user_id, name, is_bot) "
                        "VALUES (?, 1, NULL, 'Bot 1', 1)", (n + 1,))


async def measure(db: Path, count: int) -> dict[str, float]:
    from bot.app import TideboundClient
    from bot.config import Config
    from bot.service import Update

    posted: list[float] = []
    sizes: list[int] = []

    class Sink(TideboundClient):
        async def post_to_channel(self, update: Update) -> None:
            posted.append(time.perf_counter())
            sizes.append(len(update.image or b""))
            if len(posted) >= count:
                raise asyncio.CancelledError  # enough: stop the resume here

    client = Sink(Config(db_path=str(db)), sync_commands=False)
    setup = time.perf_counter()
    await client.setup_hook()
    for task in (client._resume_task, client._clock_task):
        if task is not None:
            task.cancel()  # they wait for a gateway there is none of here
    await client.days.stop()
    # The render workers start in the background from setup_hook on, while the gateway
    # connects (a few seconds against Discord); "ready" is taken once they are up.
    if client._warm_task is not None:
        await client._warm_task
    workers_s = time.perf_counter() - setup
    rss_ready = rss_mb()
    ready = time.perf_counter()
    resume = asyncio.create_task(client.resume_games())
    while not posted and not resume.done():
        await asyncio.sleep(0.001)
    rss_first = rss_mb()
    with contextlib.suppress(asyncio.CancelledError):
        await resume
    figures = {"workers_s": workers_s, "first_s": posted[0] - ready, "count": len(posted),
               "count_s": posted[-1] - ready,
               "per_update_ms": (posted[-1] - posted[0]) / max(1, len(posted) - 1) * 1000,
               "rss_ready_mb": rss_ready, "rss_first_mb": rss_first,
               "rss_after_mb": rss_mb(), "image_kb": sum(sizes) / len(sizes) / 1024}
    await client.close()
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.resume")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--count", type=int, default=200,
                        help="posts timed (the rest of the games are left due)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tidebound-resume-") as directory:
        db = Path(directory) / "due.db"
        build(db, args.games)
        figures = asyncio.run(measure(db, args.count))
    before_s = args.games * figures["per_update_ms"] / 1000
    print(f"resume with {args.games:,} games due (rendering on): first post "
          f"{figures['first_s']:.2f} s after ready (target <= {TARGET_S:g} s: "
          f"{'met' if figures['first_s'] <= TARGET_S else 'NOT met'}; the render workers "
          f"took {figures['workers_s']:.1f} s to start from setup, during the gateway "
          f"connection); "
          f"{figures['count']} posts in {figures['count_s']:.1f} s "
          f"({figures['per_update_ms']:.0f} ms each); RSS {figures['rss_ready_mb']:.0f} MB "
          f"at ready, {figures['rss_first_mb']:.0f} MB at the first post, "
          f"{figures['rss_after_mb']:.0f} MB after {figures['count']} "
          f"(images {figures['image_kb']:.0f} KB each); before: the first post after "
          f"all were built, about {before_s / 60:.0f} min")
    print(json.dumps({k: round(v, 3) for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
