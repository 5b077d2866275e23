"""Haze Islands actions and their canonical notation, one line per action::

    pass        wait for cards (never as the first player of the round)
    discard     discard the top card of your map deck, unseen
    scout n     Scout north (n, e, s, w): create a location on that side
    sail e      Sail east (n, e, s, w) to the adjacent location
    plunder     Plunder: draw as many cards as your location's number
    keep 12 discard 5 7
                after Plunder: map card #12 goes to your hand, #5 then #7 are discarded
                (in that order: the last one ends on top); ``keep 12`` when nothing else
                was drawn
    drop 12     discard map card #12 from your hand (down to the hand limit of 3)
    deploy      Deploy a pirate here (Reveal Your Fate first)
    fate nw     Reveal Your Fate: the corner (nw, ne, se, sw) of your top map card
    steal       Steal: discard your top card unseen, then search your deck
    take 12     after Steal: take map card #12 (matching your location's icon) to hand
    complete    Complete the adventure here (Reveal Your Fate first)
    attack doom Attack The Doom at your location (Spend first, then Reveal Your Fate)
    attack 2    Attack the ship of player 2 at your location (competitive mode)
    hijack 2    a Castaway Hijacks player 2's ship here (Fate, then 2 Crew icons)
    discard 12  a Ghost Ship discards map card #12 of its deck (any order, all of them)
    rotate 1,-2 90
                a Ghost Ship then rotates the location at (1, -2) by 90, 180 or 270
                degrees clockwise
    pay 12 5 @-1,2
                Spend: discard cards #12 then #5 from your hand and return your pirate
                from the location at (-1, 2); as many as the icons required
    trade 2 give 12
                coop: swap cards with player 2 at your location, giving map card #12
    give 5      the partner of a trade gives map card #5 back (``skip`` refuses)
    use 4 @1,0  use the special action of adventure #4 in your Captain's Log, with its
                target: a seat (``use 1 2``), squares (``use 5 @0,0 @1,0``: from, to)
                or nothing (``use 12``)
    skip        answer "no" to a use-or-pass window (or keep a revealed Skull)
    top 12      reordering your deck (or playing hand cards as map cards): #12 next on top
    done        end the reordering
    revive nw   a Ghost Ship tries to Revive: the corner of a random discarded card
    dawn 1,-2   New Dawn: the location at (1, -2) gets the next adventure card

Map cards are numbered 1–30 in the order of the data file's table.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import IllegalAction
from .data import CORNERS, DIRECTION_NAMES, MAP_CARDS


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Discard:
    pass


@dataclass(frozen=True, slots=True)
class Scout:
    direction: int


@dataclass(frozen=True, slots=True)
class Sail:
    direction: int


@dataclass(frozen=True, slots=True)
class Plunder:
    pass


@dataclass(frozen=True, slots=True)
class Keep:
    """After Plunder: the card (id) for the hand and the others in discard order."""

    card: int
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Drop:
    """Discard a card (id) from the hand, down to the hand limit."""

    card: int


@dataclass(frozen=True, slots=True)
class Deploy:
    pass


@dataclass(frozen=True, slots=True)
class Fate:
    """Reveal Your Fate: the corner (index into data.CORNERS) of the top map card."""

    corner: int


@dataclass(frozen=True, slots=True)
class Steal:
    pass


@dataclass(frozen=True, slots=True)
class Take:
    """After Steal: the card (id) of the map deck taken to the hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Complete:
    pass


@dataclass(frozen=True, slots=True)
class AttackDoom:
    pass


@dataclass(frozen=True, slots=True)
class AttackShip:
    seat: int


@dataclass(frozen=True, slots=True)
class Hijack:
    seat: int


@dataclass(frozen=True, slots=True)
class GhostDiscard:
    card: int


@dataclass(frozen=True, slots=True)
class Rotate:
    x: int
    y: int
    quarters: int  # 1, 2 or 3 quarter turns clockwise


DEGREES = {1: "90", 2: "180", 3: "270"}


