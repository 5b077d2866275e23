"""``python -m bench.scale`` (or ``python -m bench --scale``): the whole system under load
(issue 29 item 7).

``--processes`` bot processes (default 4) of ``--shards-each`` shards each (default 2)
run the real bot (``bot.app.create_bot``, a sharded client) against one PostgreSQL
database and the loopback Discord stand-in (``tests/discord_standin.py``, served by
this process), their gateway logins in the shared queue. ``--games`` games of Hagoth
(default 2,000: one human, one bot) are opened through slash commands in servers spread
over every shard, then played for ``--minutes`` (default 10) through the move menus, as
a person clicks: open the menu on the board, click its first move, wait for the public
post. A tenth of the games are never played by the human: their turn clock (30 s) runs
out again and again, and the bot processes play it.

Reported: moves and turns (the time from the click to the public post: p50/p95), moves
lost (a move whose public post came back but that the database does not hold: must be
0), clocks played (each expiry of an idle game's clock must be posted once and played
once: no two of its timeouts closer than the clock), and each bot process's memory
(its own and its render workers'). Figures go to standard output, one JSON line last.

The PostgreSQL server is ``--postgres URL`` (or ``TIDEBOUND_BENCH_POSTGRES`` /
``TIDEBOUND_TEST_POSTGRES``); without one, a throw-away cluster (see bench.storage).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .stats import percentile, rss_mb
from .storage import fresh_schema, postgres_server

ROOT = Path(__file__).resolve().parent.parent
CLOCK_S = 30.0
IDLE_SHARE = 10  # one game in ten is left to its clock
IN_FLIGHT = 24  # moves under way at once
#: After the last click the processes run on this long, so that posts under way go out.
DRAIN_S = 20.0
#: A clock's move stored less than this before the processes stopped may not be posted yet.
SETTLE_S = 10.0


def _standin_modules() -> None:
    sys.path.insert(0, str(ROOT / "tests"))


# -- a bot process ------------------------------------------------------------------------------
async def _worker(api: str, gateway: str, db: str, count: int, ids: str) -> None:
    import discord
    import yarl

    from bot.app import create_bot
    from bot.config import Config
    from bot.sharding import Shards, parse_ids

    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway + "/")
    config = Config(token="bench", db_path=db, shards=Shards(count, parse_ids(ids)),
                    identify_spacing=0.2, render_workers=1)
    client = create_bot(config)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    runner = asyncio.create_task(client.start("bench-token"))
    await stop.wait()
    await client.close()
    runner.cancel()


def _rss_tree_mb(pid: int) -> tuple[float, float]:
    """(the process's RSS, its children's) in MB."""
    rss = rss_mb
    children: list[int] = []
    pending = [pid]
    while pending:
        current = pending.pop()
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                found = [int(x) for x in (task / "children").read_text().split()]
            except OSError:
                continue
            children += found
            pending += found
    return rss(pid), sum(rss(c) for c in children)


# -- the players ----------------------------------------------------------------------------
@dataclass
class Game:
    channel: int
    guild: int
    idle: bool
    session_id: int = 0
    board: dict[str, Any] = field(default_factory=dict)
    acknowledged: dict[int, int] = field(default_factory=dict)  # session -> moves posted


@dataclass
class Figures:
    turns_ms: list[float] = field(default_factory=list)
    refused: int = 0
    games_started: int = 0


WAIT_S = 120.0


async def _public_post(standin: Any, payload: dict[str, Any], start: int) -> Any:
    """The interaction's public followup (the board), waited for under load."""
    route = f"/webhooks/\\d+/{re.escape(payload['token'])}$"
    return await standin.wait_for(
        lambda r: r.matches("POST", route) and not int(r.json.get("flags") or 0) & 64,
        start=start, timeout=WAIT_S)


async def _callback(standin: Any, payload: dict[str, Any]) -> dict[str, Any]:
    return dict((await standin.wait_for_callback(payload, timeout=WAIT_S)).json)


async def _open(driver: Any, game: Game, user: int) -> None:
    from discord_standin import slash

    options = {"game": "hagoth", "options": f"clock={'30s' if game.idle else '5m'} target=10"}
    for name, fields in (("new", options), ("addbot", None), ("start", None)):
        payload, start = await driver.send(slash(
            "game", fields, subcommand=name, channel_id=game.channel, guild_id=game.guild,
            user_id=user))
        body = await _callback(driver.standin, payload)
        if name == "new":
            buttons = [c["custom_id"] for row in body["data"]["components"]
                       for c in row["components"]]
            game.session_id = int(buttons[0].rsplit(":", 1)[1])
    post = await _public_post(driver.standin, payload, start)
    game.board = driver.standin.messages[int(post.response["id"])]
    game.acknowledged.setdefault(game.session_id, 0)


