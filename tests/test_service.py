"""The session service: lobby, turns, pings, refusals, seats taken over, restarts."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import Image

from bot.service import Person, ServiceError, SessionService, Update
from bot.storage import ABANDONED, ACTIVE, FINISHED, LOBBY, Storage
from games import get_ruleset
from i18n.errors import LocalizedError

HAGOTH = get_ruleset("hagoth")
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
THIRD = Person("u-third", "Tove")
FOURTH = Person("u-fourth", "Fenn")
STRANGER = Person("u-stranger", "Sam")
CHANNEL = "chan-1"


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    """Each service test runs on SQLite and on PostgreSQL (issue 17)."""
    async with await Storage.open(database) as opened:
        yield opened


@pytest.fixture
def service(storage: Storage) -> SessionService:
    return SessionService(storage, render=False)


async def state_of(storage: Storage, session_id: int) -> Any:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return HAGOTH.load(json.loads(row.state))


async def version_of(storage: Storage, session_id: int) -> int:
    row = await storage.get(session_id)
    assert row is not None
    return row.version


def assert_sentence(error: LocalizedError) -> str:
    """The English message is a sentence a player reads, not a key or a traceback."""
    text = error.message("en")
    assert text != error.key and "{" not in text
    assert text[0].isupper() and text.rstrip("”\"'").endswith((".", "!", "?")), text
    return text


async def refused(awaitable: Any, key: str) -> LocalizedError:
    with pytest.raises(LocalizedError) as caught:
        await awaitable
    assert caught.value.key == key
    assert_sentence(caught.value)
    return caught.value


async def lobby_with_bot(service: SessionService, options: str = "target=10") -> int:
    update = await service.new_game(CHANNEL, HOST, "hagoth", options)
    await service.add_bot(CHANNEL, HOST)
    return update.session_id


# -- lobby -----------------------------------------------------------------------
async def test_lobby_flow(service: SessionService, storage: Storage) -> None:
    opened = await service.new_game(CHANNEL, HOST, "hagoth", "speed=yes")
    assert opened.status == LOBBY and "Hana" in opened.text and "speed=yes" in opened.text
    await refused(service.start(CHANNEL, HOST), "platform.service.too_few")

    joined = await service.join(CHANNEL, GUEST)
    assert "Gil joined." in joined.text
    await refused(service.join(CHANNEL, GUEST), "platform.service.already_seated")
    await refused(service.add_bot(CHANNEL, STRANGER), "platform.service.not_seated")
    await service.add_bot(CHANNEL, GUEST)
    await service.join(CHANNEL, THIRD)
    full = await refused(service.join(CHANNEL, FOURTH), "platform.service.full")
    assert "4 players" in full.message()
    await refused(service.add_bot(CHANNEL, HOST), "platform.service.full")

    await service.leave(CHANNEL, THIRD)
    await refused(service.leave(CHANNEL, THIRD), "platform.service.not_seated")
    await service.leave(CHANNEL, HOST)  # the host leaves: the next human hosts
    row = await storage.open_session(CHANNEL)
    assert row is not None and row.host_id == GUEST.user_id
    assert [(s.seat, s.name, s.is_bot) for s in row.seats] == [(0, "Gil", False),
                                                                (1, "Bot 1", True)]
    await service.join(CHANNEL, HOST)
    await refused(service.start(CHANNEL, HOST), "platform.service.host_only")
    started = await service.start(CHANNEL, GUEST, seed=3)
    assert started.status == ACTIVE
    await refused(service.join(CHANNEL, FOURTH), "platform.service.already_started")
    await refused(service.start(CHANNEL, GUEST), "platform.service.already_started")


async def test_last_human_leaving_the_lobby_closes_it(service: SessionService) -> None:
    await lobby_with_bot(service)
    closed = await service.leave(CHANNEL, HOST)
    assert closed.status == ABANDONED
    await refused(service.status(CHANNEL), "platform.service.no_game")
    await service.new_game(CHANNEL, GUEST, "hagoth")  # the channel is free again


async def test_unknown_game_and_bad_options_are_refused(service: SessionService) -> None:
    error = await refused(service.new_game(CHANNEL, HOST, "chess"), "platform.game.unknown")
    assert isinstance(error, LocalizedError) and "chess" in error.message()
    assert "hagoth" in error.message()
    error = await refused(service.new_game(CHANNEL, HOST, "hagoth", "target=99"),
                          "platform.option.invalid_int")
    assert "5 to 25" in error.message()
    await refused(service.new_game(CHANNEL, HOST, "hagoth", "colour=red"),
                  "platform.option.unknown")
    await refused(service.new_game(CHANNEL, HOST, "hagoth", "target"),
                  "platform.option.malformed")
    await refused(service.status(CHANNEL), "platform.service.no_game")  # nothing was opened


# -- a whole game ------------------------------------------------------------------
def pick(state: Any, notations: list[str]) -> str:
    """The first legal move, except that every fourth turn starts with a card, so the
    second card of a turn is played as well."""
    if state.phase == "start" and state.turn % 4 == 0:
        for notation in notations:
            if notation.startswith(("play ", "discard ")):
                return notation
    return notations[0]


def assert_png(data: bytes | None) -> None:
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.width > 0 and image.height > 0


async def test_whole_game_pings_once_per_turn(storage: Storage) -> None:
    service = SessionService(storage, render=True)
    session_id = await lobby_with_bot(service)
    await service.add_bot(CHANNEL, HOST)
    started = await service.start(CHANNEL, HOST, seed=1)
    assert started.mentions == (HOST.user_id,)  # the first turn pings whoever must act
    assert_png(started.image)
    update, new_turns, quiet, moves = started, 0, 0, 0
    while not update.finished:
        state = await state_of(storage, session_id)
        assert HAGOTH.actors(state) == {0}  # bots answered at once: it is the human's turn
        row, choices = await service.choices(CHANNEL, HOST)
        assert row.version == update.version
        update = await service.move(CHANNEL, HOST, pick(state, [c.notation for c in choices]),
                                    version=row.version)
        moves += 1
        after = await state_of(storage, session_id)
        assert update.version == await version_of(storage, session_id)
        if update.finished:
            assert update.mentions == () and update.private == {}
        elif after.turn == state.turn:  # the second card step of the same turn
            assert update.mentions == ()
            quiet += 1
        else:
            # Issue 15 "Fewer pings": the bots answered at once and it is the human's turn
            # again, but this update answers the human's own move: their reply shows their
            # next choices, so no ping (one came with the first turn).
            assert update.mentions == ()
            new_turns += 1
        if moves <= 3 or update.finished:
            assert_png(update.image)
        if not update.finished and moves <= 3:
            assert set(update.private) == {HOST.user_id}
            assert_png(update.private[HOST.user_id].image)
        assert moves < 500
    assert new_turns > 5 and quiet > 2
    assert update.status == FINISHED and "Game over" in update.text
    assert await service.replay_check(session_id)
    await refused(service.move(CHANNEL, HOST, "act wood"), "platform.service.no_game")
    await service.new_game(CHANNEL, HOST, "hagoth")  # a finished game frees the channel
    await service.close()  # its render workers


async def test_two_humans_ping_each_other(service: SessionService) -> None:
    await service.new_game(CHANNEL, HOST, "hagoth")
    await service.join(CHANNEL, GUEST)
    update = await service.start(CHANNEL, HOST, seed=5)
    people = {HOST.user_id: HOST, GUEST.user_id: GUEST}
    for _ in range(6):
        (user_id,) = update.mentions
        _, choices = await service.choices(CHANNEL, people[user_id])
        update = await service.move(CHANNEL, people[user_id], "act wood")
        assert choices[0].notation == "act wood"
        assert update.mentions == tuple(set(people) - {user_id})


# -- refusals ----------------------------------------------------------------------
async def test_refused_moves_change_nothing(service: SessionService, storage: Storage) -> None:
    update = await service.new_game(CHANNEL, HOST, "hagoth")
    session_id = update.session_id
    await service.join(CHANNEL, GUEST)
    await refused(service.move(CHANNEL, HOST, "act wood"), "platform.service.not_started")
    await service.start(CHANNEL, HOST, seed=2)
    state = await state_of(storage, session_id)
    current = [HOST, GUEST][state.current]
    waiting = [HOST, GUEST][1 - state.current]
    version = await version_of(storage, session_id)

    _, none = await service.choices(CHANNEL, waiting)
    assert none == []
    error = await refused(service.move(CHANNEL, waiting, "act wood"),
                          "platform.illegal.not_your_turn")
    assert current.name in error.message()
    error = await refused(service.move(CHANNEL, current, "fly to the moon"),
                          "platform.notation.unknown")
    assert isinstance(error, LocalizedError) and "fly to the moon" in error.message()
    missing = next(card for card in ("skip", "remove", "delay", "destroy", "sail", "build1")
                   if card not in state.players[state.current].hand)
    await refused(service.move(CHANNEL, current, f"discard {missing}"),
                  "hagoth.illegal.not_in_hand")
    await refused(service.move(CHANNEL, current, "act wood", version=version - 1),
                  "platform.service.stale")
    await refused(service.move(CHANNEL, STRANGER, "act wood"), "platform.service.not_seated")
    await refused(service.hand(CHANNEL, STRANGER), "platform.service.not_seated")
    assert await version_of(storage, session_id) == version
    assert await storage.action_log(session_id) == []

    applied = await service.move(CHANNEL, current, "act wood", version=version)
    assert applied.version == version + 1
    await refused(service.move(CHANNEL, current, "act wood", version=version),
                  "platform.service.stale")
    assert await version_of(storage, session_id) == version + 1


async def test_leaving_a_game_hands_the_seat_to_a_bot(
    service: SessionService, storage: Storage
) -> None:
    update = await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    session_id = update.session_id
    await service.join(CHANNEL, GUEST)
    await service.add_bot(CHANNEL, HOST)
    update = await service.start(CHANNEL, HOST, seed=4)
    state = await state_of(storage, session_id)
    if state.current != 1:  # make it the guest's turn
        update = await service.move(CHANNEL, HOST, "act wood")
    assert update.mentions == (GUEST.user_id,)
    before = await version_of(storage, session_id)

    left = await service.leave(CHANNEL, GUEST)
    assert left.text.startswith("Gil left the game")
    assert left.version > before  # the bot played the seat at once
    assert left.mentions == (HOST.user_id,)
    row = await storage.get(session_id)
    assert row is not None
    # The bot's seat remembers who left it, so that Gil may take it back (issue 15 "Rejoin");
    # a bot seat is nobody's seat to play (not_seated below).
    assert (row.seats[1].name, row.seats[1].user_id, row.seats[1].is_bot) == (
        "Bot for Gil", GUEST.user_id, True)
    log = await storage.action_log(session_id)
    assert any(entry.seat == 1 and entry.seq >= before for entry in log)
    await refused(service.move(CHANNEL, GUEST, "act wood"), "platform.service.not_seated")

    for _ in range(500):  # the host plays on with two bots to the end
        if update.finished:
            break
        _, choices = await service.choices(CHANNEL, HOST)
        state = await state_of(storage, session_id)
        update = await service.move(CHANNEL, HOST, pick(state, [c.notation for c in choices]))
    assert update.status == FINISHED
    assert await service.replay_check(session_id)


async def test_abandon_needs_host_or_manager(service: SessionService) -> None:
    await lobby_with_bot(service)
    await service.join(CHANNEL, GUEST)
    await service.start(CHANNEL, HOST, seed=1)
    await refused(service.abandon(CHANNEL, GUEST, can_manage=False),
                  "platform.service.abandon_denied")
    assert (await service.status(CHANNEL)).status == ACTIVE
    done = await service.abandon(CHANNEL, STRANGER, can_manage=True)
    assert done.status == ABANDONED and done.finished and "Sam" in done.text
    await refused(service.status(CHANNEL), "platform.service.no_game")
    await service.new_game(CHANNEL, GUEST, "hagoth")  # the channel is free again


async def test_resume_all_lets_due_bots_move(database: str) -> None:
    path = database
    async with await Storage.open(path) as storage:
        service = SessionService(storage, render=False)
        session_id = await lobby_with_bot(service)
        update = await service.start(CHANNEL, HOST, seed=6)
        assert update.mentions == (HOST.user_id,)
        # A crash between the human's move and the bot's reply: only the move is stored.
        state = await state_of(storage, session_id)
        assert HAGOTH.actors(state) == {0}
        HAGOTH.play(state, 0, "act wood")
        assert HAGOTH.actors(state) == {1}
        assert await storage.commit_actions(
            session_id, expected_version=update.version, state=json.dumps(HAGOTH.dump(state)),
            actions=[(0, "act wood")])
        version = update.version + 1

    async with await Storage.open(path) as storage:  # the restart
        service = SessionService(storage, render=False)
        updates = await service.resume_all()
        assert [u.session_id for u in updates] == [session_id]
        resumed: Update = updates[0]
        assert resumed.version > version and resumed.mentions == (HOST.user_id,)
        assert HAGOTH.actors(await state_of(storage, session_id)) == {0}
        assert await service.resume_all() == []  # nothing is due any more
        assert await service.replay_check(session_id)


async def test_status_and_hand(storage: Storage) -> None:
    service = SessionService(storage, render=True)
    await lobby_with_bot(service)
    lobby = await service.status(CHANNEL)
    assert lobby.status == LOBBY and lobby.image is None
    await refused(service.hand(CHANNEL, HOST), "platform.service.not_started")
    await service.start(CHANNEL, HOST, seed=1)
    status = await service.status(CHANNEL)
    assert "To play: Hana." in status.text
    assert_png(status.image)
    note = await service.hand(CHANNEL, HOST)
    assert "only you" in note.text
    assert_png(note.image)
    await service.close()


async def test_service_error_is_a_localized_error() -> None:
    error = ServiceError("platform.service.stale")
    assert isinstance(error, LocalizedError)
    assert str(error) == error.message() == assert_sentence(error)
