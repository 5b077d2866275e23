"""Folding runs of alike lines in the console's accounts: eight players passing Hexfolk's
special building phase one after another print one line, not seven (issue 24 item 14).

Each foldable event is named with the console text that tells a run of it; a line is
recognised by being exactly that event's text for one seat, so nothing else is touched."""

from __future__ import annotations

from collections.abc import Sequence

from games.protocol import Event
from i18n import t

#: Event key -> the console text for several seats at once (``{players}``).
FOLDED = {
    "hexfolk.event.special_done": "console.fold.special_done",
    "hexfolk.event.special_pass": "console.fold.special_pass",
    "hexfolk.event.special_sign_up": "console.fold.special_sign_up",
}


def fold_lines(lines: Sequence[str], names: Sequence[str], locale: str) -> list[str]:
    """``lines`` with each run of two or more foldable lines of one kind as one line."""
    known = {Event(key, seat).text(names, locale): (key, seat)
             for key in FOLDED for seat in range(len(names))}
    out: list[str] = []
    run: list[int] = []
    run_key = ""

    def flush() -> None:
        if len(run) == 1:
            out.append(Event(run_key, run[0]).text(names, locale))
        elif run:
            out.append(t(FOLDED[run_key], locale,
                         players=", ".join(names[seat] for seat in run)))
        run.clear()

    for line in lines:
        key, seat = known.get(line, ("", -1))
        if key and key == run_key:
            run.append(seat)
            continue
        flush()
        run_key = key
        if key:
            run.append(seat)
        else:
            out.append(line)
    flush()
    return out
