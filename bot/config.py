"""Configuration of the bot, read from the environment (with defaults)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .database import DEFAULT_POOL_SIZE, MAX_POOL_SIZE
from .gateway import IDENTIFY_SPACING
from .render_pool import MEMORY_CEILING_MB, MIN_MEMORY_CEILING_MB
from .sharding import Shards

DEFAULT_DB = "tidebound.db"
#: Render worker processes per bot process unless ``TIDEBOUND_RENDER_WORKERS`` says
#: otherwise (issue 29 item 4): each holds 70-320 MB resident (its ceiling,
#: ``TIDEBOUND_RENDER_WORKER_MB``), so not one per core in every process of a machine
#: running several.
DEFAULT_RENDER_WORKERS = 2


class ConfigError(ValueError):
    """A variable names something that cannot be used (a password file not readable)."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot needs to run.

    ``DISCORD_TOKEN``      the bot token (required to connect to Discord)
    ``TIDEBOUND_DB``       the database: a SQLite file or ``sqlite:///file`` (default
                           ``tidebound.db`` in the working directory; ``/data/tidebound.db``
                           in Docker), or ``postgresql://user:password@host/db``
    ``TIDEBOUND_DB_POOL``  PostgreSQL connections this process may open (default 4,
                           at most 32): processes x pool <= the server's max_connections
    ``TIDEBOUND_DB_PGBOUNCER``  ``1`` behind PgBouncer's transaction pooling: asyncpg
                           keeps no prepared statements (``statement_cache_size=0``)
    ``TIDEBOUND_DB_PASSWORD``   PostgreSQL's password, kept out of the URL (or
                           ``TIDEBOUND_DB_PASSWORD_FILE``: a file holding it, such as a
                           Docker secret; or libpq's own ``PGPASSWORD`` / ``~/.pgpass``)
    ``TIDEBOUND_SHARD_COUNT``  Discord shards in all (unset: one process, every server)
    ``TIDEBOUND_SHARD_IDS``    the shards this process holds: ``0-3``, ``4,5`` (default all)
    ``TIDEBOUND_GUILD``    optional guild id: sync commands to that guild at once
                           (global commands can take a while to appear)
    ``TIDEBOUND_LOCALE``   locale of public messages (default ``en``)
    ``TIDEBOUND_CACHE_SIZE``      sessions kept in memory and idle locks kept (default 512)
    ``TIDEBOUND_RENDER_WORKERS``  processes drawing images (default 2; 0: one per core)
    ``TIDEBOUND_RENDER_WORKER_MB``  resident MB past which a render worker gives freed
                           memory back at once, or retires (default 320, at least 200;
                           0: no ceiling)
    ``TIDEBOUND_IDENTIFY_SPACING``  seconds between two gateway logins of one
                           ``max_concurrency`` bucket, across processes (default 5, as
                           Discord asks; lower only against a test stand-in)
    """

    #: Kept out of ``repr`` so that no log line or traceback can ever show it.
    token: str | None = field(default=None, repr=False)
    db_path: str = DEFAULT_DB
    guild_id: int | None = None
    locale: str = "en"
    cache_size: int = 512
    render_workers: int = DEFAULT_RENDER_WORKERS
    #: ``None``: no ceiling (:data:`bot.render_pool.MEMORY_CEILING_MB`)
    render_worker_mb: float | None = MEMORY_CEILING_MB
    db_pool_size: int = DEFAULT_POOL_SIZE
    db_pgbouncer: bool = False
    identify_spacing: float = IDENTIFY_SPACING
    #: Kept out of ``repr`` like the token.
    db_password: str | None = field(default=None, repr=False)
    #: ``None``: one process holds every server, as without sharding.
    shards: Shards | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """The configuration from ``env`` (default: the environment);
        :class:`~bot.sharding.ShardConfigError` for shard variables that make no sense."""
        env = os.environ if env is None else env
        guild = env.get("TIDEBOUND_GUILD", "").strip()
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            db_path=env.get("TIDEBOUND_DB", "").strip() or DEFAULT_DB,
            guild_id=int(guild) if guild.isdigit() else None,
            locale=env.get("TIDEBOUND_LOCALE", "").strip() or "en",
            cache_size=max(1, _number(env.get("TIDEBOUND_CACHE_SIZE"), 512)),
            render_workers=max(0, _number(env.get("TIDEBOUND_RENDER_WORKERS"),
                                          DEFAULT_RENDER_WORKERS)),
            render_worker_mb=_ceiling(env.get("TIDEBOUND_RENDER_WORKER_MB")),
            db_pool_size=min(MAX_POOL_SIZE, max(1, _number(env.get("TIDEBOUND_DB_POOL"),
                                                           DEFAULT_POOL_SIZE))),
            db_pgbouncer=env.get("TIDEBOUND_DB_PGBOUNCER", "").strip().lower()
            in ("1", "true", "yes", "on"),
            db_password=_password(env),
            identify_spacing=_seconds(env.get("TIDEBOUND_IDENTIFY_SPACING"), IDENTIFY_SPACING),
            shards=Shards.parse(env.get("TIDEBOUND_SHARD_COUNT"),
                                env.get("TIDEBOUND_SHARD_IDS")),
        )


def _ceiling(text: str | None) -> float | None:
    """``TIDEBOUND_RENDER_WORKER_MB``: the default if unset or not a number, ``None`` (no
    ceiling) for 0, and at least :data:`~bot.render_pool.MIN_MEMORY_CEILING_MB`."""
    megabytes = _number(text, round(MEMORY_CEILING_MB))
    return max(MIN_MEMORY_CEILING_MB, float(megabytes)) if megabytes > 0 else None


def _password(env: Mapping[str, str]) -> str | None:
    """``TIDEBOUND_DB_PASSWORD``, or the first line of ``TIDEBOUND_DB_PASSWORD_FILE``."""
    given = env.get("TIDEBOUND_DB_PASSWORD", "")
    if given:
        return given
    path = env.get("TIDEBOUND_DB_PASSWORD_FILE", "").strip()
    if not path:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        raise ConfigError(f"TIDEBOUND_DB_PASSWORD_FILE={path!r} cannot be read: "
                          f"{getattr(exc, 'strerror', None) or type(exc).__name__}") from exc
    return (text.splitlines() or [""])[0] or None


def _seconds(text: str | None, default: float) -> float:
    try:
        value = float((text or "").strip())
    except ValueError:
        return default
    return value if value >= 0 else default


def _number(text: str | None, default: int) -> int:
    text = (text or "").strip()
    return int(text) if text.isdigit() else default
