"""Issue 13 through real discord.py against the stand-in: ``/maps`` and ``/rules hexfolk
maps`` answer with the gallery image (drawn once, then kept), the options autocomplete
of ``/game new`` lists the maps with their size and players, and ``/game start`` refuses
a map the seats taken cannot play, naming the counts it allows."""

from __future__ import annotations

import io
import re
import time

from discord_standin import (
    OTHER_USER_ID,
    DiscordStandin,
    autocomplete,
    running_client,
    slash,
    text_of,
)
from PIL import Image
from tidebound_support import (
    EPHEMERAL,
    Driver,
    console_args,
    console_folder,
    factory,
    read_session,
    stored_session,
)

from bot.__main__ import main
from games.hexfolk.maps import MAPS


async def gallery_reply(driver: Driver, payload: dict) -> tuple[str, Image.Image, float]:  # type: ignore[type-arg]
    """The ephemeral followup of a deferred ``/maps``: its text, its image, seconds taken."""
    started = time.monotonic()
    _, start = await driver.send(payload)
    assert (await driver.callback(payload))["type"] == 5  # deferred, thinking
    token = re.escape(payload["token"])
    rec = await driver.standin.wait_for(
        lambda r: r.matches("POST", f"/webhooks/\\d+/{token}$"), start=start, timeout=30)
    assert int(rec.json.get("flags") or 0) & EPHEMERAL
    assert rec.files, "the gallery is attached"
    image = Image.open(io.BytesIO(rec.files[0].data))
    image.load()
    return text_of(rec.json), image, time.monotonic() - started


async def test_maps_shows_the_gallery_and_rules_maps_too(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 13 "Gallery": ``/maps`` and ``/rules hexfolk maps`` show a gallery image with
    every map, its name and player range; the second answer reuses the first drawing."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        text, image, _ = await gallery_reply(driver, slash("maps"))
        assert image.format == "PNG" and image.width == 1200
        assert "Great Land (map=great-land): 61 hexes, 7–8 players" in text
        assert "Lagoon (map=lagoon): 12 hexes, 2–3 players" in text and len(text) <= 2000
        text2, image2, seconds = await gallery_reply(
            driver, slash("rules", {"game": "hexfolk", "topic": "maps"}))
        assert text2 == text and image2.tobytes() == image.tobytes()
        assert seconds < 5  # kept, not drawn again
        payload, _ = await driver.send(slash("rules", {"game": "hexfolk", "topic": "turn"}))
        body = await driver.callback(payload)
        assert body["type"] == 4 and "Roll the dice" in text_of(body["data"])


async def test_lobby_picks_a_map_and_start_rechecks_it(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 13 "Lobby option map": autocomplete lists the maps with their size; a map
    picked in the lobby is checked at ``/game start`` against the seats taken, with a
    refusal naming the counts it allows; nothing starts."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(autocomplete(
            "game", {"game": "hexfolk", "options": "map="}, "options", subcommand="new"))
        choices = (await driver.callback(payload))["data"]["choices"]
        values = [c["value"] for c in choices]
        assert values == ["map=standard", *(f"map={m.id}" for m in MAPS)][:len(values)]
        assert any("Lagoon · 12 hexes · 2–3 players" in c["name"] for c in choices)
        payload, _ = await driver.send(autocomplete(
            "game", {"game": "hexfolk", "options": ""}, "options", subcommand="new"))
        names = [c["value"] for c in (await driver.callback(payload))["data"]["choices"]]
        assert "map=standard" in names and "map=lagoon" not in names
        assert any(n.startswith("clock=") for n in names)

        payload, _ = await driver.send(slash(
            "game", {"game": "hexfolk", "options": "map=big-island"}, subcommand="new"))
        assert "map=big-island" in (await driver.callback(payload))["data"]["content"]
        for _ in range(3):
            payload, _ = await driver.send(slash("game", subcommand="addbot"))
            await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start"))
        refusal = await driver.ephemeral_text(payload, start)
        assert "Big Island is for 5–6 players, and this game has 4" in refusal
        assert "twin-isles" in refusal
        row, _, _ = await read_session(db_path)
        assert row.status == "lobby" and len(row.seats) == 4


async def test_join_and_addbot_stop_at_the_maps_most_players(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 12 (maps' seat limit): a lobby on a chosen map takes no more seats than the
    map's player range (data file, "The 22 island maps"): the seat past it is refused at
    ``/game join`` or ``/game addbot``, politely and in the asker's own language, naming
    the map's range; nothing is added. The standard board takes every count."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash(
            "game", {"game": "hexfolk", "options": "map=lagoon"}, subcommand="new"))
        await driver.callback(payload)
        for _ in range(2):  # host + 2 bots: Lagoon's 3 seats
            payload, _ = await driver.send(slash("game", subcommand="addbot"))
            await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="addbot", locale="ru"))
        refusal = await driver.ephemeral_text(payload, start)
        assert "Карта Лагуна — для 2–3 игроков" in refusal and "map=standard" in refusal
        payload, start = await driver.send(slash("game", subcommand="join", locale="cs",
                                                 user_id=OTHER_USER_ID))
        refusal = await driver.ephemeral_text(payload, start)
        assert "Mapa Laguna je pro 2–3 hráčů" in refusal
        payload, start = await driver.send(slash("game", subcommand="addbot"))
        refusal = await driver.ephemeral_text(payload, start)
        assert "The map Lagoon is for 2–3 players, and its 3 seats are taken" in refusal
        row, _, _ = await read_session(db_path)
        assert row.status == "lobby" and len(row.seats) == 3
        assert row.seat_of(str(OTHER_USER_ID)) is None
        payload, start = await driver.send(slash("game", subcommand="start"))
        await driver.public_post(payload, start)  # the deferred start has finished
        row, _, _ = await read_session(db_path)
        assert row.status == "active"
        payload, _ = await driver.send(slash("game", subcommand="status"))
        await driver.callback(payload)


def test_console_rules_maps_writes_the_gallery(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue 13 "Gallery" in the console: ``rules maps`` prints every map and writes the
    gallery beside the boards; a game on a chosen map starts on it."""
    monkeypatch.setattr("sys.stdin", io.StringIO("rules maps\nquit\n"))
    args = console_args("hexfolk", tmp_path, "--players", "2", "--bots", "1", "--seed", "3",
                        "--options", "map=lagoon")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "22. Great Land (map=great-land): 61 hexes, 7–8 players" in out
    gallery = next(console_folder(tmp_path, "hexfolk").glob("*-maps.png"))
    with Image.open(gallery) as image:
        assert image.width == 1200
    assert f"(picture: {gallery})" in out
    row, _, _ = stored_session(tmp_path / "console.db")
    assert row.state is not None and '"board": "lagoon"' in row.state
