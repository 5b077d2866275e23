"""Helpers shared by the console and end-to-end tests (imported like ``discord_standin``)."""

from __future__ import annotations

import asyncio
import io
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_standin import USER_ID, DiscordStandin, RecordedRequest, component, slash, text_of
from PIL import Image

from bot.__main__ import main
from bot.app import TideboundClient, create_bot
from bot.config import Config
from bot.discord_front.living_board import LivingBoard
from bot.service import SessionService
from bot.storage import SessionRow, Storage
from games import get_ruleset

EPHEMERAL = 64


def factory(db_path: str) -> Callable[[], TideboundClient]:
    """Builds a fresh bot on ``db_path`` (called again to simulate a restart)."""
    return lambda: create_bot(Config(db_path=db_path))


class Driver:
    """Sends interactions to the stand-in and collects what the bot answered to each."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin

    async def send(self, payload: dict[str, Any]) -> tuple[dict[str, Any], int]:
        start = self.standin.mark()
        await self.standin.deliver_interaction(payload)
        return payload, start

    async def callback(self, payload: dict[str, Any]) -> dict[str, Any]:
        return (await self.standin.wait_for_callback(payload)).json

    async def public_post(self, payload: dict[str, Any], start: int) -> RecordedRequest:
        """The non-ephemeral followup message the interaction produced."""
        return await self.standin.wait_for(
            lambda r: r.matches("POST", f"/webhooks/\\d+/{re.escape(payload['token'])}$")
            and not int(r.json.get("flags") or 0) & EPHEMERAL, start=start, timeout=10)

    async def ephemeral_text(self, payload: dict[str, Any], start: int) -> str:
        """The text only the user sees: an ephemeral reply, followup or edited original."""
        token = re.escape(payload["token"])

        def match(r: RecordedRequest) -> bool:
            if r.matches("POST", f"/interactions/\\d+/{token}/callback"):
                data = r.json.get("data") or {}
                return bool(int(data.get("flags") or 0) & EPHEMERAL and data.get("content"))
            if r.matches("POST", f"/webhooks/\\d+/{token}$"):
                return bool(int(r.json.get("flags") or 0) & EPHEMERAL)
            return r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original") and \
                "⚠" in text_of(r.json)

        rec = await self.standin.wait_for(match, start=start, timeout=10)
        body = rec.json.get("data", rec.json) if "callback" in rec.path else rec.json
        return str(body.get("content"))


def check_pings(post: RecordedRequest) -> bool:
    """Only the human (``USER_ID``) is ever pinged, by a "your turn" line; True if pinged."""
    mentions = post.json["allowed_mentions"]
    assert not mentions.get("parse") and not mentions.get("roles")
    assert mentions.get("users", []) in ([], [USER_ID])
    if mentions.get("users"):
        assert f"<@{USER_ID}>" in text_of(post.json)
        return True
    return False


def png_of(rec: RecordedRequest) -> Image.Image:
    """The first attachment of a recorded request, which must be a PNG."""
    assert rec.files, "the update carries the board image"
    image = Image.open(io.BytesIO(rec.files[0].data))
    image.load()
    assert image.format == "PNG" and image.width > 100
    return image


def commands_synced(standin: DiscordStandin) -> list[dict[str, Any]]:
    rec = next(r for r in standin.requests if r.matches("PUT", r"/applications/\d+/commands"))
    return rec.json


def console_args(game: str, tmp_path: Path, *extra: str) -> list[str]:
    """Arguments of ``python -m bot console <game>`` writing into ``tmp_path``."""
    return ["console", game, "--out", str(tmp_path / "boards"),
            "--db", str(tmp_path / "console.db"), *extra]


def console_folder(tmp_path: Path, game: str, session_id: int = 1) -> Path:
    """The folder of console game ``session_id`` under :func:`console_args`' out folder
    (one per game, issue 24 item 14)."""
    return tmp_path / "boards" / f"{game}-{session_id}"


def console_bots_game(game: str, tmp_path: Path, monkeypatch: Any, capsys: Any,
                      players: int, seed: int, options: str = "") -> str:
    """``python -m bot console <game>`` with bots in every seat, nothing to read from
    standard input, only the final board drawn; what it printed (it must exit with 0)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # nothing may be read
    extra = ("--options", options) if options else ()
    args = console_args(game, tmp_path, "--players", str(players), "--bots", str(players),
                        "--seed", str(seed), *extra, "--boards", "end")
    assert main(args) == 0
    return str(capsys.readouterr().out)


