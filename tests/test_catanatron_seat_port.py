"""The Catanatron seat reads 3.3.0 as well as 3.2.1 (issue 28 item 3: "under 3.3.0 the
state's log is ``action_records``, and a first try fell back to a random move in 185 of
454 decisions. Port it ... and keep them at 0"). Catanatron itself is not installed in the
test environment (GPL-3.0, a bench-only opponent), so its two record shapes are built
here as the plain named tuples they are in its source."""

from __future__ import annotations

from collections import namedtuple
from enum import Enum
from types import SimpleNamespace

from bench.catanatron_seat import back, logged_actions, wilson
from games.hexfolk.actions import Discard

CatanAction = namedtuple("CatanAction", ["color", "action_type", "value"])
ActionRecord = namedtuple("ActionRecord", ["action", "result"])


class Kind(Enum):
    BUILD_SETTLEMENT = "BUILD_SETTLEMENT"
    DISCARD = "DISCARD"
    DISCARD_RESOURCE = "DISCARD_RESOURCE"


def test_the_log_is_read_from_action_records_in_3_3_and_actions_in_3_2() -> None:
    settle = CatanAction("RED", Kind.BUILD_SETTLEMENT, 7)
    new = SimpleNamespace(action_records=[ActionRecord(settle, None)])
    old = SimpleNamespace(actions=[settle])
    assert logged_actions(new) == [settle]
    assert logged_actions(old) == [settle]


def test_a_discard_becomes_one_of_our_cards_at_a_time_in_3_3() -> None:
    """3.3.0 discards card by card (``DISCARD_RESOURCE``): our choice of cards maps to one
    of them, never to a card we chose to keep."""
    playable = [CatanAction("RED", Kind.DISCARD_RESOURCE, r)
                for r in ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")]
    chosen = back(Discard((0, 0, 2, 0, 1)), playable, None, ())  # type: ignore[arg-type]  # no geometry needed
    assert chosen is not None and chosen.value == "SHEEP"
    whole = [CatanAction("RED", Kind.DISCARD, None)]  # 3.2.1: one random half
    assert back(Discard((0, 0, 2, 0, 1)), whole, None, ()) == whole[0]  # type: ignore[arg-type]


def test_wilson_interval_brackets_the_share() -> None:
    low, high = wilson(40, 100)
    assert 0.30 < low < 0.40 < high < 0.50
    assert wilson(0, 0) == (0.0, 1.0)
