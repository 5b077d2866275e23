"""The core every game gives: setup, who acts, the legal actions, apply, views, the
result, and the state as JSON (:class:`GameCore`), with the records a move produces
(:class:`Event`) and a finished game's outcome (:class:`Result`).

A ruleset is a set of pure functions over a mutable state object (in the spirit of
boardgame.io's game definitions, python-chess's ``Board`` and OpenSpiel's ``Game`` /
``State``). What else a game may do (notation, labels and menus, bots, clocks, hidden
information, undo...) are the capabilities of :mod:`games.capabilities`, all gathered
in :class:`games.protocol.Ruleset`.

All randomness comes from the :class:`~games.rng.GameRng` kept inside the state, so the
same seed and the same action log replay a game exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from i18n import DEFAULT_LOCALE, Term, t

from .errors import StateFormatError
from .options import Option

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the one-line account after a move.

    ``seat`` is the player it concerns. In ``params``, integer values whose name
    ends in ``seat`` are replaced by player names when the event is told,
    :class:`~i18n.Term` values are translated and :class:`~i18n.Phrase` values (places,
    cards: locale-neutral data) are worded, all in the reader's locale and only then:
    an engine never puts a finished string into an event.
    """

    key: str
    seat: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> str:
        filled: dict[str, Any] = {}
        for name, value in self.params.items():
            if name.endswith("seat") and isinstance(value, int) and 0 <= value < len(names):
                filled[name] = names[value]
            else:
                filled[name] = value
        if self.seat is not None and 0 <= self.seat < len(names):
            filled.setdefault("player", names[self.seat])
        return t(self.key, locale, **filled)


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason_key: str = "platform.result.target"
    reason_params: Mapping[str, Any] = field(default_factory=dict)


def term(key: str) -> Term:
    """Shorthand used by engines for a translatable parameter."""
    return Term(key)


class GameCore(ABC, Generic[S, A]):
    """What every game must give (one instance per game, stateless).

    * :meth:`setup` builds the state from a number of seats, lobby options and a seed;
    * :meth:`actors` is the *set* of seats that may act now (several seats act at once
      when the rules ask for simultaneous decisions);
    * :meth:`legal_actions` lists a seat's moves in a fixed order;
    * :meth:`apply` validates a move and carries it out, returning :class:`Event`
      records. It raises :class:`~games.errors.IllegalAction` *before* touching the
      state, so a refused move never leaves a half-applied state behind;
    * :meth:`view` is what one seat (or the public, ``seat=None``) may see. Renderers
      only ever draw views, so a public image cannot show a secret;
    * :meth:`result` tells whether the game is over and who won;
    * :meth:`dump` and :meth:`load` keep the state as JSON.
    """

    #: Game id used in commands, storage and the registry (``hagoth``).
    id: str
    #: Translation key of the display name.
    name_key: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    #: Version of the state JSON; bump it when the layout changes.
    schema_version: int = 1

    @abstractmethod
    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> S:
        """A new game for ``num_players`` seats (0-based) with resolved options."""

    @abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """The seats that may act now (empty when the game is over)."""

    def optional_actors(self, state: S) -> frozenset[int]:
        """Seats that *may* act now besides :meth:`actors`, and that nobody waits for:
        a move they make is optional (Haze Islands' special actions, usable "on any
        player's turn"). They get their legal moves (menus, ``/move``) and the platform
        takes their move, but no ping, clock, forced move or bot move is planned for
        them. None by default."""
        return frozenset()

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action of ``seat`` now, always in the same order."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Validate and carry out ``action``; raise :class:`IllegalAction` unchanged."""

    def apply_trusted(self, state: S, seat: int, action: A) -> list[Event]:
        """Carry out ``action``, which the caller took from ``legal_actions(state, seat)``
        of this very state, without checking its legality a second time.

        The fast path of playouts, bots and the service (a move picked from the current
        legal list). Anything else (typed notation, a stored button) goes through
        :meth:`apply`, which validates. The result equals :meth:`apply`'s for every
        legal action (a property test checks it); the default simply calls :meth:`apply`.
        """
        return self.apply(state, seat, action)

    @abstractmethod
    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: the public, who see no secrets)."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON-ready data, including ``"schema"``."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S:
        """The state from :meth:`dump` output (migrating older schemas)."""

    def copy(self, state: S) -> S:
        """A state equal to ``state`` and sharing nothing with it: the expert's searches
        play moves out on copies. The default is ``load(dump(state))``; a game whose
        loading checks a stored state at length may copy faster."""
        return self.load(self.dump(state))

    def check_state(self, state: S, num_seats: int) -> None:
        """Raise :class:`StateFormatError` unless ``state`` (just loaded) fits a session of
        ``num_seats`` seats: as many players as seats, every index in range. The default
        checks ``state.players`` when there is one, and that who acts, the legal moves,
        every view and the result can be computed with seats in range. A game may
        add its own checks (call ``super().check_state`` first)."""
        players = getattr(state, "players", None)
        if isinstance(players, Sequence) and len(players) != num_seats:
            raise StateFormatError(f"{len(players)} players in the state, {num_seats} seats")
        try:
            actors = self.actors(state)
            if any(not 0 <= seat < num_seats for seat in actors):
                raise StateFormatError(f"actors {sorted(actors)} out of range")
            for seat in actors:
                self.legal_actions(state, seat)
            for seat in (None, *range(num_seats)):
                self.view(state, seat)
            result = self.result(state)
            if result is not None and (
                    len(result.scores) != num_seats
                    or any(not 0 <= seat < num_seats for seat in result.winners)):
                raise StateFormatError("result out of range")
        except StateFormatError:
            raise
        except Exception as exc:  # an index out of range, a missing key, ...
            raise StateFormatError(f"inconsistent state: {exc!r}") from exc
