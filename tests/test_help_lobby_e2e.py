"""/help, removing a seat from the lobby, /rules with the channel's settings and the
"Your hand" button, through real discord.py against the stand-in (issue 9 items 13,
15, 16 and 17)."""

from __future__ import annotations

from typing import Any

from discord_standin import (
    OTHER_USER_ID,
    DiscordStandin,
    autocomplete,
    component,
    running_client,
    slash,
    text_of,
)
from tidebound_support import EPHEMERAL, Driver, factory, start_game

from games import all_rulesets


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or []
            for c in row["components"]]


async def test_help_says_what_tidebound_is_and_how_to_start(
        standin: DiscordStandin, db_path: str) -> None:
    """Item 15: "`/help`: what Tidebound is, the games, how to start, with links to
    `/rules`." Only the asker sees it."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("help"))
        body = await driver.callback(payload)
    text = text_of(body["data"])
    assert body["type"] == 4 and body["data"]["flags"] & EPHEMERAL
    assert text.startswith("**Tidebound** plays board games") and len(text) <= 2000
    for ruleset in all_rulesets():
        assert f"**{ruleset.display_name()}** ({ruleset.min_players}–{ruleset.max_players} " \
               f"players): `/rules {ruleset.id}`" in text
    for step in ("`/game new`", "`/game join`", "`/game addbot`", "`/game start`", "`/move`"):
        assert step in text


async def test_host_removes_a_bot_by_the_lobby_menu_and_by_command(
        standin: DiscordStandin, db_path: str) -> None:
    """Item 16: "A host can remove a bot or a player from the lobby." The lobby message
    carries a "Remove a seat…" menu; anybody but the host is refused politely."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new"))
        opened = (await driver.callback(payload))["data"]
        assert not any(i.startswith("tb:kick:") for i in custom_ids(opened))  # host alone
        payload, _ = await driver.send(slash("game", subcommand="addbot"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("game", subcommand="join", user_id=OTHER_USER_ID))
        lobby = (await driver.callback(payload))["data"]
        kick = next(i for i in custom_ids(lobby) if i.startswith("tb:kick:"))
        select = next(c for row in lobby["components"] for c in row["components"]
                      if c["custom_id"] == kick)
        values = [o["value"] for o in select["options"]]
        assert values == ["1:Bot 1", "2:bob"]
        message = {"id": "1180000000000009001", "channel_id": str(payload["channel_id"]),
                   "content": lobby["content"], "components": lobby["components"],
                   "author": {"id": str(payload["application_id"]), "username": "Tidebound",
                              "discriminator": "0", "bot": True}, "type": 0,
                   "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
                   "pinned": False, "mention_everyone": False, "tts": False,
                   "timestamp": "2026-12-01T00:00:00+00:00", "edited_timestamp": None,
                   "flags": 0}

        # Bob (not the host) picks Bot 1: refused, only to him; nothing changes.
        payload, start = await driver.send(component(kick, 3, ["1:Bot 1"], message=message,
                                                     user_id=OTHER_USER_ID))
        assert "Only the host" in await driver.ephemeral_text(payload, start)

        # The host picks Bot 1: the lobby message is rewritten without it.
        payload, _ = await driver.send(component(kick, 3, ["1:Bot 1"], message=message))
        body = await driver.callback(payload)
        assert body["type"] == 7 and "removed Bot 1 from the lobby" in text_of(body["data"])
        assert "2. bob" in text_of(body["data"]) and "(bot)" not in text_of(body["data"])

        # The same pick again, from the old message: seat 2 holds bob now, so refused.
        payload, start = await driver.send(component(kick, 3, ["1:Bot 1"], message=message))
        assert "There is no seat 2" in await driver.ephemeral_text(payload, start)

        # /game remove with autocomplete of the seats, then the command itself.
        payload, _ = await driver.send(autocomplete("game", {"seat": ""}, "seat",
                                                    subcommand="remove"))
        choices = (await driver.callback(payload))["data"]["choices"]
        assert choices == [{"name": "2. bob", "value": 2}]
        payload, _ = await driver.send(slash("game", {"seat": 2}, subcommand="remove"))
        body = await driver.callback(payload)
        assert body["type"] == 4 and "removed bob from the lobby" in text_of(body["data"])
        payload, start = await driver.send(slash("game", {"seat": 1}, subcommand="remove"))
        assert "You can't remove yourself" in await driver.ephemeral_text(payload, start)


async def test_rules_state_this_channels_target_and_lovci_lists_open_sea(
        standin: DiscordStandin, db_path: str) -> None:
    """Item 17: "`/rules hagoth` says 'first to 25 VP' whatever `target` is set to; the
    Lovci card list misses 'Open sea'." (Rulebook: "Open sea: Cards that do not restrict
    the sailor in any way.")"""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("rules", {"game": "hagoth"}))
        assert "First to 25 VP wins" in (await driver.callback(payload))["data"]["content"]
        payload, _ = await driver.send(slash("game", {"game": "hagoth", "options": "target=12"},
                                             subcommand="new"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("rules", {"game": "hagoth"}))
        assert "First to 12 VP wins" in (await driver.callback(payload))["data"]["content"]
        payload, _ = await driver.send(slash("rules", {"game": "hexfolk"}))  # another game
        assert "Reach 10 VP" in (await driver.callback(payload))["data"]["content"]
        payload, _ = await driver.send(slash("rules", {"game": "lovci-pokladu",
                                                       "topic": "cards"}))
        assert "Open sea" in (await driver.callback(payload))["data"]["content"]


async def test_no_hand_button_in_a_game_without_a_hand(
        standin: DiscordStandin, db_path: str) -> None:
    """Item 13: "The 'Your hand' button in games with no hand (Lovci) must not show";
    Hagoth, whose players hold cards, keeps it."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        for game, has_hand in (("lovci-pokladu", False), ("hagoth", True)):
            start = standin.mark()
            session_id = await start_game(driver, game=game, options="", bots=1)
            posts = [r for r in standin.requests[start:] if r.method == "POST"
                     and r.json and f"tb:menu:{session_id}" in str(r.json.get("components"))]
            assert posts
            assert (f"tb:hand:{session_id}" in str(posts[-1].json["components"])) == has_hand
            payload, sent = await driver.send(slash("game", subcommand="abandon"))
            assert "abandoned" in (await driver.public_post(payload, sent)).json["content"]


def test_every_rules_topic_reads_whole_with_the_default_settings() -> None:
    """Item 17: rules texts take the game's settings ({target}); with none given, the
    defaults fill every placeholder, in every topic of every game."""
    for ruleset in all_rulesets():
        for topic in ruleset.rules_topics():
            text = ruleset.rules_text(topic)
            assert text != f"{ruleset.id}.rules.{topic}" and "{" not in text, (ruleset.id, topic)
