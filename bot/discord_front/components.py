"""Persistent buttons and select menus.

Every custom_id carries what it needs to work after a restart: the session id
and, for a move, the state version it was offered at and the move's notation::

    tb:lobby:<join|bot|bot-easy|bot-expert|start>:<session>
                                           lobby buttons (public; ``bot``: a normal bot)
    tb:menu:<session>                      "Your moves" (public board)
    tb:menu:<session>:<tag>                the same menu under another label (public board)
    tb:pub:<session>:<version>:<notation>  a move any current actor may click (public board)
    tb:hand:<session>                      "Your hand" (public board)
    tb:mv:<session>:<version>:<notation>   a move button (ephemeral menu)
    tb:ms:<session>:<version>:<n>          a move select menu (ephemeral menu); an option
                                           value ``>Kind>Sub`` opens that kind's own menu
    tb:rematch:<session>                   "Rematch" (the final post of a finished game)
    tb:replay:<session>                    "Watch the replay" (the final post)

They are :class:`discord.ui.DynamicItem` subclasses registered on the client, so
discord.py routes clicks on any message ever sent, even from before a restart.
A click whose custom_id does not match is answered by :func:`is_ours`'s caller.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from games import MoveChoice, get_ruleset
from i18n import t
from i18n.errors import LocalizedError

from .failures import answer_failure

if TYPE_CHECKING:
    from ..service import Update

PREFIX = "tb:"
CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_LABEL_LIMIT = 100
MAX_BUTTONS = 20  # four rows of five; one row is left for navigation
MAX_SELECTS = 5
OPTIONS_PER_SELECT = 25

#: Handlers installed by the client (kept here so items stay free of service wiring).
Handler = Callable[..., Awaitable[None]]
HANDLERS: dict[str, Handler] = {}

_PATTERNS = [
    re.compile(r"tb:lobby:(?P<op>join|bot|bot-easy|bot-expert|start):(?P<sid>[0-9]{1,18})"),
    re.compile(r"tb:menu:(?P<sid>[0-9]{1,18})(?::(?P<tag>[a-z]{1,16}))?"),
    re.compile(r"tb:pub:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<move>[ -~]{1,80})"),
    re.compile(r"tb:hand:(?P<sid>[0-9]{1,18})"),
    re.compile(r"tb:mv:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<move>[ -~]{1,80})"),
    re.compile(r"tb:ms:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<n>[0-9])"),
    re.compile(r"tb:kick:(?P<sid>[0-9]{1,18})"),
    re.compile(r"tb:(?P<op>rematch|replay):(?P<sid>[0-9]{1,18})"),
    re.compile(r"tb:rules:(?P<sid>[0-9]{1,18})"),
]


def add_pattern(pattern: str) -> None:
    """Another module's component ids (e.g. ``tb:take:…`` in :mod:`.seats`) are ours too."""
    _PATTERNS.append(re.compile(pattern))


