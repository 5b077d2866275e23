"""Fixtures shared by the end-to-end tests: a loopback Discord and a database path."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_standin import DiscordStandin

# Games still in development join every registry-wide test (see games.DEV_GAMES_ENV).
os.environ.setdefault("TIDEBOUND_DEV_GAMES", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--kills", type=int, default=None,
                     help="SIGKILLs in tests/test_crash.py (default 20)")


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandin]:
    """The loopback stand-in for Discord's REST API and gateway."""
    async with DiscordStandin() as server:
        yield server


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tidebound.db")
