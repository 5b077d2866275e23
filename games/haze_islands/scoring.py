"""Icons in a Captain's Log (the score), winners and titles (rulebook "Game End",
"Titles" and "Game Modes")."""

from __future__ import annotations

from .data import (
    COOP,
    DOOM_CARDS,
    DOUBLE_SCORE,
    SINGLE_SCORE,
    SOLO,
    SOLO_TARGET,
    TITLES,
    USED_SCORE,
)
from .state import CASTAWAY, SHIP, HazeState, Player


def icons(player: Player) -> int:
    """A double adventure scores 2 icons (1 once its special action is used), a single
    adventure 1, a Doom card its number of required icons."""
    total = 0
    for entry in player.log:
        if entry.kind == "doom":
            total += DOOM_CARDS[entry.card].score(entry.face)
        elif entry.kind == "double":
            total += USED_SCORE if entry.used else DOUBLE_SCORE
        else:
            total += SINGLE_SCORE
    return total


def doom_cards_taken(player: Player) -> int:
    return sum(1 for entry in player.log if entry.kind == "doom")


def surviving_pirates(player: Player) -> int:
    """Tie-break: "the most surviving pirates ... (deployed or in supply)"; a Castaway's
    own token is on the board too (RULES-NOTES)."""
    return player.supply + len(player.deployed) + (1 if player.status == CASTAWAY else 0)


def survives(player: Player) -> bool:
    """"The surviving player (or Castaway)": neither a Ghost Ship nor sunk."""
    return player.status in (SHIP, CASTAWAY)


def title(count: int) -> str:
    """Titles: Captain Daisy below 10 icons, Silverbell 10+, Black Rose 15+, Corpse 20+."""
    return next(code for minimum, code in TITLES if count >= minimum)


def title_of(player: Player) -> str:
    """"Surviving players earn Titles based on the total number of icons they have": a
    Ghost Ship or a sunk ship has none ("" ; issue 24 item 4)."""
    return title(icons(player)) if survives(player) else ""


def winners(state: HazeState) -> tuple[int, ...]:
    """Who won a finished game (empty: nobody)."""
    players = state.players
    defeated = not state.doom_cards
    if state.mode == SOLO:
        # "Solo: Defeat The Doom and score a minimum of 15 icons."
        player = players[0]
        return (0,) if defeated and survives(player) and icons(player) >= SOLO_TARGET else ()
    if state.mode == COOP:
        # "Cooperative: All players must survive and defeat The Doom."
        won = defeated and all(survives(p) for p in players)
        return tuple(range(len(players))) if won else ()
    # "The surviving player (or Castaway) with the greatest number of icons in their
    # Captain's Log wins. If tied, the surviving player with the most Doom cards wins. If
    # still tied, the player with the most surviving pirates wins". Beyond that ("the
    # ugliest player wins. Y'all decide.") the tied players share the win.
    ranked = {seat: (icons(p), doom_cards_taken(p), surviving_pirates(p))
              for seat, p in enumerate(players) if survives(p)}
    if not ranked:
        return ()
    best = max(ranked.values())
    return tuple(seat for seat, key in ranked.items() if key == best)