def is_ours(custom_id: str) -> bool:
    """Whether ``custom_id`` is one of our well-formed component ids."""
    return any(p.fullmatch(custom_id) for p in _PATTERNS)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _dispatch(name: str, interaction: discord.Interaction, **kwargs: Any) -> None:
    try:
        await HANDLERS[name](interaction, **kwargs)
    except Exception as error:  # a bug on our side: the click is still answered
        await answer_failure(interaction, error, session_id=kwargs.get("session_id"))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tb:lobby:(?P<op>join|bot|bot-easy|bot-expert|start):(?P<sid>[0-9]{1,18})"):
    def __init__(self, op: str, session_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if op == "start" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(
            label=label or op, style=style, custom_id=f"tb:lobby:{op}:{session_id}"))
        self.op, self.session_id = op, session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["op"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("lobby", interaction, op=self.op, session_id=self.session_id)


class MenuButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tb:menu:(?P<sid>[0-9]{1,18})(?::(?P<tag>[a-z]{1,16}))?"):
    def __init__(self, session_id: int, label: str = "", tag: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label or "Your moves", BUTTON_LABEL_LIMIT),
            style=discord.ButtonStyle.secondary if tag else discord.ButtonStyle.primary,
            custom_id=f"tb:menu:{session_id}" + (f":{tag}" if tag else "")))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> MenuButton:
        return cls(int(match["sid"]), tag=match["tag"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("menu", interaction, session_id=self.session_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tb:hand:(?P<sid>[0-9]{1,18})"):
    def __init__(self, session_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or "Your hand", style=discord.ButtonStyle.secondary,
            custom_id=f"tb:hand:{session_id}"))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("hand", interaction, session_id=self.session_id)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tb:mv:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<move>[ -~]{1,80})"):
    def __init__(self, session_id: int, version: int, notation: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label or notation, BUTTON_LABEL_LIMIT),
            style=discord.ButtonStyle.secondary,
            custom_id=f"tb:mv:{session_id}:{version}:{notation}"))
        self.session_id, self.version, self.notation = session_id, version, notation

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> MoveButton:
        return cls(int(match["sid"]), int(match["ver"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("move", interaction, session_id=self.session_id,
                        version=self.version, notation=self.notation)


class PublicMoveButton(
        discord.ui.DynamicItem[discord.ui.Button[Any]],
        template=r"tb:pub:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<move>[ -~]{1,80})"):
    """A move on the public post that any current actor may take (the service checks
    the clicker acts now and the move is legal; the answer to them is ephemeral)."""

    def __init__(self, session_id: int, version: int, notation: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label or notation, BUTTON_LABEL_LIMIT),
            style=discord.ButtonStyle.success if notation == "accept" else (
                discord.ButtonStyle.danger if notation == "decline"
                else discord.ButtonStyle.secondary),
            custom_id=f"tb:pub:{session_id}:{version}:{notation}"))
        self.session_id, self.version, self.notation = session_id, version, notation

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> PublicMoveButton:
        return cls(int(match["sid"]), int(match["ver"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("public", interaction, session_id=self.session_id,
                        version=self.version, notation=self.notation)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"tb:ms:(?P<sid>[0-9]{1,18}):(?P<ver>[0-9]{1,18}):(?P<n>[0-9])"):
    def __init__(self, session_id: int, version: int, number: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"tb:ms:{session_id}:{version}:{number}",
            options=list(options) or [discord.SelectOption(label="-", value="-")],
            placeholder=placeholder or None, min_values=1, max_values=1))
        self.session_id, self.version = session_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> MoveSelect:
        return cls(int(match["sid"]), int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast("dict[str, Any]", interaction.data or {}).get("values") or []
        notation = str(values[0]) if values else ""
        path = drilled(notation)
        if path is not None:
            await _dispatch("submenu", interaction, session_id=self.session_id,
                            version=self.version, path=path)
            return
        await _dispatch("move", interaction, session_id=self.session_id,
                        version=self.version, notation=notation)


class RemoveSeatSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                       template=r"tb:kick:(?P<sid>[0-9]{1,18})"):
    """The lobby's "Remove a seat…" menu; each value is ``<seat>:<name>`` so a pick from
    an old lobby message whose seats have moved is refused (the service checks the
    name, and that the clicker is the host)."""

    def __init__(self, session_id: int, options: Sequence[discord.SelectOption] = (),
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"tb:kick:{session_id}",
            options=list(options) or [discord.SelectOption(label="-", value="-")],
            placeholder=placeholder or None, min_values=1, max_values=1))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> RemoveSeatSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = cast("dict[str, Any]", interaction.data or {}).get("values") or []
        seat, _, name = str(values[0] if values else "").partition(":")
        await _dispatch("kick", interaction, session_id=self.session_id,
                        seat=int(seat) if seat.isdigit() else -1, seat_name=name)


class FinishedGameButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                         template=r"tb:(?P<op>rematch|replay):(?P<sid>[0-9]{1,18})"):
    """The final post's buttons (issue 16): a rematch lobby, or the animated replay."""

    def __init__(self, op: str, session_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=_clip(label or op, BUTTON_LABEL_LIMIT),
            style=discord.ButtonStyle.success if op == "rematch"
            else discord.ButtonStyle.secondary,
            custom_id=f"tb:{op}:{session_id}"))
        self.op, self.session_id = op, session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> FinishedGameButton:
        return cls(match["op"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(self.op, interaction, session_id=self.session_id)


_LOBBY_BUTTONS = (
    ("join", "platform.discord.lobby_join"),
    ("bot", "platform.discord.lobby_bot"),
    ("bot-easy", "platform.discord.lobby_bot_easy"),
    ("bot-expert", "platform.discord.lobby_bot_expert"),
    ("start", "platform.discord.lobby_start"),
)

class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tb:rules:(?P<sid>[0-9]{1,18})"):
    """The turn post's "Rules": the game's rules topics, privately, in the reader's
    language (issue 27 item 1)."""

    def __init__(self, session_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or "Rules", style=discord.ButtonStyle.secondary,
            custom_id=f"tb:rules:{session_id}"))
        self.session_id = session_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> RulesButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("rules", interaction, session_id=self.session_id)


DYNAMIC_ITEMS = (LobbyButton, MenuButton, HandButton, MoveButton, PublicMoveButton,
                 MoveSelect, RemoveSeatSelect, FinishedGameButton, RulesButton)
#: More buttons of a game in play, from modules this one may not import (the "Plans"
#: button of :mod:`.plan_commands`): each gives its buttons for an update, or none.
BOARD_BUTTON_HOOKS: list[Callable[[Update, str], list[discord.ui.Item[Any]]]] = []
#: At most this many of a ruleset's public buttons (the board's own two come after).
MAX_PUBLIC_BUTTONS = 10


def view_for(update: Update, locale: str) -> discord.ui.View | None:
    """The public buttons under an update: lobby controls, or the board's own."""
    view = discord.ui.View(timeout=None)
    if update.status == "lobby":
        for op, key in _LOBBY_BUTTONS:
            view.add_item(LobbyButton(op, update.session_id, t(key, locale)))
        if update.removable:
            options = [discord.SelectOption(
                label=_clip(t("platform.discord.remove_option", locale, number=seat + 1,
                              name=name), SELECT_LABEL_LIMIT),
                value=f"{seat}:{name}"[:100]) for seat, name in update.removable]
            view.add_item(RemoveSeatSelect(update.session_id, options[:OPTIONS_PER_SELECT],
                                           t("platform.discord.remove_placeholder", locale)))
        return view
    if update.status == "active":
        for item in board_buttons(update, locale):
            view.add_item(item)
        return view
    if update.status == "finished" and update.game:
        view.add_item(FinishedGameButton("rematch", update.session_id,
                                         t("history.discord.rematch_button", locale)))
        view.add_item(FinishedGameButton("replay", update.session_id,
                                         t("history.discord.replay_button", locale)))
        return view
    return None


def board_buttons(update: Update, locale: str) -> list[discord.ui.Item[Any]]:
    """The buttons of a game in play: the ruleset's public moves, then "Your moves",
    (in a game with hands) "Your hand", "Rules", and those of :data:`BOARD_BUTTON_HOOKS`
    ("Plans" in a game that offers plans)."""
    items: list[discord.ui.Item[Any]] = []
    menu_shown = False
    for label, notation in update.public_buttons[:MAX_PUBLIC_BUTTONS]:
        if not notation:
            if menu_shown:
                continue
            menu_shown = True
            items.append(MenuButton(update.session_id, label, tag="alt"))
        elif len(f"tb:pub:{update.session_id}:{update.version}:{notation}") \
                <= CUSTOM_ID_LIMIT and re.fullmatch(r"[ -~]{1,80}", notation):
            items.append(PublicMoveButton(update.session_id, update.version, notation, label))
    items.append(MenuButton(update.session_id, t("platform.discord.moves_button", locale)))
    if _has_hand(update.game):
        items.append(HandButton(update.session_id, t("platform.discord.hand_button", locale)))
    items.append(RulesButton(update.session_id, t("platform.discord.rules_button", locale)))
    for hook in BOARD_BUTTON_HOOKS:
        items.extend(hook(update, locale))
    return items


# -- move menus within Discord's limits ---------------------------------------------------
#: Rows of a message's components, and rows of buttons a menu may use.
MAX_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_ROWS = 2
#: A kind of move with at most this many moves gets buttons, not a select: the moves that
#: matter most (End turn, Roll, Pass, Accept) are single ones and never hide in a list.
SMALL_KIND = 3
#: Select values that open a sub-menu start with this (no notation does).
DRILL = ">"
_NUMBERED = re.compile(r"^\d+ — ")


def kind_of(choice: MoveChoice) -> str:
    """The kind of move: the first word of its label ("Settle", "Road", "Neptune")."""
    words = _NUMBERED.sub("", choice.label).split(maxsplit=1)
    word = (words[0] if words else choice.notation).strip(":,.;()…—-")
    return (word or choice.notation)[:40].replace(DRILL, "")


def path_of(choice: MoveChoice) -> tuple[str, ...]:
    """The menu levels leading to ``choice``: its kind, then the ruleset's finer groups."""
    return (kind_of(choice), *(g.replace(DRILL, "") for g in choice.group))


def important_first(choices: Sequence[MoveChoice]) -> list[MoveChoice]:
    """Moves of small kinds (End turn, Roll, Pass, Buy, Accept …) first, then the rest,
    each in the ruleset's order: the order of autocomplete, whose 25 entries must never
    hide the moves that matter behind 90 placements."""
    sizes: dict[str, int] = {}
    for choice in choices:
        sizes[kind_of(choice)] = sizes.get(kind_of(choice), 0) + 1
    return sorted(choices, key=lambda c: sizes[kind_of(c)] > SMALL_KIND)


def filtered(choices: Sequence[MoveChoice], typed: str) -> list[MoveChoice]:
    """What autocomplete offers for ``typed``: the important moves first; a typed board
    number first brings the move numbered so; then label or notation starting with it,
    then containing it."""
    needle = " ".join(typed.lower().split())
    ordered = important_first(choices)
    if not needle:
        return ordered

    def rank(choice: MoveChoice) -> int:
        label, notation = choice.label.lower(), choice.notation.lower()
        if needle.isdigit() and label.startswith(needle + " — "):
            return 0
        if notation.startswith(needle) or label.startswith(needle) or \
                _NUMBERED.sub("", label).startswith(needle):
            return 1
        return 2 if needle in label or needle in notation else 3

    return [c for c in sorted(ordered, key=rank) if rank(c) < 3]


def _plan(choices: Sequence[MoveChoice], path: tuple[str, ...]
          ) -> tuple[list[MoveChoice], list[tuple[str, list[MoveChoice]]],
                     list[tuple[str, int]]]:
    """Lay out the moves under ``path``: (buttons, selects as (kind, moves), kinds to open
    in a sub-menu as (kind, count)), within :data:`MAX_ROWS` rows."""
    level = len(path)
    leaves: list[MoveChoice] = []
    buckets: dict[str, list[MoveChoice]] = {}
    for choice in choices:
        full = path_of(choice)
        if full[:level] != path:
            continue
        if len(full) <= level:
            leaves.append(choice)
        else:
            buckets.setdefault(full[level], []).append(choice)
    for kind in [k for k, moves in buckets.items() if len(moves) <= SMALL_KIND]:
        leaves.extend(buckets.pop(kind))
    if len(leaves) > BUTTON_ROWS * BUTTONS_PER_ROW:  # too many single moves: a list too
        buckets = {path[-1] if path else "…": leaves, **buckets}
        leaves = []
    rows = MAX_ROWS - -(-len(leaves) // BUTTONS_PER_ROW)
    selects: list[tuple[str, list[MoveChoice]]] = []
    drill: list[tuple[str, int]] = []
    needed = sum(-(-len(moves) // OPTIONS_PER_SELECT) for moves in buckets.values())
    if needed <= rows:
        selects = list(buckets.items())
    elif len(buckets) > rows:  # more kinds than rows: choose the kind first
        drill = [(kind, len(moves)) for kind, moves in buckets.items()]
    else:
        rows -= 1  # one row for the kinds that open a sub-menu
        for kind, moves in buckets.items():
            need = -(-len(moves) // OPTIONS_PER_SELECT)
            if need <= rows:
                selects.append((kind, moves))
                rows -= need
            else:
                drill.append((kind, len(moves)))
    return leaves, selects, drill


def _has_hand(game: str) -> bool:
    """Whether seats of ``game`` hold private cards (Lovci has none: no "Your hand")."""
    try:
        return get_ruleset(game).has_hand
    except LocalizedError:
        return True  # an update without a known game: keep the button, it refuses politely


def move_menu(session_id: int, version: int, choices: Sequence[MoveChoice],
              locale: str, path: tuple[str, ...] = ()) -> discord.ui.View:
    """An ephemeral menu of the player's legal moves: buttons when few; else the single
    moves as buttons, a select per kind of move, and kinds too long for the message
    behind a select that opens their own menu (``path``: the kinds chosen so far)."""
    view = discord.ui.View(timeout=None)
    usable = [c for c in choices if len(f"tb:mv:{session_id}:{version}:{c.notation}")
              <= CUSTOM_ID_LIMIT]
    if len(usable) <= MAX_BUTTONS and not path:
        for choice in usable:
            view.add_item(MoveButton(session_id, version, choice.notation, choice.label))
        return view
    leaves, selects, drill = _plan(usable, path)
    for choice in leaves:
        view.add_item(MoveButton(session_id, version, choice.notation, choice.label))
    number = 0
    for kind, moves in selects:
        for start in range(0, len(moves), OPTIONS_PER_SELECT):
            chunk = moves[start:start + OPTIONS_PER_SELECT]
            options = [discord.SelectOption(label=_clip(c.label, SELECT_LABEL_LIMIT),
                                            value=c.notation) for c in chunk]
            if len(moves) > OPTIONS_PER_SELECT:
                placeholder = t("platform.menu.pick_range", locale, kind=kind,
                                first=_clip(_NUMBERED.sub("", chunk[0].label), 30),
                                last=_clip(_NUMBERED.sub("", chunk[-1].label), 30))
            else:
                placeholder = t("platform.menu.pick", locale, kind=kind)
            view.add_item(MoveSelect(session_id, version, number, options,
                                     _clip(placeholder, 150)))
            number += 1
    if drill:
        options = [discord.SelectOption(
            label=_clip(t("platform.menu.kind_option", locale, kind=kind, count=count),
                        SELECT_LABEL_LIMIT),
            value=_clip(DRILL + DRILL.join((*path, kind)), SELECT_LABEL_LIMIT))
            for kind, count in drill[:OPTIONS_PER_SELECT]]
        view.add_item(MoveSelect(session_id, version, number, options,
                                 t("platform.menu.kinds", locale)))
    return view


def drilled(value: str) -> tuple[str, ...] | None:
    """The menu path a select value opens (see :data:`DRILL`), or None for a move."""
    if not value.startswith(DRILL):
        return None
    return tuple(value[len(DRILL):].split(DRILL))
