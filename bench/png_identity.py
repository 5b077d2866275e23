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

Issue 29 item 6 ("images visually identical: compare them pixel by pixel with a small
tolerance, and no larger") lets a faster drawing move a few pixels by a shade::

    python -m bench.png_identity compare --tolerance /tmp/png-before /tmp/png-after

decodes each pair whose bytes differ to RGB and accepts it when no channel of any pixel
moved by more than :data:`MAX_CHANNEL_DIFFERENCE` and at most :data:`MAX_PIXELS_DIFFERING`
of the pixels moved at all; an image of another size never passes. Either way an image
whose PNG grew is listed as ``larger`` and fails the comparison.
"""

from __future__ import annotations

import hashlib
import io
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from PIL import Image, ImageChops

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
#: ``--tolerance``: the most any channel of a pixel may move (of 255) ...
MAX_CHANNEL_DIFFERENCE = 2
#: ... and the largest share of the pixels that may move at all.
MAX_PIXELS_DIFFERING = 0.001


@dataclass(frozen=True, slots=True)
class PixelDifference:
    """How two images differ, pixel by pixel, decoded to RGB."""

    same_size: bool
    #: The largest difference of any channel of any pixel (0-255).
    max_channel: int
    #: The share of the pixels in which any channel differs (0-1).
    pixels_differing: float

    @property
    def within_tolerance(self) -> bool:
        return (self.same_size and self.max_channel <= MAX_CHANNEL_DIFFERENCE
                and self.pixels_differing <= MAX_PIXELS_DIFFERING)

    def __str__(self) -> str:
        if not self.same_size:
            return "another size"
        return (f"max channel difference {self.max_channel}, "
                f"{100 * self.pixels_differing:.3f} % of pixels differ")


def pixel_difference(before: bytes, after: bytes) -> PixelDifference:
    """Decode two PNGs to RGB and measure how far apart their pixels are."""
    with Image.open(io.BytesIO(before)) as old, Image.open(io.BytesIO(after)) as new:
        a, b = old.convert("RGB"), new.convert("RGB")
    if a.size != b.size:
        return PixelDifference(False, 255, 1.0)
    difference = ImageChops.difference(a, b)
    channels = difference.split()
    extrema = cast(tuple[tuple[int, int], ...], difference.getextrema())
    largest = max(high for _, high in extrema)
    if largest == 0:
        return PixelDifference(True, 0, 0.0)
    # a pixel moved when any of its channels did: the lighter of the three, made 0 / 255
    moved = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    count = moved.point(lambda v: 255 if v else 0).histogram()[255]
    return PixelDifference(True, int(largest), count / (a.width * a.height))


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


def compare(before: Path, after: Path, tolerance: bool = False) -> int:
    """Print every image that differs between the two folders (or, with ``tolerance``,
    differs by more than :func:`PixelDifference.within_tolerance` allows) or whose PNG
    grew; 1 if any does."""
    old, new = _manifest(before), _manifest(after)
    changed = [name for name in old if name in new and old[name] != new[name]]
    close: list[str] = []
    differ: list[str] = []
    for name in changed:
        if tolerance:
            found = pixel_difference((before / f"{name}.png").read_bytes(),
                                     (after / f"{name}.png").read_bytes())
            if found.within_tolerance:
                close.append(name)
                continue
            print(f"differs: {name} ({found})")
        else:
            print(f"differs: {name}")
        differ.append(name)
    larger = [name for name in changed if (after / f"{name}.png").stat().st_size
              > (before / f"{name}.png").stat().st_size]
    missing = [name for name in old if name not in new]
    extra = [name for name in new if name not in old]
    for label, names in (("larger", larger), ("missing", missing), ("new", extra)):
        for name in names:
            print(f"{label}: {name}")
    within = f", {len(close)} within the tolerance" if tolerance else ""
    print(f"{len(old)} images before, {len(new)} after: {len(differ)} differ{within}, "
          f"{len(larger)} larger, {len(missing)} missing, {len(extra)} new")
    return 1 if differ or larger or missing or extra else 0


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("write").add_argument("folder", type=Path)
    both = commands.add_parser("compare")
    both.add_argument("before", type=Path)
    both.add_argument("after", type=Path)
    both.add_argument("--tolerance", action="store_true",
                      help=f"accept images whose pixels differ by at most "
                           f"{MAX_CHANNEL_DIFFERENCE} of 255 per channel, in at most "
                           f"{100 * MAX_PIXELS_DIFFERING:g} %% of the pixels")
    args = parser.parse_args()
    if args.command == "write":
        write(args.folder)
    else:
        sys.exit(compare(args.before, args.after, args.tolerance))


if __name__ == "__main__":
    main()
