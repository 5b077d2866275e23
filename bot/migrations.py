"""The schema of the database, as one list of migrations (:data:`MIGRATIONS`), applied
in order when a database is opened; written in portable SQL as SQLite reads it
(:mod:`bot.postgres_dialect` rewrites it for PostgreSQL). Never edit a migration that
has shipped: append a new one."""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: sessions, seats and the action log.
    """
    CREATE TABLE sessions (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id  TEXT    NOT NULL,
        guild_id    TEXT,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        status      TEXT    NOT NULL,
        host_id     TEXT    NOT NULL,
        locale      TEXT    NOT NULL DEFAULT 'en',
        seed        INTEGER,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX one_open_session_per_channel
        ON sessions (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        user_id     TEXT,
        name        TEXT    NOT NULL,
        is_bot      INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat)
    );
    CREATE TABLE actions (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        notation    TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    """,
    # 2: the turn clock's deadline of an active session (NULL: no clock running).
    """
    ALTER TABLE sessions ADD COLUMN deadline REAL;
    CREATE INDEX sessions_deadline ON sessions (deadline) WHERE deadline IS NOT NULL
    """,
    # 3: whether a bot of an active session may have a move to make, set at every commit,
    # so that a restart visits only those sessions. A database from before this column
    # marks every active session with a bot seat: each is looked at once, then cleared.
    """
    ALTER TABLE sessions ADD COLUMN bots_due INTEGER NOT NULL DEFAULT 0;
    UPDATE sessions SET bots_due = 1 WHERE status = 'active' AND EXISTS (
        SELECT 1 FROM seats WHERE seats.session_id = sessions.id AND seats.is_bot = 1);
    CREATE INDEX sessions_bots_due ON sessions (id) WHERE bots_due = 1 AND status = 'active'
    """,
    # 4: play over days (issue 15). /settings values per server ('guild') and per user
    # ('user'); each seat's own turn clock of an active session (JSON, see bot/clocks.py);
    # one reminder per waiting decision; vacations (their history caps them per 30 days);
    # the seats of a user, for /mygames.
    """
    CREATE TABLE settings (
        scope       TEXT    NOT NULL,
        owner_id    TEXT    NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (scope, owner_id, key)
    );
    ALTER TABLE sessions ADD COLUMN clocks TEXT;
    ALTER TABLE sessions ADD COLUMN last_post TEXT;
    CREATE TABLE reminders (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        user_id     TEXT    NOT NULL,
        since       REAL    NOT NULL,
        remind_at   REAL    NOT NULL,
        sent        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX reminders_due ON reminders (remind_at) WHERE sent = 0;
    CREATE TABLE vacations (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        started_at  REAL    NOT NULL,
        ends_at     REAL    NOT NULL,
        resumed     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX vacations_user ON vacations (user_id, ends_at);
    CREATE INDEX vacations_ending ON vacations (ends_at) WHERE resumed = 0;
    CREATE INDEX seats_user ON seats (user_id, session_id) WHERE user_id IS NOT NULL
    """,
    # 5: issue 16. A rematch lobby seats the players of the last game, each still to
    # confirm their seat (``confirmed``); every finished game's outcome per human
    # (``results``, games with bots apart) and each player's rating per server and game
    # (``ratings``, openskill's mu and sigma).
    """
    ALTER TABLE seats ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE results (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        guild_id    TEXT    NOT NULL,
        game        TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        won         INTEGER NOT NULL,
        with_bots   INTEGER NOT NULL,
        finished_at REAL    NOT NULL,
        PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX results_player ON results (guild_id, user_id, game);
    CREATE TABLE ratings (
        guild_id    TEXT    NOT NULL,
        game        TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        games       INTEGER NOT NULL,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    )
    """,
    # 6: a process playing an expired turn clock claims it until this time (Unix time), so
    # that two processes over one database (several shards, or a redeploy) never play
    # one expiry twice; a claim that is never released (a killed process) runs out.
    """
    ALTER TABLE sessions ADD COLUMN clock_claimed_until REAL
    """,
    # 7: issue 29 item 2. The part of a session's server id that picks its Discord shard
    # whatever the shard count (guild_id >> 22; 0 without a server, as Discord puts direct
    # messages on shard 0), so that a process's clock scans read an index of its own
    # shards only (bot/sharding.py makes one per shard count); existing rows backfilled.
    # The few clocks another process has claimed have an index of their own.
    """
    ALTER TABLE sessions ADD COLUMN shard_key INTEGER NOT NULL DEFAULT 0;
    UPDATE sessions SET shard_key = (CASE WHEN guild_id <> ''
        AND TRIM(guild_id, '0123456789') = '' AND (LENGTH(guild_id) < 19
        OR (LENGTH(guild_id) = 19 AND guild_id <= '9223372036854775807'))
        THEN CAST(guild_id AS INTEGER) >> 22 ELSE 0 END) WHERE guild_id IS NOT NULL;
    CREATE INDEX sessions_clock_claimed ON sessions (id) WHERE clock_claimed_until IS NOT NULL
    """,
    # 8: plans (issue 26 item 3): a player's standing orders in a game in play, one per
    # seat and slot (games/plans.py), private to the seat's player (``user_id``), told to
    # them in ``locale``; ``plan`` is the game's JSON record.
    """
    CREATE TABLE plans (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        slot        TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        plan        TEXT    NOT NULL,
        locale      TEXT    NOT NULL DEFAULT 'en',
        set_at      REAL    NOT NULL,
        PRIMARY KEY (session_id, seat, slot)
    )
    """,
    # 9: issue 27 item 5. Who follows a game without a seat (``/game watch``), and how
    # they are told of a new turn post (``via``: a DM or a mention in the post).
    """
    CREATE TABLE watchers (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        via         TEXT    NOT NULL,
        since       REAL    NOT NULL,
        PRIMARY KEY (session_id, user_id)
    )
    """,
    # 10: issue 28 item 1. Each bot seat's level (games/bot_levels.py: easy, normal,
    # expert); human seats and older bots keep ``normal``, today's bot.
    """
    ALTER TABLE seats ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'normal'
    """,
)
