"""An exception whose message is a translation key, shown to players in their locale."""

from __future__ import annotations

from typing import Any

from . import DEFAULT_LOCALE, t


class LocalizedError(Exception):
    """An error a player reads: ``key`` names a catalogue message, ``params`` fill it.

    The message is translated lazily (refusals are raised on hot paths) and in any
    locale with :meth:`message`.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, locale: str = DEFAULT_LOCALE) -> str:
        return t(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.message()
