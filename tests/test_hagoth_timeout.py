"""What the table reads when the turn clock plays a Hagoth Speed-variant swap for a late
player (issue 8 item 12): "The timeout message must say no more than the move would say"
— the swap's own account says only how many cards were discarded, never which."""

from __future__ import annotations

import json
from pathlib import Path

from bot.service import Person, SessionService
from bot.storage import Storage
from games import get_ruleset
from i18n import t

HAGOTH = get_ruleset("hagoth")
PEOPLE = (Person("u-ann", "Ann"), Person("u-bo", "Bo"))
T0 = 1_700_000_000.0


async def _timed_out_swap(tmp_path: Path, seed: int) -> tuple[str, list[str], str]:
    """(the clock's line with the late player's name taken out, the late hand's card
    names, the swap account) after the player took an action and let the clock run out."""
    async with await Storage.open(tmp_path / f"clock-{seed}.db") as storage:
        service = SessionService(storage, render=False)
        service.now = lambda: T0
        channel = f"chan-{seed}"
        opened = await service.new_game(channel, PEOPLE[0], "hagoth", "clock=1h speed=yes")
        await service.join(channel, PEOPLE[1])
        await service.start(channel, PEOPLE[0], seed=seed)
        row = await storage.get(opened.session_id)
        assert row is not None and row.state is not None
        state = HAGOTH.load(json.loads(row.state))
        seat = state.current
        await service.move(channel, PEOPLE[seat], "act wood")
        row = await storage.get(opened.session_id)
        assert row is not None and row.state is not None
        hand = HAGOTH.load(json.loads(row.state)).players[seat].hand
        (update,) = await service.expire_due(T0 + 7200)
    name = PEOPLE[seat].name
    line = next(x for x in update.text.splitlines() if name in x and "⏰" in x)
    account = next(x for x in update.text.splitlines() if "drew again" in x)
    return line.replace(name, "NAME"), [t(f"hagoth.card.{c}") for c in hand], account


async def test_the_clocks_swap_message_names_no_card(tmp_path: Path) -> None:
    """Seeds 2 and 5: the late player's bot-chosen swap discards two cards from two
    different hands; the clock's line reads the same and names none of the cards."""
    seen = []
    for seed in (2, 5):
        line, hand, account = await _timed_out_swap(tmp_path, seed)
        assert not any(card in line for card in hand), line
        assert "2 card" in line and "2 card" in account
        seen.append((line, tuple(sorted(hand))))
    (line_a, hand_a), (line_b, hand_b) = seen
    assert hand_a != hand_b and line_a == line_b
