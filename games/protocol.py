"""The contract every rules engine fulfils: :class:`Ruleset`.

A game gives a small core (:class:`~games.core.GameCore`: setup, actors, legal actions,
apply, view, result, dump and load) and may use named capabilities
(:mod:`games.capabilities`), each with defaults:

===================== ======================================================================
capability            what it gives
===================== ======================================================================
``Notation``          ``format_action`` / ``parse_action`` (required), ``read_action``,
                      ``notate_action``, ``play``
``Labels``            ``describe_action``, ``describe_public``, ``menu_actions``,
                      ``choices``, ``choice_group``, ``forced_action``, ``public_buttons``
``Bots``              ``bot_action`` (required)
``Clocks``            ``turn_marker``, ``clock_turn``, ``timeout_actions``
``HiddenInformation`` ``hidden_variants``
``Undo``              ``undoable``
``Presentation``      ``name``, ``display_name``, ``has_hand``, ``hand_text``, ``scores``,
                      ``summary_view``
``RulesText``         ``rules_topics``, ``rules_text``, ``rules_topic_title``,
                      ``find_rules_topic``
``Lobby``             ``check_seats``, ``check_join``, ``option_values``
===================== ======================================================================

:class:`Ruleset` is the core with every capability, what the platform drives; a game
subclasses it, or :class:`ModularRuleset`, which finds the functions in the game
package's own modules. Every name a game imports is here (:class:`Event`,
:class:`Result`, :class:`MoveChoice`, :func:`term`, :class:`IllegalAction`...).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from i18n import DEFAULT_LOCALE

from .capabilities import (
    Bots,
    Clocks,
    HiddenInformation,
    Labels,
    Lobby,
    MoveChoice,
    Notation,
    Presentation,
    RulesText,
    Undo,
    list_numbers,
)
from .core import A, Event, GameCore, Result, S, term
from .errors import IllegalAction as IllegalAction  # re-exported: every game imports it here
from .errors import StateFormatError
from .rng import GameRng

__all__ = [
    "Bots",
    "Clocks",
    "Event",
    "GameCore",
    "HiddenInformation",
    "IllegalAction",
    "Labels",
    "Lobby",
    "ModularRuleset",
    "MoveChoice",
    "Notation",
    "Presentation",
    "Result",
    "RulesText",
    "Ruleset",
    "StateFormatError",
    "Undo",
    "list_numbers",
    "term",
]


class Ruleset(Labels[S, A], Clocks[S, A], HiddenInformation[S, A], Undo[S, A],
              Presentation[S, A], RulesText[S, A], Lobby[S, A]):
    """Base class of every game's rules engine (one instance per game, stateless): the
    core (:class:`~games.core.GameCore`) with every capability of
    :mod:`games.capabilities`. A game must write the core's abstract methods,
    ``format_action`` / ``parse_action`` and ``bot_action``; everything else has a
    default it overrides where the game has more to say."""


class TurnState(Protocol):
    """What :class:`ModularRuleset` reads of a game's state: the turn count, the seat
    whose turn it is, and the random stream (every game's state has them)."""

    turn: int
    current: int
    rng: GameRng


#: The state of a :class:`ModularRuleset`'s game.
TS = TypeVar("TS", bound=TurnState)


class ModularRuleset(Ruleset[TS, A]):
    """A :class:`Ruleset` whose functions live in the game package's own modules.

    Every game is laid out the same way, so a newcomer finds a rule in a minute:
    ``rules`` (``actors``, ``legal_actions``, ``apply``), ``actions`` (the notation:
    ``format_action``, ``parse_action``, and optionally ``read_action`` /
    ``notate_action`` for notation read against the position, ``choice_group`` for
    menu levels), ``labels`` (``describe``), ``bot`` (``choose``), ``state``
    (``dump_state``, ``load_state``; the state counts ``turn``) and ``hidden``
    (``redeal``: what a viewer cannot tell apart). A game names those modules and
    writes ``setup``, ``view`` and ``result`` itself.

    The modules are named at run time, so mypy sees them as ``Any`` and what their
    functions return as ``Any``: each ``# type: ignore[no-any-return]  # module: Any``
    below says so (the games' own modules are typed, and checked there).
    """

    rules_module: Any
    actions_module: Any
    labels_module: Any
    bot_module: Any
    state_module: Any
    #: ``redeal(state, seat, rng)``: change in place what ``seat`` cannot see (see
    #: :meth:`Ruleset.hidden_variants`; tests/test_hidden_info.py needs it).
    hidden_module: Any = None
    #: ``undoable(before, after, seat, action, events)`` (see :meth:`Ruleset.undoable`);
    #: without it no move can be taken back.
    undo_module: Any = None

    def actors(self, state: TS) -> frozenset[int]:
        return self.rules_module.actors(state)  # type: ignore[no-any-return]  # module: Any

    def legal_actions(self, state: TS, seat: int) -> list[A]:
        return self.rules_module.legal_actions(state, seat)  # type: ignore[no-any-return]  # module: Any

    def apply(self, state: TS, seat: int, action: A) -> list[Event]:
        return self.rules_module.apply(state, seat, action)  # type: ignore[no-any-return]  # module: Any

    def apply_trusted(self, state: TS, seat: int, action: A) -> list[Event]:
        effects = getattr(self.rules_module, "apply_trusted", None)
        if effects is None:
            return self.apply(state, seat, action)
        return effects(state, seat, action)  # type: ignore[no-any-return]  # module: Any

    def turn_marker(self, state: TS) -> Hashable:
        return state.turn

    def undoable(self, before: TS, after: TS, seat: int, action: A,
                 events: Sequence[Event]) -> bool:
        if self.undo_module is None:
            return False
        return bool(self.undo_module.undoable(before, after, seat, action, events))

    def clock_turn(self, state: TS) -> tuple[Hashable, int | None]:
        """The turn number and the seat whose turn it is (``state.current``)."""
        current = state.current
        return (state.turn, current), current

    def format_action(self, action: A) -> str:
        return self.actions_module.format_action(action)  # type: ignore[no-any-return]  # module: Any

    def parse_action(self, text: str) -> A:
        return self.actions_module.parse_action(text)  # type: ignore[no-any-return]  # module: Any

    def read_action(self, state: TS, seat: int, text: str, names: Sequence[str] = ()) -> A:
        reader = getattr(self.actions_module, "read_action", None)
        if reader is None:
            return self.parse_action(text)
        return reader(state, seat, text, names)  # type: ignore[no-any-return]  # module: Any

    def choice_group(self, state: TS, action: A, locale: str = DEFAULT_LOCALE
                     ) -> tuple[str, ...]:
        group = getattr(self.actions_module, "choice_group", None)
        return () if group is None else group(action, locale)

    def notate_action(self, state: TS, action: A) -> str:
        notate = getattr(self.actions_module, "notate_action", None)
        if notate is None:
            return self.format_action(action)
        return notate(state, action)  # type: ignore[no-any-return]  # module: Any

    def describe_action(
        self, state: TS, seat: int, action: A, names: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> str:
        return self.labels_module.describe(  # type: ignore[no-any-return]  # module: Any
            state, seat, action, names, locale)

    def dump(self, state: TS) -> dict[str, Any]:
        return self.state_module.dump_state(state)  # type: ignore[no-any-return]  # module: Any

    def load(self, data: Mapping[str, Any]) -> TS:
        return self.state_module.load_state(data)  # type: ignore[no-any-return]  # module: Any

    def bot_action(self, state: TS, seat: int) -> A:
        return self.bot_module.choose(state, seat)  # type: ignore[no-any-return]  # module: Any

    def hidden_variants(self, state: TS, seat: int | None, rng: GameRng) -> list[TS]:
        """Two variants: the game's ``hidden.redeal`` applied to a copy, and another copy
        redealt that also gets another random stream (``state.rng``: future draws)."""
        if self.hidden_module is None:
            return super().hidden_variants(state, seat, rng)
        variants = []
        for reseed in (False, True):
            other = self.load(self.dump(state))
            self.hidden_module.redeal(other, seat, rng)
            if reseed:
                stream = other.rng
                other.rng = GameRng(rng.next64(), stream.counter)
            variants.append(other)
        return variants
