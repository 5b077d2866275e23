"""Move menus and autocomplete within Discord's 25-entry limit (issue 9, item 4):
"Important moves (End turn, Roll) must never be hidden behind 90 placement options. Put
the commonest decisions first, group long lists (a select for the kind of move, then one
for the place), and let typing filter. In Lovci, Neptune offers 98 moves: a square
picker (row, then column) fits better." Checked for every game, every position of a few
bot games, and through the real discord.py against the stand-in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord_standin import DiscordStandin, component, running_client
from tidebound_support import Driver, factory, start_game

from bot.discord_front import components
from bot.discord_front.components import (
    MAX_ROWS,
    OPTIONS_PER_SELECT,
    SMALL_KIND,
    drilled,
    filtered,
    kind_of,
    move_menu,
)
from games import MoveChoice, all_rulesets, get_ruleset
from games.protocol import Ruleset

NAMES = ("Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def decisions(ruleset: Ruleset, players: int, seed: int, steps: int
              ) -> Iterator[list[MoveChoice]]:
    state = ruleset.setup(players, {}, seed)
    for _ in range(steps):
        if ruleset.result(state) is not None:
            return
        seat = min(ruleset.actors(state))
        yield ruleset.choices(state, seat, NAMES[:players])
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))


def offered(view: discord.ui.View) -> tuple[set[str], list[tuple[str, ...]], list[Any]]:
    """(notations clickable, sub-menu paths, the view's items), checking the limits."""
    items = [getattr(child, "item", child) for child in view.children]  # DynamicItems
    rows = {item.row for item in items if item.row is not None}
    notations: set[str] = set()
    paths: list[tuple[str, ...]] = []
    buttons = [i for i in items if isinstance(i, discord.ui.Button)]
    selects = [i for i in items if isinstance(i, discord.ui.Select)]
    assert len(buttons) <= 25 and -(-len(buttons) // 5) + len(selects) <= MAX_ROWS and \
        len(rows) <= MAX_ROWS
    for button in buttons:
        notations.add(str(button.custom_id).split(":", 4)[4])
    for select in selects:
        assert 1 <= len(select.options) <= OPTIONS_PER_SELECT
        for option in select.options:
            path = drilled(option.value)
            if path is None:
                notations.add(option.value)
            else:
                paths.append(path)
    return notations, paths, items


async def reachable(choices: list[MoveChoice], path: tuple[str, ...] = (),
                    depth: int = 0) -> set[str]:
    notations, paths, _ = offered(move_menu(1, 2, choices, "en", path))
    assert depth <= 3, "menus nest at most three deep"
    for sub in paths:
        notations |= await reachable(choices, sub, depth + 1)
    return notations


async def test_every_move_is_reachable_and_single_moves_are_buttons() -> None:
    """Every legal move can be reached through the menu (directly or through a kind's
    own menu), within Discord's limits; single moves of their kind (End turn, Roll,
    Pass, Accept) are buttons on the first menu."""
    checked = 0
    for ruleset in all_rulesets():
        for players in {ruleset.min_players, ruleset.max_players}:
            for choices in decisions(ruleset, players, 2, 400):
                if len(choices) <= components.MAX_BUTTONS:
                    continue
                checked += 1
                assert await reachable(choices) >= {c.notation for c in choices
                                                    if len(c.notation) < 60}
                top, _, _ = offered(move_menu(1, 2, choices, "en"))
                kinds = [kind_of(c) for c in choices]
                singles = [c for c, k in zip(choices, kinds, strict=True)
                           if kinds.count(k) == 1]
                if len(singles) <= 10:
                    assert {c.notation for c in singles} <= top
    assert checked > 50


def test_autocomplete_never_hides_the_single_moves() -> None:
    """The first 25 autocomplete entries hold every move of a small kind (End, Roll…)."""
    for ruleset in all_rulesets():
        for choices in decisions(ruleset, ruleset.max_players, 4, 400):
            kinds = [kind_of(c) for c in choices]
            small = [c for c, k in zip(choices, kinds, strict=True)
                     if kinds.count(k) <= SMALL_KIND]
            first = filtered(choices, "")[:25]
            if len(small) <= 25:
                assert all(c in first for c in small)
            assert sorted(map(id, filtered(choices, ""))) == sorted(map(id, choices))


def test_typing_filters_and_a_board_number_comes_first() -> None:
    hexfolk = get_ruleset("hexfolk")
    state = hexfolk.setup(4, {}, 7)
    choices = hexfolk.choices(state, state.current, NAMES[:4])
    assert len(choices) > 25
    assert filtered(choices, "12")[0].label.startswith("12 — Settle")
    assert all("settle" in c.notation for c in filtered(choices, "settle"))
    assert filtered(choices, "zzz") == []


async def lovci_neptune() -> list[MoveChoice]:
    lovci = get_ruleset("lovci-pokladu")
    for seed in range(10):
        for choices in decisions(lovci, 2, seed, 2000):
            if sum(c.notation.startswith("neptune") for c in choices) >= 60:
                return choices
    raise AssertionError("no Neptune decision in 10 seeded games")


async def test_lovci_neptune_is_a_square_picker() -> None:
    """Neptune's squares: the first menu opens "Neptune", which lists the rows; a row
    lists its squares."""
    choices = await lovci_neptune()
    _, paths, _ = offered(move_menu(1, 2, choices, "en"))
    assert ("Neptune",) in paths
    _, rows, _ = offered(move_menu(1, 2, choices, "en", ("Neptune",)))
    assert ("Neptune", "Row 7") in rows and len(rows) >= 9
    squares, deeper, _ = offered(move_menu(1, 2, choices, "en", ("Neptune", "Row 7")))
    assert not deeper and squares and all(
        n.startswith("neptune to ") and n.endswith("7") for n in squares)


async def test_menu_through_discord_opens_a_kind_and_refuses_a_stale_one(
    standin: DiscordStandin, db_path: str
) -> None:
    """Through discord.py: in a Hexfolk founding position (54 corners) the menu offers
    the corners in selects; after a move, a menu made for the old position is refused
    and nothing is played."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver, game="hexfolk", options="target=8", bots=1)

        async def open_menu() -> tuple[list[dict[str, Any]], Any]:
            payload, start = await driver.send(component(f"tb:menu:{session_id}"))
            assert (await driver.callback(payload))["type"] == 5
            menu = await standin.wait_for_followup(payload, start=start)
            selects = [item for row in menu.json["components"]
                       for item in row["components"] if item["type"] == 3]
            return selects, standin.messages[int(menu.response["id"])]

        old_selects, old_message = await open_menu()  # kept open in another window
        selects, message = await open_menu()
        assert selects and all(len(s["options"]) <= 25 for s in selects)
        assert sum(len(s["options"]) for s in selects) > 25  # more corners than one list
        payload, start = await driver.send(component(
            selects[0]["custom_id"], 3, [selects[0]["options"][0]["value"]], message=message))
        assert (await driver.callback(payload))["type"] == 6
        await driver.public_post(payload, start)
        # The menu made before that move: refused, ephemerally, and nothing is played.
        payload, start = await driver.send(component(
            old_selects[0]["custom_id"], 3, [old_selects[0]["options"][1]["value"]],
            message=old_message))
        text = await driver.ephemeral_text(payload, start)
        assert "⚠" in text and "changed" in text


async def test_a_kind_opens_its_own_menu_through_discord(
    standin: DiscordStandin, db_path: str
) -> None:
    """Through discord.py, in a Lovci Neptune decision (the stored state is replaced by
    one from a bot game, at a later version): choosing "Neptune" in the kinds select
    rewrites the menu to the rows; a row gives its squares as buttons; one plays."""
    import json

    import aiosqlite

    lovci = get_ruleset("lovci-pokladu")
    neptune_state = None
    for seed in range(20):
        state = lovci.setup(2, {}, seed)
        for _ in range(2000):
            if lovci.result(state) is not None:
                break
            seat = min(lovci.actors(state))
            if seat == 0 and sum(c.notation.startswith("neptune")
                                 for c in lovci.choices(state, 0)) >= 40:
                neptune_state = state
                break
            lovci.apply(state, seat, lovci.bot_action(state, seat))
        if neptune_state is not None:
            break
    assert neptune_state is not None
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver, game="lovci-pokladu", options="", bots=1)
        async with aiosqlite.connect(db_path) as db:
            await db.execute("UPDATE sessions SET state = ?, version = version + 100 "
                             "WHERE id = ?", (json.dumps(lovci.dump(neptune_state)),
                                              session_id))
            await db.commit()
        payload, start = await driver.send(component(f"tb:menu:{session_id}"))
        assert (await driver.callback(payload))["type"] == 5
        menu = await standin.wait_for_followup(payload, start=start)
        message = standin.messages[int(menu.response["id"])]
        kinds = next(item for row in menu.json["components"] for item in row["components"]
                     if item["type"] == 3 and any(o["value"] == ">Neptune"
                                                  for o in item["options"]))
        payload, start = await driver.send(
            component(kinds["custom_id"], 3, [">Neptune"], message=message))
        body = await driver.callback(payload)
        assert body["type"] == 7, body  # the menu message is rewritten in place
        rows = [o["value"] for row in body["data"]["components"] for item in row["components"]
                if item["type"] == 3 for o in item["options"]]
        assert ">Neptune>Row 5" in rows, rows
        row_select = body["data"]["components"][0]["components"][0]
        message = standin.messages[int(menu.response["id"])]
        payload, start = await driver.send(
            component(row_select["custom_id"], 3, [">Neptune>Row 5"], message=message))
        body = await driver.callback(payload)
        buttons = [item for row in body["data"]["components"] for item in row["components"]]
        assert buttons and all(b["type"] == 2 and b["custom_id"].endswith("5")
                               for b in buttons if "neptune" in b["custom_id"])
