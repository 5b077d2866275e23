"""Player-supplied names shown literally in what the bot posts (issue 27 item 2).

A Discord display name may hold markdown (``**x**``, ``_y_``, ``~~z~~``, ``# h``,
``> q``, ```c```, ``[l](http://a)``) or a mention (``<@123>``, ``@everyone``); put as it
is into a message it would format the text or show a mention. Every name is therefore
escaped (:func:`escape_name`) wherever it enters a text the bot posts in Discord. The
allowed mentions of a post do not change: they already ping only who must act.

The service composes its texts (the account of the moves, whose turn it is, the scores,
the result, the lobby, the seat lines) for every front alike: the console prints them and
the renderers draw the same names on the boards, so the names stay raw there. The Discord
front escapes them on their way out: :class:`Names` knows the names a game's texts may
hold (its seats, its watchers, and the names it has shown before, such as a player who
left) and :meth:`Names.shown` returns the update with each of them escaped in its texts.
A name without markdown is left as it is. Image descriptions (alt text) are not markdown
and keep the names raw.

Names the front writes into a text itself are escaped where they are written (the
watcher list, ``/mygames``, the "You're next" DM), and so are the plain values of a
refusal (:func:`escaped_params`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import discord

from i18n import t
from i18n.errors import LocalizedError

from ..bounded import LruCache
from ..service import Update
from .client import FrontClient

log = logging.getLogger("tidebound.discord")

#: An ordered list ("1. ") at the start of a line, which discord.py does not escape.
_ORDERED_LIST = re.compile(r"^(\s*\d+)\.", re.MULTILINE)


def escape_name(name: str) -> str:
    """``name`` as Discord shows it literally: its markdown escaped (a line start
    assumed: ``# h`` and ``> q`` are escaped wherever the name stands), mentions and
    other ``<…>`` markup (``<@123>``, ``<#1>``, ``<t:1>``) and ``@everyone``/``@here``
    made inert."""
    text = discord.utils.escape_markdown(name)
    text = _ORDERED_LIST.sub(r"\1\\.", text)
    text = text.replace("<", "\\<")
    return discord.utils.escape_mentions(text)


class NameEscaper:
    """Escapes every occurrence of some names in a text, in one pass (a name inside a
    longer one is left to the longer)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.escaped = {name: shown for name in set(names)
                        if name and (shown := escape_name(name)) != name}
        self.pattern = re.compile("|".join(
            re.escape(name) for name in sorted(self.escaped, key=len, reverse=True))) \
            if self.escaped else None

    def __bool__(self) -> bool:
        return self.pattern is not None

    def __call__(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        return self.pattern.sub(lambda match: self.escaped[match.group()], text)


def escaped_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A message's parameters with every plain text escaped (a name, something the user
    typed); translation keys (:class:`i18n.Term`, a ``str`` subclass) and numbers kept."""
    return {key: escape_name(value) if type(value) is str else value
            for key, value in params.items()}


def refusal(error: LocalizedError, locale: str) -> str:
    """What a refusal says in ``locale``, the names and texts in it shown literally (such
    as "it is **x**'s turn")."""
    return t(error.key, locale, **escaped_params(error.params))


class Names:
    """The player-supplied names each game's posts may hold, and the update with them
    escaped."""

    def __init__(self, client: FrontClient) -> None:
        self.client = client
        #: session id -> every name seen in it by this process (a player who left is
        #: still named in the post that says so)
        self.seen: LruCache[int, frozenset[str]] = LruCache(10_000)

    async def of(self, session_id: int, extra: Iterable[str] = ()) -> NameEscaper:
        """What escapes the names a text of session ``session_id`` may hold: its seats
        (as stored now), ``extra`` and the names seen before in its game."""
        names = set(self.seen.get(session_id) or ())
        names.update(extra)
        try:
            storage = self.client.storage
            row = await storage.get(session_id) if storage is not None else None
        except Exception:  # the post goes out all the same, with the names known so far
            log.exception("session %s: its names could not be read", session_id)
            row = None
        if row is not None:
            names.update(seat.name for seat in row.seats)
        known = frozenset(names)
        self.seen.put(session_id, known)
        return NameEscaper(known)

    async def shown(self, update: Update, extra: Iterable[str] = ()) -> Update:
        """``update`` with the names in its texts (its seats', watchers', removable
        seats', ``extra``) escaped for Discord; its images, alt texts, mentions and
        buttons unchanged."""
        escaper = await self.of(update.session_id, [
            *extra, *(name for _, name, _ in update.watchers),
            *(name for _, name in update.removable)])
        if not escaper:
            return update
        return replace(update, text=escaper(update.text),
                       seat_lines=tuple(escaper(line) for line in update.seat_lines),
                       watchers=tuple((user_id, escape_name(name), via)
                                      for user_id, name, via in update.watchers))


__all__ = ["NameEscaper", "Names", "escape_name", "escaped_params", "refusal"]
