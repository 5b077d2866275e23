"""Every image of seeded bot games, written out, to prove a refactoring changed no pixel.

Issue 25, "Rules of the change": "every PNG stays byte-identical (check it over bot games
of every game in en, ru and cs)". Run it before a change and after, and compare::

    python -m bench.png_identity write /tmp/png-before     # on the old code
    python -m bench.png_identity write /tmp/png-after      # on the new code
    python -m bench.png_identity compare /tmp/png-before /tmp/png-after

For every game (the ones in development too), at its smallest and its largest table
(and Hexfolk's largest map at the largest table), a seeded bot game is played to its
end (two seeds); at the start, at a quarter, half and three quarters of it and at the end, the
public board (with the account of the last moves as its caption) and the private image
of every seat are drawn, and at the end the summary, each in English, Russian and
Czech; plus the pictures of the ``/rules`` topics that have one. ``write`` puts every
PNG in the folder with ``manifest.txt`` (name and SHA-256 per image); ``compare`` lists
every image that differs or is missing and exits 1 if any does.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import renderers
from games import Ruleset
from games.options import resolve_options
from games.protocol import Event

from .stats import default_options, measured_rulesets, seat_names

LOCALES = ("en", "ru", "cs")
#: The share of a bot game at which its positions are drawn (1.0: the final board).
FRACTIONS = (0.0, 0.25, 0.5, 0.75, 1.0)
SEEDS = (7, 11)
#: A bot game longer than this is a bot bug: stop it there.
MAX_ACTIONS = 100_000


def _tables(ruleset: Ruleset[Any, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The table sizes and lobby options drawn for ``ruleset``."""
    tables: list[tuple[int, dict[str, Any]]] = [(ruleset.min_players, {}),
                                                (ruleset.max_players, {})]
    if ruleset.id == "hexfolk":
        tables.append((ruleset.max_players, {"map": "great-land"}))
    return tables


def _positions(ruleset: Ruleset[Any, Any], players: int, options: Mapping[str, Any],
               seed: int) -> Iterator[tuple[str, Any, list[Event]]]:
    """(name, state, last events) at each of :data:`FRACTIONS` of one seeded bot game."""
    chosen = (default_options(ruleset) if not options
              else resolve_options(ruleset.name_key, ruleset.options, options))

    def play(stop: int | None) -> tuple[Any, int, list[Event]]:
        state = ruleset.setup(players, chosen, seed)
        events: list[Event] = []
        actions = 0
        limit = MAX_ACTIONS if stop is None else stop
        while ruleset.result(state) is None and actions < limit:
            seat = min(ruleset.actors(state))
            events.extend(ruleset.apply(state, seat, ruleset.bot_action(state, seat)))
            del events[:-players]
            actions += 1
        return state, actions, events

    _, total, _ = play(None)
    for fraction in FRACTIONS:
        at = round(total * fraction)
        state, _, events = play(at)
        yield f"s{seed}-at{at:05d}", state, events


def images() -> Iterator[tuple[str, bytes]]:
    """(name, PNG) of every image this check draws, in a fixed order."""
    for ruleset in measured_rulesets():
        if ruleset.id not in renderers._MODULES:
            continue
        for players, options in _tables(ruleset):
            table = f"{ruleset.id}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
            for name, state, events in (position for seed in SEEDS for position in
                                        _positions(ruleset, players, options, seed)):
                final = ruleset.result(state) is not None
                for locale in LOCALES:
                    names = seat_names(players, locale)
                    caption = "\n".join(e.text(names, locale) for e in events)
                    view = ruleset.view(state, None)
                    yield (f"{table}-{name}-board-{locale}",
                           renderers.render_public(ruleset.id, view, names, caption, locale))
                    for seat in range(players):
                        renderers.clear_caches()
                        hand = renderers.render_private(
                            ruleset.id, ruleset.view(state, seat), names, locale)
                        if hand is not None:
                            yield f"{table}-{name}-hand{seat}-{locale}", hand
                    if final:
                        summary = renderers.render_summary(
                            ruleset.id, ruleset.summary_view(state), names, locale)
                        if summary is not None:
                            yield f"{table}-{name}-summary-{locale}", summary
        for topic in renderers.rules_image_topics(ruleset.id):
            for locale in LOCALES:
                picture = renderers.render_rules_image(ruleset.id, topic, locale)
                if picture is not None:
                    yield f"{ruleset.id}-rules-{topic}-{locale}", picture


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, png in images():
        (folder / f"{name}.png").write_bytes(png)
        lines.append(f"{name} {hashlib.sha256(png).hexdigest()}")
        print(name, file=sys.stderr)
    (folder / "manifest.txt").write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} images in {folder}")


def _manifest(folder: Path) -> dict[str, str]:
    pairs = (line.split() for line in (folder / "manifest.txt").read_text().splitlines())
    return {name: digest for name, digest in pairs}


def compare(before: Path, after: Path) -> int:
    """Print every image that differs between the two folders; 1 if any does."""
    old, new = _manifest(before), _manifest(after)
    differ = [name for name in old if name in new and old[name] != new[name]]
    missing = [name for name in old if name not in new]
    extra = [name for name in new if name not in old]
    for label, names in (("differs", differ), ("missing", missing), ("new", extra)):
        for name in names:
            print(f"{label}: {name}")
    print(f"{len(old)} images before, {len(new)} after: {len(differ)} differ, "
          f"{len(missing)} missing, {len(extra)} new")
    return 1 if differ or missing or extra else 0


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("write").add_argument("folder", type=Path)
    both = commands.add_parser("compare")
    both.add_argument("before", type=Path)
    both.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        write(args.folder)
    else:
        sys.exit(compare(args.before, args.after))


if __name__ == "__main__":
    main()