async def read_session(db: Path | str, session_id: int = 1) -> tuple[SessionRow, int, bool]:
    """The session row, the length of its action log and whether the log replays."""
    async with await Storage.open(db) as storage:
        row = await storage.get(session_id)
        assert row is not None
        log = await storage.action_log(session_id)
        return row, len(log), await SessionService(storage).replay_check(session_id)


def stored_session(db: Path | str, session_id: int = 1) -> tuple[SessionRow, int, bool]:
    """:func:`read_session` from synchronous code."""
    return asyncio.run(read_session(db, session_id))


def assert_pngs(folder: Path) -> list[Path]:
    """Every PNG in ``folder`` (at least one), each decoding as a real image."""
    files = sorted(folder.glob("*.png"))
    assert files
    for path in files:
        with Image.open(path) as image:
            image.load()
            assert image.format == "PNG" and image.width > 100
    return files


async def open_game(driver: Driver, *, game: str = "hagoth", options: str = "target=5",
                    bots: int = 2) -> tuple[int, RecordedRequest]:
    """/game new, /game addbot × ``bots``, /game start: the session id and the first
    public post (the board)."""
    fields = {"game": game, "options": options} if options else {"game": game}
    payload, start = await driver.send(slash("game", fields, subcommand="new"))
    body = await driver.callback(payload)
    assert body["type"] == 4 and "opened a game" in text_of(body["data"])
    buttons = [c["custom_id"] for row in body["data"]["components"] for c in row["components"]]
    session_id = int(buttons[0].rsplit(":", 1)[1])
    for _ in range(bots):
        payload, start = await driver.send(slash("game", subcommand="addbot"))
        assert (await driver.callback(payload))["type"] == 4
    payload, start = await driver.send(slash("game", subcommand="start"))
    body = await driver.callback(payload)
    assert body["type"] == 5 and body["data"]["flags"] & EPHEMERAL  # acknowledged at once
    post = await driver.public_post(payload, start)
    png_of(post)
    return session_id, post


async def start_game(driver: Driver, *, game: str = "hagoth", options: str = "target=5",
                     bots: int = 2) -> int:
    """/game new, /game addbot × ``bots``, /game start; the session id."""
    session_id, _ = await open_game(driver, game=game, options=options, bots=bots)
    return session_id


async def open_move_menu(driver: Driver, board: dict[str, Any], session_id: int
                         ) -> tuple[RecordedRequest, dict[str, Any]]:
    """Click the board's "Your moves" button: the ephemeral menu that comes back, and the
    message it is (what its buttons and selects are clicked on)."""
    payload, start = await driver.send(component(f"tb:menu:{session_id}", message=board))
    assert (await driver.callback(payload))["type"] == 5
    menu = await driver.standin.wait_for_followup(payload, start=start)
    assert int(menu.json.get("flags") or 0) & EPHEMERAL
    assert menu.json.get("components"), "the menu offers the legal moves"
    return menu, driver.standin.messages[int(menu.response["id"])]


def first_click(menu: RecordedRequest, menu_message: dict[str, Any]) -> dict[str, Any]:
    """The click on the menu's first item: its button, or its select's first option."""
    first = menu.json["components"][0]["components"][0]
    if first["type"] == 2:
        return component(first["custom_id"], message=menu_message)
    return component(first["custom_id"], 3, [first["options"][0]["value"]],
                     message=menu_message)


async def play_click(driver: Driver, click: dict[str, Any]) -> RecordedRequest:
    """Play a move from the menu: the click is acknowledged (deferred update) and the
    move's public post."""
    payload, start = await driver.send(click)
    assert (await driver.callback(payload))["type"] == 6
    return await driver.public_post(payload, start)


