"""The renderers' size-bounded cache (renderers.sized_lru): kept row segments and what
palette canvases map once are bounded by their bytes (issue 29 item 6's caches must not
grow a render worker past its memory limit, issue 29 item 4)."""

from __future__ import annotations

from renderers.sized_lru import SizedLru


def test_the_least_recently_used_go_first_once_past_the_limit() -> None:
    kept: SizedLru[str] = SizedLru(limit=10)
    kept.put("a", "A", 4)
    kept.put("b", "B", 4)
    assert kept.get("a") == "A"  # now "b" is the least recently used
    kept.put("c", "C", 4)
    assert kept.get("b") is None and kept.get("a") == "A" and kept.get("c") == "C"
    assert kept.size == 8 and len(kept) == 2


def test_a_value_put_again_replaces_its_size_and_the_newest_is_kept() -> None:
    kept: SizedLru[str] = SizedLru(limit=10)
    kept.put("a", "A", 4)
    kept.put("a", "A2", 6)
    assert kept.get("a") == "A2" and kept.size == 6
    kept.put("big", "B", 50)  # larger than the limit: kept alone
    assert len(kept) == 1 and kept.get("big") == "B" and kept.size == 50
    kept.clear()
    assert len(kept) == 0 and kept.size == 0
