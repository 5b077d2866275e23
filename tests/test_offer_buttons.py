"""A Hexfolk trade offer carries Accept / Decline / Counter… buttons on the public post.

The position (two humans and a bot, the first human's turn after the roll) is built with
:class:`~bot.service.SessionService` on the database before the bot starts, playing the
humans' founding and turns with the bot's choices, which is quick; the offer itself and
every answer go through the real discord.py via the loopback stand-in.
"""

from __future__ import annotations

import json
from typing import Any

from discord_standin import (
    CHANNEL_ID,
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    component,
    running_client,
    slash,
    walk_components,
)
from tidebound_support import EPHEMERAL, Driver, factory, read_session

from bot.service import Person, SessionService
from bot.storage import Storage
from games import get_ruleset
from games.hexfolk import actions as hexfolk_actions
from games.hexfolk import rules as hexfolk_rules

GAME = "hexfolk"
ALICE = Person(str(USER_ID), "alice")
BOB = Person(str(OTHER_USER_ID), "bob")


def test_public_buttons_default_is_empty() -> None:
    ruleset = get_ruleset("hagoth")
    assert ruleset.public_buttons(ruleset.setup(2, {}, 1)) == []
    hexfolk = get_ruleset(GAME)
    assert hexfolk.public_buttons(hexfolk.setup(3, {}, 1)) == []  # no offer yet


async def _offer_position(db_path: str) -> str:
    """Play until alice may make an offer bob can accept; that offer's notation."""
    ruleset = get_ruleset(GAME)
    channel = str(CHANNEL_ID)
    async with await Storage.open(db_path) as storage:
        service = SessionService(storage, render=False)
        await service.new_game(channel, ALICE, GAME, "target=8")
        await service.join(channel, BOB)
        await service.add_bot(channel, ALICE)
        await service.start(channel, ALICE, seed=5)
        for _ in range(2000):
            row = await storage.open_session(channel)
            assert row is not None and row.state is not None
            state = ruleset.load(json.loads(row.state))
            alice, bob = row.seat_of(ALICE.user_id), row.seat_of(BOB.user_id)
            assert alice is not None and bob is not None
            if state.current == alice and state.phase == hexfolk_rules.MAIN:
                bob_hand = state.players[bob].hand
                offers = [a for a in ruleset.legal_actions(state, alice)
                          if isinstance(a, hexfolk_actions.Offer)
                          and all(bob_hand[i] >= a.get[i] for i in range(5))]
                if offers:
                    return ruleset.format_action(offers[0])
            seat = next(iter(sorted(ruleset.actors(state))))
            await service.act(row.id, seat,
                              ruleset.format_action(ruleset.bot_action(state, seat)))
    raise AssertionError("alice never had an offer bob could accept")


def _buttons(post: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for c in walk_components(post.get("components") or [])
            if c.get("type") == 2}


async def test_offer_buttons(standin: DiscordStandin, db_path: str) -> None:
    offer = await _offer_position(db_path)
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        # Alice makes the offer; the bot answers at once; bob must still answer.
        payload, start = await driver.send(slash("move", {"move": offer}))
        post = await driver.public_post(payload, start)
        row, _, _ = await read_session(db_path)
        buttons = _buttons(post.json)
        sid, version = row.id, row.version
        assert buttons["Accept"] == f"tb:pub:{sid}:{version}:accept"
        assert buttons["Decline"] == f"tb:pub:{sid}:{version}:decline"
        assert buttons["Counter…"] == f"tb:menu:{sid}:alt"
        assert "Your moves" in buttons and "Your hand" in buttons
        assert post.json["allowed_mentions"]["users"] == [OTHER_USER_ID]
        def click(custom_id: str, user_id: int) -> dict[str, Any]:
            # The stand-in synthesises the bot message holding this one button.
            return component(custom_id, user_id=user_id)

        # A click by alice (the offerer, not a responder) is refused politely; nothing moves.
        payload, start = await driver.send(click(buttons["Accept"], USER_ID))
        text = await driver.ephemeral_text(payload, start)
        assert "⚠" in text and "not your turn" in text.lower()
        assert (await read_session(db_path))[0].version == version

        # "Counter…" opens bob's own moves menu, ephemerally.
        payload, start = await driver.send(click(buttons["Counter…"], OTHER_USER_ID))
        menu = await driver.ephemeral_text(payload, start)
        assert "possible moves" in menu

        # Bob accepts from the public post: an ephemeral ✅ and a new public post.
        payload, start = await driver.send(click(buttons["Accept"], OTHER_USER_ID))
        body = await driver.callback(payload)
        assert body["type"] == 5 and body["data"]["flags"] & EPHEMERAL
        after = await driver.public_post(payload, start)
        assert (await read_session(db_path))[0].version == version + 1
        # Every answer is in: no answer buttons remain. Alice is not pinged again: she was
        # pinged when her turn began (issue 15 "Fewer pings": one ping per turn; the
        # decision handed back to her gets a reminder of its own if it waits).
        assert after.json["allowed_mentions"] == {"parse": []}
        assert "Accept" not in _buttons(after.json)

        # A second, stale click on the old post changes nothing either.
        payload, start = await driver.send(click(buttons["Decline"], OTHER_USER_ID))
        assert "⚠" in await driver.ephemeral_text(payload, start)
        assert (await read_session(db_path))[0].version == version + 1

        # Alice sees bob's acceptance: her menu offers to close the trade with bob.
        row, _, _ = await read_session(db_path)
        bob_seat = row.seat_of(str(OTHER_USER_ID))
        payload, start = await driver.send(click(f"tb:menu:{sid}", USER_ID))
        await driver.ephemeral_text(payload, start)
        choices = [r for r in standin.requests[start:]
                   if r.matches("POST", f"/webhooks/\\d+/{payload['token']}$")]
        custom_ids = [c["custom_id"] for r in choices for row_ in r.json.get("components", [])
                      for c in row_["components"]]
        assert f"tb:mv:{sid}:{version + 1}:trade {hexfolk_actions.SEATS[bob_seat][0]}" in custom_ids
