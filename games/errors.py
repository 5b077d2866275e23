"""The errors every game raises: a refused move and unreadable stored state.

They live apart from :mod:`games.protocol` so that modules the protocol itself builds on
(:mod:`games.options`) can raise them; :mod:`games.protocol` re-exports both.
"""

from __future__ import annotations

from i18n.errors import LocalizedError


class IllegalAction(LocalizedError):
    """A move the rules refuse, with a message a player understands.

    ``key`` names a message in the translation catalogue and ``params`` fill it,
    so the same refusal can be shown in any locale with :meth:`message`.
    """


class StateFormatError(ValueError):
    """Stored state that cannot be read (corrupt, or from an unknown schema)."""


__all__ = ["IllegalAction", "StateFormatError"]
