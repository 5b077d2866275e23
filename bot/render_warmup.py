"""Hot caches for every render worker, made once in the fork server.

The render pool's fork server (:data:`bot.render_pool.PRELOAD`) imports this module
before it forks any worker, and importing it draws a board and a private image of
every game at its largest table, and Hexfolk's pieces (roads, tokens, city rings) in
every seat colour at the hex size of every map, whose first game would otherwise make
them at some 0.7 ms a sprite. Each worker is forked from that process,
so it starts with the fonts, the antialiased sprites and each board's sea and rims
already made, shared copy-on-write, instead of spending about half a second of CPU on
its first image (issue 10: the first turn a worker drew was a p95 outlier). The island
layouts of the warm-up games are forgotten again: only the shared pieces are kept.

It also lets Pillow keep freed image blocks for reuse (``Image.core.set_blocks_max``):
a board allocates several megabytes of images per render, and mapping fresh memory
for each one cost a few milliseconds a board.
"""

from __future__ import annotations

import logging
import time

from PIL import Image

import renderers
from games import all_rulesets
from games.options import resolve_options
from i18n import t
from renderers import common, hexfolk

logger = logging.getLogger("tidebound.render")

#: Freed image blocks Pillow keeps for reuse in each worker (a few MB of memory).
IMAGE_BLOCKS_KEPT = 16


def warm_up(locale: str = "en") -> float:
    """Draw every game's images once at its largest table (the costliest board; a
    smaller one shares most pieces); the seconds it took. A game whose drawing fails is
    logged and skipped: warming up is an optimisation and must never stop the pool from
    starting. Kept short (about 1 s of CPU): the first image waits for it."""
    started = time.perf_counter()
    # Pillow's C core is not among PIL.Image's declared exports
    Image.core.set_blocks_max(IMAGE_BLOCKS_KEPT)  # type: ignore[attr-defined]
    for ruleset in all_rulesets():
        for players in (ruleset.max_players,):  # one table: the first image waits
            try:
                options = resolve_options(ruleset.name_key, ruleset.options, {})
                state = ruleset.setup(players, options, 1)
                names = [t("platform.lobby.bot_name", locale, number=n + 1)
                         for n in range(players)]
                renderers.render_public(ruleset.id, ruleset.view(state, None), names,
                                        names[0], locale)
                renderers.render_private(ruleset.id, ruleset.view(state, 0), names, locale)
            except Exception:
                logger.exception("warming up the %s renderer failed", ruleset.id)
    renderers.clear_caches(boards=True)
    try:  # a game on another map than the one drawn above: its pieces at its size
        hexfolk.warm_up_pieces()
    except Exception:
        logger.exception("warming up the Hexfolk pieces failed")
    seconds = time.perf_counter() - started
    logger.debug("render caches warmed in %.2f s: %d fonts and pieces", seconds,
                 cached_pieces())
    return seconds


def cached_pieces() -> int:
    """How many fonts and board pieces this process holds in its renderer caches."""
    return sum(cached.cache_info().currsize for cached in (
        common.font, common.text_width, hexfolk._hex_tile, hexfolk._number_token,
        hexfolk.resource_icon))


warm_up()  # imported by the fork server: warm it before it forks
