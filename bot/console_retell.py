"""An all-bot console game retold turn by turn from its seed and action log, exactly as
the service stored it, with a board per turn, per round or only at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import renderers
from games import Ruleset
from i18n import t

from .console_fold import fold_lines
from .replay import Log
from .service import game_options
from .storage import LoggedAction, SessionRow

#: With every seat a bot: a board after every turn, every round, or only at the end.
BOARD_EVERY = ("turn", "round", "end")


@dataclass
class Retelling:
    """The story told so far: the replayed state and the turn being told."""

    ruleset: Ruleset[Any, Any]
    locale: str
    every: str  #: one of :data:`BOARD_EVERY`
    #: Writes a PNG into the game's folder (suffix for the file name) and says where.
    write: Callable[[bytes, str], Path]
    state: Any
    names: list[str]
    told: int = 0  #: log entries retold so far
    turns: int = 0  #: turns finished so far
    current: list[str] = field(default_factory=list)  #: lines of the turn being told
    acted: list[int] = field(default_factory=list)  #: seats that moved in that turn

    @classmethod
    def begin(cls, ruleset: Ruleset[Any, Any], row: SessionRow, locale: str, every: str,
              write: Callable[[bytes, str], Path]) -> Retelling:
        assert row.seed is not None
        return cls(ruleset, locale, every, write,
                   ruleset.setup(len(row.seats), game_options(row.options), row.seed),
                   [s.name for s in row.seats])

    def tell(self, log: Sequence[LoggedAction], *, quiet: bool = False) -> None:
        """Tell the entries of ``log`` not told yet, turn by turn. ``quiet``: catch up
        without telling (resume). A log written before a rule change is read in today's
        moves (:class:`bot.replay.Log`)."""
        ruleset, locale = self.ruleset, self.locale
        # read in today's moves: a game logged before a rule change still retells (HX-D85)
        untold = Log(ruleset, [(entry.seat, entry.notation) for entry in log[self.told:]])
        at = 0
        while at < len(untold):
            seat, notation = untold.read(self.state, at)
            at += 1
            marker = ruleset.turn_marker(self.state)
            action = ruleset.read_action(self.state, seat, notation)  # a log line
            events = ruleset.apply(self.state, seat, action)
            if seat not in self.acted:
                self.acted.append(seat)
            self.current.extend(line for e in events if (line := e.text(self.names, locale)))
            over = ruleset.result(self.state) is not None
            if ruleset.turn_marker(self.state) != marker or over:
                self.turns += 1
                if not quiet:
                    print(t("console.turn_head", locale, number=self.turns, player=", ".join(
                        self.names[seat] for seat in self.acted)))
                    for line in fold_lines(self.current, self.names, locale):
                        print("  " + line)
                    if self._board_due(over):
                        self._write_board()
                self.current, self.acted = [], []
        self.told = len(log)

    def _board_due(self, over: bool) -> bool:
        """Whether a board is written after the turn just told."""
        if over or self.every == "turn":
            return True
        return self.every == "round" and self.turns % len(self.names) == 0

    def _write_board(self) -> None:
        view = self.ruleset.view(self.state, None)
        caption = " ".join(self.current[-3:])
        png = renderers.render_public(self.ruleset.id, view, self.names, caption, self.locale)
        print(t("console.board_image", self.locale, path=self.write(png, "")))
