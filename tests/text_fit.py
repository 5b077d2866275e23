"""Which catalogue texts the renderers draw, in which box, and whether they fit (issue 14).

A renderer draws a catalogue text through one of the fitting helpers of
:mod:`renderers.common`, and the arguments of that call *are* the box: ``max_width`` and the
font (``draw_text``, ``ellipsize``), the starting size and the floor a text may shrink to
(``draw_fitted``, ``fit_font``), or the width and the number of lines (``wrap_text``).
:func:`record` renders seeded bot games of every registered game while it watches the
translation layer and those helpers, and returns one :class:`Drawn` per catalogue key, call
site and box. A key drawn with plain ``draw.text`` and no helper has no box a test can
measure: it is returned as ``unboxed`` and must be listed in :data:`DECLARED_BOXES`.

Nothing here is specific to a game: a new game's renderer is covered as soon as it is in
:data:`renderers._MODULES` and draws its words through the helpers (or declares its boxes).
"""

from __future__ import annotations

import fnmatch
import json
import pkgutil
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

import i18n
import renderers
import renderers.common as common
from games import Ruleset, get_ruleset

RENDERERS_DIR = str(Path(renderers.__file__).parent)
#: Names of a realistic length (the renderers cut longer ones on purpose).
NAMES = ("Kateřina", "Дмитрий", "Margaret", "Bořivoj", "Ярослава", "Jonathan", "Vojtěch",
         "Людмила")


@dataclass(frozen=True, slots=True)
class Box:
    """Where a text must fit: ``width`` pixels in DejaVu ``size`` (``bold``). ``floor``: the
    smallest size the renderer shrinks the text to (``size`` if it does not shrink);
    ``lines``: how many lines it may wrap to."""

    width: float
    size: int
    bold: bool = False
    floor: int | None = None
    lines: int = 1

    def fits(self, text: str) -> bool:
        smallest = common.font(self.floor or self.size, self.bold)
        if self.lines > 1:
            wrapped = common.wrap_text(text, smallest, self.width, self.lines)
            return " ".join(wrapped).split() == text.split() and all(
                smallest.getlength(line) <= self.width + 0.5 for line in wrapped)
        return smallest.getlength(text) <= self.width + 0.5

    def describe(self, text: str) -> str:
        face = common.font(self.floor or self.size, self.bold)
        return (f"{face.getlength(text):.0f} px in {self.width:.0f} px at "
                f"{self.floor or self.size} px{' bold' if self.bold else ''}"
                f"{f' on {self.lines} lines' if self.lines > 1 else ''}")


#: Lobby options that keep a bot game short enough to draw at every table size (a
#: two-player Lovci pokladů of bots runs to thousands of moves without a turn limit).
SHORT_GAMES: dict[str, dict[str, Any]] = {"lovci-pokladu": {"turn_limit": 60}}

#: Boxes of keys the renderers draw with plain ``draw.text`` (key pattern -> box), for a
#: text whose box is a fixed part of the layout rather than an argument of a helper.
DECLARED_BOXES: dict[str, Box] = {}


@dataclass(frozen=True, slots=True)
class Drawn:
    """One catalogue text drawn in one box: the key, its parameters, the call site."""

    key: str
    locale: str
    params: tuple[tuple[str, Any], ...]
    site: str
    box: Box | None  #: ``None``: drawn with plain ``draw.text``, not through a helper
    #: for a text without a box: ``None`` if it lies inside the image, else its bounding
    #: box and the image size
    outside: tuple[float, ...] | None = None


@dataclass
class _Recorder:
    locale: str = "en"
    texts: dict[str, tuple[str, tuple[tuple[str, Any], ...]]] = field(default_factory=dict)
    drawn: set[Drawn] = field(default_factory=set)
    boxed_texts: set[str] = field(default_factory=set)
    #: every one-line text drawn, per image: (bounding box, text, site)
    ink: dict[int, list[tuple[tuple[float, ...], str, str]]] = field(default_factory=dict)
    #: the images of ``ink``, held until it is cleared: a board drawn in parts (issue 29
    #: item 6) draws its panels on images of their own, freed as soon as they are mapped
    #: onto the palette, and a freed image's id may come back for the next panel, whose
    #: texts would then be taken for the last one's neighbours
    inked: list[object] = field(default_factory=list)
    #: catalogue texts drawn over another text: (key, site, the other text, its site)
    overlaps: set[tuple[str, str, str, str, str]] = field(default_factory=set)
    #: texts drawn without a box: (text, site, ``None`` or where it leaves the image)
    plain: list[tuple[str, str, Any]] = field(default_factory=list)
    depth: threading.local = field(default_factory=threading.local)


