"""Plans through the real discord.py and the loopback stand-in (issue 26 item 3):
``/plan set`` with autocomplete of the kinds and their settings, ``/plan show`` and
``/plan clear`` answered ephemerally in the reader's language, the "Plans" entry of the
"Your moves" menu, a plan played at once with its move posted like any move, and its
owner told by DM when another player's move cancels it."""

from __future__ import annotations

import json
import re

from discord_standin import (
    CHANNEL_ID,
    GUILD_ID,
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    autocomplete,
    component,
    running_client,
    slash,
    text_of,
)
from test_lovci_rules import position, put
from tidebound_support import Driver, factory, write_raw

from bot.requests import Person
from bot.service import SessionService
from bot.storage import Storage
from games.lovci_pokladu import RULESET

ALICE, BOB = Person(str(USER_ID), "alice"), Person(str(OTHER_USER_ID), "bob")


async def lovci_game(db_path: str, current: int) -> int:
    """A Lovci game of Alice (seat 0, sailor 1 on E3) and Bob (seat 1, sailor 1 on D6) in
    the stand-in's channel; a row of face-down cards across row 5."""
    state = position(cards={f"{c}5": ("sea", 0, False) for c in "ABCDEFGH"})
    put(state, 0, "E3")
    put(state, 4, "D6")
    state.current = current
    async with await Storage.open(db_path) as storage:
        service = SessionService(storage, render=False)
        channel = str(CHANNEL_ID)
        await service.new_game(channel, ALICE, "lovci-pokladu", guild_id=str(GUILD_ID))
        await service.join(channel, BOB)
        update = await service.start(channel, ALICE, seed=3)
        await write_raw(storage, "UPDATE sessions SET state = ? WHERE id = ?",
                        (json.dumps(RULESET.dump(state)), update.session_id))
        await service.close()
    return update.session_id


async def choices(driver: Driver, options: dict[str, str], focused: str,
                  locale: str = "en-US") -> list[dict[str, str]]:
    payload, _ = await driver.send(autocomplete("plan", options, focused, subcommand="set",
                                                locale=locale))
    body = await driver.callback(payload)
    assert body["type"] == 8
    return list(body["data"]["choices"])


async def test_plan_through_discord(standin: DiscordStandin, db_path: str) -> None:
    """Issue 26 item 3: "/plan (and a Plans entry in the Your moves menu) to set, /plan
    show to see, /plan clear"; "cancelled, and its owner pinged"; "never leak a secret":
    every answer about a plan is ephemeral, the cancellation a DM."""
    session_id = await lovci_game(db_path, current=1)
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        kinds = await choices(driver, {"kind": ""}, "kind", locale="ru")
        assert {c["value"] for c in kinds} == {"walk_to", "carry_home"}
        assert "Идти к" in {c["name"] for c in kinds}, "labels in the reader's language"
        pieces = await choices(driver, {"kind": "walk_to", "target": ""}, "target")
        assert {"ship", "1", "2"} <= {c["value"] for c in pieces}
        squares = await choices(driver, {"kind": "walk_to", "target": "1", "square": "E"},
                                "square")
        assert "E7" in {c["value"] for c in squares}

        payload, start = await driver.send(slash(
            "plan", {"kind": "walk_to", "target": "1", "square": "E7"}, subcommand="set"))
        edited = await standin.wait_for(
            lambda r: r.matches("PATCH", f"/webhooks/\\d+/{re.escape(payload['token'])}"
                                "/messages/@original"), start=start, timeout=10)
        text = text_of(edited.json)
        assert "Plan set: Sailor 1 walks to E7 by E4 → E5" in text, text
        assert not [r for r in standin.requests[start:]
                    if r.matches("POST", f"/channels/{CHANNEL_ID}/messages$")], \
            "nothing public: it is Bob's turn, the plan waits"

        payload, start = await driver.send(slash("plan", subcommand="show", locale="cs"))
        shown = await driver.ephemeral_text(payload, start)
        assert "Námořník 1 jde na E7" in shown, shown
        payload, start = await driver.send(slash("plan", subcommand="show",
                                                 user_id=OTHER_USER_ID))
        assert "You have no plans" in await driver.ephemeral_text(payload, start)

        # Bob turns the face-down card on Alice's route: her plan is cancelled, by DM
        payload, start = await driver.send(slash("move", {"move": "sailor 1 to E5"},
                                                 user_id=OTHER_USER_ID))
        board = await driver.public_post(payload, start)
        assert "plan" not in text_of(board.json).lower()
        opened = await standin.wait_for(lambda r: r.matches("POST", "/users/@me/channels$"),
                                        start=start, timeout=10)
        assert int(opened.json["recipient_id"]) == USER_ID
        dm = int(opened.response["id"])
        note = await standin.wait_for(lambda r: r.matches("POST", f"/channels/{dm}/messages$"),
                                      start=start, timeout=10)
        assert "Your plan was cancelled" in str(note.json["content"])
        assert "face-down card on the route was turned" in str(note.json["content"])

        # Alice's turn: her "Your moves" menu has a Plans entry
        message = standin.messages[int(board.response["id"])]
        payload, start = await driver.send(component(f"tb:menu:{session_id}",
                                                     message=message))
        menu = await standin.wait_for_followup(payload, start=start)
        ids = [c["custom_id"] for row in menu.json["components"] for c in row["components"]]
        assert f"tb:plans:{session_id}" in ids
        menu_message = standin.messages[int(menu.response["id"])]
        payload, start = await driver.send(component(f"tb:plans:{session_id}",
                                                     message=menu_message))
        entry = await driver.ephemeral_text(payload, start)
        assert "You have no plans in this game" in entry and "/plan" in entry

        # set again on her turn: the first step is played at once and posted like a move
        payload, start = await driver.send(slash(
            "plan", {"kind": "walk_to", "target": "1", "square": "D3"}, subcommand="set"))
        edited = await standin.wait_for(
            lambda r: r.matches("PATCH", f"/webhooks/\\d+/{re.escape(payload['token'])}"
                                "/messages/@original"), start=start, timeout=10)
        assert "Your plan is done" in text_of(edited.json), edited.json
        public = await driver.public_post(payload, start)
        assert "D3" in text_of(public.json)
        assert "plan" not in text_of(public.json).lower()
        payload, start = await driver.send(slash("plan", subcommand="clear"))
        assert "no plans" in await driver.ephemeral_text(payload, start)
