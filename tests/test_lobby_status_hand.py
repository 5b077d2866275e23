"""The host removes a bot or a player from the lobby; ``status`` repeats the last move;
``hand`` names the cards.

Issue 9 item 16: "A host can remove a bot or a player from the lobby." Item 14: "`status`
replaces the account of the last move with 'To play: X'. Every post must carry the last
move's account." Item 9: "make `status` print the scores."
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Person, SessionService
from bot.storage import LOBBY, Storage
from games.hagoth.data import CARDS
from i18n import t
from i18n.errors import LocalizedError

HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
CHANNEL = "chan-remove"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[SessionService]:
    async with await Storage.open(tmp_path / "remove.db") as storage:
        yield SessionService(storage, render=False)


async def refused(awaitable: object, key: str) -> str:
    with pytest.raises(LocalizedError) as caught:
        await awaitable  # type: ignore[misc]
    assert caught.value.key == key
    text = caught.value.message("en")
    assert text != key and "{" not in text and text.endswith(".")
    return text


async def seats(service: SessionService) -> list[tuple[int, str, bool]]:
    row = await service.session_for_channel(CHANNEL)
    assert row is not None
    return [(s.seat, s.name, s.is_bot) for s in row.seats]


async def test_host_removes_a_bot_and_a_player_and_seats_close_up(
        service: SessionService) -> None:
    """Item 16: the host removes a bot, then a player; the others keep their order."""
    opened = await service.new_game(CHANNEL, HOST, "hagoth")
    assert opened.removable == ()  # the host alone: nobody to remove
    await service.add_bot(CHANNEL, HOST)
    await service.join(CHANNEL, GUEST)
    lobby = await service.add_bot(CHANNEL, HOST)
    assert lobby.removable == ((1, "Bot 1"), (2, "Gil"), (3, "Bot 2"))
    update = await service.remove_seat(CHANNEL, HOST, 1)
    assert "Hana removed Bot 1 from the lobby." in update.text
    assert await seats(service) == [(0, "Hana", False), (1, "Gil", False), (2, "Bot 2", True)]
    update = await service.remove_seat(CHANNEL, HOST, 1, expected_name="Gil")
    assert "Hana removed Gil from the lobby." in update.text and "Gil" not in update.text.split(
        "\n", 2)[2]  # no longer listed among the seats
    assert [name for _, name, _ in await seats(service)][:2] == ["Hana", "Bot 2"]
    # The removed player may sit down again: nothing of them stayed behind.
    await service.join(CHANNEL, GUEST)
    assert "Gil" in [name for _, name, _ in await seats(service)]


async def test_removal_refusals_are_polite_and_change_nothing(service: SessionService) -> None:
    """Item 16: only the host removes, never themself, only a seat that exists (and that
    still holds whom an old lobby message showed), only before the start."""
    await service.new_game(CHANNEL, HOST, "hagoth")
    await service.join(CHANNEL, GUEST)
    await service.add_bot(CHANNEL, HOST)
    before = await seats(service)
    await refused(service.remove_seat(CHANNEL, GUEST, 2), "platform.service.remove_host_only")
    await refused(service.remove_seat(CHANNEL, HOST, 0), "platform.service.remove_self")
    await refused(service.remove_seat(CHANNEL, HOST, 7), "platform.service.no_such_seat")
    await refused(service.remove_seat(CHANNEL, HOST, 2, expected_name="Gil"),
                  "platform.service.no_such_seat")  # seat 3 holds Bot 1 now, not Gil
    await refused(service.remove_seat(CHANNEL, STRANGER := Person("u-x", "Sam"), 1),
                  "platform.service.remove_host_only")
    assert await seats(service) == before and STRANGER.name == "Sam"
    row = await service.session_for_channel(CHANNEL)
    assert row is not None and row.status == LOBBY
    await service.start(CHANNEL, HOST, seed=1)
    await refused(service.remove_seat(CHANNEL, HOST, 1), "platform.service.already_started")


async def test_status_keeps_the_last_account_and_prints_the_scores(
        service: SessionService) -> None:
    """Item 14: status repeats what just happened before "To play"; item 9: the scores."""
    await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    await service.add_bot(CHANNEL, HOST)
    await service.start(CHANNEL, HOST, seed=1)
    _, choices = await service.choices(CHANNEL, HOST)
    moved = await service.move(CHANNEL, HOST, choices[0].notation)
    account = moved.text.rsplit("\n", 1)[0]
    assert account and "To play" not in account
    status = await service.status(CHANNEL, image=False)
    lines = status.text.split("\n")
    assert status.text.startswith(account)
    assert lines[-2] == "Scores: Hana 0, Bot 1 0." and lines[-1].startswith("To play: ")
    # The board status draws carries that account too, not "To play: …" in its place.
    captions: list[str] = []

    async def drawn(loaded: object, caption: str) -> bytes:
        captions.append(caption)
        return b"png"

    service.updates.render_public = drawn  # type: ignore[method-assign]
    assert (await service.status(CHANNEL)).image == b"png"
    assert captions == [account]

    # A fresh service (a restart) has not seen the move: it tells the logged move's
    # public account, never its notation (issue 24, item 1; every game and every kind of
    # move: tests/test_hidden_info.py).
    restarted = SessionService(service.storage, render=False)
    status = await restarted.status(CHANNEL, image=False)
    log = await service.storage.action_log(status.session_id)
    assert status.text.startswith("Last move: ") and log[-1].notation not in status.text


async def test_status_answers_without_the_board_when_it_cannot_be_drawn(
        service: SessionService, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 24, item 9: "a drawing error in `status` is not caught". Status must still
    answer: its text without the image (``drawn=False``), the error logged; it never
    raises to the front."""
    await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    await service.add_bot(CHANNEL, HOST)
    await service.start(CHANNEL, HOST, seed=1)

    async def broken(loaded: object, caption: str) -> bytes:
        raise RuntimeError("the renderer broke")

    service.updates.render_public = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="tidebound.service"):
        status = await service.status(CHANNEL)
    assert status.image is None and not status.drawn
    assert "To play: " in status.text and "Scores: " in status.text
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"session {status.session_id}: an image could not be drawn"]


@pytest.mark.parametrize(("game", "has_hand"), [("hagoth", True), ("hexfolk", True),
                                                ("lovci-pokladu", False)])
async def test_hand_names_the_cards_in_words(service: SessionService, game: str,
                                             has_hand: bool) -> None:
    """Items 6 and 13: the hand in words where players hold a hand; Lovci has none (its
    whole state is on the board), so its private note only offers the player's view."""
    await service.new_game(CHANNEL, HOST, game)
    await service.add_bot(CHANNEL, HOST)
    await service.start(CHANNEL, HOST, seed=2)
    note = await service.hand(CHANNEL, HOST)
    assert ("\nYour hand: " in note.text) == has_hand
    if game == "hagoth":
        cards = note.text.split("Your hand: ", 1)[1].split(", ")
        assert len(cards) == 5 and set(cards) <= {t(f"hagoth.card.{c}") for c in CARDS}
    if game == "hexfolk":  # before founding nobody holds anything
        assert note.text.endswith("Your hand: resources: none; development cards: none")