def _site() -> str:
    """``file:line`` of the nearest renderer frame outside renderers/common.py (the file
    within renderers/, e.g. ``hexfolk/text.py``)."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(RENDERERS_DIR) and not name.endswith("common.py"):
            return f"{Path(name).relative_to(RENDERERS_DIR).as_posix()}:{frame.f_lineno}"
        frame = frame.f_back  # type: ignore[assignment]
    return "?"


def _face(face: ImageFont.FreeTypeFont) -> tuple[int, bool]:
    return int(face.size), "Bold" in str(face.path)


@dataclass(frozen=True, slots=True)
class Recording:
    """What :func:`record` saw."""

    boxed: set[Drawn]  #: catalogue texts drawn through a fitting helper, with its box
    unboxed: list[Drawn]  #: catalogue texts drawn with plain ``draw.text``
    #: (locale, key, site, other text, its site): a catalogue text drawn over another
    overlaps: set[tuple[str, str, str, str, str]]


def record(rulesets: list[Ruleset], locales: tuple[str, ...], *, samples: int = 8,
           seed: int = 3, cap: int = 3000) -> Recording:
    """Render seeded bot games (``samples`` boards and hands spread over each, the final
    board and the summary) at the smallest and largest table of each game, in each of ``locales``.
    Returns the boxed texts, the texts drawn without a box and the overlaps."""
    def draw_all(locale: str) -> Iterator[None]:
        for ruleset in rulesets:
            yield from _render_games(ruleset, locale, samples=samples, seed=seed, cap=cap)

    return _recording(draw_all, locales)


def record_drawing(draw: Callable[[], object], locale: str) -> Recording:
    """What one drawing (``draw()``, e.g. one board) draws in ``locale``, with the layers
    its renderer keeps between calls forgotten first, so that their texts are seen too."""
    def draw_once(_: str) -> Iterator[None]:
        renderers.clear_caches(boards=True)
        for module in _renderer_modules():
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
        draw()
        yield

    return _recording(draw_once, (locale,))


def misfits(recording: Recording) -> list[str]:
    """Every catalogue text of ``recording`` that does not fit its box (in any plural
    form), leaves the image, or runs into another text: empty when all fit."""
    found = [f"{d.locale} {d.key} at {d.site}: {text!r} {d.box.describe(text)}"
             for d in sorted(recording.boxed, key=lambda d: (d.locale, d.site, d.key))
             if d.box is not None
             for text in variants(d.key, d.locale, dict(d.params)) if not d.box.fits(text)]
    found += [f"{d.locale} {d.key} at {d.site}: outside the image {d.outside}"
              for d in recording.unboxed if d.outside]
    found += [f"{locale} {key} at {site} runs into {other!r} at {other_site}"
              for locale, key, site, other, other_site in sorted(recording.overlaps)]
    return found


def _renderer_modules() -> list[Any]:
    """Every renderer module, a renderer package's modules too."""
    return [import_module(info.name)
            for info in pkgutil.walk_packages(renderers.__path__, "renderers.")]


