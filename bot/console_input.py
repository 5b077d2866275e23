"""Reading what the player types at the console's prompt: a line, or a yes/no answer."""

from __future__ import annotations

import signal
import sys
import threading


def read_line(prompt: str) -> str:
    """A line typed at ``prompt`` (echoed when piped, so a transcript reads like a
    session). Ctrl-C while waiting raises :class:`KeyboardInterrupt` at once: asyncio's
    own handler would only cancel the game's task, which waits in ``input`` until Enter."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler) if main_thread else None
    try:
        line = input(prompt)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if not sys.stdin.isatty():
        print(line)
    return line


def confirm(question: str, yes_words: str) -> bool:
    """Ask ``question``; whether the answer is one of ``yes_words`` (comma-separated, in
    the reader's language) or English "y"/"yes". No answer (end of input) is no."""
    try:
        answer = read_line(question)
    except EOFError:
        print()
        return False
    yes = {word.strip().casefold() for word in yes_words.split(",")} | {"y", "yes"}
    return answer.strip().casefold() in yes
