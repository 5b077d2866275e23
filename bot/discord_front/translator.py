"""Command names and descriptions through our translation layer.

Descriptions are declared as ``locale_str(english, key=...)``; Discord asks this
translator for every other locale it supports, and we answer from the catalogue
of that locale when it has the key (English is Discord's default text).
"""

from __future__ import annotations

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


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        code = locale.value.split("-")[0].lower()
        if not key or code == "en":
            return None
        text = catalogue(code).get(key)
        return text if isinstance(text, str) else None
