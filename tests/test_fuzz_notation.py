"""Fuzzed notation and out-of-turn moves, for every registered game (issue 7, item 6).

Every ruleset in the registry is fuzzed, so a game that joins later is covered the day
it lands. Inputs are legal notations mutated (truncated, words swapped, numbers made
huge, digits replaced by other Unicode digits), empty and 10 KB texts, random text, and
legal moves sent by seats that do not act. Every refusal must be an
:class:`~games.protocol.IllegalAction` and leave the state JSON byte-identical.

``TIDEBOUND_LONG=1`` tries ten times as many positions.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from game_positions import LONG, RULESET_IDS, RULESETS, positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import IllegalAction, Ruleset

POSITIONS = 200 if LONG else 20
#: Inputs tried per position and family.
PER_POSITION = 12

#: Digits that are not ASCII but for which ``str.isdigit()`` is true.
UNICODE_DIGITS = "²³¹٣۴५৬๗０５⁹₂"


def _words(rng: random.Random, legal: list[str]) -> list[str]:
    return rng.choice(legal).split() if legal else ["x"]


def truncated(rng: random.Random, legal: list[str]) -> str:
    text = rng.choice(legal) if legal else "x"
    return text[:rng.randrange(len(text) + 1)]


def swapped(rng: random.Random, legal: list[str]) -> str:
    words = _words(rng, legal)
    rng.shuffle(words)
    if len(words) > 1 and rng.random() < 0.5:
        words.pop(rng.randrange(len(words)))
    return " ".join(words)


def huge_numbers(rng: random.Random, legal: list[str]) -> str:
    size = rng.choice((19, 20, 64, 4301, 5000))
    big = str(rng.randrange(1, 10)) + "".join(rng.choice("0123456789") for _ in range(size))
    words = _words(rng, legal)
    places = [i for i, w in enumerate(words) if any(c.isdigit() for c in w)] or [len(words)]
    at = rng.choice(places)
    words[at:at + 1] = [rng.choice((big, "-" + big, big + ".5", "1e" + big[:6]))]
    return " ".join(words)


def unicode_digits(rng: random.Random, legal: list[str]) -> str:
    text = rng.choice(legal) if legal else "1"
    out = [rng.choice(UNICODE_DIGITS) if c.isdigit() and rng.random() < 0.7 else c
           for c in text]
    if not any(c in UNICODE_DIGITS for c in out):
        out.append(" " + rng.choice(UNICODE_DIGITS))
    return "".join(out)


def empty_or_huge(rng: random.Random, legal: list[str]) -> str:
    return rng.choice(("", " ", "\n\t", "\x00", (rng.choice(legal) + " ") * 1500 if legal
                       else "x" * 10240, "9" * 10240, "é" * 10240))[:10240]


def random_text(rng: random.Random, legal: list[str]) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -:,+=>/#.A-Z²ÿ\u200b🙂\\\"'"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40)))


FAMILIES: dict[str, Callable[[random.Random, list[str]], str]] = {
    "truncated": truncated, "swapped words": swapped, "huge numbers": huge_numbers,
    "unicode digits": unicode_digits, "empty or 10 KB": empty_or_huge,
    "random text": random_text,
}

#: (game, family) cases that fail on this branch for a reason fixed elsewhere.
#: Families a game is known to fail (xfail); none since the shared tokenizer.
KNOWN: dict[tuple[str, str], str] = {}


def _cases() -> list[Any]:
    cases = []
    for game in RULESET_IDS:
        for family in FAMILIES:
            reason = KNOWN.get((game, family))
            marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
            cases.append(pytest.param(game, family, marks=marks, id=f"{game}-{family}"))
    return cases


def _ruleset(game: str) -> Ruleset:
    return next(r for r in RULESETS if r.id == game)


def refused_or_legal(ruleset: Ruleset, state: Any, seat: int, text: str) -> bool:
    """Play ``text`` for ``seat`` on ``state``: True if it was applied (to a copy), False if
    refused. A refusal must be an IllegalAction and change nothing."""
    before = json.dumps(ruleset.dump(state))
    try:
        action = ruleset.parse_action(text)
    except IllegalAction:
        assert json.dumps(ruleset.dump(state)) == before
        return False
    copy = ruleset.load(ruleset.dump(state))
    try:
        ruleset.apply(copy, seat, action)
    except IllegalAction:
        assert json.dumps(ruleset.dump(copy)) == before, f"refused {text!r} changed the state"
        return False
    return True


@pytest.mark.parametrize(("game", "family"), _cases())
def test_fuzzed_notation_is_refused_politely_and_changes_nothing(game: str,
                                                                 family: str) -> None:
    """Issue 7: "Random and mutated notation (truncation, swapped words, huge numbers,
    unicode digits, empty, 10 KB) and moves by non-actors. Every refusal is an
    IllegalAction, and the state JSON is byte-identical after it." """
    ruleset = _ruleset(game)
    rng = random.Random(f"{game}:{family}")
    mutate = FAMILIES[family]
    tried = 0
    for position in positions(ruleset, POSITIONS, seed=2):
        state = position.state
        if ruleset.result(state) is not None:
            continue
        actor = min(ruleset.actors(state))
        legal = [ruleset.format_action(a) for a in ruleset.legal_actions(state, actor)]
        for _ in range(PER_POSITION):
            seat = actor if rng.random() < 0.8 else rng.randrange(position.players)
            refused_or_legal(ruleset, state, seat, mutate(rng, legal))
            tried += 1
    assert tried >= POSITIONS * PER_POSITION // 2
    print(f"{game} {family}: {tried} inputs")


@pytest.mark.parametrize("game", RULESET_IDS)
def test_moves_by_seats_that_do_not_act_are_refused(game: str) -> None:
    """Issue 7: moves by non-actors are refused (an IllegalAction) and change nothing."""
    ruleset = _ruleset(game)
    refused = 0
    for position in positions(ruleset, POSITIONS, seed=3):
        state = position.state
        actors = ruleset.actors(state)
        idle = [s for s in range(position.players) if s not in actors]
        if not actors or not idle:
            continue
        actor = min(actors)
        for action in ruleset.legal_actions(state, actor)[:10]:
            for seat in idle:
                assert not refused_or_legal(ruleset, state, seat,
                                            ruleset.format_action(action))
                refused += 1
    assert refused, "no position had a seat waiting"
    print(f"{game}: {refused} moves by seats that do not act")


@pytest.mark.parametrize("game", RULESET_IDS)
@settings(max_examples=300 if LONG else 60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=60) | st.from_regex(r"[a-z0-9 ²٣-]{0,30}", fullmatch=True))
def test_any_text_parses_or_is_an_illegal_action(game: str, text: str) -> None:
    """Issue 7, defect 2: "make sure no game's parse_action can raise anything but
    IllegalAction." """
    with contextlib.suppress(IllegalAction):
        _ruleset(game).parse_action(text)
