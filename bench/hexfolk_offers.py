"""``python -m bench.hexfolk_offers``: how often bots' trade offers prompt the one human.

An 8-player Hexfolk game, one human seat and seven bots, driven the way the session
service drives it: every bot that is due moves (in the service's order) until only the
human can act; that is one prompt. The human's answer is played by the bot's own logic,
so the game is the same one a cooperative person would see. Counted: the human's
prompts, and how many of them were answers to a bot's trade offer.

This measures decisions, not Discord pings (a ping is sent once per new prompt, so the
two agree here) nor the time a person takes.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass

from games import get_ruleset
from games.hexfolk.state import SPECIAL, TRADE

HEXFOLK = get_ruleset("hexfolk")
MAX_ACTIONS = 60_000


@dataclass(frozen=True, slots=True)
class PromptCount:
    seed: int
    human: int
    prompts: int
    bot_offer_prompts: int
    special_prompts: int  #: special building phase offered to the human
    player_trades: int  #: trades between players (all seats)
    finished: bool


def _bot_order(due: set[int], log: list[tuple[int, str]]) -> list[int]:
    """The order the session service moves the due bots in (see bot/service.py)."""
    try:
        from bot.service import bot_move_order
    except ImportError:  # the service before the trade window: seat order
        return sorted(due)
    return bot_move_order(due, log)


def count_prompts(seed: int, human: int = 0, players: int = 8,
                  options: dict[str, object] | None = None) -> PromptCount:
    state = HEXFOLK.setup(players, options or {}, seed)
    bots = set(range(players)) - {human}
    prompts = from_bot_offers = special = steps = 0
    log: list[tuple[int, str]] = []  # the moves since the human's last prompt
    while HEXFOLK.result(state) is None and steps < MAX_ACTIONS:
        actors = set(HEXFOLK.actors(state))
        due = actors & bots
        if due:
            for seat in _bot_order(due, log):
                if seat not in HEXFOLK.actors(state) or HEXFOLK.result(state) is not None:
                    continue
                action = HEXFOLK.bot_action(state, seat)
                HEXFOLK.apply(state, seat, action)
                steps += 1
                log.append((seat, HEXFOLK.format_action(action)))
            continue
        assert human in actors
        prompts += 1
        if state.phase == TRADE and state.current != human:
            from_bot_offers += 1
        if state.phase == SPECIAL:
            special += 1
        action = HEXFOLK.bot_action(state, human)
        HEXFOLK.apply(state, human, action)
        steps += 1
        log = [(human, HEXFOLK.format_action(action))]
    trades = sum(p.player_trades for p in state.players) // 2
    return PromptCount(seed, human, prompts, from_bot_offers, special, trades,
                       HEXFOLK.result(state) is not None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-offers", action="store_true",
                        help="the lobby option bot_offers=yes (bot offers wait for people)")
    args = parser.parse_args()
    options = {"bot_offers": True} if args.bot_offers else {}
    rows = [count_prompts(args.seed + g, human=g % 8, options=options)
            for g in range(args.games)]
    for r in rows:
        print(json.dumps(asdict(r)))
    total = sum(r.prompts for r in rows)
    offers = sum(r.bot_offer_prompts for r in rows)
    print(f"human prompts {total}, answers to bot offers {offers} "
          f"({100 * offers / max(total, 1):.0f}%), special building "
          f"{sum(r.special_prompts for r in rows)}, player trades "
          f"{sum(r.player_trades for r in rows)} over {len(rows)} games")


if __name__ == "__main__":
    main()
