"""What a game may do beyond its core (:class:`~games.core.GameCore`), one capability a
class, each with defaults for a game that has nothing to say:

* :class:`Notation`: the text of a move, read and written (and older logs upgraded);
* :class:`Labels`: what menus and buttons show (labels, menu levels, forced moves);
* :class:`Bots`: the move a bot seat makes;
* :class:`Clocks`: turns as the clock counts them, and what is played when one runs out;
* :class:`TurnOrder`: who plays after the turn now under way;
* :class:`HiddenInformation`: the states a seat cannot tell apart;
* :class:`Undo`: which moves a player may take back;
* :class:`Presentation`: the display name, hands in words, scores, the end summary;
* :class:`RulesText`: the ``/rules`` topics;
* :class:`Lobby`: which seat counts the lobby's options allow.

:class:`games.protocol.Ruleset` is the core with all of them, the contract the platform
drives; a game subclasses it (or :class:`~games.protocol.ModularRuleset`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from i18n import DEFAULT_LOCALE, has, t

from .core import A, Event, GameCore, S
from .options import Option, resolve_options
from .rng import GameRng


class Upgraded(NamedTuple):
    """One move of an older log as the game plays it today (:meth:`Notation.upgrade_log`)."""

    seat: int
    notation: str
    #: The entry of the older stretch it stands for (0: the stretch's first): where it
    #: was logged, so the move keeps that entry's number and time.
    source: int


class Notation(GameCore[S, A]):
    """Every action has a canonical text notation: ``parse_action(format_action(a)) == a``.

    What a *person* types is read against the position, by :meth:`read_action`: a number
    shown on the board means that number, a player is named the way the board names
    them. The log stores :meth:`notate_action`, canonical notation that reads the same in
    any position (``read_action(state, s, notate_action(state, a)) == a``), so a game
    replays from its seed and log. Both default to the stateless pair."""

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

    def play(self, state: S, seat: int, notation: str, names: Sequence[str] = ()) -> list[Event]:
        """Read ``notation`` as ``seat`` typed it now (:meth:`read_action`) and apply it."""
        return self.apply(state, seat, self.read_action(state, seat, notation, names))

    def upgrade_log(self, state: S, entries: Sequence[tuple[int, str]], start: int
                    ) -> tuple[int, list[Upgraded]] | None:
        """A stretch of an older log in today's moves, so old games still replay (issue 26
        item 2 made answers that were asked one player after another simultaneous).

        ``entries`` is a log of (seat, notation), replayed up to ``start`` into ``state``
        (not changed here). When the log goes on at ``start`` the way an older version of
        the rules played this moment, the answer is (how many entries that stretch takes,
        the same decisions as the game asks them today); ``None`` when the log goes on as
        it is (the default). A log carries no version of its own (the state's ``schema``
        is rewritten at every save, and a game running when the rules changed logs both
        forms), so a game tells the older form by its shape at that moment."""
        return None


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


class Labels(Notation[S, A]):
    """What a person reads for a move: its label, the menu that lists it (and its
    levels), the moves a player is made to play without being asked, and the buttons
    of the public post."""

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

    def menu_actions(self, state: S, seat: int) -> list[A]:
        """The legal actions a menu lists, in the legal order: all of them by default. A
        game whose legal list repeats one move under several names (Lovci pokladů's
        sailors going ashore from one ship) lists one of each here; every legal action
        may still be typed."""
        return self.legal_actions(state, seat)

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

    def forced_action(self, state: S, seat: int) -> A | None:
        """The move a *human* ``seat`` is made to play without being asked, or ``None``.

        Issue 9, item 5: when a player's only legal move is forced (a pass, a skipped
        turn, the only way off a volcano) the platform plays it and says so. The default
        takes the sole move of :meth:`menu_actions`; a game where a player may also type
        moves that are not listed (Hexfolk's counter-offers) narrows this."""
        moves = self.menu_actions(state, seat)
        return moves[0] if len(moves) == 1 else None

    def public_buttons(self, state: S) -> list[tuple[str, str]]:
        """Moves offered as buttons on the *public* post: ``(label, notation)`` pairs.

        Only moves that any current actor may take by the same notation, and whose
        button reveals nothing secret (answering a trade offer: accept, decline). The
        label is a translation key or plain text. An empty notation asks for a button
        that opens the clicking player's own "Your moves" menu under that label. The
        platform still checks on every click that the clicker acts now and that the move
        is legal. The default offers none."""
        return []


class Bots(GameCore[S, A]):
    """A seat the platform plays itself."""

    @abstractmethod
    def bot_action(self, state: S, seat: int) -> A:
        """The move a bot seat makes now (deterministic for a given state): always one of
        ``legal_actions(state, seat)``, so callers may carry it out with
        :meth:`apply_trusted` (tests/test_trusted_apply.py checks it)."""


class Clocks(Bots[S, A]):
    """Turns as the turn clock and the pings count them, and what is played for a seat
    whose clock ran out."""

    def turn_marker(self, state: S) -> Hashable:
        """Changes whenever a new turn begins (used to ping a player once per turn)."""
        return None

    def clock_turn(self, state: S) -> tuple[Hashable, int | None]:
        """Which turn the turn clock is timing and whose it is (issue 15, whole-turn
        clocks): the owner's clock covers every decision of theirs while the first value
        stays the same; other seats' decisions inside it get clocks of their own. The
        default times every turn marker, owned by nobody (each decision its own clock)."""
        return self.turn_marker(state), None

    def timeout_actions(self, state: S, seat: int) -> list[A]:
        """What is played for a human ``seat`` whose turn clock ran out, so the game goes
        on (never a silent forfeit). The platform applies these in order and asks again
        while the seat still holds the same turn. The default lets the bot decide."""
        return [self.bot_action(state, seat)]


class TurnOrder(GameCore[S, A]):
    """Who plays after the turn now under way, where the rules fix it ("You're next",
    issue 26 item 5, :mod:`bot.heads_up`)."""

    def next_actor(self, state: S) -> int | None:
        """When one seat acts now, on its own turn: the seat that acts alone next once
        that turn is over, as the rules fix it already (a skipped seat passed over, a
        reversed order followed). ``None`` when that is not settled yet: it depends on a
        choice not yet made (an attack that skips a player, a sign-up), on information
        some player cannot see, or several seats will act at once; also when the seat
        acting now answers inside someone else's turn, and when the game is over. Only
        public information may decide it (the heads-up must tell nobody a secret).
        One exception, where ``None`` would switch the heads-up off for a whole game: a
        card the player acting now may still play from a hidden hand (Hagoth's Skip,
        HG-D43) does not stop the next seat being named as the table sees it; if the
        card comes, the heads-up came a turn early. ``None`` by default: no heads-up."""
        return None


class HiddenInformation(GameCore[S, A]):
    """What a seat cannot see, described by the states it cannot tell apart."""

    def hidden_variants(self, state: S, seat: int | None, rng: GameRng) -> list[S]:
        """States that differ from ``state`` only in what ``seat`` cannot see (``None``:
        the public): a permuted deck, other players' hands exchanged, other face-down
        cards, another random stream. Every view, text and bot decision open to ``seat``
        must be the same for each of them (tests/test_hidden_info.py checks it for every
        game). ``state`` itself is not changed. A game with nothing hidden returns ``[]``
        explicitly; a game that does not say fails that test."""
        raise NotImplementedError(f"{self.id} does not describe its hidden information")


class Undo(GameCore[S, A]):
    """Moves a player may take back."""

    def undoable(self, before: S, after: S, seat: int, action: A,
                 events: Sequence[Event]) -> bool:
        """Whether ``seat`` may take back ``action``, which turned ``before`` into ``after``
        (issue 16: only while the move revealed nothing random or hidden; the platform
        checks that nobody else has acted since, and with :func:`games.undo.learned_nothing`
        that the move showed the mover nothing new). Each game names the moves it lets a
        player take back; the default: none."""
        return False


class Presentation(GameCore[S, A]):
    """The game's name, a seat's hand in words, the scores as the board shows them and
    the data of the end-of-game summary image."""

    @property
    def name(self) -> str:
        return t(self.name_key)

    def display_name(self, locale: str = DEFAULT_LOCALE) -> str:
        return t(self.name_key, locale)

    #: Whether each seat holds cards the others cannot see. Without a hand there is no
    #: "Your hand" button and the console's ``hand`` says everything is on the board.
    has_hand: bool = False

    def hand_text(self, state: S, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """``seat``'s own hand in words (asked only when :attr:`has_hand`)."""
        return ""

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score now as the board shows it (never hidden points); empty when
        the game keeps no running score. ``status`` prints it."""
        result = self.result(state)
        return result.scores if result is not None else ()

    def summary_view(self, state: S) -> Any | None:
        """Data for an end-of-game summary image (statistics of the whole game), or
        ``None``: the game has none, or it is not over. Only information that is public
        once the game has ended may appear in it."""
        return None


class RulesText(GameCore[S, A]):
    """The ``/rules`` of the game: its topics, their titles and texts."""

    def rules_topics(self) -> tuple[str, ...]:
        """Topics of ``/rules``; each has the key ``<id>.rules.<topic>``."""
        return ()

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


class Lobby(GameCore[S, A]):
    """Which seat counts the lobby's options can be played with, and the values its
    autocomplete offers."""

    def check_seats(self, num_players: int, options: Mapping[str, Any]) -> None:
        """Refuse, with a :class:`LocalizedError`, a number of seats the lobby's
        ``options`` cannot be played with (a map made for fewer players); asked again
        at ``/game start`` against the seats taken. Any count in range by default."""

    def check_join(self, seats: int, options: Mapping[str, Any]) -> None:
        """Refuse, with a :class:`LocalizedError`, a lobby seat number ``seats`` (the
        count once somebody joins or a bot is added) that the lobby's ``options`` can
        never be played with (a map made for fewer players), at once rather than at
        ``/game start``. Any count up to :attr:`max_players` by default."""

    def preset_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options typed for a new lobby, with those its preset sets where the
        player typed none (Hexfolk's ``length=quick`` switches the robber off unless
        ``robber`` is typed too). Kept in the lobby's stored options, so that a game
        opened before a preset changed replays as it was played. ``given`` by default."""
        return dict(given)

    def lobby_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a new lobby typed as ``given``: every default, overlaid with
        what :meth:`preset_options` makes of ``given``, each value validated."""
        return resolve_options(self.name_key, self.options, self.preset_options(given))

    def played_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The lobby's ``options`` as the game plays them, for the lobby to show: a
        preset may fix some (``length=quick`` plays Hexfolk to 8 VP whatever ``target``
        says). The options themselves by default."""
        return dict(options)

    def option_values(self, option: Option, seats: int | None = None,
                      locale: str = DEFAULT_LOCALE) -> list[tuple[str, str]] | None:
        """(value, label) pairs autocomplete offers for ``option`` when ``seats`` seats
        are taken (``None``: not known yet), or ``None`` for the option's own values."""
        return None
