"""The console client: a hot-seat game in the terminal on the same :class:`SessionService`.

``python -m bot console hagoth --players 3 --bots 2 --seed 7 --out boards/`` opens a
fresh session in a SQLite file (``--db``), seats ``players - bots`` humans ("Player 1",
…; the first is the host) and ``bots`` bots, starts the game, prints every update's
text and writes every public board image to ``--out`` as ``0001.png``, ``0002.png``, ….
Then it asks whichever human must act for a command (type ``help``).

With every seat a bot the game plays itself: the console retells it turn by turn from
the stored seed and action log and writes a board per turn (``--boards round``: per
round, ``end``: only the last). ``quit`` keeps a game saved; ``--list`` shows the saved
games and ``--resume SESSION`` goes on with one; ``abandon`` ends one for good.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
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
from games.notation import UNREADABLE, is_number
from games.options import parse_option_text, resolve_options
from games.plans import plans_of
from games.protocol import list_numbers
from i18n import DEFAULT_LOCALE, Term, available_locales, t
from i18n.errors import LocalizedError

from .console_plans import plan_command, plan_notes
from .service import Person, ServiceError, SessionService, Update, game_options, split_clock
from .storage import ABANDONED, ACTIVE, FINISHED, LOBBY, SeatRow, SessionRow, Storage

DEFAULT_CONSOLE_DB = "tidebound-console.db"
#: Channel ids of console sessions start with this (Discord channel ids are numbers).
CONSOLE_CHANNEL = "console-"
#: With every seat a bot: a board after every turn, every round, or only at the end.
BOARD_EVERY = ("turn", "round", "end")
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
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal")
    parser.add_argument("--options", default="",
                        help='lobby options as name=value pairs, e.g. "target=10 speed=yes"')
    parser.add_argument("--out", default="boards", help="folder for the PNG images")
    parser.add_argument("--db", default=DEFAULT_CONSOLE_DB, help="SQLite database file")
    parser.add_argument("--locale", default=DEFAULT_LOCALE, choices=available_locales(),
                        help="language of the texts and images (en, ru, cs)")
    parser.add_argument("--boards", choices=BOARD_EVERY, default="turn",
                        help="with every seat a bot: write a board after every turn "
                             "(default), every round, or only at the end")
    parser.add_argument("--list", action="store_true",
                        help="list the saved (unfinished) console games in --db and stop")
    parser.add_argument("--resume", type=int, metavar="SESSION", default=None,
                        help="go on with a saved console game (see --list)")


def main(args: argparse.Namespace) -> int:
    """Run the console client; returns the process exit code."""
    try:
        if args.list:
            return asyncio.run(list_games(args.db, args.locale))
        if args.resume is not None:
            _prepare_out(Path(args.out))
            return asyncio.run(resume(args.db, args.resume, Path(args.out), args.boards,
                                      locale=args.locale))
        console = _new_console(args)
        if isinstance(console, int):
            return console
        _prepare_out(console.out)
        return asyncio.run(console.run(args.db, seed=args.seed, options=args.options))
    except KeyboardInterrupt:
        print()
        return 130
    except LocalizedError as exc:
        return _fail(exc.message())
    except OSError as exc:  # the out folder or the database file cannot be written
        return _fail(t("console.cannot_write", DEFAULT_LOCALE, path=exc.filename or args.out,
                       reason=exc.strerror or exc))
    except sqlite3.Error as exc:
        return _fail(t("console.bad_db", DEFAULT_LOCALE, path=args.db, reason=exc))


def _new_console(args: argparse.Namespace) -> Console | int:
    """The console for a new game from the arguments, or an exit code after a refusal."""
    if not args.game:
        return _fail(t("console.no_game", DEFAULT_LOCALE, games=_game_ids()))
    ruleset = get_ruleset(args.game)
    _, given = split_clock(parse_option_text(args.options))  # the platform's clock
    resolve_options(ruleset.name_key, ruleset.options, given)
    players = ruleset.min_players if args.players is None else args.players
    if not ruleset.min_players <= players <= ruleset.max_players:
        return _fail(t("console.bad_players", DEFAULT_LOCALE, game=ruleset.name,
                       min=ruleset.min_players, max=ruleset.max_players, players=players))
    if not 0 <= args.bots <= players:
        return _fail(t("console.bad_bots", DEFAULT_LOCALE, players=players))
    return Console(ruleset, players, args.bots, Path(args.out), locale=args.locale,
                   every=args.boards)


def _prepare_out(out: Path) -> None:
    """Create the out folder and check that images can be written there (else OSError)."""
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    probe = out / ".tidebound-write-check"
    probe.write_bytes(b"")
    probe.unlink()


def _fail(message: str, locale: str = DEFAULT_LOCALE) -> int:
    print(t("console.error", locale, message=message), file=sys.stderr)
    return 2


async def _saved_games(storage: Storage) -> list[SessionRow]:
    """The console's unfinished games in ``storage``, oldest first."""
    rows = [await storage.get(session_id) for session_id in await storage.active_sessions()]
    return [r for r in rows if r is not None and r.channel_id.startswith(CONSOLE_CHANNEL)]


