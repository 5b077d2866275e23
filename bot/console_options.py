"""``python -m bot console [GAME] --options help``: each game's lobby options, their
values and defaults, read from the games' own option declarations (issue 24 item 14:
options were discoverable only from an error)."""

from __future__ import annotations

from typing import Any

from games import Ruleset
from games.options import Option
from i18n import t

#: What a player types for ``--options help``.
HELP = "help"


def wants_help(options_text: str) -> bool:
    return options_text.strip().casefold() in {HELP, "?", "list"}


def options_help(rulesets: list[Ruleset[Any, Any]], locale: str) -> str:
    """The options of ``rulesets`` (one game, or every game), one block per game."""
    rulesets = sorted(rulesets, key=lambda r: r.id)
    blocks = []
    for ruleset in rulesets:
        head = t("console.options_head", locale, game=ruleset.display_name(locale),
                 id=ruleset.id)
        lines = [_option_line(ruleset, option, locale) for option in ruleset.options]
        blocks.append("\n".join([head, *(lines or [t("console.options_none", locale)])]))
    blocks.append(t("console.options_usage", locale, example=_example(rulesets[0])))
    return "\n\n".join(blocks)


def _option_line(ruleset: Ruleset[Any, Any], option: Option, locale: str) -> str:
    return t("console.options_line", locale, name=option.name,
             label=t(option.label_key, locale), values=_values(ruleset, option, locale),
             default=_shown(option.default))


def _values(ruleset: Ruleset[Any, Any], option: Option, locale: str) -> str:
    if option.kind == "bool":
        return "yes, no"
    if option.kind == "int":
        return f"{option.minimum}–{option.maximum}"
    offered = ruleset.option_values(option, None, locale)
    if offered:  # values with a word each (Hexfolk's maps and their sizes)
        return "".join(f"\n      {value:<16} {label}" for value, label in offered)
    return ", ".join(option.choices)


def _example(ruleset: Ruleset[Any, Any]) -> str:
    """``name=value`` for the game's first option, with a value other than its default."""
    for option in ruleset.options:
        if option.kind == "bool":
            return f"{option.name}={_shown(not option.default)}"
        if option.kind == "int":
            value = option.maximum if option.default != option.maximum else option.minimum
            return f"{option.name}={value}"
        other = [c for c in option.choices if c != option.default]
        if other:
            return f"{option.name}={other[0]}"
    return ""


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
