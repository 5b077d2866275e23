"""The contract every rules engine fulfils: :class:`Ruleset`.

A game gives a small core (:class:`~games.core.GameCore`: setup, actors, legal actions,
apply, view, result, dump and load) and may use named capabilities
(:mod:`games.capabilities`), each with defaults:

===================== ======================================================================
capability            what it gives
===================== ======================================================================
``Notation``          ``format_action`` / ``parse_action`` (required), ``read_action``,
                      ``notate_action``, ``play``, ``upgrade_log``
``Labels``            ``describe_action``, ``describe_public``, ``menu_actions``,
                      ``choices``, ``choice_group``, ``forced_action``, ``public_buttons``
``Bots``              ``bot_action`` (required)
``Clocks``            ``turn_marker``, ``clock_turn``, ``timeout_actions``
``TurnOrder``         ``next_actor``
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

from collections.abc import Callable, Hashable, Mapping, Sequence
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
    TurnOrder,
    Undo,
    Upgraded,
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
    "TurnOrder",
    "Undo",
    "Upgraded",
    "list_numbers",
    "term",
]


class Ruleset(Labels[S, A], Clocks[S, A], TurnOrder[S, A], HiddenInformation[S, A],
              Undo[S, A], Presentation[S, A], RulesText[S, A], Lobby[S, A]):
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
#: The same, where a module only takes it (or only gives it).
TS_in = TypeVar("TS_in", bound=TurnState, contravariant=True)
TS_out = TypeVar("TS_out", bound=TurnState, covariant=True)
#: An action, where a module only takes it (or only gives it).
A_in = TypeVar("A_in", bound=Hashable, contravariant=True)
A_out = TypeVar("A_out", bound=Hashable, covariant=True)


class RulesModule(Protocol[TS_in, A]):
    """A game's ``rules``: who acts, the legal actions, and carrying one out."""

    def actors(self, state: TS_in, /) -> frozenset[int]: ...

    def legal_actions(self, state: TS_in, seat: int, /) -> list[A]: ...

    def apply(self, state: TS_in, seat: int, action: A, /) -> list[Event]: ...


class ActionsModule(Protocol[A]):
    """A game's ``actions``: the canonical notation, both ways (and optionally
    ``read_action``, ``notate_action`` and ``choice_group``)."""

    def format_action(self, action: A, /) -> str: ...

    def parse_action(self, text: str, /) -> A: ...


class LabelsModule(Protocol[TS_in, A_in]):
    """A game's ``labels``: what a person reads for a move."""

    def describe(self, state: TS_in, seat: int, action: A_in, names: Sequence[str],
                 locale: str, /) -> str: ...


class BotModule(Protocol[TS_in, A_out]):
    """A game's ``bot``: the move a bot seat makes."""

    def choose(self, state: TS_in, seat: int, /) -> A_out: ...


class StateModule(Protocol[TS]):
    """A game's ``state``: the state as JSON and back, and the version of that JSON."""

    SCHEMA_VERSION: int

    def dump_state(self, state: TS, /) -> dict[str, Any]: ...

    def load_state(self, data: Mapping[str, Any], /) -> TS: ...


class HiddenModule(Protocol[TS_in]):
    """A game's ``hidden``: changes in place what ``seat`` cannot see."""

    def redeal(self, state: TS_in, seat: int | None, rng: GameRng, /) -> None: ...


class UndoModule(Protocol[TS_in, A_in]):
    """A game's ``undo``: whether a move may be taken back."""

    def undoable(self, before: TS_in, after: TS_in, seat: int, action: A_in,
                 events: Sequence[Event], /) -> bool: ...


