"""Command names and descriptions through our translation layer.

Descriptions are declared as ``locale_str(english, key=...)``; Discord asks this
translator for every other locale it supports, and we answer from the catalogue
of that locale when it has the key (English is Discord's default text).

Names (issue 27 item 6) are the plain English names; their translations are in
``names.toml`` under the command's path: ``"game new"`` for a subcommand,
``"game new:options"`` for one of its options (:func:`name_key`). A translation that
breaks Discord's name rules (:func:`valid_name`) is never sent: the English name stays.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from i18n import DEFAULT_LOCALE, catalogue, t


def locale_of(interaction: discord.Interaction) -> str:
    """The user's locale if we have a catalogue for it, else English."""
    code = str(getattr(interaction, "locale", "") or "").split("-")[0].lower()
    return code if code and catalogue(code) else DEFAULT_LOCALE


def described(key: str) -> app_commands.locale_str:
    """A command or option description looked up under ``key``."""
    return app_commands.locale_str(t(key), key=key)


#: Discord's rule for a command or option name (``\\p{L}``/``\\p{N}`` as Python's ``\\w``
#: less ``_`` and the marks; Devanagari and Thai take their marks too).
NAME_RULE = re.compile(r"^(?:[^\W_]|[-_\u0900-\u097F\u0E00-\u0E7F]){1,32}$")
#: Where Discord asks for a name.
_NAMES = (app_commands.TranslationContextLocation.command_name,
          app_commands.TranslationContextLocation.group_name,
          app_commands.TranslationContextLocation.parameter_name)


def valid_name(name: str) -> bool:
    """Whether ``name`` passes Discord's rules: 1–32 letters, digits, ``-`` or ``_``, and
    lowercase where the script has case."""
    return bool(NAME_RULE.fullmatch(name)) and name == name.lower()


def name_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of the name Discord asks for: ``names.<command path>`` or
    ``names.<command path>:<option>``; ``None`` for anything else."""
    data: Any = context.data
    if context.location is app_commands.TranslationContextLocation.parameter_name:
        return f"names.{data.command.qualified_name}:{data.name}"
    if context.location in _NAMES:
        return f"names.{data.qualified_name}"
    return None


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = locale.value.split("-")[0].lower()
        if code == "en":
            return None
        if context.location in _NAMES:
            key = name_key(context)
            text = catalogue(code).get(key) if key else None
            return text if isinstance(text, str) and valid_name(text) else None
        key = string.extras.get("key")
        if not key:
            return None
        text = catalogue(code).get(key)
        return text if isinstance(text, str) else None
