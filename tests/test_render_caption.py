"""The account of the last moves drawn on every board (issue 9 item 14)."""

from __future__ import annotations

from renderers.common import font, text_width, wrap_account


def test_the_newest_events_stay_whole_and_older_ones_give_way() -> None:
    """Issue 9 item 14: "Every post must carry the last move's account, and Hexfolk's
    caption must not be cut to the last event." A long account keeps its newest events
    whole, marks the dropped older ones with "…", and never clips the last move."""
    face = font(19)
    events = [f"Bot {i} rolls {i + 2} and everyone collects what the dice give them."
              for i in range(1, 9)]
    lines = wrap_account("\n".join(events), face, 700, 3)
    assert 1 <= len(lines) <= 3
    drawn = " ".join(lines)
    assert drawn.startswith("… ") and drawn.endswith(events[-1])
    assert events[-2] in drawn or len(events[-1]) > 60  # as many whole events as fit
    assert all(text_width(line, face) <= 700 for line in lines)


def test_a_short_account_is_drawn_in_full() -> None:
    """With room for everything, every event of the move is drawn, in order."""
    face = font(19)
    lines = wrap_account("Ann rolls 6.\nAnn builds a road.", face, 900, 3)
    assert lines == ["Ann rolls 6. Ann builds a road."]
    assert wrap_account("", face, 900, 3) == []
