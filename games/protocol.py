"""The contract every rules engine fulfils.

A ruleset is a set of pure functions over a mutable state object (in the spirit
of boardgame.io's game definitions):

* :meth:`Ruleset.setup` builds the state from a number of seats, lobby options and
  a seed;
* :meth:`Ruleset.actors` is the *set* of seats that may act now (several seats act
  at once when the rules ask for simultaneous decisions);
* :meth:`Ruleset.legal_actions` lists a seat's moves in a fixed order;
* :meth:`Ruleset.apply` validates a move and carries it out, returning
  :class:`Event` records. It raises :class:`IllegalAction` *before* touching the
  state, so a refused move never leaves a half-applied state behind;
* :meth:`Ruleset.view` is what one seat (or the public, ``seat=None``) may see.
  Renderers only ever draw views, so a public image cannot show a secret;
* :meth:`Ruleset.result` tells whether the game is over and who won.

Every action has a canonical text notation: ``parse_action(format_action(a)) == a``.
What a *person* types is read against the position, by :meth:`Ruleset.read_action`: a
number shown on the board means that number, a player is named the way the board names
them. The log stores :meth:`Ruleset.notate_action`, canonical notation that reads the
same in any position (``read_action(state, s, notate_action(state, a)) == a``), so a
game replays from its seed and log. Both default to the stateless pair.

All randomness comes from the :class:`~games.rng.GameRng` kept inside the state,
so the same seed and the same action log replay a game exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from i18n import DEFAULT_LOCALE, Term, has, t

from .errors import IllegalAction as IllegalAction  # re-exported: every game imports it here
from .errors import StateFormatError
from .options import Option
from .rng import GameRng

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


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A legal action together with its notation and a label a person reads.

    Menus group long lists by the kind of move (the first word of the label: "Settle",
    "Road", "Neptune"); ``group`` adds finer levels below that one, for lists too long
    for one Discord select (Lovci's Neptune: the row of the square, then the square)."""

    notation: str
    label: str
    group: tuple[str, ...] = ()
    #: The number the board draws on this move's place now (Hexfolk's spots), if any.
    number: int | None = None


def list_numbers(choices: Sequence[MoveChoice]) -> list[tuple[int, MoveChoice]]:
    """Numbers for a numbered list of moves that agree with the board: a move onto a
    place the board numbers keeps that number (unless several moves share the place, as
    robbing one of two players there), the other moves follow the highest one.
    Without board numbers the list counts 1, 2, 3 … (issue 9, item 1: what the player
    sees is what the player types)."""
    counts: dict[int, int] = {}
    for c in choices:
        if c.number is not None:
            counts[c.number] = counts.get(c.number, 0) + 1
    out = []
    following = max(counts, default=0)
    for choice in choices:
        if choice.number is not None and counts[choice.number] == 1:
            out.append((choice.number, choice))
        else:
            following += 1
            out.append((following, choice))
    return sorted(out, key=lambda pair: pair[0])


