"""Haze Islands Spend rules in isolation."""

from __future__ import annotations

from games.haze_islands.data import ANY_SPELL
from games.haze_islands.spend import covers


def test_any_spell_is_paid_by_any_one_spell() -> None:
    """Attack: "One icon type on the cards represents any of the three spell icons"; data
    file: "Any-spell ... any one spell icon pays it"."""
    for spell in ("hurricane", "fireballs", "whirlpool"):
        assert covers(["map", spell], ("map", ANY_SPELL))
        assert covers([spell, "map"], ("map", ANY_SPELL))
    assert not covers(["map", "gold"], ("map", ANY_SPELL))


def test_one_payment_per_required_icon() -> None:
    """Spend: "You may only discard 1 card (that matches the icons you require) per icon
    you require."""
    assert covers(["cutlass", "cutlass"], ("cutlass", "cutlass"))
    assert not covers(["cutlass"], ("cutlass", "cutlass"))
    assert not covers(["cutlass", "cutlass", "gold"], ("cutlass", "cutlass"))
