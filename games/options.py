"""Typed lobby options of a ruleset, with defaults and validation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from i18n import Term

from .errors import IllegalAction

_TRUE = {"yes", "y", "true", "on", "1"}
_FALSE = {"no", "n", "false", "off", "0"}


class InvalidOption(IllegalAction):
    """An option value the lobby refuses."""


@dataclass(frozen=True, slots=True)
class Option:
    """One lobby option: ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``."""

    name: str
    kind: str
    default: Any
    label_key: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[str, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Turn user input (text or a Python value) into a valid value, or refuse it."""
        text = str(value).strip().lower()
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise InvalidOption("platform.option.invalid_bool", name=self.name, value=value)
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                number = None
            if number is None or not self.minimum <= number <= self.maximum:
                raise InvalidOption(
                    "platform.option.invalid_int",
                    name=self.name, min=self.minimum, max=self.maximum, value=value,
                )
            return number
        if text in self.choices:
            return text
        raise InvalidOption(
            "platform.option.invalid_choice",
            name=self.name, choices=", ".join(self.choices), value=value,
        )


def resolve_options(
    game_name_key: str, specs: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Defaults overlaid with ``given``, each value validated; unknown names refused."""
    by_name = {spec.name: spec for spec in specs}
    resolved = {spec.name: spec.default for spec in specs}
    for name, value in given.items():
        spec = by_name.get(name.lower())
        if spec is None:
            raise InvalidOption(
                "platform.option.unknown",
                name=name, game=Term(game_name_key),
                known=", ".join(by_name) or "—",
            )
        resolved[spec.name] = spec.coerce(value)
    return resolved


def parse_option_text(text: str) -> dict[str, str]:
    """Parse ``"speed=yes target=10"`` into ``{"speed": "yes", "target": "10"}``."""
    out: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise InvalidOption("platform.option.malformed")
        out[name.strip().lower()] = value.strip()
    return out


#: The platform's lobby option for every game (issue 16): ``hints=yes`` lets players ask
#: ``/hint`` for the bot's move. The ruleset never sees it.
HINTS = Option("hints", "bool", False, "history.option.hints")

#: The two game lengths every game's lobby offers (issue 26 item 4), in this order.
STANDARD_LENGTH, QUICK_LENGTH = "standard", "quick"
LENGTHS = (STANDARD_LENGTH, QUICK_LENGTH)


def length_option(label_key: str) -> Option:
    """The ``length`` lobby option, the same name and values in every game (issue 26 item
    4); ``label_key`` says what ``quick`` means in that game (its rulebook's shorter game
    or a house rule marked as such)."""
    return Option("length", "choice", STANDARD_LENGTH, label_key, choices=LENGTHS)


def is_quick(options: Mapping[str, Any]) -> bool:
    """The lobby chose ``length=quick`` (a lobby stored before the option has none), in
    its stored options or as typed (any case)."""
    return str(options.get("length", STANDARD_LENGTH)).strip().lower() == QUICK_LENGTH