async def _move(driver: Any, game: Game, figures: Figures, user: int) -> None:
    from discord_standin import component

    standin = driver.standin
    where = {"user_id": user, "channel_id": game.channel, "guild_id": game.guild}
    payload, start = await driver.send(component(f"tb:menu:{game.session_id}",
                                                 message=game.board, **where))
    await _callback(standin, payload)
    menu = await standin.wait_for_followup(payload, start=start, timeout=WAIT_S)
    if not menu.json.get("components"):
        figures.refused += 1
        return
    message = standin.messages[int(menu.response["id"])]
    first = menu.json["components"][0]["components"][0]
    if first["type"] == 2:
        click = component(first["custom_id"], message=message, **where)
    else:
        click = component(first["custom_id"], 3, [first["options"][0]["value"]],
                          message=message, **where)
    began = time.perf_counter()
    payload, start = await driver.send(click)
    body = await _callback(standin, payload)
    if body.get("type") != 6:
        figures.refused += 1
        return
    post = await _public_post(standin, payload, start)
    figures.turns_ms.append((time.perf_counter() - began) * 1000)
    game.acknowledged[game.session_id] = game.acknowledged.get(game.session_id, 0) + 1
    game.board = standin.messages[int(post.response["id"])]
    if not game.board.get("components"):
        figures.games_started += 1
        await _open(driver, game, user)  # over: a new game in the channel


async def _play(standin: Any, games: list[Game], seconds: float, figures: Figures,
                user: int) -> None:
    from tidebound_support import Driver

    driver = Driver(standin)
    playing = [g for g in games if not g.idle]
    slots = asyncio.Semaphore(IN_FLIGHT)
    deadline = time.monotonic() + seconds

    async def loop(mine: list[Game]) -> None:
        while time.monotonic() < deadline:
            for game in mine:
                if time.monotonic() >= deadline:
                    return
                async with slots:
                    try:
                        await _move(driver, game, figures, user)
                    except (TimeoutError, KeyError, IndexError, AssertionError):
                        figures.refused += 1

    groups = [playing[i::IN_FLIGHT] for i in range(IN_FLIGHT)]
    await asyncio.gather(*(loop(group) for group in groups if group))


def _unmatched(expiries: list[float], posts: list[float]) -> int:
    """How many of ``expiries`` (times the database stored a clock's move) have no post
    of their own in the channel at or after them: each post answers one expiry, the
    earliest still unanswered (a second of slack for the two clocks)."""
    waiting = sorted(posts)
    missing = 0
    at = 0
    for expiry in sorted(expiries):
        while at < len(waiting) and waiting[at] < expiry - 1.0:
            at += 1
        if at < len(waiting):
            at += 1
        else:
            missing += 1
    return missing


async def _check(db: str, games: list[Game], standin: Any, stopped: float
                 ) -> dict[str, Any]:
    """Lost moves, and the idle games' clocks: expiries played, posted, played twice,
    and played but never posted (of those played over 10 s before the processes were
    stopped: a later one may have been stored and not yet posted when they stopped)."""
    from bot.storage import Storage

    lost = 0
    clock_posts = 0
    clock_plays = 0
    doubled = 0
    unposted = 0
    posted_at: dict[str, list[float]] = {}
    for request in standin.requests:
        if request.method == "POST" and request.path.startswith("/api/v10/channels/") and \
                request.path.endswith("/messages"):
            posted_at.setdefault(request.path.split("/")[-2], []).append(request.received_at)
    async with await Storage.open(db) as storage:
        for game in games:
            for session_id, acknowledged in game.acknowledged.items():
                rows = await storage._db.execute_fetchall(
                    "SELECT created_at FROM actions WHERE session_id = ? AND seat = 0 "
                    "ORDER BY seq", (session_id,))
                times = [float(r[0]) for r in rows]
                if game.idle:
                    # One expiry may play several of the seat's actions (one decision
                    # after another), all at once: an expiry is a run of them.
                    expiries = [t for n, t in enumerate(times)
                                if n == 0 or t - times[n - 1] > 2.0]
                    clock_plays += len(expiries)
                    doubled += sum(1 for a, b in itertools.pairwise(expiries)
                                   if b - a < CLOCK_S - 2.0)
                    settled = [t for t in expiries if t < stopped - SETTLE_S]
                    unposted += _unmatched(settled, posted_at.get(str(game.channel), []))
                elif len(times) < acknowledged:
                    lost += acknowledged - len(times)
            if game.idle:
                clock_posts += len(posted_at.get(str(game.channel), []))
    return {"lost_moves": lost, "clock_plays": clock_plays, "clock_posts": clock_posts,
            "clocks_played_twice": doubled, "clocks_not_posted": unposted}


