"""``python -m bot replay FILE``: rebuild the game of a ``/game history`` file and write
its public board after every turn (and, with ``--animation``, the animated replay)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from i18n import t
from i18n.errors import LocalizedError

from .history import HistoryError, parse_history
from .replay import replay, turn_caption


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help=t("history.replay.cli_help"),
        description=t("history.replay.cli_help"))
    parser.add_argument("file", type=Path, help=t("history.replay.cli_file"))
    parser.add_argument("--out", type=Path, default=None, help=t("history.replay.cli_out"))
    parser.add_argument("--animation", action="store_true",
                        help=t("history.replay.cli_animation"))


def main(args: argparse.Namespace) -> int:
    """Rebuild the game of a history file and write its public board after every turn
    (``turn-0001.png`` …) into ``--out`` (default: a folder named after the file)."""
    import renderers
    from renderers.animation import render_animation

    try:
        history = parse_history(args.file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        print(t("history.replay.unreadable", path=str(args.file), reason=str(error)))
        return 2
    except HistoryError as error:
        print(error.message())
        return 2
    out: Path = args.out or args.file.with_suffix("")
    out.mkdir(parents=True, exist_ok=True)
    locale = history.locale
    names = history.names
    frames: list[tuple[Any, str]] = []
    boards = 0
    try:
        ruleset = history.ruleset()
        if history.seed is None:
            raise HistoryError("history.file.no_seed")
        for step in replay(ruleset, len(names), history.options, history.seed,
                           history.entries, names, locale):
            if not step.turn_ended:
                continue
            boards += 1
            caption = turn_caption(step, names, locale, boards)
            view = ruleset.view(step.state, None)
            (out / f"turn-{boards:04d}.png").write_bytes(
                renderers.render_public(ruleset.id, view, names, caption, locale))
            frames.append((view, caption))
    except LocalizedError as error:
        print(error.message(locale))
        return 1
    result = ruleset.result(step.state) if boards else None
    print(t("history.replay.done", locale, moves=len(history.entries), boards=boards,
            folder=str(out)))
    if result is not None:
        print(t("history.replay.result", locale, winners=", ".join(
            names[s] for s in result.winners) or t("platform.game.nobody", locale),
            scores=", ".join(
            f"{names[i]} {score}" for i, score in enumerate(result.scores))))
    if args.animation and frames:
        path = out / "replay.gif"
        path.write_bytes(render_animation(ruleset.id, frames, names, locale))
        print(t("history.replay.animation_written", locale, path=str(path)))
    return 0
