"""The account of the last moves drawn on every board (issue 9 item 14)."""

from __future__ import annotations

import pytest

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


def _smallest_start_that_fits(account: str, face, max_width: float, max_lines: int
                              ) -> list[str]:
    """The caption's definition, spelled out: drop the oldest events one by one until
    the rest fits (what ``wrap_account`` did before issue 10 made it cheap)."""
    from renderers.common import wrap_text

    events = [e for e in (line.strip() for line in account.splitlines()) if e]
    for first in range(len(events)):
        text = " ".join(events[first:])
        if first:
            text = f"… {text}"
        lines = wrap_text(text, face, max_width, max_lines + 1)
        if len(lines) <= max_lines:
            return lines
    return wrap_text(events[-1], face, max_width, max_lines) if events else []


def test_the_fast_caption_keeps_the_same_events() -> None:
    """Issue 10 (turn p95): the caption is found from the newest event back, and keeps
    exactly the events the oldest-first definition keeps, for short and long events,
    for a single too-long event and for captions with few lines."""
    import random

    face = font(19)
    rng = random.Random(10)
    words = ["Bot", "3", "builds", "a", "road", "between", "T", "and", "AB.", "declines.",
             "receives", "2", "brick", "wood", "·", "Посадник", "obchoduje", "s", "bankem"]
    for case in range(120):
        events = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 14)))
                  for _ in range(rng.randint(1, 40))]
        if case % 17 == 0:
            events[-1] = " ".join(["longword"] * 80)  # cannot fit on its own
        width, lines = rng.choice([300, 500, 700, 1100]), rng.choice([1, 2, 3])
        account = "\n".join(events)
        assert wrap_account(account, face, width, lines) == _smallest_start_that_fits(
            account, face, width, lines), (case, width, lines)


def test_a_long_account_costs_a_few_wraps(monkeypatch) -> None:
    """Issue 10: a Hexfolk round of eight bots is hundreds of events; wrapping them one
    start at a time took up to 0.6 s a board (the turn p95 spikes). Only the events that
    can fit are tried now."""
    import renderers.common as common

    calls = 0
    real = common.wrap_text

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(common, "wrap_text", counting)
    events = [f"Bot {i % 7 + 1} declines." for i in range(600)] + ["Ann ends the turn."]
    lines = common.wrap_account("\n".join(events), font(19), 700, 3)
    assert lines[-1].endswith("Ann ends the turn.")
    assert calls < 40



def _ink_within_a_pixel(image, other) -> bool:
    """Whether every dark pixel of ``image`` has ink of ``other`` within one pixel."""
    from PIL import ImageChops, ImageFilter

    dark = image.convert("L").point(lambda v: 255 if v < 100 else 0)
    near = other.convert("L").filter(ImageFilter.MinFilter(3)).point(
        lambda v: 255 if v < 160 else 0)
    return ImageChops.subtract(dark, near).getbbox() is None


def test_an_account_line_drawn_word_by_word_reads_as_the_line_drawn_whole() -> None:
    """Issue 29 item 6 ("images visually identical"): the caption is drawn word by word
    from cached word masks (``draw_words``); every stroke lies within a pixel of where
    the line drawn whole puts it, in Latin and Cyrillic alike, and a later line made of
    the same words renders no new glyph mask."""
    from PIL import Image

    from renderers.common import _text_mask, draw_words, drawing

    face = font(19)
    for line in ("Bot 5 passes the special building phase. Bot 2 buys a development card.",
                 "Бот 3 строит город между Q, R и Y (Q зерно 6 · R глина 10)."):
        whole = Image.new("RGB", (1100, 40), "white")
        drawing(whole).text((14.4, 8), line, font=face, fill=(0, 0, 0))
        words = Image.new("RGB", (1100, 40), "white")
        draw_words(drawing(words), (14.4, 8), line, face, (0, 0, 0))
        assert whole.tobytes() != words.tobytes()  # not the same drawing
        assert _ink_within_a_pixel(words, whole) and _ink_within_a_pixel(whole, words)
    before = _text_mask.cache_info().misses
    draw_words(drawing(words), (14, 8), "Bot 2 passes the special building phase.", face,
               (0, 0, 0))
    assert _text_mask.cache_info().misses == before
    # a card's counts: on the middle of the line, as the card draws them
    stats = "Cards 10 · Dev 0 · Knights 2 · Road 5"
    whole = Image.new("RGB", (500, 40), "white")
    drawing(whole).text((12.5, 20), stats, font=font(16), fill=(0, 0, 0), anchor="lm")
    words = Image.new("RGB", (500, 40), "white")
    draw_words(drawing(words), (12.5, 20), stats, font(16), (0, 0, 0), anchor="lm")
    assert _ink_within_a_pixel(words, whole) and _ink_within_a_pixel(whole, words)
    with pytest.raises(ValueError):  # a text-high anchor would set each word differently
        draw_words(drawing(words), (12, 20), stats, font(16), (0, 0, 0), anchor="lt")
