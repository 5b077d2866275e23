"""``python -m bot`` runs the Discord bot; ``python -m bot console ...`` the console client."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Tidebound: board games of ships and islands, played in Discord.",
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord (the default; needs DISCORD_TOKEN)")
    from . import console, replay

    console.add_parser(sub)
    replay.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "console":
        return console.main(args)
    if args.command == "replay":
        return replay.main(args)
    from .app import run

    return run()


if __name__ == "__main__":
    sys.exit(main())
