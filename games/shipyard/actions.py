"""Shipyard actions and their canonical notation. One decision per action::

    take build          step 2: put your figure on an action card
    bonus canal         pay 6 guilders and perform another action now (before or after)
    buy m7              Build Ships: take display card (b1–b5 bows, m1–m10 middles,
                        s1–s5 sterns; the number counts rows from the top of the column)
    buy blank stern     a free blank card when no card of that deck is on display
    slot 4              place the card just bought in shipyard slot 4 (1–9)
    stop                take no more ship cards this action
    canal 2             Rent Canal: take face-up canal 2 (1–5)
    attach 1 -1 3       lay it at grid square x=1, y=-1 turned 3 quarter turns
    figure 2            put your ship figure on space 2 of your first canal
    train 3             Purchase Commodities: take face-up freight train 3
    use 1               Commodities Exchange: exchange your train 1
    sell                sell the next commodity of that train
    swap sail           swap it for a sail (coal: smokestack/propeller, steel:
                        cannon/crane, timber: sail or a crew member)
    steps 2             Manufacture Equipment / Recruit Crew / Hire Employee: move the
                        marker 2 sectors (1 is free)
    hire 3              take employee 3 at the stop the marker reached
    subsidy             Receive Subsidy
    end                 end the action step without (another) bonus action
    launch 3            of several completed ships, fit and sail the one whose bow is in
                        slot 3 next
    fit captain         put a captain (or officer, equipment) from your yard on the ship
    sail                the ship is fitted: score it and start its shakedown cruise
    go 1 0 3            at a confluence: sail on to space 3 of the canal at 1,0
    discard green 2 3 blue 1    at a countdown: give up your second and third green
                        and your first blue contract at once (counted in your own order)
    pass                the last chance: complete no ship
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..notation import Unreadable, bare_move, number, one_based, read, signed
from .data import ACTIONS, BOW, ITEMS, MIDDLE, STERN


@dataclass(frozen=True, slots=True)
class Take:
    card: str


@dataclass(frozen=True, slots=True)
class Bonus:
    card: str


@dataclass(frozen=True, slots=True)
class Buy:
    column: str  #: b, m or s
    row: int  #: 0-based: b/s 0–4, m 0–9 (5–9 the second column)


@dataclass(frozen=True, slots=True)
class BuyBlank:
    deck: str


@dataclass(frozen=True, slots=True)
class Slot:
    slot: int  #: 0-based


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class RentCanal:
    slot: int  #: 0-based


@dataclass(frozen=True, slots=True)
class Attach:
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class FigureAt:
    space: int  #: 0-based


@dataclass(frozen=True, slots=True)
class TakeTrain:
    slot: int


@dataclass(frozen=True, slots=True)
class UseTrain:
    index: int


@dataclass(frozen=True, slots=True)
class Sell:
    pass


@dataclass(frozen=True, slots=True)
class Swap:
    item: str


@dataclass(frozen=True, slots=True)
class Steps:
    steps: int


@dataclass(frozen=True, slots=True)
class Hire:
    index: int  #: 0-based place at the stop


@dataclass(frozen=True, slots=True)
class Subsidy:
    pass


@dataclass(frozen=True, slots=True)
class EndActions:
    pass


@dataclass(frozen=True, slots=True)
class Launch:
    slot: int  #: 0-based slot of the ship's bow


@dataclass(frozen=True, slots=True)
class Fit:
    item: str


@dataclass(frozen=True, slots=True)
class SetSail:
    pass


@dataclass(frozen=True, slots=True)
class Go:
    x: int
    y: int
    space: int  #: 0-based


@dataclass(frozen=True, slots=True)
class GiveUp:
    """Every contract a player gives up at a countdown, chosen at once (issue 26 item 2):
    0-based, in the owner's own order, ascending."""

    green: tuple[int, ...] = ()
    blue: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    pass


Action = (Take | Bonus | Buy | BuyBlank | Slot | Stop | RentCanal | Attach | FigureAt
          | TakeTrain | UseTrain | Sell | Swap | Steps | Hire | Subsidy | EndActions | Launch
          | Fit | SetSail | Go | GiveUp | Pass)

_DECK_WORDS = {BOW: BOW, MIDDLE: MIDDLE, STERN: STERN}


