"""The one translation layer: every text a player reads is looked up here.

Catalogues are TOML files under ``i18n/locales/<locale>/``; each file holds one
domain (``platform``, ``hagoth``, ...) and its keys are used with the domain as a
prefix, e.g. ``hagoth.card.bow``. Values are :meth:`str.format` templates.

English is complete; other locales fall back to English key by key, so a partial
Russian or Czech catalogue is always safe to ship.

A parameter whose value is a :class:`Term` is itself a key and is translated in
the same locale before it is substituted (``t("x", card=Term("hagoth.card.bow"))``).
A :class:`Phrase` is locale-neutral data (a place, some cards) that says itself in the
locale asked for, only when the text is built: engines put phrases, never finished
strings, into the events they return, so nothing is worded until someone reads it,
and then in the reader's language.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_LOCALE = "en"
LOCALES_DIR = Path(__file__).with_name("locales")


class Term(str):
    """A parameter value that is itself a translation key."""

    __slots__ = ()


class Phrase:
    """A parameter value worded only when a text is built, in that text's locale.

    Subclasses hold plain data and implement :meth:`localize`."""

    __slots__ = ()

    def localize(self, locale: str) -> str:
        raise NotImplementedError


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalogue(locale: str) -> dict[str, str]:
    """All messages of ``locale`` as a flat ``key -> template`` mapping."""
    out: dict[str, str] = {}
    folder = LOCALES_DIR / locale
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as handle:
                _flatten(path.stem, tomllib.load(handle), out)
    return out


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """Whether ``key`` has a message in ``locale`` (or in English)."""
    return key in catalogue(locale) or key in catalogue(DEFAULT_LOCALE)


def t(key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """Translate ``key`` into ``locale`` and fill in ``params``.

    An unknown key is returned as it is rather than raising: a missing message
    must never crash a game in progress (a test checks the catalogue is complete).
    """
    template = catalogue(locale).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    if template is None:
        return key
    if not params:
        return template
    filled = {
        name: t(value, locale) if isinstance(value, Term)
        else value.localize(locale) if isinstance(value, Phrase) else value
        for name, value in params.items()
    }
    try:
        return template.format(**filled)
    except (KeyError, IndexError, ValueError):
        return template
