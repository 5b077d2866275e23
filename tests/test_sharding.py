"""Sharding across processes (issue 17, "Sharding" and "Deployment"): the variables, the
shard of a session, each process resuming bots and playing clocks only for its own
shards, the sharded Discord client, and the docker-compose file's shard ranges."""

from __future__ import annotations

import asyncio
import re
import shlex
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import discord
import pytest
import yaml
from discord_standin import GUILD_ID, DiscordStandin, running_client, slash, text_of
from tidebound_support import Driver, start_game, write_raw

from bot.__main__ import main
from bot.app import ShardedTideboundClient, TideboundClient, create_bot
from bot.config import Config
from bot.database import parse_target
from bot.service import Person, SessionService
from bot.sharding import ShardConfigError, Shards, parse_ids, shard_of
from bot.storage import Storage

ROOT = Path(__file__).resolve().parent.parent
HOST = Person("u-host", "Hana")
#: Two real-looking server ids on different shards of 2 (shard = (id >> 22) % 2).
GUILD_ON_0, GUILD_ON_1 = str(4 << 22), str(5 << 22)


def test_shard_variables() -> None:
    """``TIDEBOUND_SHARD_IDS`` (e.g. ``0-3``) within ``TIDEBOUND_SHARD_COUNT``; neither
    set: one process, every server, as before."""
    assert Config.from_env({}).shards is None
    config = Config.from_env({"TIDEBOUND_SHARD_COUNT": "8", "TIDEBOUND_SHARD_IDS": "4-7"})
    assert config.shards == Shards(8, (4, 5, 6, 7))
    assert Config.from_env({"TIDEBOUND_SHARD_COUNT": "3"}).shards == Shards(3, (0, 1, 2))
    assert parse_ids("0-1, 6") == (0, 1, 6)
    for count, ids in (("4", "2-5"), ("4", "3-1"), ("", "0-1"), ("x", ""), ("0", ""),
                       ("4", "a")):
        with pytest.raises(ShardConfigError):
            Config.from_env({"TIDEBOUND_SHARD_COUNT": count, "TIDEBOUND_SHARD_IDS": ids})
    assert Config.from_env({"TIDEBOUND_DB_POOL": "25"}).db_pool_size == 25


