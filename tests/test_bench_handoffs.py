"""The calendar hand-off measure of ``bench.handoffs`` (issue 26 item 1: "a test that pins
the hand-off count of a small scripted game")."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from bench import handoffs
from games.plans import NotNow, Plan, PlanBook, PlanKind, Play


@dataclass
class Script:
    """A game that asks, step by step, the seats of each step; ``forced`` steps are a
    move the platform plays for the seat without asking."""

    steps: list[tuple[frozenset[int], bool]]
    done: set[int] = field(default_factory=set)  # seats that answered the current step
    at: int = 0


class ScriptedRules:
    """Just the part of the ruleset contract the measure uses."""

    def __init__(self, steps: list[tuple[set[int], bool]]) -> None:
        self.steps = [(frozenset(seats), forced) for seats, forced in steps]

    def setup(self, num_players: int, options: dict[str, Any], seed: int) -> Script:
        return Script(list(self.steps))

    def result(self, state: Script) -> object | None:
        return "over" if state.at >= len(state.steps) else None

    def actors(self, state: Script) -> frozenset[int]:
        return state.steps[state.at][0] - state.done

    def forced_action(self, state: Script, seat: int) -> str | None:
        return "pass" if state.steps[state.at][1] else None

    def bot_action(self, state: Script, seat: int) -> str:
        return "go"

    def apply_trusted(self, state: Script, seat: int, action: str) -> list[object]:
        assert seat in self.actors(state)
        state.done.add(seat)
        if state.done >= state.steps[state.at][0]:
            state.at += 1
            state.done = set()
        return []


def test_a_scripted_game_counts_one_wait_per_hand_off() -> None:
    """Waits, not moves: seat 0 deciding twice in a row is one wait; three seats asked at
    the same time (a discard on a seven) share one wait; a forced move is no decision and
    no wait; the game going back to seat 0 after the others is a new wait."""
    rules = ScriptedRules([
        ({0}, False),         # wait 1: seat 0
        ({0}, False),         # seat 0 again, still at the table
        ({1, 2, 3}, False),   # wait 2: three at once
        ({0}, False),         # wait 3
        ({1}, True),          # forced for seat 1: played, nobody waited on
        ({2}, False),         # wait 4
        ({2}, False),         # seat 2 goes on
    ])
    count = handoffs.count_game(rules, 4, seed=1)  # type: ignore[arg-type]  # duck-typed script
    assert count.finished
    assert count.handoffs == 4
    assert count.decisions == (3, 1, 3, 1)


def test_one_after_another_is_a_wait_each() -> None:
    """The same three answers asked one after another are three waits, the figure issue 26
    item 2 sets out to shrink by asking at once."""
    rules = ScriptedRules([({0}, False), ({1}, False), ({2}, False), ({3}, False)])
    assert handoffs.count_game(rules, 4, seed=1).handoffs == 4  # type: ignore[arg-type]


def test_json_lines_carry_the_issue_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints one object a line with the keys issue 26 item 1 names, for a real
    game played to its end."""
    handoffs.main(["--game", "shipyard", "--games", "2", "--players", "2", "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(handoffs.PRESETS) * len(handoffs.PLANS)
    row = json.loads(lines[0])
    for key in ("game", "players", "preset", "plans", "games", "finished",
                "calendar_handoffs_median", "calendar_handoffs_max", "days_at_8_a_day"):
        assert key in row
    assert row["game"] == "shipyard" and row["players"] == 2 and row["finished"] == 2
    assert row["days_at_8_a_day"] == round(row["calendar_handoffs_median"] / 8, 1)
    assert 0 < row["calendar_handoffs_median"] <= row["calendar_handoffs_max"]


class ScriptedPlans(PlanBook[Script, str]):
    """One plan, "answer": plays "go" for its seat whenever the seat is asked."""

    def kinds(self) -> tuple[PlanKind, ...]:
        return (PlanKind("answer", "x", "x"),)

    def param_values(self, state: Script, seat: int, kind: str, param: str,
                     chosen: Any, locale: str = "en") -> list[tuple[str, str]]:
        return []

    def read(self, state: Script, seat: int, kind: str, params: Any) -> Plan:
        return Plan(kind)

    def describe(self, state: Script, seat: int, plan: Plan, locale: str = "en") -> str:
        return plan.kind

    def decide(self, state: Script, seat: int, plan: Plan) -> Play | NotNow:
        return Play("go") if seat in state.steps[state.at][0] - state.done else NotNow()


class PlannedRules(ScriptedRules):
    id = "scripted-plans"
    plans = ScriptedPlans()

    def legal_actions(self, state: Script, seat: int) -> list[str]:
        return ["go"] if seat in self.actors(state) else []


def test_typical_plans_make_a_plans_decisions_no_wait(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """Issue 26 item 1/3: "make count_game apply the plans (a decision the plan makes is
    no wait)": seat 1 sets its plan at its first decision (waits 1 and 2); seat 0 is
    waited for once more (wait 3); from then on seat 1's turns are played by its plan at
    once, so seat 0, who made the last decision, is still at the table: no new wait."""
    steps: list[tuple[set[int], bool]] = [({0}, False), ({1}, False)] * 3
    rules = PlannedRules(steps)

    def planner(book: Any, state: Script, seat: int, action: Any) -> Plan | None:
        return Plan("answer") if seat == 1 else None

    monkeypatch.setitem(handoffs.TYPICAL, rules.id, planner)
    none = handoffs.count_game(rules, 2, 1)  # type: ignore[arg-type]
    typical = handoffs.count_game(rules, 2, 1, plans="typical")  # type: ignore[arg-type]
    assert (none.handoffs, none.decisions) == (6, (3, 3))
    assert (typical.handoffs, typical.decisions) == (3, (3, 1))
    assert typical.finished


def test_the_observer_is_told_of_each_wait_and_the_plan_behind_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``count_game(on_wait=...)`` (bench.lovci_waits, the 4-seat plans target): one call
    per wait, none for a plan's move, with what became of the seat's plan: ``none``
    before seat 1 set its plan, then nothing to say (its plan answers for it)."""
    steps: list[tuple[set[int], bool]] = [({0}, False), ({1}, False)] * 3
    rules = PlannedRules(steps)

    def planner(book: Any, state: Script, seat: int, action: Any) -> Plan | None:
        return Plan("answer") if seat == 1 else None

    monkeypatch.setitem(handoffs.TYPICAL, rules.id, planner)
    told: list[tuple[int, str]] = []
    count = handoffs.count_game(rules, 2, 1, plans="typical",  # type: ignore[arg-type]
                                on_wait=lambda state, seat, action, plan: told.append(
                                    (seat, plan)))
    assert count.handoffs == len(told) == 3
    assert told == [(0, "none"), (1, "none"), (0, "none")]


def test_hexfolk_typical_plans_roll_for_the_players() -> None:
    """Issue 26 item 1/3: Hexfolk's ``typical`` plans (bench docstring; HX-D80) roll for
    every seat at the start of its turn, so a seeded 4-player game asks fewer decisions
    and waits no more than with no plans ("no title gets longer with plans")."""
    from games.hexfolk import RULESET as HEXFOLK

    none = handoffs.count_game(HEXFOLK, 4, 1)
    typical = handoffs.count_game(HEXFOLK, 4, 1, plans="typical")
    assert none.finished and typical.finished
    assert sum(typical.decisions) < sum(none.decisions)
    assert typical.handoffs <= none.handoffs
