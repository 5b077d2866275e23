"""Sizing a process (issue 29 item 4): a bounded connection pool, PgBouncer's transaction
pooling, the number of render workers, the password kept out of the URL, and limits in
docker-compose.yml. The pool and the password are checked on the real PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import yaml
from conftest import postgres_schema, postgres_url_or_skip

from bot.app import create_bot
from bot.config import DEFAULT_RENDER_WORKERS, Config, ConfigError
from bot.database import DEFAULT_POOL_SIZE, MAX_POOL_SIZE, parse_target
from bot.render_pool import MEMORY_CEILING_MB
from bot.storage import SeatRow, Storage

ROOT = Path(__file__).resolve().parent.parent
SECRET = "s3cret-pw"


def test_pool_is_small_by_default_and_bounded() -> None:
    """Issue 29 item 4: "a documented, bounded connection pool per process (env var,
    default small)"; 25 processes at the default fit in PostgreSQL's default 100."""
    assert Config.from_env({}).db_pool_size == DEFAULT_POOL_SIZE <= 4
    assert Config.from_env({"TIDEBOUND_DB_POOL": "7"}).db_pool_size == 7
    assert Config.from_env({"TIDEBOUND_DB_POOL": "500"}).db_pool_size == MAX_POOL_SIZE
    assert Config.from_env({"TIDEBOUND_DB_POOL": "0"}).db_pool_size == 1


def test_pgbouncer_and_render_worker_variables() -> None:
    """Issue 29 item 4: ``TIDEBOUND_DB_PGBOUNCER=1``; ``TIDEBOUND_RENDER_WORKERS`` (not one
    per core by default: each worker holds 140-150 MB)."""
    assert Config.from_env({}).db_pgbouncer is False
    assert Config.from_env({"TIDEBOUND_DB_PGBOUNCER": "1"}).db_pgbouncer is True
    assert Config.from_env({"TIDEBOUND_DB_PGBOUNCER": "0"}).db_pgbouncer is False
    assert Config.from_env({}).render_workers == DEFAULT_RENDER_WORKERS == 2
    assert Config.from_env({"TIDEBOUND_RENDER_WORKERS": "3"}).render_workers == 3
    # a worker's resident ceiling (MB): the default, a number, 0 for none
    assert Config.from_env({}).render_worker_mb == MEMORY_CEILING_MB == 320
    assert Config.from_env({"TIDEBOUND_RENDER_WORKER_MB": "500"}).render_worker_mb == 500
    assert Config.from_env({"TIDEBOUND_RENDER_WORKER_MB": "0"}).render_worker_mb is None
    assert Config.from_env({"TIDEBOUND_RENDER_WORKER_MB": "lots"}).render_worker_mb == 320
    # below a fresh worker and one board, workers would retire board after board
    assert Config.from_env({"TIDEBOUND_RENDER_WORKER_MB": "50"}).render_worker_mb == 200


async def test_render_workers_reach_the_render_pool(tmp_path: Path) -> None:
    config = Config.from_env({"TIDEBOUND_DB": str(tmp_path / "w.db"),
                              "TIDEBOUND_RENDER_WORKERS": "3",
                              "TIDEBOUND_RENDER_WORKER_MB": "400"})
    client = create_bot(config, sync_commands=False)
    await client.setup_hook()
    try:
        assert client.service is not None and client.service.render_pool.workers == 3
        assert client.service.render_pool.memory_ceiling_mb == 400
    finally:
        await client.close()


def test_password_from_variable_or_file_never_shown(tmp_path: Path) -> None:
    """Issue 29 item 4: the password is passed apart from the URL, from
    ``TIDEBOUND_DB_PASSWORD`` or a file (a Docker secret), and never in a repr."""
    secret_file = tmp_path / "pw"
    secret_file.write_text(f"{SECRET}\n", encoding="utf-8")
    from_file = Config.from_env({"TIDEBOUND_DB_PASSWORD_FILE": str(secret_file)})
    assert from_file.db_password == SECRET
    given = Config.from_env({"TIDEBOUND_DB_PASSWORD": SECRET,
                             "TIDEBOUND_DB_PASSWORD_FILE": str(secret_file)})
    assert given.db_password == SECRET and SECRET not in repr(given)
    assert Config.from_env({}).db_password is None
    with pytest.raises(ConfigError, match="TIDEBOUND_DB_PASSWORD_FILE"):
        Config.from_env({"TIDEBOUND_DB_PASSWORD_FILE": str(tmp_path / "missing")})


async def test_postgres_pool_pgbouncer_and_password_on_the_server() -> None:
    """Issue 29 item 4, on the real PostgreSQL: the pool never opens more than its size
    however many requests wait; PgBouncer mode keeps no prepared statement (asyncpg's
    statement cache is off) and still stores and reads games; the password reaches the
    driver as ``password=`` while the URL holds none."""
    url = postgres_url_or_skip()
    async with postgres_schema(url) as scoped:
        assert parse_target(scoped).shown == scoped  # nothing to mask: no password in it
        storage = await Storage.open(scoped, pool_size=3, pgbouncer=True, password=SECRET)
        try:
            pool = storage._db.pool  # type: ignore[attr-defined]
            assert pool.get_max_size() == 3
            row = await storage.create_session(channel_id="c", guild_id=None, game="hagoth",
                                               options={}, host=SeatRow(0, "u", "Una"))
            rows = await asyncio.gather(*(storage.get(row.id) for _ in range(30)))
            assert all(r is not None and r.id == row.id for r in rows)
            opened = [h._con for h in pool._holders if h._con is not None]
            assert 1 <= len(opened) <= 3
            for connection in opened:
                assert connection._params.password == SECRET
                assert connection._stmt_cache.get_max_size() == 0  # nothing prepared kept
                assert len(connection._stmt_cache) == 0
        finally:
            await storage.close()
        cached = await Storage.open(scoped, pool_size=2)
        try:
            await cached.get(row.id)
            holders = [h._con for h in cached._db.pool._holders  # type: ignore[attr-defined]
                       if h._con is not None]
            assert any(c._stmt_cache.get_max_size() > 0 for c in holders)  # default: cached
        finally:
            await cached.close()


def test_docker_compose_sizes_each_process() -> None:
    """Issue 29 item 4: memory and CPU limits in docker-compose.yml, a small pool and
    render workers per bot service, the password not spliced into the URL, and every
    process's pool within PostgreSQL's default 100 connections."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    bots = [s for name, s in services.items() if name != "postgres"]
    connections = 0
    for service in [*bots, services["postgres"]]:
        limits = service["deploy"]["resources"]["limits"]
        assert float(limits["cpus"]) > 0 and str(limits["memory"])[-1] in "GM"
    for service in bots:
        env = {k: str(v) for k, v in service["environment"].items()}
        assert "${POSTGRES_PASSWORD" not in env["TIDEBOUND_DB"]
        assert "POSTGRES_PASSWORD" in env["TIDEBOUND_DB_PASSWORD"]
        config = Config.from_env(env)
        assert config.render_workers >= 1
        # each render worker's resident ceiling fits the service's memory limit: about
        # 100 MB for the main process and as much for the fork server, and a board's
        # drawing (up to some 100 MB) on top of a worker at its ceiling
        assert config.render_worker_mb is not None
        limit = service["deploy"]["resources"]["limits"]["memory"]
        limit_mb = int(limit[:-1]) * (1024 if limit.endswith("G") else 1)
        assert 200 + config.render_workers * (config.render_worker_mb + 100) <= limit_mb
        connections += config.db_pool_size
    assert connections <= 100
