"""Console: Ctrl-C at the prompt (issue 24 item 14: "Ctrl-C prints a render-worker
traceback instead of the 'game stays saved' line")."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from tidebound_support import stored_session

ROOT = Path(__file__).resolve().parents[1]


def _read_until(process: subprocess.Popen[str], marker: str, timeout: float) -> str:
    """What ``process`` printed up to and including ``marker`` (its prompt)."""
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} within {timeout}s; printed: {seen!r}"
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096).decode()
            assert chunk, f"the console ended before {marker!r}: {seen!r}"
            seen += chunk
    return seen


def test_ctrl_c_at_the_prompt_says_the_game_stays_saved(tmp_path: Path) -> None:
    """Ctrl-C in a terminal reaches the whole process group, render workers included
    (they draw the first board before the prompt): one line that the game stays saved,
    exit code 130, no traceback from any process, and the game still in the database."""
    db = tmp_path / "console.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "hagoth", "--players", "2", "--bots", "1",
         "--seed", "1", "--db", str(db), "--out", str(tmp_path / "boards")],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True, text=True)
    try:
        before = _read_until(process, "Player 1 (hagoth) > ", 120)
        assert "(board: " in before  # the workers are running
        os.killpg(process.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
        out, err = process.communicate(timeout=60)  # stdin stays open until now
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err == ""
    assert (f"Interrupted (Ctrl-C): the game stays saved. Go on with: "
            f"python -m bot console --resume 1 --db {db}") in out
    assert "End of input" not in out
    row, _, replays = stored_session(db)
    assert row.status == "active" and replays


def test_a_render_worker_lives_through_sigint() -> None:
    """The workers themselves ignore SIGINT (the terminal sends it to each of them): one
    that gets it keeps working, and the pool does not break."""
    import asyncio

    from bot.render_pool import RenderPool

    async def run() -> None:
        pool = RenderPool(1)
        try:
            assert await pool.run(sum, (1, 2)) == 3
            (pid,) = pool.worker_pids()
            os.kill(pid, signal.SIGINT)
            await asyncio.sleep(0.5)
            assert pool.worker_pids() == [pid]
            assert await pool.run(sum, (3, 4)) == 7
        finally:
            await pool.aclose()

    asyncio.run(run())
