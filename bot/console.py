"""The console client: a hot-seat game in the terminal on the same :class:`SessionService`.

``python -m bot console hagoth --players 3 --bots 2 --seed 7 --out boards/`` opens a
fresh session in a SQLite file or on a PostgreSQL server (``--db``), seats ``players -
bots`` humans ("Player 1", …; the first is the host) and ``bots`` bots, starts the game,
prints every update's text and writes every public board image to the game's own folder
``<out>/<game>-<session>/`` as ``0001.png``, ``0002.png``, …. Then it shows whichever
human must act their hand and numbered moves and asks for a command (type ``help``).

With every seat a bot the game plays itself: the console retells it turn by turn from
the stored seed and action log and writes a board per turn (``--boards round``: per
round, ``end``: only the last). ``quit`` (or Ctrl-C) keeps a game saved; ``--list``
shows the saved games, ``--resume SESSION`` goes on with one and ``--export SESSION``
writes its history file; ``abandon`` ends one for good, once confirmed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import renderers
from games import MoveChoice, Ruleset, all_rulesets, get_ruleset
from games.bot_levels import DEFAULT_LEVEL, LEVELS
from games.notation import UNREADABLE, is_number
from games.options import InvalidOption, parse_option_text
from games.plans import plans_of
from games.protocol import list_numbers
from i18n import DEFAULT_LOCALE, Term, available_locales, t
from i18n.errors import LocalizedError

from . import console_input
from .console_fold import fold_lines
from .console_options import options_help, wants_help
from .console_plans import plan_command, plan_notes
from .console_retell import BOARD_EVERY, Retelling
from .console_saved import (
    CONSOLE_CHANNEL,
    export_history,
    game_folder,
    list_games,
    no_database,
    not_resumable,
    prepare_out,
    saved_games,
    shown,
    write_history,
)
from .lobby import bot_name
from .plain_text import plain_text
from .service import Person, ServiceError, SessionService, Update, game_options, split_clock
from .storage import ACTIVE, DatabaseUnavailable, SeatRow, SessionRow, Storage

DEFAULT_CONSOLE_DB = "tidebound-console.db"
#: At most this many example moves in ``help`` and in "I can't read that".
EXAMPLES = 3


def _game_ids() -> str:
    return ", ".join(sorted(r.id for r in all_rulesets()))


def add_parser(subparsers: Any) -> None:
    """Add the ``console`` sub-command to ``python -m bot``'s argument parser."""
    games = _game_ids()
    parser = subparsers.add_parser(
        "console", help="play a hot-seat game in the terminal",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play a game in the terminal: humans share the keyboard, bots play "
                    "themselves, board images are written to a folder.\n\n"
                    f"Games: {games}.\n" + "\n".join(
                        f"  {r.id:<14} {r.display_name()}, {r.min_players}–{r.max_players} "
                        "players" for r in sorted(all_rulesets(), key=lambda r: r.id)),
        epilog="Examples:\n"
               "  python -m bot console hexfolk --players 3 --bots 2\n"
               "  python -m bot console hagoth --players 2 --bots 2 --boards round\n"
               "  python -m bot console --list\n"
               "  python -m bot console --resume 3")
    parser.add_argument("game", nargs="?", help=f"which game: {games}")
    parser.add_argument("--players", type=int, default=None,
                        help="number of seats (default: the game's minimum)")
    parser.add_argument("--bots", type=int, default=0, help="how many seats bots play")
    parser.add_argument("--bot-level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help="how strong the console's bots play (default: normal)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal")
    parser.add_argument("--options", default="",
                        help='lobby options as name=value pairs, e.g. "target=10 speed=yes"; '
                             '"--options help" lists each game\'s options')
    parser.add_argument("--out", default="boards", help="folder for the PNG images")
    parser.add_argument("--db", default=DEFAULT_CONSOLE_DB,
                        help="the database: a SQLite file, or a postgresql:// URL")
    parser.add_argument("--locale", default=None, choices=available_locales(),
                        help="language of the texts and images (en, ru, cs; a resumed "
                             "game keeps its own unless given)")
    parser.add_argument("--boards", choices=BOARD_EVERY, default="turn",
                        help="with every seat a bot: write a board after every turn "
                             "(default), every round, or only at the end")
    parser.add_argument("--list", action="store_true",
                        help="list the saved (unfinished) console games in --db and stop")
    parser.add_argument("--resume", type=int, metavar="SESSION", default=None,
                        help="go on with a saved console game (see --list)")
    parser.add_argument("--export", type=int, metavar="SESSION", default=None,
                        help="write the history of console game SESSION (in play or over) "
                             "to its folder in --out and stop")


def main(args: argparse.Namespace) -> int:
    """Run the console client; returns the process exit code."""
    chosen_locale, args.locale = args.locale, args.locale or DEFAULT_LOCALE
    try:
        if wants_help(args.options):
            games = [get_ruleset(args.game)] if args.game else list(all_rulesets())
            print(options_help(games, args.locale))
            return 0
        if args.list:
            return asyncio.run(list_games(args.db, args.locale))
        if args.export is not None:
            prepare_out(Path(args.out))
            written = asyncio.run(export_history(args.db, args.export, Path(args.out),
                                                 args.locale))
            if isinstance(written, str):
                return _fail(written)
            print(t("console.history_written", args.locale, path=written))
            return 0
        if args.resume is not None:
            prepare_out(Path(args.out))
            return asyncio.run(resume(args.db, args.resume, Path(args.out), args.boards,
                                      locale=chosen_locale))
        console = _new_console(args)
        if isinstance(console, int):
            return console
        prepare_out(console.out)
        return asyncio.run(console.run(args.db, seed=args.seed, options=args.options))
    except KeyboardInterrupt:
        print()
        return 130
    except InvalidOption as exc:  # and where to read the options (issue 24 item 14)
        return _fail(f"{exc.message(args.locale)} "
                     f"{t('console.options_hint', args.locale, game=args.game or '')}")
    except LocalizedError as exc:
        return _fail(exc.message())
    except OSError as exc:  # the out folder or the database file cannot be written
        return _fail(t("console.cannot_write", DEFAULT_LOCALE, path=exc.filename or args.out,
                       reason=exc.strerror or exc))
    except sqlite3.Error as exc:
        return _fail(t("console.bad_db", DEFAULT_LOCALE, path=shown(args.db), reason=exc))
    except DatabaseUnavailable as exc:  # a server that cannot be reached (no password shown)
        return _fail(t("console.bad_db", DEFAULT_LOCALE, path=exc.target, reason=exc.reason))


def _new_console(args: argparse.Namespace) -> Console | int:
    """The console for a new game from the arguments, or an exit code after a refusal."""
    if not args.game:
        return _fail(t("console.no_game", DEFAULT_LOCALE, games=_game_ids()))
    ruleset = get_ruleset(args.game)
    _, given = split_clock(parse_option_text(args.options))  # the platform's clock
    options = ruleset.lobby_options(given)
    players = ruleset.min_players if args.players is None else args.players
    if not ruleset.min_players <= players <= ruleset.max_players:
        return _fail(t("console.bad_players", DEFAULT_LOCALE, game=ruleset.name,
                       min=ruleset.min_players, max=ruleset.max_players, players=players))
    # Options that cannot be played with this many seats (a Haze mode=competitive game
    # of one), refused before anything is opened, as /game start would (issue 24 item 14).
    ruleset.check_seats(players, options)
    if not 0 <= args.bots <= players:
        return _fail(t("console.bad_bots", DEFAULT_LOCALE, players=players))
    return Console(ruleset, players, args.bots, Path(args.out), locale=args.locale,
                   every=args.boards, bot_level=args.bot_level)


def _fail(message: str, locale: str = DEFAULT_LOCALE) -> int:
    print(t("console.error", locale, message=message), file=sys.stderr)
    return 2


async def resume(db_path: str, session_id: int, out: Path, every: str = "turn",
                 locale: str | None = None) -> int:
    """``--resume SESSION``: go on with a saved console game, its humans and bots, in
    ``locale`` or else the game's own language."""
    if no_database(db_path):
        return _fail(t("console.resume_missing", locale or DEFAULT_LOCALE, session=session_id,
                       db=shown(db_path)))
    async with await Storage.open(db_path) as storage:
        row = await storage.get(session_id)
        refusal = not_resumable(row, session_id, db_path, locale or DEFAULT_LOCALE)
        if refusal or row is None:
            return _fail(refusal)
        locale = locale or row.locale
        console = Console(get_ruleset(row.game), len(row.seats),
                          sum(s.is_bot for s in row.seats), out, locale=locale, every=every,
                          db_path=db_path)
        return await console.go_on(SessionService(storage), row)


@dataclass
class Console:
    """One console game: its seats, its out folder and the session it drives."""

    ruleset: Ruleset[Any, Any]
    players: int
    bots: int
    out: Path
    locale: str = "en"
    every: str = "turn"
    channel_id: str = field(default_factory=lambda: f"{CONSOLE_CHANNEL}{time.time_ns()}")
    session_id: int = 0
    humans: list[Person] = field(default_factory=list)
    db_path: str = DEFAULT_CONSOLE_DB
    _counter: int = 0
    #: (player, session version) of the numbered list last printed: a number typed
    #: after the position changed since is refused (issue 9, item 2).
    _listed: tuple[str, int] | None = None
    _retelling: Retelling | None = None
    #: user id -> that human's hand as last printed (printed again only when it changed).
    _hands_shown: dict[str, str] = field(default_factory=dict)
    #: The seats' names, in seat order (known once the game has started).
    _names: list[str] = field(default_factory=list)
    #: The level of the bots this console seats (issue 28 item 1: ``--bot-level``).
    bot_level: str = DEFAULT_LEVEL

    @property
    def all_bots(self) -> bool:
        return not self.humans

    # -- starting and resuming ----------------------------------------------------------
    async def run(self, db_path: str, *, seed: int | None, options: str) -> int:
        self.db_path = db_path
        self.humans = [Person(f"console-{i}", t("console.player_name", self.locale, number=i))
                       for i in range(1, self.players - self.bots + 1)]
        async with await Storage.open(db_path) as storage:
            service = SessionService(storage)
            try:
                waiting = await saved_games(storage)
                await self._setup(service, seed, options)
                if waiting and self.humans:
                    print(t("console.unfinished", self.locale, count=len(waiting),
                            db=shown(db_path)))
                return await self._loop(service)
            except LocalizedError as exc:  # e.g. a damaged database
                print(exc.message(self.locale))
                return 1
            except (KeyboardInterrupt, asyncio.CancelledError):
                return self._interrupted()
            finally:
                await service.close()  # the render workers

    async def go_on(self, service: SessionService, row: SessionRow) -> int:
        """Go on with saved game ``row`` (see :func:`resume`) where it stopped."""
        self.session_id, self.channel_id = row.id, row.channel_id
        self._names = [seat.name for seat in row.seats]
        self._open_folder()
        self.humans = [Person(s.user_id, s.name) for s in row.seats
                       if not s.is_bot and s.user_id]
        print(t("console.resumed", self.locale, session=row.id,
                game=self.ruleset.display_name(self.locale)))
        try:
            if self.all_bots:
                await self._retell(service, quiet=True)
            else:
                self._show(await service.status(self.channel_id))
            return await self._loop(service)
        except LocalizedError as exc:
            print(exc.message(self.locale))
            return 1
        except (KeyboardInterrupt, asyncio.CancelledError):
            return self._interrupted()
        finally:
            await service.close()  # the render workers

    def _interrupted(self) -> int:
        """Ctrl-C: one line saying the game stays saved (every move is stored when it is
        played), and the shell's exit code for an interrupt (issue 24 item 14)."""
        print()
        if self.session_id:
            print(t("console.interrupted", self.locale, resume=self._resume_command()))
        return 130

    @property
    def folder(self) -> Path:
        """This game's own folder in the out folder: ``<out>/<game>-<session>/`` (issue 24
        item 14: every game wrote into one ``boards/`` numbering)."""
        return game_folder(self.out, self.ruleset.id, self.session_id)

    def _open_folder(self) -> None:
        """Create this game's folder; number new images after those already in it (a
        resumed game goes on with its own numbering)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self._counter = max((int(m.group(1)) for p in self.folder.glob("*.png")
                             if (m := re.match(r"(\d{4,})", p.name))), default=0)
        print(t("console.folder", self.locale, folder=self.folder))

    async def _setup(self, service: SessionService, seed: int | None, options: str) -> None:
        """Open the lobby, seat the humans (the first is the host) and the bots, start."""
        host = (self.humans[0] if self.humans
                else Person("console-host", t("console.host_name", self.locale)))
        update = await service.new_game(self.channel_id, host, self.ruleset.id, options,
                                        locale=self.locale)
        self.session_id = update.session_id
        self._open_folder()
        for person in self.humans[1:]:
            await service.join(self.channel_id, person)
        if self.humans:
            for _ in range(self.bots):
                await service.add_bot(self.channel_id, host, self.bot_level)
        else:
            # Bots only: the host sets the table and starts without a seat (leaving the
            # lobby would close it, as nobody human would be left in it).
            seats = [SeatRow(i, bot_name(self.locale, i + 1, self.bot_level), None,
                             is_bot=True, bot_level=self.bot_level) for i in range(self.bots)]
            await service.storage.set_lobby(self.session_id, seats=seats)
        started = await service.start(self.channel_id, host, seed=seed)
        self._names = await self._seat_names(service)
        if self.all_bots:
            print(t("platform.game.started", self.locale, game=Term(self.ruleset.name_key)))
            await self._retell(service, started)
        else:
            self._show(started)

    # -- the prompt ---------------------------------------------------------------------
    async def _loop(self, service: SessionService) -> int:
        """Prompt whichever human must act until the game ends, ``quit`` or end of input;
        the exit code."""
        while True:
            turn = await self._whose_turn(service)
            if turn is None:
                print(t("console.stored", self.locale, path=service.storage.path,
                        session=self.session_id))
                return 0
            person, choices = turn
            if self._listed != (person.user_id, await self._version(service)):
                # A new position for this human (their turn came, a step of it is done,
                # the game was resumed): what they hold and what they can do, unasked
                # (issue 24 item 14).
                await self._print_hand(service, person, changed_only=True)
                await self._list_moves(service, person, choices)
            try:
                line = console_input.read_line(t("console.prompt", self.locale,
                                                 name=person.name, game=self.ruleset.id)).strip()
            except EOFError:
                print()
                print(t("console.end_of_input", self.locale, resume=self._resume_command()))
                return 0
            word = line.lower()
            if word in ("quit", "exit"):
                print(t("console.bye", self.locale, resume=self._resume_command()))
                return 0
            if word == "abandon":
                if self._confirm_abandon():
                    self._show(await service.abandon(self.channel_id, person,
                                                     can_manage=True))
                    return 0
                print(t("console.abandon_kept", self.locale))
                continue
            try:
                await self._command(service, person, choices, line)
            except LocalizedError as exc:  # ServiceError, IllegalAction: nothing changed
                print(self._refusal(exc, choices))

    def _confirm_abandon(self) -> bool:
        """Ask before ending the game for good (y/N): anything but yes keeps it (issue 24
        item 14: `abandon` asked for no confirmation)."""
        return console_input.confirm(
            t("console.abandon_confirm", self.locale, session=self.session_id,
              game=self.ruleset.display_name(self.locale)),
            t("console.abandon_yes", self.locale))

    def _resume_command(self) -> str:
        return t("console.resume_command", self.locale, session=self.session_id,
                 db=shown(self.db_path), out=self.out)

    async def _whose_turn(self, service: SessionService) -> tuple[Person, list[MoveChoice]] | None:
        """The first human seat that must act and its moves; ``None`` once the game is over."""
        while True:
            row = await service.storage.get(self.session_id)
            if row is None or row.status != ACTIVE:
                return None
            for person in self.humans:
                _, choices = await service.choices(self.channel_id, person,
                                                   session_id=self.session_id, optional=False)
                if choices:
                    return person, choices
            update = await service.run_bots(self.session_id)  # only bots are due
            if update is None:
                print(t("console.stuck", self.locale))
                return None
            if self.all_bots:
                await self._retell(service, update)
            else:
                self._show(update)

    async def _command(self, service: SessionService, person: Person,
                       choices: list[MoveChoice], line: str) -> None:
        word = line.lower()
        if not word:
            return
        command, _, rest = word.partition(" ")
        if word == "help":
            print(self._help(choices))
        elif word == "moves":
            await self._list_moves(service, person, choices)
        elif word == "status":
            self._show(await service.status(self.channel_id))
        elif word == "status text":  # issue 27 item 3: the whole position in words
            print(await service.position_text(self.channel_id))
        elif word == "hand":
            await self._hand(service, person)
        elif word == "history":
            path = await write_history(service, self.channel_id, self.folder)
            print(t("console.history_written", self.locale, path=path))
        elif command == "rules":
            await self._rules(service, rest.strip())
        elif command == "plan":
            print(await plan_command(service, self.channel_id, person, rest, self.locale))
        elif is_number(word):
            await self._number(service, person, choices, int(word))
        else:
            await self._move(service, person, line)

    async def _number(self, service: SessionService, person: Person,
                      choices: list[MoveChoice], number: int) -> None:
        """A number typed: the move of that number in the list on screen, which is the
        board's number where the board draws one (issue 9, items 1 and 2)."""
        if self._listed is not None and self._listed != (
                person.user_id, await self._version(service)):
            # The list on screen is not the current one (another console moved the
            # same saved game meanwhile): never play another move. The prompt then
            # shows whoever acts now and their list.
            print(t("console.list_changed", self.locale))
            self._listed = None
            return
        numbers = dict(list_numbers(choices))
        if number in numbers:
            await self._move(service, person, numbers[number].notation)
            return
        if any(c.number == number for c in choices):
            # The board draws it on a place with several moves (two players to rob).
            print(t("console.shared_number", self.locale, number=number))
            self._listed = (person.user_id, await self._version(service))
            self._print_moves([(n, c) for n, c in numbers.items() if c.number == number])
            return
        try:
            # A board may draw numbers a player cannot use yet (a Hexfolk city they
            # cannot pay for): the game reads the number as the board's, and its rules
            # say why not.
            await self._move(service, person, str(number))
        except LocalizedError as exc:
            if exc.key != UNREADABLE:  # the game read it: its own refusal
                raise
            print(t("console.no_such_move", self.locale, number=number,
                    count=max(numbers, default=0)))

    async def _move(self, service: SessionService, person: Person, notation: str) -> None:
        """Play a move and show its account; the mover's own hand when the move changed
        it (the private note Discord sends the mover: a thief learns what it took, issue
        24 item 14). The prompt then prints the new list (issue 9 item 2: the numbers on
        screen are always current)."""
        update = await service.move(self.channel_id, person, notation,
                                    session_id=self.session_id)
        self._show(update)
        if person.user_id in update.private and not update.finished:
            await self._print_hand(service, person, changed_only=True, now=True)

    async def _seat_names(self, service: SessionService) -> list[str]:
        row = await service.storage.get(self.session_id)
        return [seat.name for seat in row.seats] if row is not None else []

    async def _version(self, service: SessionService) -> int:
        row = await service.storage.get(self.session_id)
        return row.version if row is not None else -1

    async def _list_moves(self, service: SessionService, person: Person,
                          choices: list[MoveChoice]) -> None:
        """Print the numbered moves and remember which position they were made for."""
        self._listed = (person.user_id, await self._version(service))
        self._print_moves(list_numbers(choices))

    def _print_moves(self, numbered: list[tuple[int, MoveChoice]]) -> None:
        for number, choice in numbered:
            # A board-numbered label already leads with its number ("12 — Settle …").
            label = choice.label.removeprefix(f"{number} — ")
            print(t("console.move_line", self.locale, number=number, label=label,
                    notation=choice.notation))

    def _examples(self, choices: list[MoveChoice]) -> str:
        """A few moves the player could type now, of different kinds: “roll”, “settle 12”."""
        seen: dict[str, str] = {}
        for choice in choices:
            seen.setdefault(choice.notation.split(" ", 1)[0], choice.notation)
        return ", ".join(f"“{n}”" for n in list(seen.values())[:EXAMPLES])

    def _help(self, choices: list[MoveChoice]) -> str:
        hand = t("console.help_hand", self.locale) if self.ruleset.has_hand else ""
        text = t("console.help", self.locale, examples=self._examples(choices), hand=hand,
                 game=self.ruleset.display_name(self.locale),
                 topics=", ".join(self.ruleset.rules_topics()))
        if plans_of(self.ruleset) is not None:
            text += "\n" + t("plans.console_help", self.locale)
        return text

    def _refusal(self, error: LocalizedError, choices: list[MoveChoice]) -> str:
        """What a refused command prints; unreadable notation gets this game's examples."""
        if error.key == "platform.notation.unknown":
            return t("console.unknown_move", self.locale, text=error.params.get("text", ""),
                     examples=self._examples(choices))
        return t("console.sorry", self.locale, message=error.message(self.locale))

    async def _rules(self, service: SessionService, topic: str) -> None:
        """``rules [topic]``: a topic of this game's rules (the first one by default),
        filled with this game's settings (e.g. its target)."""
        topics = ", ".join(self.ruleset.rules_topics())  # typed by their ids here
        chosen = self.ruleset.find_rules_topic(topic, self.locale)
        if chosen is None:
            raise ServiceError("platform.discord.no_topic", topic=topic, topics=topics)
        row = await service.storage.get(self.session_id)
        options = game_options(row.options) if row is not None else None
        print(f"{self.ruleset.display_name(self.locale)} — "
              f"{self.ruleset.rules_topic_title(chosen, self.locale)}")
        print(plain_text(self.ruleset.rules_text(chosen, options, self.locale)))
        png = renderers.render_rules_image(self.ruleset.id, chosen, self.locale)
        if png is not None:  # the topic's picture (Hexfolk's map gallery)
            print(t("console.rules_image", self.locale, path=self._write(png, chosen)))
        print(t("console.rules_topics", self.locale, topics=topics))

    async def _print_hand(self, service: SessionService, person: Person, *,
                          changed_only: bool = False, now: bool = False) -> None:
        """Print ``person``'s hand in words (games with a hand); ``changed_only``: only if
        it differs from what was last printed for them. ``now``: say it changed."""
        if not self.ruleset.has_hand:
            return
        row = await service.storage.get(self.session_id)
        if row is None or row.state is None:
            return
        seat = row.seat_of(person.user_id)
        if seat is None:
            return
        state = self.ruleset.load(json.loads(row.state))
        cards = self.ruleset.hand_text(state, seat, self.locale)
        if changed_only and self._hands_shown.get(person.user_id) == cards:
            return
        self._hands_shown[person.user_id] = cards
        print(t("console.hand_now" if now else "console.hand", self.locale, name=person.name,
                cards=cards))

    async def _hand(self, service: SessionService, person: Person) -> None:
        """Print the hand in words and write the private hand image."""
        if not self.ruleset.has_hand:
            print(t("console.no_hand", self.locale))
            return
        note = await service.hand(self.channel_id, person)
        await self._print_hand(service, person)
        row = await service.storage.get(self.session_id)
        seat = row.seat_of(person.user_id) if row is not None else None
        if note.image and seat is not None:
            image = self._write(note.image, f"hand-player{seat + 1}")
            print(t("console.hand_image", self.locale, path=image))

    # -- output -------------------------------------------------------------------------
    def _show(self, update: Update) -> None:
        """Print an update's text (runs of alike lines folded) and write its public board
        image."""
        print("\n".join(fold_lines(update.text.split("\n"), self._names, self.locale)))
        if update.image:
            print(t("console.board_image", self.locale, path=self._write(update.image)))
        if update.summary:
            path = self._write(update.summary, "summary")
            print(t("console.summary_image", self.locale, path=path))
        for line in plan_notes(update.plan_notes, {p.user_id: p.name for p in self.humans},
                               self.locale):
            print(line)

    async def _retell(self, service: SessionService, update: Update | None = None, *,
                      quiet: bool = False) -> None:
        """Tell the moves stored since the last call turn by turn (see
        :class:`~bot.console_retell.Retelling`); then the end of a finished game."""
        row = await service.storage.get(self.session_id)
        assert row is not None
        if self._retelling is None:
            self._retelling = Retelling.begin(self.ruleset, row, self.locale, self.every,
                                              self._write)
        self._retelling.tell(await service.storage.action_log(self.session_id), quiet=quiet)
        if update is not None and update.finished:
            print(update.text.rsplit("\n", 1)[-1])  # "Game over: …"
            if update.summary:
                path = self._write(update.summary, "summary")
                print(t("console.summary_image", self.locale, path=path))

    def _write(self, png: bytes, suffix: str = "") -> Path:
        self._counter += 1
        path = self.folder / (f"{self._counter:04d}" + (f"-{suffix}" if suffix else "")
                              + ".png")
        path.write_bytes(png)
        return path