async def _run(url: str, *, processes: int, shards_each: int, games_count: int,
               seconds: float, seed: int) -> dict[str, Any]:
    _standin_modules()
    from discord_standin import USER_ID, DiscordStandin, text_channel_payload

    from bot.storage import Storage

    count = processes * shards_each
    await (await Storage.open(url)).close()
    rng = random.Random(seed)
    async with DiscordStandin(token=None, recommended_shards=count) as standin:
        games = []
        for n in range(games_count):
            # A server on each shard in turn: shard = (guild >> 22) % count.
            guild = ((1_000_000 + n // count) * count + n % count) << 22
            channel = 900_000_000_000_000_000 + n
            standin.channels[channel] = text_channel_payload(channel, guild)
            games.append(Game(channel, guild, idle=n % IDLE_SHARE == 0))
        rng.shuffle(games)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        workers = []
        for index in range(processes):
            ids = f"{index * shards_each}-{index * shards_each + shards_each - 1}"
            workers.append(subprocess.Popen(
                [sys.executable, "-m", "bench.scale", "--worker", standin.api_base,
                 standin.gateway_url, url, str(count), ids], cwd=ROOT, env=env))
        try:
            started = time.monotonic()
            while standin.connected_clients < count:
                if time.monotonic() - started > 120:
                    raise RuntimeError("the bot processes did not all connect")
                await asyncio.sleep(0.2)
            logins_s = time.monotonic() - started
            from tidebound_support import Driver

            driver = Driver(standin)
            slots = asyncio.Semaphore(IN_FLIGHT)

            async def opened(game: Game) -> None:
                async with slots:
                    await _open(driver, game, USER_ID)

            began = time.monotonic()
            await asyncio.gather(*(opened(g) for g in games))
            open_s = time.monotonic() - began
            figures = Figures()
            began = time.monotonic()
            await _play(standin, games, seconds, figures, USER_ID)
            played_s = time.monotonic() - began
            memory = [_rss_tree_mb(w.pid) for w in workers]
            # No more clicks: let the posts under way go out before the processes stop.
            await asyncio.sleep(DRAIN_S)
        finally:
            stopped = time.time()
            for worker in workers:
                worker.send_signal(signal.SIGTERM)
            for worker in workers:
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()
        checked = await _check(url, games, standin, stopped)
    return {
        "processes": processes, "shards": count, "games": games_count,
        "seconds": round(played_s, 1), "logins_s": round(logins_s, 1),
        "open_s": round(open_s, 1), "moves": len(figures.turns_ms),
        "moves_per_s": round(len(figures.turns_ms) / played_s, 1),
        "turn_p50_ms": round(percentile(figures.turns_ms, 0.5), 1),
        "turn_p95_ms": round(percentile(figures.turns_ms, 0.95), 1),
        "refused_or_retried": figures.refused, "new_games": figures.games_started,
        **checked,
        "rss_mb": [round(own) for own, _ in memory],
        "render_workers_rss_mb": [round(children) for _, children in memory],
    }


def report(result: dict[str, Any]) -> list[str]:
    return [
        f"scale: {result['processes']} processes x {result['shards'] // result['processes']} "
        f"shards on one PostgreSQL, {result['games']:,} games through the Discord stand-in "
        f"for {result['seconds']:.0f} s (logins {result['logins_s']} s, games opened in "
        f"{result['open_s']} s)",
        f"  {result['moves']:,} moves ({result['moves_per_s']}/s), turn p50 "
        f"{result['turn_p50_ms']} ms, p95 {result['turn_p95_ms']} ms; lost moves: "
        f"{result['lost_moves']}; refused or retried: {result['refused_or_retried']}",
        f"  clocks: {result['clock_plays']} expiries played, {result['clock_posts']} posted, "
        f"{result['clocks_played_twice']} played twice, {result['clocks_not_posted']} played "
        "but not posted (of those over 10 s before the stop)",
        f"  memory per process: {result['rss_mb']} MB, its render worker: "
        f"{result['render_workers_rss_mb']} MB",
    ]


def main(argv: Iterable[str]) -> int:
    argv = list(argv)
    if argv[:1] == ["--worker"]:
        api, gateway, db, count, ids = argv[1:6]
        asyncio.run(_worker(api, gateway, db, int(count), ids))
        return 0
    parser = argparse.ArgumentParser(prog="python -m bench.scale")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--shards-each", type=int, default=2)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default=None)
    args = parser.parse_args(argv)
    with postgres_server(args.postgres) as (url, where):
        if url is None:
            print(f"no PostgreSQL server: {where}", file=sys.stderr)
            return 2
        with fresh_schema(url) as scoped:
            result = asyncio.run(_run(scoped, processes=args.processes,
                                      shards_each=args.shards_each, games_count=args.games,
                                      seconds=args.minutes * 60, seed=args.seed))
    print("\n".join(report(result)))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
