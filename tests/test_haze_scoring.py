"""Haze Islands winners, tie-breaks and titles (rulebook "Game End", "Titles", "Game
Modes")."""

from __future__ import annotations

from games.haze_islands import rules
from games.haze_islands.scoring import icons, title, winners
from games.haze_islands.state import HazeState, LogEntry


def finished(players: int, mode: str, *, defeated: bool) -> HazeState:
    state = rules.setup(players, 3, mode=mode)
    state.phase = "over"
    if defeated:
        state.doom_cards = []
    return state


def test_icons_of_a_captains_log() -> None:
    """Double adventures score 2 icons (1 once flipped to X), single 1, Doom cards their
    required icons (3 or 4)."""
    state = finished(1, "solo", defeated=False)
    log = state.players[0].log
    log += [LogEntry("double", 0), LogEntry("double", 1, used=True), LogEntry("single", 2),
            LogEntry("doom", 1, face=0), LogEntry("doom", 2, face=1)]
    assert icons(state.players[0]) == 2 + 1 + 1 + 4 + 3


def test_titles() -> None:
    """"Less than 10 icons: Captain Daisy." "10+ ... Silverbell." "15+ ... Black Rose."
    "20+ ... Corpse."""
    assert [title(n) for n in (0, 9, 10, 14, 15, 19, 20, 31)] == [
        "daisy", "daisy", "silverbell", "silverbell", "black_rose", "black_rose", "corpse",
        "corpse"]


def test_solo_wins_only_by_defeating_the_doom_with_fifteen_icons() -> None:
    """"Solo: Defeat The Doom and score a minimum of 15 icons."""
    state = finished(1, "solo", defeated=True)
    state.players[0].log = [LogEntry("doom", 1, face=0)] * 3 + [LogEntry("double", 0)] * 1
    assert icons(state.players[0]) == 14 and winners(state) == ()
    state.players[0].log.append(LogEntry("single", 3))
    assert winners(state) == (0,)
    state.doom_cards = [[0, 0]]  # survived 6 rounds, but The Doom lives
    assert winners(state) == ()


def test_coop_team_wins_only_if_all_survive_and_the_doom_falls() -> None:
    """"Cooperative: All players must survive and defeat The Doom."""
    state = finished(3, "coop", defeated=True)
    assert winners(state) == (0, 1, 2)
    state.players[1].status = "ghost"
    assert winners(state) == ()
    state.players[1].status = "castaway"
    assert winners(state) == (0, 1, 2)
    assert winners(finished(2, "coop", defeated=False)) == ()


def test_competitive_winner_and_tie_breaks() -> None:
    """"The surviving player (or Castaway) with the greatest number of icons ... wins. If
    tied, the surviving player with the most Doom cards wins. If still tied, the player
    with the most surviving pirates wins (deployed or in supply)."""
    state = finished(3, "competitive", defeated=False)
    a, b, c = state.players
    a.log = [LogEntry("double", 0), LogEntry("double", 1), LogEntry("double", 2)]  # 6
    b.log = [LogEntry("doom", 1, face=0), LogEntry("double", 3)]  # 6, one Doom card
    c.log = [LogEntry("double", 4)]
    assert winners(state) == (1,)
    b.status = "ghost"  # not a survivor
    assert winners(state) == (0,)
    b.status = "ship"
    b.log = [LogEntry("double", 3)] * 3  # 6, no Doom card: pirates decide
    b.supply, b.boxed = 2, 1
    assert winners(state) == (0,)
    a.supply, a.deployed, a.boxed = 1, [], 2
    assert winners(state) == (1,)
    b.supply, b.boxed = 1, 2
    assert winners(state) == (0, 1)  # "the ugliest player wins. Y'all decide."
