"""Haze Islands event parameters as locale-neutral data, worded only when an event is
told (see :class:`i18n.Phrase`)."""

from __future__ import annotations

from dataclasses import dataclass

from i18n import Phrase, t

from .data import MAP_CARDS


def card_name(card: int, locale: str) -> str:
    """Map card id as "#12 Gold" (number 1–30 and icon)."""
    return f"#{card + 1} {t('haze-islands.icon.' + MAP_CARDS[card].icon, locale)}"


@dataclass(frozen=True, slots=True)
class Spent(Phrase):
    """What a Spend gave, in the order given: hand cards (ids) and the squares of the
    pirates returned. "Always reveal the cards you spend": every public text of a payment
    (the move's own post, ``/game log``, the clock's line) words it with this one phrase
    (issue 24 item 2)."""

    cards: tuple[int, ...]
    pirates: tuple[tuple[int, int], ...] = ()

    def localize(self, locale: str) -> str:
        parts = [card_name(c, locale) for c in self.cards]
        parts += [t("haze-islands.label.pirate_at", locale, x=x, y=y) for x, y in self.pirates]
        return ", ".join(parts)