class ModularRuleset(Ruleset[TS, A]):
    """A :class:`Ruleset` whose functions live in the game package's own modules.

    Every game is laid out the same way, so a newcomer finds a rule in a minute:
    ``rules`` (``actors``, ``legal_actions``, ``apply``; optionally ``optional_actors``,
    ``apply_trusted``, ``next_actor``), ``actions`` (the notation:
    ``format_action``, ``parse_action``, and optionally ``read_action`` /
    ``notate_action`` for notation read against the position, ``choice_group`` for
    menu levels), ``labels`` (``describe``), ``bot`` (``choose``), ``state``
    (``dump_state``, ``load_state``, optionally ``copy_state``; the state counts ``turn``)
    and ``hidden`` (``redeal``: what a viewer cannot tell apart). A game names those modules and
    writes ``setup``, ``view`` and ``result`` itself.

    Each module is typed by a protocol (:class:`RulesModule`, :class:`ActionsModule`...),
    so a game's module whose functions do not fit is a type error where it is named.
    The optional functions (``apply_trusted``, ``next_actor``, ``read_action``,
    ``notate_action``, ``choice_group``, ``copy_state``) are looked up when called.
    """

    rules_module: RulesModule[TS, A]
    actions_module: ActionsModule[A]
    labels_module: LabelsModule[TS, A]
    bot_module: BotModule[TS, A]
    state_module: StateModule[TS]
    #: ``redeal(state, seat, rng)``: change in place what ``seat`` cannot see (see
    #: :meth:`Ruleset.hidden_variants`; tests/test_hidden_info.py needs it).
    hidden_module: HiddenModule[TS] | None = None
    #: ``undoable(before, after, seat, action, events)`` (see :meth:`Ruleset.undoable`);
    #: without it no move can be taken back.
    undo_module: UndoModule[TS, A] | None = None

    def actors(self, state: TS) -> frozenset[int]:
        return self.rules_module.actors(state)

    def optional_actors(self, state: TS) -> frozenset[int]:
        optional: Callable[[TS], frozenset[int]] | None = getattr(
            self.rules_module, "optional_actors", None)
        return frozenset() if optional is None else optional(state)

    def next_actor(self, state: TS) -> int | None:
        """The game's ``rules.next_actor`` when it has one (see
        :meth:`Ruleset.next_actor`), else ``None``."""
        following: Callable[[TS], int | None] | None = getattr(
            self.rules_module, "next_actor", None)
        return None if following is None else following(state)

    def legal_actions(self, state: TS, seat: int) -> list[A]:
        return self.rules_module.legal_actions(state, seat)

    def apply(self, state: TS, seat: int, action: A) -> list[Event]:
        return self.rules_module.apply(state, seat, action)

    def apply_trusted(self, state: TS, seat: int, action: A) -> list[Event]:
        effects: Callable[[TS, int, A], list[Event]] | None = getattr(
            self.rules_module, "apply_trusted", None)
        if effects is None:
            return self.apply(state, seat, action)
        return effects(state, seat, action)

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
        return self.actions_module.format_action(action)

    def parse_action(self, text: str) -> A:
        return self.actions_module.parse_action(text)

    def read_action(self, state: TS, seat: int, text: str, names: Sequence[str] = ()) -> A:
        reader: Callable[[TS, int, str, Sequence[str]], A] | None = getattr(
            self.actions_module, "read_action", None)
        if reader is None:
            return self.parse_action(text)
        return reader(state, seat, text, names)

    def choice_group(self, state: TS, action: A, locale: str = DEFAULT_LOCALE
                     ) -> tuple[str, ...]:
        group: Callable[[A, str], tuple[str, ...]] | None = getattr(
            self.actions_module, "choice_group", None)
        return () if group is None else group(action, locale)

    def notate_action(self, state: TS, action: A) -> str:
        notate: Callable[[TS, A], str] | None = getattr(
            self.actions_module, "notate_action", None)
        if notate is None:
            return self.format_action(action)
        return notate(state, action)

    def describe_action(
        self, state: TS, seat: int, action: A, names: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> str:
        return self.labels_module.describe(
            state, seat, action, names, locale)

    def dump(self, state: TS) -> dict[str, Any]:
        return self.state_module.dump_state(state)

    def load(self, data: Mapping[str, Any]) -> TS:
        return self.state_module.load_state(data)

    def copy(self, state: TS) -> TS:
        """The state module's ``copy_state`` when it has one (no JSON, no checks of a
        stored state), else :meth:`Ruleset.copy`."""
        copier: Callable[[TS], TS] | None = getattr(self.state_module, "copy_state", None)
        return super().copy(state) if copier is None else copier(state)

    def bot_action(self, state: TS, seat: int) -> A:
        return self.bot_module.choose(state, seat)

    def hidden_variants(self, state: TS, seat: int | None, rng: GameRng) -> list[TS]:
        """Two variants: the game's ``hidden.redeal`` applied to a copy, and another copy
        redealt that also gets another random stream (``state.rng``: future draws)."""
        if self.hidden_module is None:
            return super().hidden_variants(state, seat, rng)
        variants = []
        for reseed in (False, True):
            other = self.copy(state)
            self.hidden_module.redeal(other, seat, rng)
            if reseed:
                stream = other.rng
                other.rng = GameRng(rng.next64(), stream.counter)
            variants.append(other)
        return variants
