"""Our Hexfolk bot as a seat in a Catanatron game (for ``bench --compare``'s bot matches).

Catanatron's bots (``WeightedRandomPlayer``, ``VictoryPointPlayer``) only live in
Catanatron's engine, so the match is played there. Each time our seat decides, the
Catanatron position is translated into a :class:`~games.hexfolk.state.HexfolkState` on
our standard board (same 19 hexes, 54 corners, 72 edges: the geometry is matched once
per map, tile by tile and corner by corner), our bot chooses, and its move is translated
back into one of Catanatron's playable actions. Player trades are off in the translated
state (Catanatron 3.2.1 has none). A move with no counterpart (the two rulebooks differ
in a detail) is replaced by a random playable action and counted as a *fallback*.

Both Catanatron 3.2.1 (PyPI; ``WeightedRandomPlayer``, ``VictoryPointPlayer``) and 3.3.0
(the source in ``../shared/third_party/catanatron-3.3.0``, issue 28: its search players
``AlphaBetaPlayer`` and ``ValueFunctionPlayer``) are read. 3.3.0 logs the game in
``state.action_records`` (3.2.1: ``state.actions``) and discards one card an action
(``DISCARD_RESOURCE``, with ``state.discard_counts`` left to go) where 3.2.1 discarded a
whole random half at once. Catanatron is GPL-3.0: it is imported here only when installed
in the bench's environment, and none of its code is copied.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from games.bot_levels import LEVELS, NORMAL, level_action
from games.hexfolk import RULESET as HEXFOLK
from games.hexfolk import rules
from games.hexfolk.actions import (
    Action,
    BankTrade,
    Buy,
    City,
    Discard,
    End,
    Knight,
    Monopoly,
    Plenty,
    Road,
    RoadBuilding,
    Robber,
    Roll,
    Settle,
)
from games.hexfolk.board import Board, get_board
from games.hexfolk.data import DEV_ORDER, GENERIC
from games.hexfolk.maps import board_for
from games.hexfolk.state import DISCARD, FOUND_ROAD, MAIN, ROADS, ROBBER, ROLL, SETTLE, Player

PLAYERS = 4
#: Catanatron's resource and development card names, in our order.
_RESOURCES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
_DEVS = {"KNIGHT": "knight", "YEAR_OF_PLENTY": "plenty", "MONOPOLY": "monopoly",
         "ROAD_BUILDING": "roads", "VICTORY_POINT": "vp"}
_NODE_REFS = ("NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "NORTHWEST")


@dataclass(frozen=True, slots=True)
class Geometry:
    """Catanatron's tiles, nodes and edges as our hexes, corners and edges."""

    board: Board
    hex_of_tile: dict[tuple[int, int, int], int]
    tile_of_hex: dict[int, tuple[int, int, int]]
    corner_of_node: dict[int, int]
    node_of_corner: dict[int, int]
    edge_of_pair: dict[frozenset[int], int]


def match_geometry(catan_map: Any) -> Geometry:
    """Our standard board laid over Catanatron's map (cube (x, y, z) is our axial (q, r)
    = (x, z) up to a shift; node NORTH… is our hex corner 0…5 clockwise from the top)."""
    board = get_board(board_for(PLAYERS))
    ours = {axial: h for h, axial in enumerate(board.hex_axial)}
    tiles = catan_map.land_tiles
    shift = next((dq, dr) for dq in range(-6, 7) for dr in range(-6, 7)
                 if {(x + dq, z + dr) for x, _, z in tiles} == set(ours))
    hex_of_tile = {cube: ours[(cube[0] + shift[0], cube[2] + shift[1])] for cube in tiles}
    corner_of_node: dict[int, int] = {}
    for cube, tile in tiles.items():
        corners = board.hex_corners[hex_of_tile[cube]]
        for ref, node in tile.nodes.items():
            corner = corners[_NODE_REFS.index(ref.value)]
            assert corner_of_node.setdefault(node, corner) == corner, "geometry mismatch"
    edge_ids = {frozenset(pair): e for e, pair in enumerate(board.edge_corners)}
    edge_of_pair = {}
    for tile in tiles.values():
        for a, b in tile.edges.values():
            edge_of_pair[frozenset((a, b))] = edge_ids[
                frozenset((corner_of_node[a], corner_of_node[b]))]
    return Geometry(board, hex_of_tile, {h: c for c, h in hex_of_tile.items()},
                    corner_of_node, {c: n for n, c in corner_of_node.items()}, edge_of_pair)


