"""``python -m bot`` runs the Discord bot; ``python -m bot console ...`` the console client;
``python -m bot migrate-db --from A --to B`` copies a database (e.g. into PostgreSQL)."""

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
    from . import console, migrate_db, replay_cli

    console.add_parser(sub)
    migrate_db.add_parser(sub)
    replay_cli.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "console":
        return console.main(args)
    if args.command == "migrate-db":
        return migrate_db.main(args)
    if args.command == "replay":
        return replay_cli.main(args)
    from .app import run

    return run()


if __name__ == "__main__":
    sys.exit(main())