def _recording(draw_in: Callable[[str], Iterator[None]], locales: tuple[str, ...]
               ) -> Recording:
    """Watch the translation layer and the fitting helpers while ``draw_in(locale)``
    draws, for each of ``locales``; it yields after each image."""
    rec = _Recorder()
    original_t = i18n.t

    def spy_t(key: str, locale: str = "en", /, **params: Any) -> str:
        text = original_t(key, locale, **params)
        if sys._getframe(1).f_code.co_filename.startswith(RENDERERS_DIR):
            rec.texts[text] = (key, tuple(sorted(params.items())))
        return text

    def watch(name: str, box_of: Callable[..., tuple[str, Box]]) -> Callable[..., Any]:
        original = getattr(common, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            outer = getattr(rec.depth, "n", 0) == 0
            rec.depth.n = getattr(rec.depth, "n", 0) + 1
            try:
                if outer:
                    try:
                        text, box = box_of(*args, **kwargs)
                    except TypeError:  # no box (draw_text without max_width)
                        text, box = "", None
                    if box is None:
                        rec.depth.unboxed = True  # its draw.text is checked as plain
                    elif text in rec.texts:
                        key, params = rec.texts[text]
                        rec.boxed_texts.add(text)
                        rec.drawn.add(Drawn(key, rec.locale, params, _site(), box))
                return original(*args, **kwargs)
            finally:
                rec.depth.n -= 1
                if outer:
                    rec.depth.unboxed = False

        wrapper.__wrapped__ = original  # type: ignore[attr-defined]
        return wrapper

    def draw_text_box(draw: Any, xy: Any, text: str, face: ImageFont.FreeTypeFont,
                      fill: Any, max_width: float | None = None, *_: Any) -> tuple[str, Box]:
        if max_width is None:
            raise TypeError
        size, bold = _face(face)
        return text, Box(max_width, size, bold)

    def draw_fitted_box(draw: Any, xy: Any, text: str, max_width: float, size: int,
                        fill: Any, bold: bool = False, anchor: str = "la",
                        min_size: int = common.MIN_TEXT) -> tuple[str, Box]:
        return text, Box(max_width, size, bold, floor=min_size)

    def ellipsize_box(text: str, face: ImageFont.FreeTypeFont,
                      max_width: float) -> tuple[str, Box]:
        size, bold = _face(face)
        return text, Box(max_width, size, bold)

    def fit_font_box(text: str, max_width: float, size: int, bold: bool = False,
                     min_size: int = common.MIN_TEXT) -> tuple[str, Box]:
        return text, Box(max_width, size, bold, floor=min_size)

    def wrap_text_box(text: str, face: ImageFont.FreeTypeFont, max_width: float,
                      max_lines: int) -> tuple[str, Box]:
        size, bold = _face(face)
        return text, Box(max_width, size, bold, lines=max_lines)

    wrappers = {
        "draw_text": watch("draw_text", draw_text_box),
        "draw_fitted": watch("draw_fitted", draw_fitted_box),
        "ellipsize": watch("ellipsize", ellipsize_box),
        "fit_font": watch("fit_font", fit_font_box),
        "wrap_text": watch("wrap_text", wrap_text_box),
    }
    originals = {name: getattr(common, name) for name in wrappers}
    original_draw_text = ImageDraw.ImageDraw.text
    original_cached_text = common.CachedDraw.text

    def spy(original: Callable[..., Any]) -> Callable[..., Any]:
        def spy_draw_text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any,
                          **kwargs: Any) -> Any:
            plain = getattr(rec.depth, "n", 0) == 0 or getattr(rec.depth, "unboxed", False)
            if isinstance(text, str) and text.strip() and "\n" not in text:
                face = kwargs.get("font", args[1] if len(args) > 1 else None)
                anchor = kwargs.get("anchor", args[2] if len(args) > 2 else None)
                bbox = self.textbbox(xy, text, font=face, anchor=anchor)
                rec.ink.setdefault(id(self.im), []).append((bbox, text, _site()))
                rec.inked.append(self.im)
            if plain and isinstance(text, str) and text in rec.texts:
                face = kwargs.get("font", args[1] if len(args) > 1 else None)
                anchor = kwargs.get("anchor", args[2] if len(args) > 2 else None)
                left, top, right, bottom = self.textbbox(xy, text, font=face, anchor=anchor)
                width, height = self.im.size
                inside = left >= -0.5 and top >= -0.5 and right <= width + 0.5 \
                    and bottom <= height + 0.5
                rec.plain.append((text, _site(), None if inside else
                                  (left, top, right, bottom, width, height)))
            return original(self, xy, text, *args, **kwargs)

        return spy_draw_text

    modules = _renderer_modules()
    patched: list[tuple[Any, str, Any]] = []
    try:
        for module in modules:
            if getattr(module, "t", None) is original_t:
                patched.append((module, "t", original_t))
                module.t = spy_t  # type: ignore[attr-defined]
            for name, wrapper in wrappers.items():
                if getattr(module, name, None) is originals[name]:
                    patched.append((module, name, originals[name]))
                    setattr(module, name, wrapper)
        ImageDraw.ImageDraw.text = spy(original_draw_text)  # type: ignore[method-assign]
        common.CachedDraw.text = spy(original_cached_text)  # type: ignore[method-assign]
        unboxed: list[Drawn] = []
        for locale in locales:
            rec.locale = locale
            for _ in draw_in(locale):
                for text, site, outside in rec.plain:
                    if text not in rec.boxed_texts:
                        key, params = rec.texts[text]
                        unboxed.append(Drawn(key, locale, params, site, None, outside))
                _find_overlaps(rec)
                rec.plain.clear()
                rec.boxed_texts.clear()
                rec.texts.clear()
                rec.ink.clear()
                rec.inked.clear()
        return Recording(rec.drawn, unboxed, rec.overlaps)
    finally:
        ImageDraw.ImageDraw.text = original_draw_text  # type: ignore[method-assign]
        common.CachedDraw.text = original_cached_text  # type: ignore[method-assign]
        for module, name, original in patched:
            setattr(module, name, original)
        renderers.clear_caches(boards=True)


