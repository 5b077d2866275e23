"""The bot's entry points: configuration from the environment and ``python -m bot``."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.app import TideboundClient, create_bot
from bot.config import DEFAULT_DB, Config


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
    assert names == {"game", "hand", "move", "rules"}