def format_action(action: Action) -> str:
    match action:
        case Take(card):
            return f"take {card}"
        case Bonus(card):
            return f"bonus {card}"
        case Buy(column, row):
            return f"buy {column}{row + 1}"
        case BuyBlank(deck):
            return f"buy blank {deck}"
        case Slot(slot):
            return f"slot {slot + 1}"
        case Stop():
            return "stop"
        case RentCanal(slot):
            return f"canal {slot + 1}"
        case Attach(x, y, rotation):
            return f"attach {x} {y} {rotation}"
        case FigureAt(space):
            return f"figure {space + 1}"
        case TakeTrain(slot):
            return f"train {slot + 1}"
        case UseTrain(index):
            return f"use {index + 1}"
        case Sell():
            return "sell"
        case Swap(item):
            return f"swap {item}"
        case Steps(steps):
            return f"steps {steps}"
        case Hire(index):
            return f"hire {index + 1}"
        case Subsidy():
            return "subsidy"
        case EndActions():
            return "end"
        case Launch(slot):
            return f"launch {slot + 1}"
        case Fit(item):
            return f"fit {item}"
        case SetSail():
            return "sail"
        case Go(x, y, space):
            return f"go {x} {y} {space + 1}"
        case GiveUp(green, blue):
            parts = [f"{colour} " + " ".join(str(i + 1) for i in held)
                     for colour, held in (("green", green), ("blue", blue)) if held]
            return "discard " + " ".join(parts)
        case Pass():
            return "pass"
    raise TypeError(f"not a Shipyard action: {action!r}")


_NO_ARGS: dict[str, Action] = {
    "stop": Stop(), "sell": Sell(), "subsidy": Subsidy(), "end": EndActions(),
    "sail": SetSail(), "pass": Pass()}


def _give_up(args: list[str]) -> GiveUp:
    """``green 2 3 blue 1``: each colour at most once, followed by its contracts."""
    held: dict[str, list[int]] = {}
    colour = None
    for word in args:
        if word in ("green", "blue"):
            if word in held:
                raise Unreadable
            colour = word
            held[colour] = []
        elif colour is None:
            raise Unreadable
        else:
            held[colour].append(one_based(word, 3))
    if any(not picked or len(set(picked)) != len(picked) for picked in held.values()):
        raise Unreadable
    return GiveUp(tuple(sorted(held.get("green", ()))), tuple(sorted(held.get("blue", ()))))


def _parse(words: list[str]) -> Action:
    bare = bare_move(words, _NO_ARGS)
    if bare is not None:
        return bare
    verb, args = words[0], words[1:]
    n = len(args)
    if n == 1:
        arg = args[0]
        if verb in ("take", "bonus") and arg in ACTIONS:
            return Take(arg) if verb == "take" else Bonus(arg)
        if verb == "buy" and len(arg) >= 2 and arg[0] in "bms":
            return Buy(arg[0], one_based(arg[1:], 10 if arg[0] == "m" else 5))
        if verb in ("swap", "fit") and arg in ITEMS:
            return Swap(arg) if verb == "swap" else Fit(arg)
        simple: dict[str, tuple[Callable[[int], Action], int]] = {
            "slot": (Slot, 9), "canal": (RentCanal, 5), "figure": (FigureAt, 3),
            "train": (TakeTrain, 5), "use": (UseTrain, 99), "hire": (Hire, 3),
            "launch": (Launch, 9)}
        if verb in simple:
            kind, high = simple[verb]
            return kind(one_based(arg, high))
        if verb == "steps":
            return Steps(number(arg, 1, 9))
    if verb == "buy" and n == 2 and args[0] == "blank" and args[1] in _DECK_WORDS:
        return BuyBlank(args[1])
    if verb == "discard" and n >= 2:
        return _give_up(args)
    if verb == "attach" and n == 3:
        return Attach(signed(args[0], -99, 99), signed(args[1], -99, 99),
                      signed(args[2], 0, 3))
    if verb == "go" and n == 3:
        return Go(signed(args[0], -99, 99), signed(args[1], -99, 99),
                  one_based(args[2], 3))
    raise Unreadable


def parse_action(text: str) -> Action:
    """Read notation (case and extra spaces don't matter)."""
    return read(text, _parse)
