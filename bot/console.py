"""The console client: a hot-seat game in the terminal on the same :class:`SessionService`.

``python -m bot console hagoth --players 3 --bots 2 --seed 7 --out boards/`` opens a
fresh session in a SQLite file (``--db``), seats ``players - bots`` humans ("Player 1",
…; the first is the host) and ``bots`` bots, starts the game, prints every update's
text and writes every public board image to ``--out`` as ``0001.png``, ``0002.png``, ….
Then it asks whichever human must act for a command (type ``help``). With every seat a
bot the game plays itself to the end without reading any input.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import MoveChoice, Ruleset, get_ruleset
from games.options import parse_option_text, resolve_options
from i18n import DEFAULT_LOCALE, has, t
from i18n.errors import LocalizedError

from .service import Person, SessionService, Update, split_clock
from .storage import ACTIVE, SeatRow, Storage

DEFAULT_CONSOLE_DB = "tidebound-console.db"

def add_parser(subparsers: Any) -> None:
    """Add the ``console`` sub-command to ``python -m bot``'s argument parser."""
    parser = subparsers.add_parser(
        "console", help="play a hot-seat game in the terminal",
        description="Play a game in the terminal: humans share the keyboard, bots play "
                    "themselves, board images are written to a folder.")
    parser.add_argument("game", help="which game, e.g. hagoth")
    parser.add_argument("--players", type=int, default=None,
                        help="number of seats (default: the game's minimum)")
    parser.add_argument("--bots", type=int, default=0, help="how many seats bots play")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal")
    parser.add_argument("--options", default="",
                        help='lobby options as name=value pairs, e.g. "target=10 speed=yes"')
    parser.add_argument("--out", default="boards", help="folder for the PNG images")
    parser.add_argument("--db", default=DEFAULT_CONSOLE_DB, help="SQLite database file")


def main(args: argparse.Namespace) -> int:
    """Run the console client; returns the process exit code."""
    try:
        ruleset = get_ruleset(args.game)
        _, given = split_clock(parse_option_text(args.options))  # the platform's clock
        resolve_options(ruleset.name_key, ruleset.options, given)
    except LocalizedError as exc:
        return _fail(exc.message())
    players = ruleset.min_players if args.players is None else args.players
    if not ruleset.min_players <= players <= ruleset.max_players:
        return _fail(t("console.bad_players", DEFAULT_LOCALE, game=ruleset.name,
                       min=ruleset.min_players, max=ruleset.max_players, players=players))
    if not 0 <= args.bots <= players:
        return _fail(t("console.bad_bots", DEFAULT_LOCALE, players=players))
    console = Console(ruleset, players, args.bots, Path(args.out))
    try:
        return asyncio.run(console.run(args.db, seed=args.seed, options=args.options))
    except KeyboardInterrupt:
        print()
        return 130


def _fail(message: str, locale: str = DEFAULT_LOCALE) -> int:
    print(t("console.error", locale, message=message), file=sys.stderr)
    return 2


@dataclass
class Console:
    """One console game: its seats, its out folder and the session it drives."""

    ruleset: Ruleset
    players: int
    bots: int
    out: Path
    locale: str = "en"
    channel_id: str = field(default_factory=lambda: f"console-{time.time_ns()}")
    session_id: int = 0
    humans: list[Person] = field(default_factory=list)
    _counter: int = 0

    async def run(self, db_path: str, *, seed: int | None, options: str) -> int:
        self.out.mkdir(parents=True, exist_ok=True)
        self._counter = max((int(m.group(1)) for p in self.out.glob("*.png")
                             if (m := re.match(r"(\d{4,})", p.name))), default=0)
        self.humans = [Person(f"console-{i}", t("console.player_name", self.locale, number=i))
                       for i in range(1, self.players - self.bots + 1)]
        async with await Storage.open(db_path) as storage:
            service = SessionService(storage)
            try:
                await self._setup(service, seed, options)
                await self._loop(service)
            except LocalizedError as exc:  # e.g. a damaged database
                print(exc.message(self.locale))
                return 1
            finally:
                await service.close()  # the render workers
        return 0

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
        self._show(await service.start(self.channel_id, host, seed=seed))

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
                print(t("console.end_of_input", self.locale))
                return
            if not sys.stdin.isatty():
                print(line)  # echo piped input, so the transcript reads like a session
            if line.lower() in ("quit", "exit"):
                print(t("console.bye", self.locale))
                return
            try:
                await self._command(service, person, choices, line)
            except LocalizedError as exc:  # ServiceError, IllegalAction: nothing changed
                print(t("console.sorry", self.locale, message=exc.message(self.locale)))

    async def _whose_turn(self, service: SessionService) -> tuple[Person, list[MoveChoice]] | None:
        """The first human seat that must act and its moves; ``None`` once the game is over."""
        row = await service.storage.get(self.session_id)
        if row is None or row.status != ACTIVE:
            return None
        for person in self.humans:
            _, choices = await service.choices(self.channel_id, person,
                                               session_id=self.session_id)
            if choices:
                return person, choices
        update = await service.run_bots(self.session_id)  # only bots are due: let them move
        if update is None:
            print(t("console.stuck", self.locale))
            return None
        self._show(update)
        return await self._whose_turn(service)

    async def _command(self, service: SessionService, person: Person,
                       choices: list[MoveChoice], line: str) -> None:
        word = line.lower()
        if not word:
            return
        if word == "help":
            print(t("console.help", self.locale))
        elif word == "moves":
            for number, choice in enumerate(choices, start=1):
                print(t("console.move_line", self.locale, number=number, label=choice.label,
                        notation=choice.notation))
        elif word == "status":
            self._show(await service.status(self.channel_id))
        elif word == "hand":
            await self._hand(service, person)
        elif word.isdigit():
            number = int(word)
            if not 1 <= number <= len(choices):
                print(t("console.no_such_move", self.locale, number=number,
                        count=len(choices)))
                return
            self._show(await service.move(self.channel_id, person, choices[number - 1].notation,
                                          session_id=self.session_id))
        else:
            self._show(await service.move(self.channel_id, person, line,
                                          session_id=self.session_id))

    async def _hand(self, service: SessionService, person: Person) -> None:
        """Print the hand's cards by name and write the private hand image."""
        note = await service.hand(self.channel_id, person)
        row = await service.storage.get(self.session_id)
        assert row is not None and row.state is not None
        seat = row.seat_of(person.user_id)
        view = self.ruleset.view(self.ruleset.load(json.loads(row.state)), seat)
        if not hasattr(view, "hand"):
            print(t("console.no_hand", self.locale))
            return
        cards = [self._card_name(code) for code in view.hand or ()]
        print(t("console.hand", self.locale, name=person.name,
                cards=", ".join(cards) or t("console.no_cards", self.locale)))
        if note.image:
            image = self._write(note.image, f"hand-player{(seat or 0) + 1}")
            print(t("console.hand_image", self.locale, path=image))

    def _card_name(self, code: str) -> str:
        key = f"{self.ruleset.id}.card.{code}"
        return t(key, self.locale) if has(key, self.locale) else code

    def _show(self, update: Update) -> None:
        """Print an update's text and write its public board image."""
        print(update.text)
        if update.image:
            print(t("console.board_image", self.locale, path=self._write(update.image)))
        if update.summary:
            path = self._write(update.summary, "summary")
            print(t("console.summary_image", self.locale, path=path))

    def _write(self, png: bytes, suffix: str = "") -> Path:
        self._counter += 1
        path = self.out / (f"{self._counter:04d}" + (f"-{suffix}" if suffix else "") + ".png")
        path.write_bytes(png)
        return path