#: Pixels two text boxes may share (antialiasing, a descender over the next line's top).
OVERLAP_SLACK = 3


def _find_overlaps(rec: _Recorder) -> None:
    """Note every catalogue text whose ink box runs into another text's on one image."""
    for drawn in rec.ink.values():
        for i, (box, text, site) in enumerate(drawn):
            if text not in rec.texts:
                continue
            for j, (other, other_text, other_site) in enumerate(drawn):
                if i == j:
                    continue
                wide = min(box[2], other[2]) - max(box[0], other[0])
                high = min(box[3], other[3]) - max(box[1], other[1])
                if wide > OVERLAP_SLACK and high > OVERLAP_SLACK:
                    key = rec.texts[text][0]
                    rec.overlaps.add((rec.locale, key, site, other_text, other_site))


@dataclass(frozen=True, slots=True)
class _Position:
    state: str  #: the dumped state
    players: int
    summary: bool  #: the game is over: its summary is drawn too


@cache
def _positions(game: str, samples: int, seed: int, cap: int) -> tuple[_Position, ...]:
    """Seeded bot games of ``game`` at its smallest and largest table: ``samples``
    positions spread over each and the last one (played once, drawn in every language)."""
    ruleset = get_ruleset(game)
    out: list[_Position] = []
    for players in sorted({ruleset.min_players, ruleset.max_players}):
        state = ruleset.setup(players, SHORT_GAMES.get(game, {}), seed)
        seen: list[str] = []
        while ruleset.result(state) is None and len(seen) < cap:
            seen.append(json.dumps(ruleset.dump(state)))
            actor = min(ruleset.actors(state))
            ruleset.apply(state, actor, ruleset.bot_action(state, actor))
        step = max(1, len(seen) // samples)
        out.extend(_Position(dump, players, False) for dump in seen[::step])
        out.append(_Position(json.dumps(ruleset.dump(state)), players,
                             ruleset.result(state) is not None))
    return tuple(out)


def _render_games(ruleset: Ruleset, locale: str, *, samples: int, seed: int,
                  cap: int) -> Iterator[None]:
    """Draw the boards, a hand and the summary of bot games of ``ruleset``; yields after
    each image (so the caller can pair what was looked up with what was drawn)."""
    renderers.clear_caches(boards=True)
    for position in _positions(ruleset.id, samples, seed, cap):
        state = ruleset.load(json.loads(position.state))
        names = list(NAMES[:position.players])
        renderers.render_public(ruleset.id, ruleset.view(state, None), names, "", locale)
        yield
        actors = ruleset.actors(state)
        seat = min(actors) if actors else 0
        renderers.render_private(ruleset.id, ruleset.view(state, seat), names, locale)
        yield
        if position.summary:
            renderers.render_summary(ruleset.id, ruleset.summary_view(state), names, locale)
            yield


def declared_box(key: str) -> Box | None:
    """The declared box of a key drawn with plain ``draw.text``."""
    for pattern, box in DECLARED_BOXES.items():
        if fnmatch.fnmatchcase(key, pattern):
            return box
    return None


def variants(key: str, locale: str, params: dict[str, Any]) -> Iterator[str]:
    """The text of ``key`` with ``params``, once for every plural form it has."""
    message = i18n.catalogue(locale).get(key) or i18n.catalogue("en").get(key)
    if isinstance(message, i18n.Plural) and isinstance(params.get(message.by), int):
        for count in (1, 2, 5):
            yield i18n.t(key, locale, **{**params, message.by: count})
    else:
        yield i18n.t(key, locale, **params)