def translate(game: Any, geometry: Geometry) -> Any:
    """The Catanatron position as a Hexfolk state (what our bot reads of it)."""
    state = game.state
    cboard = state.board
    board = geometry.board
    seat_of = {color: i for i, color in enumerate(state.colors)}
    ps = state.player_state
    ours = rules.setup(PLAYERS, 1, board_id=board.id, player_trades=False)
    terrain, tokens = [0] * board.hexes, [0] * board.hexes
    for cube, tile in cboard.map.land_tiles.items():
        h = geometry.hex_of_tile[cube]
        terrain[h] = -1 if tile.resource is None else _RESOURCES.index(tile.resource)
        tokens[h] = tile.number or 0
    ours.terrain, ours.tokens = terrain, tokens
    harbour = [-1] * board.corners
    for resource, nodes in cboard.map.port_nodes.items():
        kind = GENERIC if resource is None else _RESOURCES.index(resource)
        for node in nodes:
            harbour[geometry.corner_of_node[node]] = kind
    ours.corner_harbour = harbour
    ours.robber = geometry.hex_of_tile[cboard.robber_coordinate]
    owner, level = [-1] * board.corners, [0] * board.corners
    for node, (color, kind) in cboard.buildings.items():
        c = geometry.corner_of_node[node]
        owner[c], level[c] = seat_of[color], 2 if kind == "CITY" else 1
    edges = [-1] * board.edges
    for pair, color in cboard.roads.items():
        edges[geometry.edge_of_pair[frozenset(pair)]] = seat_of[color]
    ours.corner_owner, ours.corner_level, ours.edge_owner = owner, level, edges
    players = []
    for i in range(PLAYERS):
        key = f"P{i}_"
        devs = [ours_card for theirs, ours_card in _DEVS.items()
                for _ in range(ps[key + theirs + "_IN_HAND"])]
        devs.sort(key=DEV_ORDER.__getitem__)
        players.append(Player(
            hand=[ps[key + r + "_IN_HAND"] for r in _RESOURCES], devs=devs,
            bought=bought_this_turn(ps, key),
            played=[ours_card for theirs, ours_card in _DEVS.items()
                    for _ in range(ps[key + "PLAYED_" + theirs])],
            knights=ps[key + "PLAYED_KNIGHT"], roads=15 - ps[key + "ROADS_AVAILABLE"],
            settlements=5 - ps[key + "SETTLEMENTS_AVAILABLE"],
            cities=4 - ps[key + "CITIES_AVAILABLE"],
            road_length=ps[key + "LONGEST_ROAD_LENGTH"]))
        if ps[key + "HAS_ROAD"]:
            ours.longest = i
        if ps[key + "HAS_ARMY"]:
            ours.army = i
    ours.players = players
    ours.bank = list(state.resource_freqdeck)
    ours.dev_deck = ["knight"] * len(state.development_listdeck)
    seat = seat_of[state.current_color()]
    ours.current = seat
    me = f"P{seat}_"
    ours.rolled = bool(ps[me + "HAS_ROLLED"])
    ours.dev_played = bool(ps[me + "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"])
    ours.turn = state.num_turns + 1
    prompt = state.current_prompt.value
    if prompt == "BUILD_INITIAL_SETTLEMENT":
        ours.phase = SETTLE
    elif prompt == "BUILD_INITIAL_ROAD":
        ours.phase = FOUND_ROAD
        last = next(a.value for a in reversed(logged_actions(state))
                    if a.action_type.value == "BUILD_SETTLEMENT" and a.color == game.state
                    .current_color())
        ours.last_settlement = geometry.corner_of_node[last]
    elif prompt == "DISCARD":
        ours.phase = DISCARD
        left = getattr(state, "discard_counts", None)  # 3.3.0: cards still to discard
        ours.discards = [(sum(p.hand) // 2 if left is None else left[i]) if i == seat else 0
                         for i, p in enumerate(players)]
    elif prompt == "MOVE_ROBBER":
        ours.phase = ROBBER
    elif state.is_road_building:
        ours.phase, ours.free_roads = ROADS, state.free_roads_available
    else:
        ours.phase = MAIN if ours.rolled else ROLL
    return ours


def bought_this_turn(player_state: dict[str, Any], key: str) -> list[str]:
    """The development cards of player ``key`` (``"P0_"``…) that may not be played yet.

    A card bought this turn is not playable until the next (our rules and Catanatron's
    alike); Catanatron keeps, per kind, whether the player owned one at the start of the
    turn (``…_OWNED_AT_START``), so every card of a kind not owned then was bought this
    turn. Without it, our bot would play a knight Catanatron does not offer: a fallback."""
    return [ours for theirs, ours in _DEVS.items()
            if player_state.get(key + theirs + "_OWNED_AT_START", True) is False
            for _ in range(player_state[key + theirs + "_IN_HAND"])]


def logged_actions(state: Any) -> list[Any]:
    """The actions played so far: 3.3.0 keeps them in ``action_records`` (an action and
    its result each), 3.2.1 in ``actions``."""
    records = getattr(state, "action_records", None)
    if records is not None:
        return [record.action for record in records]
    return list(state.actions)


def back(action: Action, playable: list[Any], geometry: Geometry, colors: tuple[Any, ...],
         ) -> Any | None:
    """The Catanatron action our ``action`` stands for among ``playable``, or None."""
    def kind(a: Any) -> str:
        return a.action_type.value  # type: ignore[no-any-return]

    wanted: Any
    match action:
        case Settle(c):
            return _first(playable, "BUILD_SETTLEMENT", geometry.node_of_corner[c], kind)
        case City(c):
            return _first(playable, "BUILD_CITY", geometry.node_of_corner[c], kind)
        case Road(e):
            pair = {geometry.node_of_corner[c] for c in geometry.board.edge_corners[e]}
            return next((a for a in playable if kind(a) == "BUILD_ROAD"
                         and set(a.value) == pair), None)
        case Roll():
            return _first(playable, "ROLL", None, kind)
        case End():
            return _first(playable, "END_TURN", None, kind)
        case Buy():
            return _first(playable, "BUY_DEVELOPMENT_CARD", None, kind)
        case Discard(cards):
            # 3.3.0 discards one card an action: the first of ours it offers
            return next((a for a in playable if kind(a) == "DISCARD"
                         or (kind(a) == "DISCARD_RESOURCE"
                             and cards[_RESOURCES.index(a.value)] > 0)), None)
        case Robber(h, victim) | Knight(h, victim) if kind(playable[0]) == "MOVE_ROBBER":
            wanted = (geometry.tile_of_hex[h], None if victim is None else colors[victim])
            return next((a for a in playable if kind(a) == "MOVE_ROBBER"
                         and tuple(a.value[:2]) == wanted), None)
        case Knight():
            return _first(playable, "PLAY_KNIGHT_CARD", None, kind)
        case RoadBuilding():
            return _first(playable, "PLAY_ROAD_BUILDING", None, kind)
        case Plenty(a, b):
            wanted = sorted((_RESOURCES[a], _RESOURCES[b]))
            return next((x for x in playable if kind(x) == "PLAY_YEAR_OF_PLENTY"
                         and sorted(x.value) == wanted), None)
        case Monopoly(r):
            return _first(playable, "PLAY_MONOPOLY", _RESOURCES[r], kind)
        case BankTrade(g, r):
            return next((x for x in playable if kind(x) == "MARITIME_TRADE"
                         and x.value[0] == _RESOURCES[g] and x.value[-1] == _RESOURCES[r]),
                        None)
    return None


def _first(playable: list[Any], kind_name: str, value: Any, kind: Any) -> Any | None:
    return next((a for a in playable if kind(a) == kind_name and a.value == value), None)


@dataclass(frozen=True, slots=True)
class BotOutcome:
    won: bool
    finished: bool
    decisions: int
    fallbacks: int
    #: CPU seconds of each of our decisions (translation and choice)
    decision_seconds: tuple[float, ...] = ()


def play_bot_game(seed: int, opponent: str, our_seat: int, level: str = NORMAL
                  ) -> BotOutcome:
    """One 4-player Catanatron game: our bot of ``level`` in seat ``our_seat`` (of the
    seat order Catanatron draws), three ``opponent`` bots in the others."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT
    from catanatron.models.player import Player as CatanPlayer
    from catanatron.players.search import VictoryPointPlayer
    from catanatron.players.weighted_random import WeightedRandomPlayer

    kinds: dict[str, Any] = {"WeightedRandomPlayer": WeightedRandomPlayer,
                             "VictoryPointPlayer": VictoryPointPlayer,
                             "RandomPlayer": RandomPlayer}
    try:  # the search players of 3.3.0
        from catanatron.players.minimax import AlphaBetaPlayer
        from catanatron.players.value import ValueFunctionPlayer
        kinds.update(AlphaBetaPlayer=AlphaBetaPlayer, ValueFunctionPlayer=ValueFunctionPlayer)
    except ImportError:
        pass
    if opponent not in kinds:
        raise ValueError(f"Catanatron {_version()} has no {opponent}; "
                         f"it has {', '.join(sorted(kinds))}")
    counts = {"decisions": 0, "fallbacks": 0}
    seconds: list[float] = []
    geometry: list[Geometry] = []

    class HexfolkSeat(CatanPlayer):  # type: ignore[misc]
        def decide(self, game: Any, playable_actions: Any) -> Any:
            playable = list(playable_actions)
            if len(playable) == 1:
                return playable[0]
            counts["decisions"] += 1
            started = time.process_time()
            try:
                return self._choose(game, playable)
            finally:
                seconds.append(time.process_time() - started)

        def _choose(self, game: Any, playable: list[Any]) -> Any:
            if not geometry:
                geometry.append(match_geometry(game.state.board.map))
            ours = translate(game, geometry[0])
            move = level_action(HEXFOLK, ours, ours.current, level)
            chosen = back(move, playable, geometry[0], game.state.colors)
            if chosen is None:
                counts["fallbacks"] += 1
                return random.choice(playable)
            return chosen

    colors = list(Color)[:PLAYERS]
    players = [kinds[opponent](color) for color in colors]
    game = Game(players, seed=seed)
    # Catanatron shuffles the seat order at setup; put our bot in seat ``our_seat``
    ours_color = game.state.colors[our_seat]
    index = next(i for i, p in enumerate(game.state.players) if p.color == ours_color)
    game.state.players[index] = HexfolkSeat(ours_color)
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        game.play_tick()
    winner = game.winning_color()
    return BotOutcome(winner == ours_color, winner is not None, counts["decisions"],
                      counts["fallbacks"], tuple(seconds))


def _game_line(seed: int, seat: int, outcome: BotOutcome) -> dict[str, Any]:
    return {"catanatron_version": _version(), "seed": seed, "seat": seat,
            "won": outcome.won, "finished": outcome.finished,
            "decisions": outcome.decisions, "fallbacks": outcome.fallbacks,
            "decision_seconds": [round(s, 6) for s in outcome.decision_seconds]}


def _outcome(line: str) -> BotOutcome:
    import json

    data = json.loads(line)
    return BotOutcome(bool(data["won"]), bool(data["finished"]), int(data["decisions"]),
                      int(data["fallbacks"]), tuple(data["decision_seconds"]))


def _version() -> str | None:
    try:
        return metadata.version("catanatron")
    except metadata.PackageNotFoundError:
        return None


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    if games == 0:
        return (0.0, 1.0)
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((share * (1 - share) + z * z / (4 * games)) / games) ** 0.5 / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def main(argv: list[str] | None = None) -> None:
    """``python -m bench.catanatron_seat --opponent AlphaBetaPlayer --games N [--json]``:
    our Hexfolk bot in one seat against three Catanatron bots, seats rotated (game ``i``
    puts ours in seat ``i % 4``), seeds shared (game ``i`` is seed ``seed + i`` whoever
    plays), 4 players, the standard board, player trades off."""
    import argparse
    import json

    from .stats import percentile

    parser = argparse.ArgumentParser(prog="python -m bench.catanatron_seat")
    parser.add_argument("--opponent", default="AlphaBetaPlayer")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default=NORMAL, choices=LEVELS,
                        help="our bot's level (issue 28: expert against AlphaBetaPlayer)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", default=None,
                        help="append one JSON line per game played to this file")
    parser.add_argument("--summarize", nargs="+", default=None, metavar="LOG",
                        help="report the games of these --log files instead (with --games 0)")
    args = parser.parse_args(argv)
    version = _version()
    if version is None and not args.summarize:
        raise SystemExit("Catanatron is not installed in this environment: pip install "
                         "../shared/third_party/catanatron-3.3.0 into a separate venv "
                         "(see bench/README or the module docstring)")
    outcomes: list[BotOutcome] = []
    for i in range(args.games):
        outcomes.append(play_bot_game(args.seed + i, args.opponent, i % PLAYERS, args.level))
        if args.log:  # one line a game: a long run stopped early still counts its games
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(json.dumps(_game_line(args.seed + i, i % PLAYERS, outcomes[-1]))
                          + "\n")
    if args.summarize:
        from pathlib import Path

        lines = [line for path in args.summarize
                 for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        outcomes = [_outcome(line) for line in lines]
        logged = {json.loads(line).get("catanatron_version") for line in lines} - {None}
        version = ", ".join(sorted(logged)) or version  # the version that played them
    if not outcomes:
        raise SystemExit("no games played")
    wins = sum(o.won for o in outcomes)
    low, high = wilson(wins, len(outcomes))
    seconds = [s for o in outcomes for s in o.decision_seconds]
    row = {"game": "hexfolk", "level": args.level, "opponent": f"catanatron-{args.opponent}",
           "catanatron_version": version, "players": PLAYERS, "games": len(outcomes),
           "finished": sum(o.finished for o in outcomes), "share": wins / len(outcomes),
           "ci_low": low, "ci_high": high,
           "decision_ms_p95": 1000 * percentile(seconds, 0.95) if seconds else None,
           "decisions": sum(o.decisions for o in outcomes),
           "fallbacks": sum(o.fallbacks for o in outcomes),
           "note": "Catanatron's players see every hand; ours sees only its own"}
    if args.json:
        print(json.dumps(row))
        return
    print(f"hexfolk (ours, {args.level}, one seat) vs 3 x {args.opponent} (Catanatron {version}), "
          f"{PLAYERS} players, trades off: won {wins} of {len(outcomes)} "
          f"({row['share']:.0%}, 95% CI {low:.0%}-{high:.0%}; an even share is 25%), "
          f"{row['finished']} finished; decisions {row['decisions']}, fallbacks "
          f"{row['fallbacks']}; decision p95 {row['decision_ms_p95'] or 0:.1f} ms. "
          f"{row['note']}.")


if __name__ == "__main__":
    main()
