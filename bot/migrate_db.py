"""``python -m bot migrate-db --from tidebound.db --to postgresql://…``: move a database.

Both sides are opened as ``TIDEBOUND_DB`` would name them and migrated to the current
schema; every row is copied into the (empty) target in one transaction, ids kept, and
the row counts of both sides are compared. The source is only read. Stop the bot first:
moves made during the copy would not be in it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from i18n import t

from .database import SQLITE, parse_target
from .storage import Storage, StorageError


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "migrate-db", help="copy a database into another (e.g. SQLite into PostgreSQL)")
    parser.add_argument("--from", dest="source", required=True,
                        help="the database to copy: a SQLite file, sqlite:///… or postgresql://…")
    parser.add_argument("--to", dest="target", required=True,
                        help="the empty database to fill, e.g. postgresql://user:pw@host/db")


async def migrate(source: str, target: str) -> dict[str, int]:
    """Copy ``source`` into ``target``; the rows copied per table."""
    async with await Storage.open(source) as origin, await Storage.open(target) as into:
        copied = await origin.copy_to(into)
        counts = await into.table_counts()
        if any(counts.get(table) != n for table, n in copied.items()):
            raise StorageError(f"row counts differ after the copy: {copied} != {counts}")
        return copied


def main(args: argparse.Namespace) -> int:
    source = parse_target(args.source)
    shown_from, shown_to = source.shown, parse_target(args.target).shown
    if shown_from == shown_to:
        print(t("platform.migrate.same", source=shown_from), file=sys.stderr)
        return 2
    if source.kind == SQLITE and not Path(source.address).is_file():
        # Opening it would create an empty database: there is nothing to copy.
        print(t("platform.migrate.no_source", source=shown_from), file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(migrate(args.source, args.target))
    except (StorageError, OSError) as exc:
        print(t("platform.migrate.failed", source=shown_from, target=shown_to,
                reason=str(exc)), file=sys.stderr)
        return 1
    except Exception as exc:  # the driver's own errors (refused login, no such database)
        print(t("platform.migrate.failed", source=shown_from, target=shown_to,
                reason=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1
    print(t("platform.migrate.done", source=shown_from, target=shown_to,
            sessions=copied.get("sessions", 0), actions=copied.get("actions", 0),
            tables=", ".join(f"{table} {n}" for table, n in copied.items())))
    return 0