async def list_games(db_path: str, locale: str = DEFAULT_LOCALE) -> int:
    """``--list``: one line per saved console game, and how to resume one."""
    if not Path(db_path).exists():
        print(t("console.list_none", locale, path=db_path))
        return 0
    async with await Storage.open(db_path) as storage:
        rows = await _saved_games(storage)
    if not rows:
        print(t("console.list_none", locale, path=db_path))
        return 0
    print(t("console.list_head", locale, path=db_path, count=len(rows)))
    for row in rows:
        print(t("console.list_line", locale, session=row.id,
                game=get_ruleset(row.game).display_name(locale),
                seats=", ".join(s.name for s in row.seats), moves=row.version - 1,
                when=time.strftime("%Y-%m-%d %H:%M", time.localtime(row.updated_at))))
    print(t("console.list_hint", locale, db=db_path))
    return 0


async def resume(db_path: str, session_id: int, out: Path, every: str = "turn",
                 locale: str = DEFAULT_LOCALE) -> int:
    """``--resume SESSION``: go on with a saved console game, its humans and bots."""
    if not Path(db_path).exists():
        return _fail(t("console.resume_missing", locale, session=session_id, db=db_path))
    async with await Storage.open(db_path) as storage:
        row = await storage.get(session_id)
        refusal = _not_resumable(row, session_id, db_path, locale)
        if refusal or row is None:
            return _fail(refusal)
        console = Console(get_ruleset(row.game), len(row.seats),
                          sum(s.is_bot for s in row.seats), out, locale=locale, every=every,
                          db_path=db_path)
        return await console.go_on(SessionService(storage), row)


@dataclass
class _Retelling:
    """An all-bot game retold from its seed and action log, one turn at a time."""

    state: Any
    names: list[str]
    told: int = 0  #: log entries retold so far
    turns: int = 0  #: turns finished so far
    current: list[str] = field(default_factory=list)  #: lines of the turn being told
    acted: list[int] = field(default_factory=list)  #: seats that moved in that turn


