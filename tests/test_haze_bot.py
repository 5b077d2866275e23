"""The Haze Islands bot's reading of The Doom (rulebook "Round End", "2. The Doom Moves";
issue 12: the bot lost most games by becoming a Ghost Ship)."""

from __future__ import annotations

import copy
import random

from games.haze_islands import RULESET, bot
from games.haze_islands.round_end import doom_distances, doom_moves
from games.haze_islands.scoring import icons
from games.haze_islands.state import PHASE_PLAY, SHIP, HazeState


def _played(seed: int, actions: int) -> HazeState:
    """A competitive 3-player game after ``actions`` seeded random legal actions."""
    rng = random.Random(seed)
    state = RULESET.setup(3, {"mode": "competitive"}, seed)
    for _ in range(actions):
        if RULESET.result(state) is not None or state.phase != PHASE_PLAY:
            break
        seat = rng.choice(sorted(RULESET.actors(state)))
        RULESET.apply_trusted(state, seat, rng.choice(RULESET.legal_actions(state, seat)))
    return state


def _unique_target(state: HazeState) -> bool:
    """The Doom's target is decided without the die roll ("If still tied, ... roll")."""
    distances = doom_distances(state)
    keys = [(distances[(p.x, p.y)][0], -icons(p)) for p in state.players
            if p.status == SHIP and (p.x, p.y) in distances]
    return bool(keys) and keys.count(min(keys)) == 1


def test_predicted_damage_is_what_the_doom_deals() -> None:
    """"The Doom Moves": power +1 (7 in the last round), it moves towards the nearest
    ship (most icons on a tie) while its power lasts or until it reaches a ship, then
    every ship at its location takes the power left. The bot's forecast from the public
    map must match the engine's move, ship by ship."""
    checked = hit = 0
    for seed in range(40):
        for actions in (15, 40, 80, 140):
            state = _played(seed, actions)
            if state.phase != PHASE_PLAY or not _unique_target(state):
                continue
            forecast = {seat: bot._doom_damage(state, seat, (p.x, p.y))
                        for seat, p in enumerate(state.players) if p.status == SHIP}
            after = copy.deepcopy(state)
            doom_moves(after, [])
            for seat, damage in forecast.items():
                before, now = state.players[seat], after.players[seat]
                lost = before.supply - now.supply if now.status == SHIP else None
                if lost is None:
                    assert damage > before.supply, (seed, actions, seat)
                else:
                    assert lost == damage, (seed, actions, seat)
                checked += 1
                hit += damage > 0
    assert checked > 100 and hit > 5  # the comparison covered ships hit and spared
