"""What ``/game new``'s options autocomplete offers: each option of the game with its
values and their labels, for the word being typed."""

from __future__ import annotations

from typing import Any

from games import Ruleset
from i18n import t

#: An option with more values than this lists only its default until its name is typed.
FEW_VALUES = 6


def option_entries(ruleset: Ruleset[Any, Any], given: dict[str, str], partial: str, locale: str
                   ) -> list[tuple[str, str, str]]:
    """(option, value, label) that ``/game new``'s options autocomplete offers after the
    options ``given``, for the word being typed (``partial``: "" or a prefix such as
    ``map=gr``). A game may list an option's values with labels itself (Hexfolk's maps
    with their size and players); one with many values shows only its default until its
    name is typed, so the other options stay in the 25 choices."""
    partial = partial.strip().lower()
    out = []
    for option in ruleset.options:
        if option.name in given:
            continue
        pairs = ruleset.option_values(option, None, locale)
        if pairs is None:
            values = ["yes", "no"] if option.kind == "bool" else (
                list(option.choices) if option.kind == "choice" else [str(option.default)])
            pairs = [(value, t(option.label_key, locale)) for value in values]
        typed = bool(partial) and (option.name.startswith(partial.split("=")[0])
                                   or partial.startswith(option.name))
        if len(pairs) > FEW_VALUES and not typed:
            pairs = [(str(option.default), t(option.label_key, locale))]
        for value, label in pairs:
            if partial and not f"{option.name}={value}".startswith(partial) and not (
                    typed and "=" not in partial):
                continue
            out.append((option.name, value, label))
    return out