@dataclass
class Console:
    """One console game: its seats, its out folder and the session it drives."""

    ruleset: Ruleset
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
    _retelling: _Retelling | None = None

    @property
    def all_bots(self) -> bool:
        return not self.humans

    # -- starting and resuming ----------------------------------------------------------
    async def run(self, db_path: str, *, seed: int | None, options: str) -> int:
        self.db_path = db_path
        self._count_images()
        self.humans = [Person(f"console-{i}", t("console.player_name", self.locale, number=i))
                       for i in range(1, self.players - self.bots + 1)]
        async with await Storage.open(db_path) as storage:
            service = SessionService(storage)
            try:
                waiting = await _saved_games(storage)
                await self._setup(service, seed, options)
                if waiting and self.humans:
                    print(t("console.unfinished", self.locale, count=len(waiting),
                            db=db_path))
                await self._loop(service)
            except LocalizedError as exc:  # e.g. a damaged database
                print(exc.message(self.locale))
                return 1
            finally:
                await service.close()  # the render workers
        return 0

    async def go_on(self, service: SessionService, row: SessionRow) -> int:
        """Go on with saved game ``row`` (see :func:`resume`) where it stopped."""
        self._count_images()
        self.session_id, self.channel_id = row.id, row.channel_id
        self.humans = [Person(s.user_id, s.name) for s in row.seats
                       if not s.is_bot and s.user_id]
        print(t("console.resumed", self.locale, session=row.id,
                game=self.ruleset.display_name(self.locale)))
        try:
            if self.all_bots:
                await self._retell(service, quiet=True)
            else:
                self._show(await service.status(self.channel_id))
            await self._loop(service)
        except LocalizedError as exc:
            print(exc.message(self.locale))
            return 1
        return 0

    def _count_images(self) -> None:
        """Number new images after those already in the out folder."""
        self._counter = max((int(m.group(1)) for p in self.out.glob("*.png")
                             if (m := re.match(r"(\d{4,})", p.name))), default=0)

    async def _setup(self, service: SessionService, seed: int | None, options: str) -> None:
        """Open the lobby, seat the humans (the first is the host) and the bots, start."""
        host = (self.humans[0] if self.humans
                else Person("console-host", t("console.host_name", self.locale)))
        update = await service.new_game(self.channel_id, host, self.ruleset.id, options,
                                        locale=self.locale)
        self.session_id = update.session_id
        for person in self.humans[1:]:
            await service.join(self.channel_id, person)
        if self.humans:
            for _ in range(self.bots):
                await service.add_bot(self.channel_id, host)
        else:
            # Bots only: the host sets the table and starts without a seat (leaving the
            # lobby would close it, as nobody human would be left in it).
            seats = [SeatRow(i, t("platform.lobby.bot_name", self.locale, number=i + 1),
                             None, is_bot=True) for i in range(self.bots)]
            await service.storage.set_lobby(self.session_id, seats=seats)
        started = await service.start(self.channel_id, host, seed=seed)
        if self.all_bots:
            print(t("platform.game.started", self.locale, game=Term(self.ruleset.name_key)))
            await self._retell(service, started)
        else:
            self._show(started)

    # -- the prompt ---------------------------------------------------------------------
    async def _loop(self, service: SessionService) -> None:
        """Prompt whichever human must act until the game ends, ``quit`` or end of input."""
        while True:
            turn = await self._whose_turn(service)
            if turn is None:
                print(t("console.stored", self.locale, path=service.storage.path,
                        session=self.session_id))
                return
            person, choices = turn
            try:
                line = input(t("console.prompt", self.locale, name=person.name,
                               game=self.ruleset.id)).strip()
            except EOFError:
                print()
                print(t("console.end_of_input", self.locale, resume=self._resume_command()))
                return
            if not sys.stdin.isatty():
                print(line)  # echo piped input, so the transcript reads like a session
            word = line.lower()
            if word in ("quit", "exit"):
                print(t("console.bye", self.locale, resume=self._resume_command()))
                return
            if word == "abandon":
                self._show(await service.abandon(self.channel_id, person, can_manage=True))
                return
            try:
                await self._command(service, person, choices, line)
            except LocalizedError as exc:  # ServiceError, IllegalAction: nothing changed
                print(self._refusal(exc, choices))

    def _resume_command(self) -> str:
        return t("console.resume_command", self.locale, session=self.session_id,
                 db=self.db_path, out=self.out)

    async def _whose_turn(self, service: SessionService) -> tuple[Person, list[MoveChoice]] | None:
        """The first human seat that must act and its moves; ``None`` once the game is over."""
        while True:
            row = await service.storage.get(self.session_id)
            if row is None or row.status != ACTIVE:
                return None
            for person in self.humans:
                _, choices = await service.choices(self.channel_id, person,
                                                   session_id=self.session_id)
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
        elif word == "hand":
            await self._hand(service, person)
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
            # The list on screen is not the current one: never play another move.
            # (No list printed yet: the number is the board's / the current list's.)
            print(t("console.list_changed", self.locale))
            await self._list_moves(service, person, choices)
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
        """Play a move; when the same player still acts and had a list on screen, print
        the new list at once (issue 9 item 2: the numbers on screen are always current)."""
        had_list = self._listed is not None and self._listed[0] == person.user_id
        self._show(await service.move(self.channel_id, person, notation,
                                      session_id=self.session_id))
        if had_list:
            _, choices = await service.choices(self.channel_id, person,
                                               session_id=self.session_id)
            if choices:
                await self._list_moves(service, person, choices)

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
        print(self.ruleset.rules_text(chosen, options, self.locale))
        png = renderers.render_rules_image(self.ruleset.id, chosen, self.locale)
        if png is not None:  # the topic's picture (Hexfolk's map gallery)
            print(t("console.rules_image", self.locale, path=self._write(png, chosen)))
        print(t("console.rules_topics", self.locale, topics=topics))

    async def _hand(self, service: SessionService, person: Person) -> None:
        """Print the hand in words and write the private hand image."""
        if not self.ruleset.has_hand:
            print(t("console.no_hand", self.locale))
            return
        note = await service.hand(self.channel_id, person)
        row = await service.storage.get(self.session_id)
        assert row is not None and row.state is not None
        seat = row.seat_of(person.user_id)
        assert seat is not None
        state = self.ruleset.load(json.loads(row.state))
        print(t("console.hand", self.locale, name=person.name,
                cards=self.ruleset.hand_text(state, seat, self.locale)))
        if note.image:
            image = self._write(note.image, f"hand-player{seat + 1}")
            print(t("console.hand_image", self.locale, path=image))

    # -- output -------------------------------------------------------------------------
    def _show(self, update: Update) -> None:
        """Print an update's text and write its public board image."""
        print(update.text)
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
        """Tell the moves stored since the last call turn by turn, with a board per turn
        (or round, or at the end). The game is replayed from its seed and action log,
        exactly as the service stored it. ``quiet``: catch up without telling (resume)."""
        row = await service.storage.get(self.session_id)
        assert row is not None and row.seed is not None
        log = await service.storage.action_log(self.session_id)
        ruleset, locale = self.ruleset, self.locale
        if self._retelling is None:
            self._retelling = _Retelling(
                ruleset.setup(len(row.seats), game_options(row.options), row.seed),
                [s.name for s in row.seats])
        story = self._retelling
        for entry in log[story.told:]:
            marker = ruleset.turn_marker(story.state)
            action = ruleset.read_action(story.state, entry.seat, entry.notation)  # a log line
            events = ruleset.apply(story.state, entry.seat, action)
            story.told += 1
            if entry.seat not in story.acted:
                story.acted.append(entry.seat)
            story.current.extend(line for e in events if (line := e.text(story.names, locale)))
            over = ruleset.result(story.state) is not None
            if ruleset.turn_marker(story.state) != marker or over:
                story.turns += 1
                if not quiet:
                    print(t("console.turn_head", locale, number=story.turns, player=", ".join(
                        story.names[seat] for seat in story.acted)))
                    for line in story.current:
                        print("  " + line)
                    if self._board_due(story.turns, over):
                        self._write_board(story)
                story.current, story.acted = [], []
        if update is not None and update.finished:
            print(update.text.rsplit("\n", 1)[-1])  # "Game over: …"
            if update.summary:
                path = self._write(update.summary, "summary")
                print(t("console.summary_image", locale, path=path))

    def _board_due(self, turns: int, over: bool) -> bool:
        """Whether a board is written after turn ``turns`` (1-based)."""
        if over or self.every == "turn":
            return True
        return self.every == "round" and turns % self.players == 0

    def _write_board(self, story: _Retelling) -> None:
        view = self.ruleset.view(story.state, None)
        caption = " ".join(story.current[-3:])
        png = renderers.render_public(self.ruleset.id, view, story.names, caption, self.locale)
        print(t("console.board_image", self.locale, path=self._write(png)))

    def _write(self, png: bytes, suffix: str = "") -> Path:
        self._counter += 1
        path = self.out / (f"{self._counter:04d}" + (f"-{suffix}" if suffix else "") + ".png")
        path.write_bytes(png)
        return path


def _not_resumable(row: SessionRow | None, session_id: int, db: str, locale: str) -> str:
    """Why saved game ``session_id`` cannot be resumed here ("" when it can)."""
    if row is None:
        return t("console.resume_missing", locale, session=session_id, db=db)
    if not row.channel_id.startswith(CONSOLE_CHANNEL):
        return t("console.resume_discord", locale, session=session_id)
    if row.status == FINISHED:
        return t("console.resume_finished", locale, session=session_id)
    if row.status == ABANDONED:
        return t("console.resume_abandoned", locale, session=session_id)
    if row.status == LOBBY:
        return t("console.resume_lobby", locale, session=session_id)
    return ""