def offered_games(commands: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], set[str]]:
    """The games the synced commands offer: ``/game new``'s choices (name and value) and
    the values ``/rules`` takes."""
    game = next(c for c in commands if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    game_option = next(o for o in new["options"] if o["name"] == "game")
    rules = next(c for c in commands if c["name"] == "rules")
    rules_game = next(o for o in rules["options"] if o["name"] == "game")
    return game_option["choices"], {c["value"] for c in rules_game["choices"]}


async def write_raw(storage: Storage, sql: str, parameters: tuple[Any, ...] = ()) -> None:
    """Change the database behind ``storage``'s back (as a hand edit or another program
    would), in the portable SQL both backends run."""
    async with storage._transaction() as db:
        await db.execute(sql, parameters)


async def read_raw(storage: Storage, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
    """Rows read straight from the database behind ``storage``."""
    return list(await storage._db.execute_fetchall(sql, parameters))


def exit_once(marker: str) -> str:
    """In a render worker: end the process abruptly the first time (as the kernel's
    out-of-memory killer would, mid-drawing), leaving ``marker``; answer after that."""
    import os

    if not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(9)
    return "drawn"


def fail_drawing(text: str) -> bytes:
    """In a render worker: a renderer that fails with ``text``."""
    raise ValueError(text)


def page_faults_of_boards(boards: int = 20) -> int:
    """The minor page faults of drawing and encoding ``boards`` board-sized images one
    after another (after three unmeasured ones), in this process: each frees its
    megabytes before the next allocates them again."""
    import resource

    from PIL import ImageDraw

    def board(n: int) -> bytes:
        image = Image.new("RGB", (1200, 900 + n % 7), (250, 245, 230))
        ImageDraw.Draw(image).rectangle((10, 10, 1100, 800), fill=(20, 80, 160))
        return image.quantize(colors=32).tobytes()

    for n in range(3):
        board(n)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for n in range(boards):
        board(n)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def sleep_then(seconds: float, value: int) -> int:
    """In a render worker: a slow drawing."""
    import time

    time.sleep(seconds)
    return value


DAY = 24 * 3600.0


def expire(client: TideboundClient, days: float = 1.0) -> float:
    """Jump the service's clock past the deadline and wake the clock task; the new now."""
    assert client.service is not None
    later = time.time() + days * DAY + 5
    client.service.now = lambda: later
    client.service.deadline_changed.set()
    return later


def slow_board_edits(monkeypatch: Any, seconds: float = 0.3) -> None:
    """Make Discord slow to edit the older board down when a new one goes out, so that
    a test can stop the bot while that post is still being handled."""
    edit = LivingBoard.posted

    async def posted(self: LivingBoard, *args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(seconds)
        await edit(self, *args, **kwargs)

    monkeypatch.setattr(LivingBoard, "posted", posted)


async def leave_bot_due(client: TideboundClient, session_id: int) -> int:
    """Store alice's whole turn of the Hagoth game ``session_id`` but not the bot's
    answer, as if the bot had stopped in between (``bots_due``); the length of the
    action log then."""
    hagoth = get_ruleset("hagoth")
    assert client.storage is not None
    row = await client.storage.get(session_id)
    assert row is not None and row.state is not None
    state = hagoth.load(json.loads(row.state))
    assert hagoth.actors(state) == {0}, "alice's turn"
    moves = []
    while hagoth.actors(state) == {0}:
        notation = hagoth.notate_action(state, hagoth.bot_action(state, 0))
        hagoth.play(state, 0, notation)
        moves.append((0, notation))
    assert hagoth.actors(state) == {1}, "the bot's turn"
    assert await client.storage.commit_actions(
        session_id, expected_version=row.version, state=json.dumps(hagoth.dump(state)),
        actions=moves)
    assert await client.storage.bots_due_sessions() == [session_id]
    return len(await client.storage.action_log(session_id))


#: What :func:`scatter_freed_memory` keeps alive in a render worker between calls.
_KEPT: list[bytearray] = []


def resident_mb() -> float:
    """This process's resident memory, in MB (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def hold_memory(megabytes: int) -> float:
    """In a render worker: allocate ``megabytes`` and keep them all (as caches that grew
    would); the resident MB after."""
    _KEPT.extend(bytearray(1 << 20) for _ in range(megabytes))
    return resident_mb()


def scatter_freed_memory(megabytes: int = 120) -> float:
    """In a render worker: allocate ``megabytes`` in 2 KB blocks, keep one block in 64
    (so the heap's top stays in use) and free the rest, as boards leave their freed
    buffers amid the heap; the resident MB after."""
    blocks = [bytearray(2048) for _ in range(megabytes * 512)]
    _KEPT.extend(blocks[::64])
    del blocks
    return resident_mb()
