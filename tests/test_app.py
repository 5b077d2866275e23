"""The bot's entry points: configuration from the environment and ``python -m bot``."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_standin import FAKE_TOKEN, DiscordStandin

from bot.__main__ import main
from bot.app import TideboundClient, create_bot
from bot.config import DEFAULT_DB, Config
from bot.storage import DatabaseUnavailable
from i18n import t


def test_config_defaults_and_environment() -> None:
    """Section 6: the database path comes from config; default a file in the working dir."""
    assert Config.from_env({}) == Config(token=None, db_path=DEFAULT_DB, guild_id=None)
    config = Config.from_env({"DISCORD_TOKEN": " abc ", "TIDEBOUND_DB": "/data/x.db",
                              "TIDEBOUND_GUILD": "123", "TIDEBOUND_LOCALE": "cs"})
    assert (config.token, config.db_path, config.guild_id, config.locale) == (
        "abc", "/data/x.db", 123, "cs")
    assert Config.from_env({"TIDEBOUND_GUILD": "not-a-number"}).guild_id is None


def test_missing_token_is_a_clear_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Section 5: ``python -m bot`` without DISCORD_TOKEN explains what to do."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "Traceback" not in err


def test_create_bot_builds_the_command_tree_without_connecting(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Section 5: create_bot(config) returns a client with its commands, not connected."""
    client = create_bot(Config(db_path=str(tmp_path / "x.db")))
    assert isinstance(client, TideboundClient)
    assert not client.is_ready() and client.storage is None
    names = {command.name for command in client.tree.get_commands()}
    assert names == {"game", "hand", "move", "rules", "maps", "help",
                     "settings", "vacation", "mygames",  # issues 13, 15
                     "hint", "stats", "leaderboard",  # issue 16
                     "plan"}  # issue 26


@pytest.mark.parametrize(("base", "reason"), [
    ("http://127.0.0.1:9/api/v10", "Connection refused"),
    ("http://tidebound-no-such-host.invalid/api/v10", ""),  # DNS: the resolver's words
])
def test_network_failure_at_login_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    base: str, reason: str,
) -> None:
    """Issue 9 item 10: "A network failure at login (DNS or connection refused), with a
    token set, prints a 60-line traceback; print one clear line." """
    import logging

    import discord.http

    # client.run installs a log handler on the "discord" logger each time: drop it afterwards,
    # it writes to this test's captured stderr.
    discord_log = logging.getLogger("discord")
    monkeypatch.setattr(discord_log, "handlers", list(discord_log.handlers))
    monkeypatch.setattr(discord.http.Route, "BASE", base)
    monkeypatch.setenv("DISCORD_TOKEN", "not.a.token")
    monkeypatch.setenv("TIDEBOUND_DB", str(tmp_path / "x.db"))
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    line = next(line for line in err.splitlines() if "Can't reach Discord" in line)
    assert line.startswith("Can't reach Discord (" + reason) and "network connection" in line
    assert [line for line in err.splitlines() if "INFO" not in line] == [line]


async def test_an_unreachable_database_is_named_not_blamed_on_discord(
        standin: DiscordStandin) -> None:
    """Issue 17: with ``TIDEBOUND_DB=postgresql://…`` and no server there, the bot says
    the database cannot be opened (it is opened right after login), not that Discord
    cannot be reached; the password is never shown."""
    client = create_bot(Config(db_path="postgresql://bot:s3cret@127.0.0.1:9/tidebound"),
                        sync_commands=False)
    with standin.patched():
        try:
            with pytest.raises(DatabaseUnavailable) as caught:
                await client.login(FAKE_TOKEN)
        finally:
            await client.close()
    assert "127.0.0.1:9" in caught.value.target and "s3cret" not in str(caught.value)
    text = t("platform.run.no_database", target=caught.value.target,
             reason=caught.value.reason)
    assert text.startswith("Can't open the database") and "TIDEBOUND_DB" in text
