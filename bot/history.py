"""A game's history as a text file, and reading it back (issue 16, "/game history").

The file is plain UTF-8 text people can read and ``python -m bot replay FILE`` can
rebuild the game from::

    # Tidebound game history …            (comment lines start with #)
    game = hagoth
    options = {"speed": false, "target": 5}
    seed = 123456789
    locale = en
    status = finished
    seat 1 = Ann
    seat 2 = Bot 1 [bot]
    result = Ann 25, Bot 1 12
    moves =
    1	2026-12-01 22:00:05	1	move hull 1 2	Ann: moves the Hull from berth 1 to 2

One line per logged entry, tab-separated: number, time (UTC), seat, notation, the move in
words. A take-back is the seat's move ``!undo``. While the game is still in play the
file never shows hidden information: no seed (it would give away every card to come), no
notation (a discard names its cards), and the words are the public account of each move
(:meth:`~games.protocol.Ruleset.describe_public`). Once the game is over everything may
be shown, and only then can the file be replayed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games import Ruleset, get_ruleset
from i18n import DEFAULT_LOCALE, t
from i18n.errors import LocalizedError

from .replay import in_force, is_undo, rebuild, replay
from .storage import LoggedAction, SessionRow

BOT_MARK = "[bot]"


class HistoryError(LocalizedError):
    """A history file that cannot be read."""


@dataclass(slots=True)
class History:
    """A history file, read back."""

    game: str
    options: dict[str, Any]
    seed: int | None
    locale: str
    seats: list[tuple[str, bool]]
    #: (seat, notation) per logged entry, in order.
    entries: list[tuple[int, str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.seats]

    def ruleset(self) -> Ruleset[Any, Any]:
        return get_ruleset(self.game)


def _stamp(moment: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(moment))


def _one_line(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def history_text(row: SessionRow, log: Sequence[LoggedAction], options: dict[str, Any],
                 over: bool) -> str:
    """The history file of session ``row`` with its action ``log``. ``options``: the
    game's own options (what :meth:`~games.protocol.Ruleset.setup` is given); ``over``:
    the game has ended, so hidden information may be shown."""
    ruleset = get_ruleset(row.game)
    locale = row.locale
    names = [seat.name for seat in row.seats]
    lines = [
        "# " + t("history.file.title", locale, game=ruleset.display_name(locale),
                 session=row.id),
        "# " + t("history.file.how" if over else "history.file.how_in_play", locale),
        f"game = {ruleset.id}",
        f"options = {json.dumps(options, sort_keys=True)}",
        f"seed = {row.seed if over and row.seed is not None else '-'}",
        f"locale = {locale}",
        f"status = {row.status}",
        f"started = {_stamp(row.created_at)} UTC",
    ]
    lines += [f"seat {seat.seat + 1} = {_one_line(seat.name)}"
              + (f" {BOT_MARK}" if seat.is_bot else "") for seat in row.seats]
    entries = [(entry.seat, entry.notation) for entry in log]
    #: (logged entry, seat, notation, words) per move replayed: an older log is written
    #: in today's moves (bot.replay.Log), so the file replays on today's rules
    moves: list[tuple[int, int, str, str]] = []
    state = None
    if row.seed is not None:
        for step in replay(ruleset, len(names), options, row.seed, entries, names, locale):
            who = names[step.seat] if 0 <= step.seat < len(names) else "?"
            label = step.full_label if over else step.label
            moves.append((step.index, step.seat, step.notation,
                          t("history.undo.done", locale, player=who, move=label)
                          if step.undo else f"{who}: {label}"))
            state = step.state
    result = ruleset.result(state) if state is not None else None
    if over and result is not None:
        lines.append("result = " + ", ".join(
            f"{names[i]} {score}" for i, score in enumerate(result.scores))
            + " · " + t("history.file.winners", locale,
                        winners=", ".join(names[i] for i in result.winners)
                        or t("platform.game.nobody", locale)))
    lines.append("moves =")
    for number, (logged, seat, notation, said) in enumerate(moves, start=1):
        lines.append("\t".join((str(number), _stamp(log[logged].created_at), str(seat + 1),
                                notation if over else "", _one_line(said))))
    return "\n".join(lines) + "\n"


def parse_history(text: str) -> History:
    """Read a history file (:func:`history_text`); :class:`HistoryError` when it is not one."""
    header: dict[str, str] = {}
    seats: dict[int, tuple[str, bool]] = {}
    entries: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if in_moves:
            cells = line.split("\t")
            if len(cells) < 4 or not cells[2].strip().isdigit():
                raise HistoryError("history.file.bad_line", line=number)
            entries.append((int(cells[2]) - 1, cells[3].strip()))
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise HistoryError("history.file.bad_line", line=number)
        key, value = key.strip(), value.strip()
        if key == "moves":
            in_moves = True
        elif key.startswith("seat "):
            index = key[5:].strip()
            if not index.isdigit():
                raise HistoryError("history.file.bad_line", line=number)
            is_bot = value.endswith(BOT_MARK)
            seats[int(index) - 1] = (value.removesuffix(BOT_MARK).strip(), is_bot)
        else:
            header[key] = value
    if "game" not in header or not seats or sorted(seats) != list(range(len(seats))):
        raise HistoryError("history.file.not_history")
    try:
        options = json.loads(header.get("options", "{}"))
        if not isinstance(options, dict):
            raise ValueError("options")
        seed_text = header.get("seed", "-")
        seed = None if seed_text in ("", "-") else int(seed_text)
    except ValueError:
        raise HistoryError("history.file.not_history") from None
    if seed is not None and any(not notation for _, notation in entries):
        raise HistoryError("history.file.no_seed")
    if any(not 0 <= seat < len(seats) for seat, _ in entries):
        raise HistoryError("history.file.not_history")
    return History(header["game"], options, seed, header.get("locale", DEFAULT_LOCALE),
                   [seats[i] for i in range(len(seats))], entries)


def log_lines(row: SessionRow, log: Sequence[LoggedAction], options: dict[str, Any],
              count: int) -> list[str]:
    """The last ``count`` logged moves in words for everybody (``/game log``): the public
    account of each, never hidden information."""
    if row.seed is None:
        return []
    ruleset = get_ruleset(row.game)
    names = [seat.name for seat in row.seats]
    out: list[str] = []
    entries = [(entry.seat, entry.notation) for entry in log]
    first = max(0, len(entries) - count)
    for step in replay(ruleset, len(names), options, row.seed, entries, names, row.locale):
        if step.index < first:
            continue
        who = names[step.seat] if 0 <= step.seat < len(names) else "?"
        said = t("history.undo.done", row.locale, player=who, move=step.label) \
            if step.undo else t("history.log.line", row.locale, player=who, move=step.label)
        out.append(t("history.log.numbered", row.locale, number=step.index + 1,
                     time=time.strftime("%d %b %H:%M", time.gmtime(log[step.index].created_at)),
                     line=said))
    return out


def last_account(row: SessionRow, log: Sequence[LoggedAction], options: dict[str, Any]) -> str:
    """What ``/game status`` says of the last logged move when this process has not seen
    it played (a restart, a cache eviction, another process): ``Last move: Ann played
    “<public label>”``, the move's :meth:`~games.protocol.Ruleset.describe_public`, never
    its notation, which may name hidden cards (issue 24, item 1). A take-back says which
    move was taken back, as ``/game log`` does."""
    if row.seed is None or not log:
        return ""
    ruleset = get_ruleset(row.game)
    names = [seat.name for seat in row.seats]
    entries = [(entry.seat, entry.notation) for entry in log]
    seat, notation = entries[-1]
    kept = in_force(entries[:-1])
    undo = is_undo(notation)
    if undo:  # the move taken back, on the board it was played on
        seat, notation = kept[-1]
        kept = kept[:-1]
    before = rebuild(ruleset, len(names), options, row.seed, kept)
    action = ruleset.read_action(before, seat, notation)
    label = ruleset.describe_public(before, seat, action, names, row.locale)
    who = names[seat] if 0 <= seat < len(names) else "?"
    if undo:
        return t("history.undo.done", row.locale, player=who, move=label)
    return t("platform.game.last_logged", row.locale, player=who, move=label)