class Ruleset(ABC, Generic[S, A]):
    """Base class of every game's rules engine (one instance per game, stateless)."""

    #: Game id used in commands, storage and the registry (``hagoth``).
    id: str
    #: Translation key of the display name.
    name_key: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    #: Version of the state JSON; bump it when the layout changes.
    schema_version: int = 1

    # -- lifecycle --------------------------------------------------------
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

    def turn_marker(self, state: S) -> Hashable:
        """Changes whenever a new turn begins (used to ping a player once per turn)."""
        return None

    def clock_turn(self, state: S) -> tuple[Hashable, int | None]:
        """Which turn the turn clock is timing and whose it is (issue 15, whole-turn
        clocks): the owner's clock covers every decision of theirs while the first value
        stays the same; other seats' decisions inside it get clocks of their own. The
        default times every turn marker, owned by nobody (each decision its own clock)."""
        return self.turn_marker(state), None

    def public_buttons(self, state: S) -> list[tuple[str, str]]:
        """Moves offered as buttons on the *public* post: ``(label, notation)`` pairs.

        Only moves that any current actor may take by the same notation, and whose
        button reveals nothing secret (answering a trade offer: accept, decline). The
        label is a translation key or plain text. An empty notation asks for a button
        that opens the clicking player's own "Your moves" menu under that label. The
        platform still checks on every click that the clicker acts now and that the move
        is legal. The default offers none."""
        return []

    def undoable(self, before: S, after: S, seat: int, action: A,
                 events: Sequence[Event]) -> bool:
        """Whether ``seat`` may take back ``action``, which turned ``before`` into ``after``
        (issue 16: only while the move revealed nothing random or hidden; the platform
        checks that nobody else has acted since, and with :func:`games.undo.learned_nothing`
        that the move showed the mover nothing new). Each game names the moves it lets a
        player take back; the default: none."""
        return False

    def summary_view(self, state: S) -> Any | None:
        """Data for an end-of-game summary image (statistics of the whole game), or
        ``None``: the game has none, or it is not over. Only information that is public
        once the game has ended may appear in it."""
        return None

    # -- integrity and hidden information --------------------------------
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

    def hidden_variants(self, state: S, seat: int | None, rng: GameRng) -> list[S]:
        """States that differ from ``state`` only in what ``seat`` cannot see (``None``:
        the public): a permuted deck, other players' hands exchanged, other face-down
        cards, another random stream. Every view, text and bot decision open to ``seat``
        must be the same for each of them (tests/test_hidden_info.py checks it for every
        game). ``state`` itself is not changed. A game with nothing hidden returns ``[]``
        explicitly; a game that does not say fails that test."""
        raise NotImplementedError(f"{self.id} does not describe its hidden information")

    # -- notation ---------------------------------------------------------
    @abstractmethod
    def format_action(self, action: A) -> str:
        """The canonical notation of ``action``."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read notation; raise :class:`IllegalAction` when it cannot be read."""

    def read_action(self, state: S, seat: int, text: str, names: Sequence[str] = ()) -> A:
        """Read what ``seat`` typed (or a stored log line) against the position now;
        raise :class:`IllegalAction` when it cannot be read. ``names``: display name per
        seat, so players can be named as the board names them. Never reinterprets: a
        number that is not shown now is refused. The default reads :meth:`parse_action`."""
        return self.parse_action(text)

    def notate_action(self, state: S, action: A) -> str:
        """The canonical notation of ``action`` for the log, menus and buttons (the state
        gives the board, so places can be named as drawn). Default: :meth:`format_action`."""
        return self.format_action(action)

    def describe_action(
        self, state: S, seat: int, action: A, names: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> str:
        """A label for buttons and autocomplete (``names``: display name per seat)."""
        return self.format_action(action)

    def describe_public(
        self, state: S, seat: int, action: A, names: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> str:
        """A label of ``action`` for everybody (the turn clock's message about a move
        played for a late player): it may say no more than the move's own public account.
        The default is :meth:`describe_action`; a game whose labels name hidden cards
        (a discard, a swap) overrides it."""
        return self.describe_action(state, seat, action, names, locale)

    # -- serialisation ----------------------------------------------------
    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON-ready data, including ``"schema"``."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S:
        """The state from :meth:`dump` output (migrating older schemas)."""

    # -- bots ---------------------------------------------------------------
    @abstractmethod
    def bot_action(self, state: S, seat: int) -> A:
        """The move a bot seat makes now (deterministic for a given state): always one of
        ``legal_actions(state, seat)``, so callers may carry it out with
        :meth:`apply_trusted` (tests/test_trusted_apply.py checks it)."""

    def forced_action(self, state: S, seat: int) -> A | None:
        """The move a *human* ``seat`` is made to play without being asked, or ``None``.

        Issue 9, item 5: when a player's only legal move is forced (a pass, a skipped
        turn, the only way off a volcano) the platform plays it and says so. The default
        takes the sole move of :meth:`menu_actions`; a game where a player may also type
        moves that are not listed (Hexfolk's counter-offers) narrows this."""
        moves = self.menu_actions(state, seat)
        return moves[0] if len(moves) == 1 else None

    def menu_actions(self, state: S, seat: int) -> list[A]:
        """The legal actions a menu lists, in the legal order: all of them by default. A
        game whose legal list repeats one move under several names (Lovci pokladů's
        sailors going ashore from one ship) lists one of each here; every legal action
        may still be typed."""
        return self.legal_actions(state, seat)

    def timeout_actions(self, state: S, seat: int) -> list[A]:
        """What is played for a human ``seat`` whose turn clock ran out, so the game goes
        on (never a silent forfeit). The platform applies these in order and asks again
        while the seat still holds the same turn. The default lets the bot decide."""
        return [self.bot_action(state, seat)]

    # -- conveniences shared by every game ---------------------------------
    @property
    def name(self) -> str:
        return t(self.name_key)

    def play(self, state: S, seat: int, notation: str, names: Sequence[str] = ()) -> list[Event]:
        """Read ``notation`` as ``seat`` typed it now (:meth:`read_action`) and apply it."""
        return self.apply(state, seat, self.read_action(state, seat, notation, names))

    def choices(
        self, state: S, seat: int, names: Sequence[str] = (), locale: str = DEFAULT_LOCALE
    ) -> list[MoveChoice]:
        """The moves a menu lists (:meth:`menu_actions`) as notation + label, in the
        legal order."""
        return [
            MoveChoice(self.notate_action(state, a),
                       self.describe_action(state, seat, a, names, locale),
                       self.choice_group(state, a, locale))
            for a in self.menu_actions(state, seat)
        ]

    def choice_group(self, state: S, action: A, locale: str = DEFAULT_LOCALE
                     ) -> tuple[str, ...]:
        """Menu levels below the kind of move for ``action`` (see :class:`MoveChoice`);
        none by default."""
        return ()

    def rules_topics(self) -> tuple[str, ...]:
        """Topics of ``/rules``; each has the key ``<id>.rules.<topic>``."""
        return ()

    def check_seats(self, num_players: int, options: Mapping[str, Any]) -> None:
        """Refuse, with a :class:`LocalizedError`, a number of seats the lobby's
        ``options`` cannot be played with (a map made for fewer players); asked again
        at ``/game start`` against the seats taken. Any count in range by default."""

    def check_join(self, seats: int, options: Mapping[str, Any]) -> None:
        """Refuse, with a :class:`LocalizedError`, a lobby seat number ``seats`` (the
        count once somebody joins or a bot is added) that the lobby's ``options`` can
        never be played with (a map made for fewer players), at once rather than at
        ``/game start``. Any count up to :attr:`max_players` by default."""

    def option_values(self, option: Option, seats: int | None = None,
                      locale: str = DEFAULT_LOCALE) -> list[tuple[str, str]] | None:
        """(value, label) pairs autocomplete offers for ``option`` when ``seats`` seats
        are taken (``None``: not known yet), or ``None`` for the option's own values."""
        return None

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score now as the board shows it (never hidden points); empty when
        the game keeps no running score. ``status`` prints it."""
        result = self.result(state)
        return result.scores if result is not None else ()

    #: Whether each seat holds cards the others cannot see. Without a hand there is no
    #: "Your hand" button and the console's ``hand`` says everything is on the board.
    has_hand: bool = False

    def hand_text(self, state: S, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """``seat``'s own hand in words (asked only when :attr:`has_hand`)."""
        return ""

    def rules_text(self, topic: str, options: Mapping[str, Any] | None = None,
                   locale: str = DEFAULT_LOCALE) -> str:
        """Rules ``topic`` (a key of :meth:`rules_topics`) with ``{option}`` placeholders
        filled from ``options`` (a game's lobby settings) or else the defaults, so
        ``/rules hagoth`` states the target the game in the channel plays to."""
        values: dict[str, Any] = {option.name: option.default for option in self.options}
        values.update(options or {})
        return t(f"{self.id}.rules.{topic}", locale, **values)

    def rules_topic_title(self, topic: str, locale: str = DEFAULT_LOCALE) -> str:
        """The name of rules ``topic`` a reader of ``locale`` sees ("Обзор" for
        ``overview``): the key ``<id>.rules_topic.<topic>``, else the topic's id."""
        key = f"{self.id}.rules_topic.{topic}"
        return t(key, locale) if has(key, locale) else topic

    def find_rules_topic(self, typed: str, locale: str = DEFAULT_LOCALE) -> str | None:
        """The topic ``typed`` names, by its id or by its title in ``locale`` or in
        English (any case); the first topic for an empty text; ``None`` if none."""
        topics = self.rules_topics()
        wanted = typed.strip().casefold()
        if not wanted:
            return topics[0] if topics else None
        for topic in topics:
            names = {topic, self.rules_topic_title(topic, locale),
                     self.rules_topic_title(topic, DEFAULT_LOCALE)}
            if wanted in {name.casefold() for name in names}:
                return topic
        return None

    def display_name(self, locale: str = DEFAULT_LOCALE) -> str:
        return t(self.name_key, locale)


class ModularRuleset(Ruleset[S, A]):
    """A :class:`Ruleset` whose functions live in the game package's own modules.

    Every game is laid out the same way, so a newcomer finds a rule in a minute:
    ``rules`` (``actors``, ``legal_actions``, ``apply``), ``actions`` (the notation:
    ``format_action``, ``parse_action``, and optionally ``read_action`` /
    ``notate_action`` for notation read against the position, ``choice_group`` for
    menu levels), ``labels`` (``describe``), ``bot`` (``choose``), ``state``
    (``dump_state``, ``load_state``; the state counts ``turn``) and ``hidden``
    (``redeal``: what a viewer cannot tell apart). A game names those modules and
    writes ``setup``, ``view`` and ``result`` itself.
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

    def actors(self, state: S) -> frozenset[int]:
        return self.rules_module.actors(state)  # type: ignore[no-any-return]

    def optional_actors(self, state: S) -> frozenset[int]:
        optional = getattr(self.rules_module, "optional_actors", None)
        return frozenset() if optional is None else optional(state)  # type: ignore[no-any-return]

    def legal_actions(self, state: S, seat: int) -> list[A]:
        return self.rules_module.legal_actions(state, seat)  # type: ignore[no-any-return]

    def apply(self, state: S, seat: int, action: A) -> list[Event]:
        return self.rules_module.apply(state, seat, action)  # type: ignore[no-any-return]

    def apply_trusted(self, state: S, seat: int, action: A) -> list[Event]:
        effects = getattr(self.rules_module, "apply_trusted", None)
        if effects is None:
            return self.apply(state, seat, action)
        return effects(state, seat, action)  # type: ignore[no-any-return]

    def turn_marker(self, state: S) -> Hashable:
        return state.turn  # type: ignore[attr-defined,no-any-return]

    def undoable(self, before: S, after: S, seat: int, action: A,
                 events: Sequence[Event]) -> bool:
        if self.undo_module is None:
            return False
        return bool(self.undo_module.undoable(before, after, seat, action, events))

    def clock_turn(self, state: S) -> tuple[Hashable, int | None]:
        """The turn number and the seat whose turn it is (``state.current``)."""
        current = state.current  # type: ignore[attr-defined]
        return (state.turn, current), current  # type: ignore[attr-defined]

    def format_action(self, action: A) -> str:
        return self.actions_module.format_action(action)  # type: ignore[no-any-return]

    def parse_action(self, text: str) -> A:
        return self.actions_module.parse_action(text)  # type: ignore[no-any-return]

    def read_action(self, state: S, seat: int, text: str, names: Sequence[str] = ()) -> A:
        reader = getattr(self.actions_module, "read_action", None)
        if reader is None:
            return self.parse_action(text)
        return reader(state, seat, text, names)  # type: ignore[no-any-return]

    def choice_group(self, state: S, action: A, locale: str = DEFAULT_LOCALE
                     ) -> tuple[str, ...]:
        group = getattr(self.actions_module, "choice_group", None)
        return () if group is None else group(action, locale)  # type: ignore[no-any-return]

    def notate_action(self, state: S, action: A) -> str:
        notate = getattr(self.actions_module, "notate_action", None)
        if notate is None:
            return self.format_action(action)
        return notate(state, action)  # type: ignore[no-any-return]

    def describe_action(
        self, state: S, seat: int, action: A, names: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> str:
        return self.labels_module.describe(  # type: ignore[no-any-return]
            state, seat, action, names, locale)

    def dump(self, state: S) -> dict[str, Any]:
        return self.state_module.dump_state(state)  # type: ignore[no-any-return]

    def load(self, data: Mapping[str, Any]) -> S:
        return self.state_module.load_state(data)  # type: ignore[no-any-return]

    def bot_action(self, state: S, seat: int) -> A:
        return self.bot_module.choose(state, seat)  # type: ignore[no-any-return]

    def hidden_variants(self, state: S, seat: int | None, rng: GameRng) -> list[S]:
        """Two variants: the game's ``hidden.redeal`` applied to a copy, and another copy
        redealt that also gets another random stream (``state.rng``: future draws)."""
        if self.hidden_module is None:
            return super().hidden_variants(state, seat, rng)
        variants = []
        for reseed in (False, True):
            other = self.load(self.dump(state))
            self.hidden_module.redeal(other, seat, rng)
            if reseed:
                stream = other.rng  # type: ignore[attr-defined]
                other.rng = GameRng(rng.next64(), stream.counter)  # type: ignore[attr-defined]
            variants.append(other)
        return variants


def term(key: str) -> Term:
    """Shorthand used by engines for a translatable parameter."""
    return Term(key)
