"""Configuration of the bot, read from the environment (with defaults)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from .database import DEFAULT_POOL_SIZE
from .sharding import Shards

DEFAULT_DB = "tidebound.db"


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot needs to run.

    ``DISCORD_TOKEN``      the bot token (required to connect to Discord)
    ``TIDEBOUND_DB``       the database: a SQLite file or ``sqlite:///file`` (default
                           ``tidebound.db`` in the working directory; ``/data/tidebound.db``
                           in Docker), or ``postgresql://user:password@host/db``
    ``TIDEBOUND_DB_POOL``  PostgreSQL connections this process keeps open (default 10)
    ``TIDEBOUND_SHARD_COUNT``  Discord shards in all (unset: one process, every server)
    ``TIDEBOUND_SHARD_IDS``    the shards this process holds: ``0-3``, ``4,5`` (default all)
    ``TIDEBOUND_GUILD``    optional guild id: sync commands to that guild at once
                           (global commands can take a while to appear)
    ``TIDEBOUND_LOCALE``   locale of public messages (default ``en``)
    ``TIDEBOUND_CACHE_SIZE``      sessions kept in memory and idle locks kept (default 512)
    ``TIDEBOUND_RENDER_WORKERS``  processes drawing images (default 0: one per core)
    """

    #: Kept out of ``repr`` so that no log line or traceback can ever show it.
    token: str | None = field(default=None, repr=False)
    db_path: str = DEFAULT_DB
    guild_id: int | None = None
    locale: str = "en"
    cache_size: int = 512
    render_workers: int = 0
    db_pool_size: int = DEFAULT_POOL_SIZE
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
            render_workers=max(0, _number(env.get("TIDEBOUND_RENDER_WORKERS"), 0)),
            db_pool_size=max(1, _number(env.get("TIDEBOUND_DB_POOL"), DEFAULT_POOL_SIZE)),
            shards=Shards.parse(env.get("TIDEBOUND_SHARD_COUNT"),
                                env.get("TIDEBOUND_SHARD_IDS")),
        )


def _number(text: str | None, default: int) -> int:
    text = (text or "").strip()
    return int(text) if text.isdigit() else default
