"""Plans: a player's standing orders for one game (issue 26, item 3).

An optional capability of a :class:`~games.protocol.Ruleset`, in the spirit of
OpenSpiel's optional game methods: a game that offers plans sets the class attribute
``plans`` to an instance of its own :class:`PlanBook` subclass; every other game has none
(:func:`plans_of` returns ``None``) and the platform offers no ``/plan`` for it.

What a plan is
--------------
A :class:`Plan` is a small, typed, JSON-able record: a ``kind`` (one of the game's
:class:`PlanKind` names) and ``params`` (strings, numbers, lists: whatever the game
computed when the plan was set, e.g. the route shown to the player). It belongs to one
seat and is private to it: nobody else sees it, and the public only ever sees the moves
it plays, told exactly as if the player had made them. The owner sets it once; it stands
until it is done, cancelled, replaced or cleared. A seat holds at most one plan per
*slot* (:attr:`PlanKind.slot`, the kind's name by default): setting a plan replaces the
one in its slot, so kinds that would fight over the same moves share a slot.

How a game implements plans
---------------------------
Subclass :class:`PlanBook` and write:

1. :meth:`PlanBook.kinds`: the kinds offered, each with its i18n label and help keys and
   the names of its parameters (:class:`PlanParam`, each with an i18n label key). Keep a
   game's plan texts in their own catalogue file, ``i18n/locales/{en,ru,cs}/<id>-plans.toml``
   (keys ``<id>-plans.<kind>``, ``<id>-plans.<kind>_help``, ``<id>-plans.stop.<reason>``...);
   the platform's own texts are in ``plans.toml`` (keys ``plans.*``).
2. :meth:`PlanBook.param_values`: the values a parameter may take now for a seat, as
   ``(value, label)`` pairs (autocomplete; the console lists them). Only what the seat
   may see.
3. :meth:`PlanBook.read`: read what the owner typed (``{param name: text}``) into a
   :class:`Plan`, or raise :class:`~games.errors.IllegalAction` with a polite key when it
   does not fit the state (no such sailor, no route, the game is over...). Nothing is
   stored on a refusal.
4. :meth:`PlanBook.describe`: the plan in words for its owner (``/plan show``).
5. :meth:`PlanBook.decide`: asked by the platform after **every** change of the game
   (every committed move, anyone's) for every standing plan, it answers with one of

   * :class:`Play` ``(action)``: play this now for the seat. Only when the seat is an
     actor and the action is one of ``legal_actions(state, seat)``; the platform checks
     both and treats anything else as a cancellation. ``final=True`` (with a
     ``done_key``) when this move completes the plan: it is then removed;
   * :class:`NotNow`: nothing to do now; the seat is asked as usual if it must decide;
   * :class:`Stop` ``(reason_key, params, done)``: the plan is over. ``done=True``: it
     did its work (the sailor arrived); ``done=False``: the position it relies on has
     changed (a card on the route was turned, an opponent can reach the next square),
     the plan is cancelled. Either way the platform removes it and tells the owner
     privately, in the owner's language, with the reason key.

   A decision must be a pure function of what the seat may see: never of face-down
   cards, other hands, the random stream. Compute it from ``view(state, seat)`` or from
   public parts of the state only. tests/test_hidden_info.py checks, for every game with
   plans, that :meth:`decide`, :meth:`read` and :meth:`describe` answer the same on every
   one of :meth:`~games.protocol.Ruleset.hidden_variants` for that seat, over the plans
   :meth:`PlanBook.examples` gives.
6. :meth:`PlanBook.examples` (optional): plans a seat could set in this state, for the
   tests (the default combines :meth:`param_values` of every kind, a few of each). Add
   plans as they stand later in their life (set earlier, now at a point where their
   decision could peek at something hidden), so the test reaches those decisions too.
7. The hand-off bench (issue 26 item 1): a *planner* in ``bench/typical_plans.py``
   (``TYPICAL[game id]``) that sets the plans a person would leave, and a line for the
   game in ``bench/handoffs.py``'s docstring saying which. The game's own decisions
   (what a plan does where the rulebook is silent) go in its ``RULES-NOTES.md``.

A plan must never choose among different moves *for* the player in a way the player did
not say: it carries out an order the player gave ("walk this route", "roll first").

The platform (``bot/plans.py``) stores plans with the game (table ``plans``), plays
them where forced moves are played, and pings the owner when one stops.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from i18n import DEFAULT_LOCALE

from .errors import IllegalAction

if TYPE_CHECKING:
    from .protocol import Ruleset

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class PlanParam:
    """One parameter of a plan kind: its name (the key in :attr:`Plan.params` as typed,
    and the console's ``name=value``) and the i18n key of its label."""

    name: str
    label_key: str


@dataclass(frozen=True, slots=True)
class PlanKind:
    """A kind of plan a game offers."""

    name: str
    label_key: str
    help_key: str
    params: tuple[PlanParam, ...] = ()
    #: Plans in the same slot replace each other (``None``: the kind's own name).
    slot: str | None = None

    @property
    def slot_name(self) -> str:
        return self.slot or self.name


@dataclass(frozen=True, slots=True)
class Plan:
    """A seat's standing order: ``kind`` and JSON-able ``params``."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, "params": dict(self.params)},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Plan:
        data = json.loads(text)
        return cls(str(data["kind"]), dict(data.get("params") or {}))


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``action`` for the seat now. ``final``: it is the plan's last move (the
    sailor steps aboard, the ship reaches its berth): the platform then removes the plan
    and tells its owner it is done, with ``done_key`` (and ``done_params``)."""

    action: Any
    final: bool = False
    done_key: str = ""
    done_params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NotNow:
    """Nothing to play now; the plan stands."""


@dataclass(frozen=True, slots=True)
class Stop:
    """The plan is over: done (``done=True``) or cancelled because the position it
    relied on changed. ``reason_key`` (with ``params``) tells the owner why."""

    reason_key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    done: bool = False


Decision = Play | NotNow | Stop

NOT_NOW = NotNow()


class PlanBook(ABC, Generic[S, A]):
    """The plans one game offers (see the module docstring for how to write one)."""

    @abstractmethod
    def kinds(self) -> tuple[PlanKind, ...]:
        """Every kind of plan offered, in the order the platform asks them to decide."""

    @abstractmethod
    def param_values(self, state: S, seat: int, kind: str, param: str,
                     chosen: Mapping[str, str], locale: str = DEFAULT_LOCALE,
                     ) -> list[tuple[str, str]]:
        """``(value, label)`` pairs ``param`` of ``kind`` may take now for ``seat``,
        given the parameters ``chosen`` so far (autocomplete)."""

    @abstractmethod
    def read(self, state: S, seat: int, kind: str, params: Mapping[str, str]) -> Plan:
        """The plan ``seat`` asks for, or :class:`IllegalAction` when it does not fit."""

    @abstractmethod
    def describe(self, state: S, seat: int, plan: Plan, locale: str = DEFAULT_LOCALE) -> str:
        """The plan in words, for its owner."""

    @abstractmethod
    def decide(self, state: S, seat: int, plan: Plan) -> Decision:
        """What the plan does now (see the module docstring, point 5)."""

    # -- conveniences ---------------------------------------------------------
    def kind(self, name: str) -> PlanKind:
        """The kind called ``name``; :class:`IllegalAction` when there is none."""
        for kind in self.kinds():
            if kind.name == name:
                return kind
        raise IllegalAction("plans.unknown_kind", kind=name)

    def examples(self, state: S, seat: int, limit: int = 6) -> list[Plan]:
        """Plans ``seat`` could set now (for the tests): for every kind, up to ``limit``
        combinations of the values :meth:`param_values` offers, those :meth:`read`
        accepts."""
        found: list[Plan] = []
        for kind in self.kinds():
            names = [p.name for p in kind.params]
            partial: list[dict[str, str]] = [{}]
            for name in names:
                partial = [{**chosen, name: value}
                           for chosen in partial
                           for value, _ in self.param_values(
                               state, seat, kind.name, name, chosen)[:limit]][:limit * limit]
            for chosen in partial[:limit]:
                try:
                    found.append(self.read(state, seat, kind.name, chosen))
                except IllegalAction:
                    continue
        return found


def plans_of(ruleset: Ruleset[Any, Any]) -> PlanBook[Any, Any] | None:
    """The game's plans (its ``plans`` attribute), or ``None`` when it offers none."""
    book = getattr(ruleset, "plans", None)
    return book if isinstance(book, PlanBook) else None


def checked(ruleset: Ruleset[Any, Any], state: Any, seat: int, decision: Decision) -> Decision:
    """``decision`` as the platform carries it out: a :class:`Play` of a move the seat
    may not make now becomes a cancellation (the plan relied on something that is gone)."""
    if isinstance(decision, Play) and (
            seat not in ruleset.actors(state)
            or decision.action not in ruleset.legal_actions(state, seat)):
        return Stop("plans.stop.not_legal")
    return decision


def typed_params(kind: PlanKind, words: Sequence[str]) -> dict[str, str]:
    """Read the console's ``name=value`` words (or bare values, in the kind's parameter
    order) into ``{name: value}``; :class:`IllegalAction` for an unknown name."""
    out: dict[str, str] = {}
    order = [p.name for p in kind.params]
    position = 0
    for word in words:
        if "=" in word:
            name, value = word.split("=", 1)
            if name not in order:
                raise IllegalAction("plans.unknown_param", param=name)
            out[name] = value
        elif position < len(order):
            while position < len(order) and order[position] in out:
                position += 1
            if position >= len(order):
                raise IllegalAction("plans.too_many_params")
            out[order[position]] = word
            position += 1
        else:
            raise IllegalAction("plans.too_many_params")
    return out


__all__ = ["NOT_NOW", "Decision", "NotNow", "Plan", "PlanBook", "PlanKind", "PlanParam",
           "Play", "Stop", "checked", "plans_of", "typed_params"]
