"""Bot levels for every game (issue 28 item 1): ``easy``, ``normal`` and ``expert``.

* ``normal`` is the game's own bot (:meth:`~games.protocol.Ruleset.bot_action`).
* ``easy`` plays the normal move most of the time, and with :data:`EASY_CHANCE` a
  random *plausible* move instead (the game's ``easy_candidates`` when its bot module
  has one, else any move of the menu).
* ``expert`` is a determinized Monte-Carlo search: for each of the top candidate moves
  (the normal move first), it samples states the deciding seat cannot tell from the
  real one (:meth:`~games.protocol.Ruleset.hidden_variants`, never the real hidden
  cards), plays the candidate and then normal bots for every seat for a bounded number
  of decisions, and scores the seat's outcome (a win, else the game's ``evaluate`` or
  the score margin). The normal move is kept unless another does better by
  :data:`EXPERT_MARGIN` on average and by :data:`EXPERT_CONFIDENCE` standard errors of
  its paired gain over the samples (:func:`clearly_better`).

Every level decides from the seat's own view only: its random choices are seeded from
what the seat sees (its legal moves, the public scores and the turn), so two states that
differ only in what the seat cannot see get the same move (tests/test_hidden_info.py).
The expert's budget is a number of playouts, not a time, so a decision is the same on a
fast or a slow machine; :attr:`ExpertBudget.seconds` is only a safety net.

A game's bot module may give, all optional:

* ``EXPERT_BUDGET``: an :class:`ExpertBudget` tuned to the game's speed;
* ``expert_candidates(state, seat) -> list[action]``: the moves worth searching, best
  first (default: the normal move, then a seeded sample of the menu);
* ``evaluate(state, seat) -> float``: how good an unfinished position is for ``seat``,
  between 0.1 and 0.9 (default: from the score margin);
* ``easy_candidates(state, seat) -> list[action]``: the plausible moves of ``easy``;
* ``expert_action(state, seat, budget) -> action``: the game's own expert, played instead
  of the shared search below (Hexfolk: a value function and a search of its own turn);
  ``None`` leaves that position to the shared search (Haze Islands: its competitive and
  friendly games).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Ruleset
from .rng import GameRng

EASY = "easy"
NORMAL = "normal"
EXPERT = "expert"
#: Every level, weakest first.
LEVELS: tuple[str, ...] = (EASY, NORMAL, EXPERT)
#: A bot added without a level, and a seat taken over by a bot.
DEFAULT_LEVEL = NORMAL
#: How often ``easy`` plays a random plausible move instead of the normal one.
EASY_CHANCE = 0.4
#: How much better (in mean value, 0..1) another move must do than the normal move
#: before the expert plays it: noise of a few playouts must not undo the normal bot.
EXPERT_MARGIN = 0.03
#: ... and by how many standard errors of its gain over the samples (:func:`clearly_better`)
EXPERT_CONFIDENCE = 1.5


@dataclass(frozen=True, slots=True)
class ExpertBudget:
    """What the expert may spend on one decision."""

    #: moves searched (the normal move among them)
    candidates: int = 3
    #: hidden-information samples per move (the same samples for every move)
    samples: int = 4
    #: decisions of the playout after the move (every seat's, bots all normal)
    depth: int = 30
    #: a safety net only: stop sampling past this many seconds of this process's CPU
    #: time (not wall time: on a loaded machine the net cut Haze Islands' searches to
    #: two samples of four, so a decision's strength depended on the load)
    seconds: float = 0.9


DEFAULT_BUDGET = ExpertBudget()


def budget_for(ruleset: Ruleset[Any, Any]) -> ExpertBudget:
    """The expert's budget in ``ruleset``'s game: its bot module's ``EXPERT_BUDGET``, else
    :data:`DEFAULT_BUDGET` (tests make it small, to look at many positions)."""
    budget: ExpertBudget | None = _hook(ruleset, "EXPERT_BUDGET")
    return budget or DEFAULT_BUDGET


def check_level(level: str) -> str:
    """``level`` if it is a level, else :class:`ValueError`."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return level


def _hook(ruleset: Ruleset[Any, Any], name: str) -> Any:
    return getattr(getattr(ruleset, "bot_module", None), name, None)


def seat_rng(ruleset: Ruleset[Any, Any], state: Any, seat: int, salt: str) -> GameRng:
    """A random stream seeded only from what ``seat`` sees of ``state``: its legal moves,
    the public scores and the turn (so the bot's choice never depends on hidden cards
    or on the game's own random stream, which is hidden too)."""
    legal = [ruleset.format_action(a) for a in ruleset.legal_actions(state, seat)]
    marker: Hashable = ruleset.turn_marker(state)
    text = f"{salt}:{ruleset.id}:{seat}:{marker!r}:{ruleset.scores(state)!r}:{legal!r}"
    digest = hashlib.sha256(text.encode()).digest()
    return GameRng(int.from_bytes(digest[:8], "big"))


def level_action(ruleset: Ruleset[Any, Any], state: Any, seat: int, level: str = NORMAL,
                 budget: ExpertBudget | None = None) -> Any:
    """The move a bot of ``level`` makes for ``seat`` now (one of its legal moves)."""
    if level == EASY:
        return easy_action(ruleset, state, seat)
    if level == EXPERT:
        return expert_action(ruleset, state, seat, budget)
    check_level(level)
    return ruleset.bot_action(state, seat)


