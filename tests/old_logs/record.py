"""Records the old logs of tests/test_old_logs.py: a seeded bot game played by the
engine of the checkout this runs in (they were recorded at 6742e8a, the commit before
issue 26 item 2 changed the special building phase and the contract discards).

    git worktree add /tmp/old 6742e8a
    cd tests/old_logs
    PYTHONPATH=/tmp/old python record.py hexfolk 5 7 hexfolk-5p-seed7
    PYTHONPATH=/tmp/old python record.py hexfolk 5 7 hexfolk-5p-seed7-stored --stored

writes NAME.txt (the log: seat, a tab, the notation, one move a line, as the platform
logs it) and NAME.json (the state at its end). With ``--stored`` the game stops halfway
through an old-style stretch, as a game stored when the rules changed: Hexfolk once a
seat has built in a special building phase that other seats still wait for, Shipyard
after a countdown's second discard. Whoever of several seats acting at once moves next is
the first after the last mover, so the players' discards mix as they did.
"""

from __future__ import annotations

import json
import sys

from games import get_ruleset


def record(game: str, players: int, seed: int, out: str, stored: bool) -> None:
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, {}, seed)
    log: list[tuple[int, str]] = []
    last = -1
    discards = 0
    while ruleset.result(state) is None:
        actors = sorted(ruleset.actors(state))
        later = [s for s in actors if s > last]
        seat = later[0] if later else actors[0]
        action = ruleset.bot_action(state, seat)
        notation = ruleset.notate_action(state, action)
        log.append((seat, notation))
        ruleset.apply(state, seat, action)
        last = seat
        if not stored:
            continue
        if game == "hexfolk" and state.phase == "special" and notation != "end" \
                and seat != state.current and state.special_queue:
            break
        discards += notation.startswith("discard")
        if game == "shipyard" and discards == 2:
            break
    with open(out + ".txt", "w") as f:
        f.writelines(f"{s}\t{n}\n" for s, n in log)
    with open(out + ".json", "w") as f:
        json.dump(ruleset.dump(state), f, sort_keys=True)


if __name__ == "__main__":
    record(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], "--stored" in sys.argv)