@dataclass(frozen=True, slots=True)
class Pay:
    """Spend: hand cards (ids, in discard order) and pirates returned (their squares)."""

    cards: tuple[int, ...] = ()
    pirates: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Trade:
    """Coop: offer map card ``card`` (id) from the hand to ``seat`` for one of theirs."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Give:
    """The partner of a trade gives map card ``card`` (id) back."""

    card: int


@dataclass(frozen=True, slots=True)
class Use:
    """Use the special action of adventure ``number`` (1–18) in one's Captain's Log.

    ``seat``: its target player (Draw from an opponent), else -1; ``squares``: the
    locations it names (a location, or a pirate's square then where it goes)."""

    number: int
    seat: int = -1
    squares: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Skip:
    pass


@dataclass(frozen=True, slots=True)
class Top:
    """Reordering: map card ``card`` (id) goes next on top of the map deck."""

    card: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Revive:
    corner: int


@dataclass(frozen=True, slots=True)
class Dawn:
    x: int
    y: int


Action = (Pass | Discard | Scout | Sail | Plunder | Keep | Drop | Deploy | Fate | Steal | Take
          | Complete | AttackDoom | AttackShip | Hijack | Pay | GhostDiscard | Rotate | Trade | Give
          | Use | Skip | Top | Done | Revive | Dawn)


def _number(card: int) -> str:
    return str(card + 1)


def format_action(action: Action) -> str:
    match action:
        case Pass():
            return "pass"
        case Discard():
            return "discard"
        case Scout(direction):
            return f"scout {DIRECTION_NAMES[direction]}"
        case Sail(direction):
            return f"sail {DIRECTION_NAMES[direction]}"
        case Plunder():
            return "plunder"
        case Keep(card, ()):
            return f"keep {_number(card)}"
        case Keep(card, discards):
            return f"keep {_number(card)} discard {' '.join(map(_number, discards))}"
        case Drop(card):
            return f"drop {_number(card)}"
        case Deploy():
            return "deploy"
        case Steal():
            return "steal"
        case Take(card):
            return f"take {_number(card)}"
        case Complete():
            return "complete"
        case AttackDoom():
            return "attack doom"
        case AttackShip(seat):
            return f"attack {seat + 1}"
        case Hijack(seat):
            return f"hijack {seat + 1}"
        case GhostDiscard(card):
            return f"discard {_number(card)}"
        case Rotate(x, y, quarters):
            return f"rotate {x},{y} {DEGREES[quarters]}"
        case Pay(cards, pirates):
            words = [_number(c) for c in cards] + [f"@{x},{y}" for x, y in pirates]
            return " ".join(["pay", *words])
        case Fate(corner):
            return f"fate {CORNERS[corner]}"
        case Trade(seat, card):
            return f"trade {seat + 1} give {_number(card)}"
        case Give(card):
            return f"give {_number(card)}"
        case Use(number, seat, squares):
            words = [f"use {number}"] + ([str(seat + 1)] if seat >= 0 else [])
            return " ".join(words + [f"@{x},{y}" for x, y in squares])
        case Skip():
            return "skip"
        case Top(card):
            return f"top {_number(card)}"
        case Done():
            return "done"
        case Revive(corner):
            return f"revive {CORNERS[corner]}"
        case Dawn(x, y):
            return f"dawn {x},{y}"
    raise TypeError(f"not a Haze Islands action: {action!r}")


def parse_action(text: str) -> Action:
    """Read notation (case and extra spaces don't matter)."""
    words = text.strip().lower().split()
    if not words or len(text) > 200 or not all(w.isascii() for w in words):
        raise IllegalAction("platform.notation.unknown", text="")
    if words == ["pass"]:
        return Pass()
    if words == ["discard"]:
        return Discard()
    if len(words) == 2 and words[0] in ("scout", "sail") and words[1] in DIRECTION_NAMES:
        direction = DIRECTION_NAMES.index(words[1])
        return Scout(direction) if words[0] == "scout" else Sail(direction)
    cards = _cards(words[1:])
    if words == ["plunder"]:
        return Plunder()
    if words == ["deploy"]:
        return Deploy()
    if words == ["steal"]:
        return Steal()
    if words[0] == "discard" and cards is not None and len(cards) == 1:
        return GhostDiscard(cards[0])
    if len(words) == 3 and words[0] == "rotate" and words[2] in DEGREES.values():
        square = _pay(["@" + words[1]])
        if square is not None and len(square.pirates) == 1:
            x, y = square.pirates[0]
            quarters = next(q for q, d in DEGREES.items() if d == words[2])
            return Rotate(x, y, quarters)
    if words == ["complete"]:
        return Complete()
    if words == ["attack", "doom"]:
        return AttackDoom()
    if len(words) == 2 and words[0] in ("attack", "hijack") and words[1] in ("1", "2", "3"):
        seat = int(words[1]) - 1
        return AttackShip(seat) if words[0] == "attack" else Hijack(seat)
    if words == ["skip"]:
        return Skip()
    if words == ["done"]:
        return Done()
    if len(words) == 2 and words[0] == "revive" and words[1] in CORNERS:
        return Revive(CORNERS.index(words[1]))
    if len(words) == 2 and words[0] == "dawn":
        square = _pay(["@" + words[1]])
        if square is not None and len(square.pirates) == 1:
            return Dawn(*square.pirates[0])
    if words[0] in ("give", "top") and cards is not None and len(cards) == 1:
        return Give(cards[0]) if words[0] == "give" else Top(cards[0])
    if (len(words) == 4 and words[0] == "trade" and words[1] in ("1", "2", "3")
            and words[2] == "give"):
        card = _cards(words[3:])
        if card is not None:
            return Trade(int(words[1]) - 1, card[0])
    if words[0] == "use" and len(words) >= 2 and words[1].isdigit() and len(words[1]) <= 2:
        used = _use(words[1:])
        if used is not None:
            return used
    if words[0] == "pay" and len(words) > 1:
        pay = _pay(words[1:])
        if pay is not None:
            return pay
    if words[0] == "take" and cards is not None and len(cards) == 1:
        return Take(cards[0])
    if len(words) == 2 and words[0] == "fate" and words[1] in CORNERS:
        return Fate(CORNERS.index(words[1]))
    if words[0] == "drop" and cards is not None and len(cards) == 1:
        return Drop(cards[0])
    if words[0] == "keep" and len(words) >= 2:
        kept = _cards(words[1:2])
        rest = _cards(words[3:]) if len(words) > 3 and words[2] == "discard" else None
        if kept is not None and len(words) == 2:
            return Keep(kept[0])
        if kept is not None and rest:
            return Keep(kept[0], tuple(rest))
    raise IllegalAction("platform.notation.unknown", text=text.strip()[:80])


def _use(words: list[str]) -> Use | None:
    number = int(words[0])
    if not 1 <= number <= 18:
        return None
    rest = words[1:]
    seat = -1
    if rest and rest[0] in ("1", "2", "3"):
        seat = int(rest[0]) - 1
        rest = rest[1:]
    if not rest:
        return Use(number, seat)
    squares = _pay(rest) if all(w.startswith("@") for w in rest) else None
    if squares is None or not 1 <= len(squares.pirates) <= 2:
        return None
    return Use(number, seat, squares.pirates)


def _pay(words: list[str]) -> Pay | None:
    cards: list[int] = []
    pirates: list[tuple[int, int]] = []
    for word in words:
        if word.startswith("@"):
            x, sep, y = word[1:].partition(",")
            if len(x) > 4 or len(y) > 4:
                return None
            try:
                pirates.append((int(x), int(y)))
            except ValueError:
                return None
            if not sep:
                return None
        else:
            card = _cards([word])
            if card is None:
                return None
            cards.extend(card)
    return Pay(tuple(cards), tuple(pirates))


def _cards(words: list[str]) -> list[int] | None:
    """Map card numbers 1–30 as card ids, or ``None`` when a word is not one."""
    if not words or not all(w.isdigit() and len(w) <= 2 and 1 <= int(w) <= len(MAP_CARDS)
                            for w in words):
        return None
    return [int(w) - 1 for w in words]
