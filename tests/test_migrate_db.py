"""``python -m bot migrate-db --from tidebound.db --to postgresql://…`` (issue 17,
"Deployment": how to move an existing SQLite database into PostgreSQL, tested).

The source is a real SQLite file with a lobby, a game in play with a turn clock and a
bot, and a finished game; the target is each backend in turn (an empty PostgreSQL schema
on the test server, or another SQLite file)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import Person, SessionService
from bot.storage import Storage

HOST, GUEST = Person("u-host", "Hana"), Person("u-guest", "Gil")


async def fill(path: str) -> dict[int, tuple[object, ...]]:
    """Three sessions in ``path``; what each looks like (row and log), by id."""
    async with await Storage.open(path) as storage:
        service = SessionService(storage, render=False)
        try:
            await service.new_game("lobby", HOST, "hagoth", guild_id="81234567890123456")
            await service.new_game("play", HOST, "hagoth", "clock=1h target=10")
            await service.add_bot("play", HOST)
            await service.start("play", HOST, seed=4)
            _, choices = await service.choices("play", HOST)
            await service.move("play", HOST, choices[0].notation)
            await service.new_game("over", HOST, "hagoth", "target=10")
            await service.join("over", GUEST)
            await service.start("over", HOST, seed=9)
            await service.abandon("over", HOST, can_manage=False)
            return {sid: await snapshot(storage, sid) for sid in (1, 2, 3)}
        finally:
            await service.close()


async def snapshot(storage: Storage, session_id: int) -> tuple[object, ...]:
    row = await storage.get(session_id)
    assert row is not None
    return row, await storage.action_log(session_id)


def test_migrate_db_copies_everything_and_the_game_plays_on(
        tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(tmp_path / "old.db")
    before = asyncio.run(fill(source))
    assert main(["migrate-db", "--from", source, "--to", database]) == 0
    out = capsys.readouterr().out
    assert "3 sessions" in out and "TIDEBOUND_DB" in out

    async def check() -> None:
        async with await Storage.open(database) as moved:
            for session_id, (row, log) in before.items():
                assert await snapshot(moved, session_id) == (row, log)
            service = SessionService(moved, render=False)
            try:
                assert await service.replay_check(2)
                assert (await service.status("play", image=False)).deadline is not None
                _, choices = await service.choices("play", HOST)
                played = await service.move("play", HOST, choices[0].notation)
                assert played.version > before[2][0].version  # type: ignore[attr-defined]
                fresh = await service.new_game("new", HOST, "hagoth")
                assert fresh.session_id == 4  # the id counter continues after the copy
            finally:
                await service.close()
        async with await Storage.open(source) as untouched:  # the source is only read
            assert await snapshot(untouched, 2) == before[2]

    asyncio.run(check())


def test_migrate_db_refuses_a_target_that_holds_games(
        tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(tmp_path / "old.db")
    asyncio.run(fill(source))
    assert main(["migrate-db", "--from", source, "--to", database]) == 0
    capsys.readouterr()
    assert main(["migrate-db", "--from", source, "--to", database]) == 1
    err = capsys.readouterr().err
    assert "not empty" in err and "left as it was" in err and "Traceback" not in err

    async def count() -> int:
        async with await Storage.open(database) as target:
            return (await target.table_counts())["sessions"]

    assert asyncio.run(count()) == 3  # nothing copied twice


def test_migrate_db_from_a_missing_file_creates_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped source path is refused, not opened (which would create an empty
    database and copy nothing, successfully)."""
    missing = tmp_path / "no-such-folder" / "tidebound.db"
    assert main(["migrate-db", "--from", str(missing), "--to", str(tmp_path / "t.db")]) == 2
    assert "nothing to copy" in capsys.readouterr().err
    assert not missing.parent.exists() and not (tmp_path / "t.db").exists()


def test_migrate_db_into_itself_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "same.db")
    assert main(["migrate-db", "--from", path, "--to", f"sqlite:///{path}"]) == 2
    assert "same database" in capsys.readouterr().err
