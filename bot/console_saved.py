"""The console's saved games: ``--list``, why one cannot be resumed, and the history
file of one (``history`` at the prompt, ``--export SESSION``), in a SQLite file or on a
PostgreSQL server (``--db postgresql://…``, issue 24 item 14)."""

from __future__ import annotations

import errno
import time
from pathlib import Path

from games import get_ruleset
from i18n import t

from .database import SQLITE, parse_target
from .service import SessionService
from .storage import ABANDONED, FINISHED, LOBBY, SessionRow, Storage

#: Channel ids of console sessions start with this (Discord channel ids are numbers).
CONSOLE_CHANNEL = "console-"


def shown(db: str) -> str:
    """``db`` as messages print it: a PostgreSQL URL without its password."""
    return parse_target(db).shown


def no_database(db: str) -> bool:
    """Whether ``db`` names a SQLite file that does not exist (so nothing is saved there
    and nothing need be created to say so); a server is always asked."""
    target = parse_target(db)
    return target.kind == SQLITE and target.address != ":memory:" and not Path(
        target.address).exists()


def game_folder(out: Path, game: str, session_id: int) -> Path:
    """A console game's own folder in the out folder: ``<out>/<game>-<session>/``."""
    return out / f"{game}-{session_id}"


async def saved_games(storage: Storage) -> list[SessionRow]:
    """The console's unfinished games in ``storage``, oldest first."""
    rows = [await storage.get(session_id) for session_id in await storage.active_sessions()]
    return [r for r in rows if r is not None and r.channel_id.startswith(CONSOLE_CHANNEL)]


async def list_games(db: str, locale: str) -> int:
    """``--list``: one line per saved console game, and how to resume one."""
    rows = []
    if not no_database(db):
        async with await Storage.open(db) as storage:
            rows = await saved_games(storage)
    if not rows:
        print(t("console.list_none", locale, path=shown(db)))
        return 0
    print(t("console.list_head", locale, path=shown(db), count=len(rows)))
    for row in rows:
        print(t("console.list_line", locale, session=row.id,
                game=get_ruleset(row.game).display_name(locale),
                seats=", ".join(s.name for s in row.seats), moves=row.version - 1,
                when=time.strftime("%Y-%m-%d %H:%M", time.localtime(row.updated_at))))
    print(t("console.list_hint", locale, db=shown(db)))
    return 0


def not_resumable(row: SessionRow | None, session_id: int, db: str, locale: str) -> str:
    """Why saved game ``session_id`` cannot be resumed here ("" when it can)."""
    if row is None:
        return t("console.resume_missing", locale, session=session_id, db=shown(db))
    if not row.channel_id.startswith(CONSOLE_CHANNEL):
        return t("console.resume_discord", locale, session=session_id)
    if row.status == FINISHED:
        return t("console.resume_finished", locale, session=session_id)
    if row.status == ABANDONED:
        return t("console.resume_abandoned", locale, session=session_id)
    if row.status == LOBBY:
        return t("console.resume_lobby", locale, session=session_id)
    return ""


async def write_history(service: SessionService, channel_id: str, folder: Path) -> Path:
    """Write the game's history file, the one Discord's ``/game history`` sends (the
    public account only while the game is in play), into ``folder``; its path."""
    name, text = await service.game_history(channel_id)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def export_history(db: str, session_id: int, out: Path, locale: str) -> str | Path:
    """``--export SESSION``: the history file of a console game, in play or over, written
    to its folder; or why not (a message)."""
    missing = t("console.resume_missing", locale, session=session_id, db=shown(db))
    if no_database(db):
        return missing
    async with await Storage.open(db) as storage:
        row = await storage.get(session_id)
        if row is None:
            return missing
        if not row.channel_id.startswith(CONSOLE_CHANNEL):
            return t("console.resume_discord", locale, session=session_id)
        if row.status == LOBBY:
            return t("console.resume_lobby", locale, session=session_id)
        service = SessionService(storage, render=False)
        try:
            return await write_history(service, row.channel_id,
                                       game_folder(out, row.game, row.id))
        finally:
            await service.close()


def prepare_out(out: Path) -> None:
    """Create the out folder and check that images can be written there (else OSError)."""
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    probe = out / ".tidebound-write-check"
    probe.write_bytes(b"")
    probe.unlink()
