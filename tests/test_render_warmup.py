"""Render workers start with hot caches (issue 10: the first image a fresh worker drew
cost about half a second of CPU, a turn-latency p95 outlier)."""

from __future__ import annotations

import logging

import pytest
from PIL import Image

import renderers
from bot import render_warmup
from bot.render_pool import PRELOAD, RenderPool
from renderers import hexfolk


async def test_a_fresh_worker_already_has_the_fonts_and_pieces() -> None:
    """The fork server imports :mod:`bot.render_warmup` before forking, so a worker that
    has drawn nothing yet already holds fonts and board pieces, and keeps freed image
    blocks for reuse."""
    assert "bot.render_warmup" in PRELOAD
    pool = RenderPool(1)
    try:
        pieces = await pool.run(render_warmup.cached_pieces)
        blocks = await pool.run(Image.core.get_blocks_max)
    finally:
        await pool.aclose()
    assert pieces > 50
    assert blocks == render_warmup.IMAGE_BLOCKS_KEPT


def test_warm_up_forgets_its_islands_and_survives_a_broken_renderer(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Warming up keeps only the shared pieces (no island layout of its own games), and
    a renderer that fails is logged, not raised: the pool must start anyway."""
    render_warmup.warm_up()
    assert hexfolk._island.cache_info().currsize == 0

    def broken(*args: object) -> bytes:
        raise RuntimeError("broken renderer")

    monkeypatch.setattr(renderers, "render_public", broken)
    with caplog.at_level(logging.ERROR, logger="tidebound.render"):
        render_warmup.warm_up()
    assert "warming up" in caplog.text


async def test_a_session_is_always_drawn_by_the_same_worker() -> None:
    """Issue 10 (50 games at once): a call with an affinity key always reaches the same
    worker, so that worker keeps that game's island; different keys spread over the
    workers, and calls without a key still run."""
    import os

    pool = RenderPool(2)
    try:
        first = [await pool.run(os.getpid, affinity=7) for _ in range(3)]
        other = await pool.run(os.getpid, affinity=8)
        assert len(set(first)) == 1 and other != first[0]
        assert sorted(pool.worker_pids()) == sorted({first[0], other})
        assert await pool.run(os.getpid) in {first[0], other}
    finally:
        await pool.aclose()
    assert not pool.started and pool.worker_pids() == []


@pytest.mark.parametrize(("map_id", "players"), [("great-land", 8), ("lagoon", 3),
                                                  ("islet", 2)])
def test_the_warmed_pieces_cover_a_game_on_any_map(map_id: str, players: int) -> None:
    """Issue 29 item 6: the fork server also makes every seat colour's roads, tokens and
    city rings at the hex size of every map (``warm_up_pieces``), so the first boards of
    a game on a map other than the one warmed draw no new sprite for the island's
    pieces."""
    from games.hexfolk import RULESET
    from games.hexfolk.board import get_board
    from games.options import resolve_options
    from renderers.common import token_image
    from renderers.hexfolk import pieces

    options = resolve_options(RULESET.name_key, RULESET.options, {"map": map_id})
    state = RULESET.setup(players, options, 3)
    for _ in range(60 * players):  # founding done, roads and settlements on the board
        if RULESET.result(state) is not None:
            break
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    view = RULESET.view(state, None)
    assert any(owner >= 0 for owner in view.edge_owner)
    hexfolk.warm_up_pieces()  # as bot.render_warmup does (checked below)
    made = token_image.cache_info().misses, pieces._road_sprite.cache_info().misses
    r, _ = hexfolk.island_radius(get_board(view.board))
    pieces.island_bands(view, r, (1200, 1200))  # every piece of the island, placed
    assert (token_image.cache_info().misses, pieces._road_sprite.cache_info().misses) == made


def test_the_warm_up_makes_every_maps_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fork server's warm-up calls ``warm_up_pieces`` (whose coverage the test above
    checks), after it has forgotten its own games' islands."""
    calls: list[int] = []
    monkeypatch.setattr(hexfolk, "warm_up_pieces", lambda: calls.append(
        hexfolk._island.cache_info().currsize))
    render_warmup.warm_up()
    assert calls == [0]