def test_bad_shard_variables_are_one_clear_line(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("TIDEBOUND_SHARD_COUNT", "4")
    monkeypatch.setenv("TIDEBOUND_SHARD_IDS", "3-9")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "not within 0..3" in err and "Traceback" not in err


def test_a_session_is_on_its_servers_shard() -> None:
    """Discord's rule: shard = (guild_id >> 22) % shard_count; no server: shard 0."""
    assert shard_of(GUILD_ON_0, 2) == 0 and shard_of(GUILD_ON_1, 2) == 1
    assert shard_of("81384788765712384", 16) == (81384788765712384 >> 22) % 16
    assert shard_of(None, 4) == 0


def test_database_urls() -> None:
    """``TIDEBOUND_DB``: a path or ``sqlite:///`` is SQLite, ``postgresql://`` PostgreSQL;
    a password is never shown."""
    assert parse_target("tidebound.db").kind == "sqlite"
    assert parse_target("sqlite:///rel/x.db").address == "rel/x.db"
    assert parse_target("sqlite:////abs/x.db").address == "/abs/x.db"
    pg = parse_target("postgresql://bot:s3cret@db.example:5433/tb")
    assert pg.kind == "postgresql" and "s3cret" not in pg.shown and "db.example" in pg.shown


def test_create_bot_shards_only_when_configured(tmp_path: Path) -> None:
    plain = create_bot(Config(db_path=str(tmp_path / "x.db")), sync_commands=False)
    assert type(plain) is TideboundClient
    assert not isinstance(plain, discord.AutoShardedClient)
    sharded = create_bot(Config(db_path=str(tmp_path / "x.db"), shards=Shards(4, (2, 3))),
                         sync_commands=False)
    assert isinstance(sharded, ShardedTideboundClient)
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    names = {command.name for command in sharded.tree.get_commands()}
    assert names == {command.name for command in plain.tree.get_commands()}


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as opened:
        yield opened


async def clocked_game(service: SessionService, channel: str, guild: str) -> int:
    opened = await service.new_game(channel, HOST, "hagoth", "clock=1h target=10",
                                    guild_id=guild)
    await service.add_bot(channel, HOST)
    await service.start(channel, HOST, seed=3)
    return opened.session_id


async def test_each_process_plays_only_its_own_shards_clocks(storage: Storage) -> None:
    """Issue 17: "Each process resumes bots and plays expired clocks only for its own
    shards' sessions." Two services (as two processes) holding shard 0 and shard 1 of 2:
    each sees and plays only its own server's expired clock."""
    setup = SessionService(storage, render=False)
    on_0 = await clocked_game(setup, "c-0", GUILD_ON_0)
    on_1 = await clocked_game(setup, "c-1", GUILD_ON_1)
    await setup.close()
    first = SessionService(storage, render=False, shards=Shards(2, (0,)))
    second = SessionService(storage, render=False, shards=Shards(2, (1,)))
    try:
        deadlines = {}
        for service, mine in ((first, on_0), (second, on_1)):
            row = await storage.get(mine)
            assert row is not None and row.deadline is not None
            assert await service.next_deadline() == row.deadline  # its own game's clock
            deadlines[mine] = row.deadline
        late = max(deadlines.values()) + 1
        await storage.set_deadline(on_1, late + 3600)  # shard 1's clock is not due yet
        assert [u.session_id for u in await second.expire_due(late)] == []
        assert [u.session_id for u in await first.expire_due(late)] == [on_0]
        await storage.set_deadline(on_1, late - 1)
        assert await first.expire_due(late) == []  # never another shard's game
        assert [u.session_id for u in await second.expire_due(late)] == [on_1]
        # Resuming bots: each process looks only at its own shard's games.
        await write_raw(storage, "UPDATE sessions SET bots_due = 1")
        assert await storage.bots_due_sessions(Shards(2, (0,))) == [on_0]
        assert await storage.bots_due_sessions(Shards(2, (1,))) == [on_1]
        assert sorted(await storage.bots_due_sessions()) == sorted([on_0, on_1])
    finally:
        await first.close()
        await second.close()


def test_docker_compose_covers_every_shard_once_over_postgres() -> None:
    """The compose file runs PostgreSQL on a volume and bot services whose shard ranges
    cover 0..count-1 exactly once, each a valid configuration."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert any(v.split(":")[1].startswith("/var/lib/postgresql")
               for v in services["postgres"]["volumes"])
    assert "tidebound-postgres" in compose["volumes"]
    bots = {name: s for name, s in services.items() if name != "postgres"}
    assert len(bots) >= 2
    held: list[int] = []
    counts = set()
    for service in bots.values():
        env = {k: str(v) for k, v in service["environment"].items()}
        env = {k: v.replace("${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}", "pw")
               for k, v in env.items()}
        config = Config.from_env(env)
        assert config.shards is not None and parse_target(config.db_path).kind == "postgresql"
        assert service["restart"] == "unless-stopped"
        held.extend(config.shards.ids)
        counts.add(config.shards.count)
    (count,) = counts
    assert sorted(held) == list(range(count))


def test_readme_migrate_db_command_is_the_real_one() -> None:
    """The README's ``python -m bot migrate-db`` line parses with the real command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## When one process is not enough\n", 1)[1].split("\n## ", 1)[0]
    line = next(x for x in section.splitlines() if x.startswith("python -m bot migrate-db"))
    argv = shlex.split(line)[3:]
    import argparse

    from bot import migrate_db

    parser = argparse.ArgumentParser()
    migrate_db.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    assert args.source == "tidebound.db" and args.target.startswith("postgresql://")
    for name in ("TIDEBOUND_SHARD_COUNT", "TIDEBOUND_SHARD_IDS", "TIDEBOUND_DB_POOL",
                 "pg_dump"):
        assert name in section


async def test_a_sharded_client_plays_and_clocks_its_shards_game_through_discord(
        standin: DiscordStandin, database: str) -> None:
    """The real discord.py ``AutoShardedClient`` over the one shard (of 2) that holds the
    stand-in's server, on either backend: a game is opened and started through slash
    commands, and its expired clock is played and posted by this process."""
    shards = Shards(2, (shard_of(GUILD_ID, 2),))
    driver = Driver(standin)

    def make() -> TideboundClient:
        return create_bot(Config(db_path=database, shards=shards))

    async with running_client(make, standin) as client:
        assert isinstance(client, discord.AutoShardedClient)
        assert client.shard_ids == list(shards.ids)
        session_id = await start_game(driver, options="clock=24h target=5", bots=1)
        assert client.service is not None and client.storage is not None
        assert client.service.shards == shards
        start = standin.mark()  # a day later (the service's injected clock jumps ahead)
        later = time.time() + 24 * 3600 + 5
        client.service.now = lambda: later
        client.service.deadline_changed.set()
        post = await standin.wait_for(
            lambda r: r.matches("POST", r"/channels/\d+/messages$"), start=start, timeout=10)
        assert "time ran out" in text_of(post.json)
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is not None and row.deadline > later


async def test_two_shard_processes_over_one_postgres_each_serve_their_own_server(
        standin: DiscordStandin) -> None:
    """Issue 17, "Done when": the same bot on PostgreSQL across processes each holding a
    range of shards. Two sharded clients (shard 0 and shard 1 of 2) share one database
    and one stand-in, which routes a server's events to the shard holding it, as Discord
    does. The stand-in's server is played on its shard's client only; the other client
    answers its own server's channel (no game there) and never plays the first game's
    clock, which is played once, by its own shard."""
    from conftest import postgres_schema, postgres_url_or_skip

    home = shard_of(GUILD_ID, 2)
    other_guild = next(g for g in range(GUILD_ID, GUILD_ID + (8 << 22), 1 << 22)
                       if shard_of(g, 2) != home)
    driver = Driver(standin)
    async with postgres_schema(postgres_url_or_skip()) as url:
        await (await Storage.open(url)).close()  # migrated once, before both start

        def client_for(shard: int) -> Callable[[], TideboundClient]:
            return lambda: create_bot(Config(db_path=url, shards=Shards(2, (shard,))))

        async with running_client(client_for(home), standin) as mine, \
                running_client(client_for(1 - home), standin) as theirs:
            assert mine.service is not None and theirs.service is not None
            session_id = await start_game(driver, options="clock=24h target=5", bots=1)
            assert mine.storage is not None
            row = await mine.storage.get(session_id)
            assert row is not None and row.guild_id == str(GUILD_ID)
            # The other shard's process sees its own server only: no clock of this game.
            assert await theirs.service.next_deadline() is None
            assert await mine.service.next_deadline() == row.deadline
            payload, asked = await driver.send(slash("game", subcommand="status",
                                                     guild_id=other_guild, channel_id=77))
            assert "no game" in (await driver.ephemeral_text(payload, asked)).lower()

            start = standin.mark()  # a day later, for both processes
            later = time.time() + 24 * 3600 + 5
            for client in (mine, theirs):
                assert client.service is not None
                client.service.now = lambda: later
                client.service.deadline_changed.set()
            post = await standin.wait_for(
                lambda r: r.matches("POST", r"/channels/\d+/messages$"), start=start,
                timeout=10)
            assert "time ran out" in text_of(post.json)
            await asyncio.sleep(0.5)  # both clocks have had their turn
            posts = [r for r in standin.requests[start:]
                     if r.matches("POST", r"/channels/\d+/messages$")]
            assert len(posts) == 1
            callbacks = [r for r in standin.requests
                         if r.matches("POST", r"/interactions/\d+/[^/]+/callback$")]
            tokens = [re.search(r"/interactions/\d+/([^/]+)/callback$", r.path).group(1)
                      for r in callbacks]  # type: ignore[union-attr]
            assert len(tokens) == len(set(tokens)) == 4  # each of the 4 answered once
