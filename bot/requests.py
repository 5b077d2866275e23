"""Who asks the session service for something, and how it refuses.

Every front names the person behind a request with :class:`Person`; anything a player
did wrong raises :class:`ServiceError`, a :class:`~i18n.errors.LocalizedError` whose
message is polite and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n.errors import LocalizedError


class ServiceError(LocalizedError):
    """A request the service refuses; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Person:
    """Somebody talking to the bot: a platform user id and a display name."""

    user_id: str
    name: str


__all__ = ["Person", "ServiceError"]
