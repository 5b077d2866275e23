"""Issue 25, "A readable game contract": a small core every game gives, and named
capabilities with defaults, so that a new game's contract fits on a screen."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import games
from games import capabilities
from games.core import Event, GameCore, Result
from games.protocol import Ruleset

CORE = {"setup", "actors", "legal_actions", "apply", "view", "result", "dump", "load"}
CAPABILITIES = (capabilities.Notation, capabilities.Labels, capabilities.Bots,
                capabilities.Clocks, capabilities.HiddenInformation, capabilities.Undo,
                capabilities.Presentation, capabilities.RulesText, capabilities.Lobby)


def test_the_core_is_setup_actors_legal_apply_view_result_dump_and_load() -> None:
    """Issue 25: the core every game must give is exactly these eight methods; the
    full contract adds only the notation pair and the bot's move as required."""
    assert set(GameCore.__abstractmethods__) == CORE
    assert set(Ruleset.__abstractmethods__) == CORE | {
        "format_action", "parse_action", "bot_action"}


def test_every_capability_is_named_documented_and_part_of_the_ruleset() -> None:
    """Issue 25: each capability is its own class with its own docstring, and the
    :class:`Ruleset` the platform drives has all of them (every method a capability
    names is found on it)."""
    for capability in CAPABILITIES:
        assert issubclass(Ruleset, capability), capability
        assert inspect.getdoc(capability), capability
        assert len(vars(capability)) > 0
    defined = {name for capability in CAPABILITIES for name in vars(capability)
               if not name.startswith("_")}
    assert {"read_action", "describe_action", "bot_action", "timeout_actions",
            "hidden_variants", "undoable", "summary_view", "rules_text",
            "check_seats"} <= defined


def test_every_game_is_a_ruleset_with_the_core() -> None:
    for ruleset in games.all_rulesets():
        assert isinstance(ruleset, Ruleset) and isinstance(ruleset, GameCore)
        assert not inspect.isabstract(type(ruleset)), ruleset.id


class _Counting(Ruleset[list[int], int]):
    """The smallest game: the core, the notation pair and a bot, nothing else."""

    id = "counting"
    name_key = "platform.result.target"
    min_players = max_players = 1

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> list[int]:
        return [0]

    def actors(self, state: list[int]) -> frozenset[int]:
        return frozenset() if state[0] >= 3 else frozenset({0})

    def legal_actions(self, state: list[int], seat: int) -> list[int]:
        return [1]

    def apply(self, state: list[int], seat: int, action: int) -> list[Event]:
        state[0] += action
        return []

    def view(self, state: list[int], seat: int | None) -> Any:
        return tuple(state)

    def result(self, state: list[int]) -> Result | None:
        return Result((state[0],), (0,)) if state[0] >= 3 else None

    def dump(self, state: list[int]) -> dict[str, Any]:
        return {"schema": 1, "count": state[0]}

    def load(self, data: Mapping[str, Any]) -> list[int]:
        return [int(data["count"])]

    def format_action(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str) -> int:
        return int(text)

    def bot_action(self, state: list[int], seat: int) -> int:
        return 1


def test_a_game_with_only_the_required_methods_is_played_through_the_defaults() -> None:
    """The capabilities' defaults carry a game that writes nothing more: its sole move is
    forced, menus list it with its notation, a timeout plays the bot's move, the state
    passes the load check, and undo is refused."""
    game = _Counting()
    state = game.setup(1, {}, 0)
    assert game.forced_action(state, 0) == 1
    assert [(c.notation, c.label) for c in game.choices(state, 0)] == [("1", "1")]
    assert game.timeout_actions(state, 0) == [1]
    game.check_state(game.load(game.dump(state)), 1)
    before = game.load(game.dump(state))
    game.play(state, 0, "1")
    assert not game.undoable(before, state, 0, 1, [])
    assert game.scores(state) == () and game.clock_turn(state) == (None, None)
    game.apply_trusted(state, 0, 1)
    game.apply_trusted(state, 0, 1)
    assert game.result(state) == Result((3,), (0,)) and game.actors(state) == frozenset()