def easy_action(ruleset: Ruleset[Any, Any], state: Any, seat: int,
                chance: float = EASY_CHANCE) -> Any:
    """The normal move, or with ``chance`` a random plausible one."""
    normal = ruleset.bot_action(state, seat)
    rng = seat_rng(ruleset, state, seat, EASY)
    if rng.below(1000) >= round(chance * 1000):
        return normal
    hook: Callable[[Any, int], list[Any]] | None = _hook(ruleset, "easy_candidates")
    plausible = hook(state, seat) if hook is not None else ruleset.menu_actions(state, seat)
    return rng.choice(plausible) if plausible else normal


def _candidates(ruleset: Ruleset[Any, Any], state: Any, seat: int, normal: Any,
                count: int, rng: GameRng) -> list[Any]:
    hook: Callable[[Any, int], list[Any]] | None = _hook(ruleset, "expert_candidates")
    if hook is not None:
        ranked = hook(state, seat)
    else:
        ranked = list(ruleset.menu_actions(state, seat))
        rng.shuffle(ranked)
    out = [normal]
    for action in ranked:
        if len(out) >= count:
            break
        if action not in out:
            out.append(action)
    return out


def outcome_value(ruleset: Ruleset[Any, Any], state: Any, seat: int) -> float:
    """How good ``state`` is for ``seat``, 0..1: a finished game is 1 for a sole win, a
    share of it for a shared win, 0 for a loss; an unfinished one lies between 0.1 and
    0.9 (the game's ``evaluate``, else the score margin)."""
    result = ruleset.result(state)
    if result is not None:
        return 1.0 / len(result.winners) if seat in result.winners else 0.0
    hook: Callable[[Any, int], float] | None = _hook(ruleset, "evaluate")
    if hook is not None:
        return min(0.9, max(0.1, hook(state, seat)))
    return score_margin_value(ruleset.scores(state), seat)


def score_margin_value(scores: Sequence[float], seat: int, scale: float = 3.0) -> float:
    """0.1..0.9 from ``seat``'s lead over the best other score (0.5 when level)."""
    if len(scores) < 2 or seat >= len(scores):
        return 0.5
    margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return 0.5 + 0.4 * math.tanh(margin / scale)


def playout(ruleset: Ruleset[Any, Any], state: Any, depth: int) -> None:
    """Normal bots play every seat of ``state`` for up to ``depth`` decisions."""
    steps = 0
    while steps < depth and ruleset.result(state) is None:
        actors = sorted(ruleset.actors(state))
        if not actors:
            return
        for actor in actors:
            if actor in ruleset.actors(state):
                ruleset.apply_trusted(state, actor, ruleset.bot_action(state, actor))
                steps += 1


def _sample(ruleset: Ruleset[Any, Any], state: Any, seat: int, rng: GameRng) -> Any:
    """A state ``seat`` cannot tell from ``state``, with another random stream."""
    variants = ruleset.hidden_variants(state, seat, rng)
    if variants:
        return variants[-1]
    other = ruleset.copy(state)
    stream = getattr(other, "rng", None)
    if isinstance(stream, GameRng):
        other.rng = GameRng(rng.next64(), stream.counter)
    return other


def expert_action(ruleset: Ruleset[Any, Any], state: Any, seat: int,
                  budget: ExpertBudget | None = None) -> Any:
    """The determinized Monte-Carlo search described in the module's docstring."""
    if budget is None:
        budget = budget_for(ruleset)
    own: Callable[[Any, int, ExpertBudget], Any] | None = _hook(ruleset, "expert_action")
    if own is not None:
        chosen = own(state, seat, budget)
        if chosen is not None:  # ``None``: the game leaves this position to the search
            return chosen
    normal = ruleset.bot_action(state, seat)
    rng = seat_rng(ruleset, state, seat, EXPERT)
    candidates = _candidates(ruleset, state, seat, normal, budget.candidates, rng)
    if len(candidates) < 2:
        return normal
    #: per move, its value minus the normal move's in each sample (paired: the same
    #: sample, so what the deal does to both cancels out)
    gains: list[list[float]] = [[] for _ in candidates]
    deadline = time.process_time() + budget.seconds
    for _ in range(budget.samples):
        base = _sample(ruleset, state, seat, rng)
        values: list[float] = []
        for action in candidates:
            if gains[0] and time.process_time() > deadline:
                break  # the safety net: this sample is left out for every move
            trial = ruleset.copy(base)
            ruleset.apply_trusted(trial, seat, action)
            playout(ruleset, trial, budget.depth)
            values.append(outcome_value(ruleset, trial, seat))
        if len(values) < len(candidates):
            break
        for gain, value in zip(gains, values, strict=True):
            gain.append(value - values[0])
    best = max(range(len(candidates)), key=lambda i: (sum(gains[i]), -i))
    return candidates[best] if best and clearly_better(gains[best]) else normal


def clearly_better(gains: Sequence[float], margin: float = EXPERT_MARGIN,
                   confidence: float = EXPERT_CONFIDENCE) -> bool:
    """Whether a move whose value beat the normal move's by ``gains`` (one per sample)
    is clearly better: by ``margin`` on average, and by ``confidence`` standard errors
    of that average (a few noisy playouts must not undo the normal bot: without such a
    rule Hagoth's expert lost to normal on the ladder). With every gain equal (two
    finished games that went the same way, a sure win) the average decides alone."""
    count = len(gains)
    if count == 0:
        return False
    mean = sum(gains) / count
    if mean < margin:
        return False
    if count < 2:
        return False
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (count - 1))
    return mean >= confidence * spread / math.sqrt(count)
