"""The one translation layer: every text a player reads is looked up here.

Catalogues are TOML files under ``i18n/locales/<locale>/``; each file holds one
domain (``platform``, ``hagoth``, ...) and its keys are used with the domain as a
prefix, e.g. ``hagoth.card.bow``. Values are :meth:`str.format` templates.

A value may instead be a *plural table*: a TOML table whose keys are CLDR plural
categories (``zero``, ``one``, ``two``, ``few``, ``many``, ``other``; ``other`` is
required), for example ``swap = { one = "{count} card", other = "{count} cards" }``.
The form is chosen by Babel's CLDR plural rule of the locale
(:meth:`babel.Locale.plural_form`) from the parameter named ``count``, or from the
parameter named by the table's ``by`` entry (``{ by = "turns", one = ..., ... }``).
Russian and Czech tables carry ``one``, ``few``, ``many`` and ``other``.
No plural rule is written here: they all come from Babel's CLDR data.

Numbers (``int`` and ``float`` parameters) are written by :mod:`babel.numbers` in the
locale's own way (digit grouping, decimal sign).

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
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

DEFAULT_LOCALE = "en"
LOCALES_DIR = Path(__file__).with_name("locales")

#: The plural categories CLDR knows; a plural table uses some of them.
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
#: The parameter a plural table counts by when it names none.
DEFAULT_COUNT_PARAMETER = "count"


class Term(str):
    """A parameter value that is itself a translation key."""

    __slots__ = ()


class Phrase:
    """A parameter value worded only when a text is built, in that text's locale.

    Subclasses hold plain data and implement :meth:`localize`."""

    __slots__ = ()

    def localize(self, locale: str) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Plural:
    """A message with one template per CLDR plural category, chosen by a count."""

    forms: dict[str, str]
    by: str = DEFAULT_COUNT_PARAMETER

    def template(self, locale: str, count: Any) -> str:
        if isinstance(count, bool) or not isinstance(count, int | float):
            return self.forms["other"]
        category = babel_locale(locale).plural_form(abs(count))
        return self.forms.get(category) or self.forms["other"]


#: What a catalogue holds under a key.
Message = str | Plural


def _is_plural_table(table: dict[str, Any]) -> bool:
    keys = set(table) - {"by"}
    return ("other" in keys and keys <= PLURAL_CATEGORIES
            and all(isinstance(value, str) for value in table.values()))


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, Message]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and _is_plural_table(value):
            forms = {name: form for name, form in value.items() if name != "by"}
            out[full] = Plural(forms, value.get("by", DEFAULT_COUNT_PARAMETER))
        elif isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalogue(locale: str) -> dict[str, Message]:
    """All messages of ``locale`` as a flat ``key -> template`` mapping."""
    out: dict[str, Message] = {}
    folder = LOCALES_DIR / locale
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as handle:
                _flatten(path.stem, tomllib.load(handle), out)
    return out


@cache
def babel_locale(locale: str) -> Locale:
    """Babel's CLDR data for ``locale`` (English for a code Babel does not know)."""
    try:
        return Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LOCALE)


@lru_cache(maxsize=4096, typed=True)
def format_number(value: int | float, locale: str) -> str:
    """``value`` written the way ``locale`` writes numbers (CLDR, through Babel); kept,
    since a board writes the same few dozen counts on every render (issue 10)."""
    return format_decimal(value, locale=babel_locale(locale))


def available_locales() -> list[str]:
    """The locales that have a catalogue folder, English first."""
    found = sorted(path.name for path in LOCALES_DIR.iterdir()
                   if path.is_dir() and any(path.glob("*.toml")))
    return sorted(found, key=lambda code: code != DEFAULT_LOCALE)


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """Whether ``key`` has a message in ``locale`` (or in English)."""
    return key in catalogue(locale) or key in catalogue(DEFAULT_LOCALE)


def _fill(value: Any, locale: str) -> Any:
    if isinstance(value, Term):
        return t(value, locale)
    if isinstance(value, Phrase):
        return value.localize(locale)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_number(value, locale)
    return value


def t(key: str, locale: str = DEFAULT_LOCALE, /, **params: Any) -> str:
    """Translate ``key`` into ``locale`` and fill in ``params``.

    An unknown key is returned as it is rather than raising: a missing message
    must never crash a game in progress (a test checks the catalogue is complete).
    """
    message = catalogue(locale).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    if message is None:
        return key
    if isinstance(message, Plural):
        template = message.template(locale, params.get(message.by))
    else:
        template = message
    if not params:
        return template
    filled = {name: _fill(value, locale) for name, value in params.items()}
    try:
        return template.format(**filled)
    except (KeyError, IndexError, ValueError):
        return template
