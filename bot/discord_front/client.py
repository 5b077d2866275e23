"""The discord.py client as the Discord front sees it: a client that carries the session
service and the storage once ``setup_hook`` has opened them.

The front's handlers (:mod:`.commands`, :mod:`.days`) are typed against this base class
rather than the bot's own client (:class:`bot.app.TideboundClient`), which builds them:
so the app imports the front and never the other way round.
"""

from __future__ import annotations

import discord

from ..service import SessionService
from ..storage import Storage


class FrontClient(discord.Client):
    """A discord.py client with Tidebound's storage and session service (None until the
    client's ``setup_hook`` has run)."""

    storage: Storage | None = None
    service: SessionService | None = None
