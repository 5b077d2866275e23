"""Haze Islands — scout a map of islands card by card, complete adventures and face
The Doom (1–3 players: solo, cooperative, friendly or competitive).

The rules live in :mod:`.rules` (turns), :mod:`.specials` (the Captain's Log's special
actions), :mod:`.round_end` and :mod:`.scoring`; the component data in :mod:`.data`, the
notation in :mod:`.actions`. :data:`RULESET` ties them to the
:class:`~games.protocol.Ruleset` protocol. Open rules questions and our answers:
``RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from i18n import DEFAULT_LOCALE, Term, t

from ..errors import StateFormatError
from ..options import InvalidOption, Option, is_quick, length_option
from ..protocol import ModularRuleset, Result
from . import actions, bot, hidden, integrity, labels, rules, undo
from . import state as state_module
from .actions import Action, Done, Drop, GhostDiscard, Give, Keep, Top, Trade
from .data import (
    ADVENTURE_CARDS,
    AUTO_MODE,
    COMPETITIVE,
    DOOM_CARDS,
    MAP_CARDS,
    MODES,
    SOLO,
)
from .geometry import edge_towards
from .phrases import card_name
from .round_end import doom_candidates, doom_distances, doom_power
from .scoring import doom_cards_taken, icons, survives, surviving_pirates, title_of, winners
from .specials import held
from .state import (
    GHOST,
    PENDING_PLUNDER,
    PENDING_STEAL,
    PHASE_OVER,
    HazeState,
    current_prompt,
)
from .view import HazeSummary, HazeView, LocationView, PlayerView

GAME_ID = "haze-islands"

__all__ = ["GAME_ID", "RULESET", "HazeIslandsRuleset", "HazeState", "HazeView"]


def _public_targets(state: HazeState) -> tuple[tuple[int, ...],
                                               tuple[tuple[tuple[int, int], ...], ...]]:
    """The ships The Doom goes after now, with a route to each: one ship, or every ship
    still tied for the coin toss (issue 24 item 4: the public view shows the target and
    route in every case; the toss itself is rolled only when The Doom moves)."""
    distances = doom_distances(state)
    seats = tuple(doom_candidates(state))
    routes = tuple(tuple(distances[(state.players[s].x, state.players[s].y)][1])
                   for s in seats)
    return seats, routes


def _mode(num_players: int, options: Mapping[str, Any]) -> str:
    """The mode the lobby's options ask for: ``auto`` (the default) is solo for one
    player and competitive for more."""
    mode = str(options.get("mode", AUTO_MODE))
    if mode == AUTO_MODE:
        return SOLO if num_players == 1 else COMPETITIVE
    return mode



def short_game(options: Mapping[str, Any]) -> bool:
    """The rulebook's Short Game: ``length=quick`` (every game's quick option, issue 26
    item 4) or the older ``short=yes``, which still works (RULES-NOTES HZ-D64)."""
    return bool(options.get("short", False)) or is_quick(options)

class HazeIslandsRuleset(ModularRuleset[HazeState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden
    undo_module = undo

    id = GAME_ID
    name_key = "haze-islands.name"
    min_players = 1
    max_players = 3
    options = (
        Option("mode", "choice", AUTO_MODE, "haze-islands.option.mode",
               choices=(AUTO_MODE, *MODES)),
        Option("short", "bool", False, "haze-islands.option.short"),
        length_option("haze-islands.option.length"),
    )
    schema_version = state_module.SCHEMA_VERSION
    has_hand = True

    def played_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A quick game is the rulebook's Short Game (HZ-D64)."""
        return {**options, "short": True} if is_quick(options) else dict(options)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> HazeState:
        self.check_seats(num_players, options)
        return rules.setup(num_players, seed, mode=_mode(num_players, options),
                           short=short_game(options))

    def check_seats(self, num_players: int, options: Mapping[str, Any]) -> None:
        """"Solo" is one player and one player is solo; the short game is for 3 players
        (RULES-NOTES HZ-D1). A mode typed in the lobby is never changed silently (issue 24
        item 14): ``mode=competitive`` with one seat is refused at ``/game start``."""
        mode = _mode(num_players, options)
        if (num_players == 1) != (mode == SOLO):
            raise InvalidOption("haze-islands.setup.mode_players",
                                mode=Term(f"haze-islands.mode.{mode}"), count=num_players)
        if short_game(options) and num_players != 3:
            raise InvalidOption("haze-islands.setup.short_needs_three")

    def check_join(self, seats: int, options: Mapping[str, Any]) -> None:
        """A lobby set to ``mode=solo`` takes one seat: a join or bot is refused at once."""
        if str(options.get("mode", AUTO_MODE)) == SOLO and seats > 1:
            raise InvalidOption("haze-islands.setup.mode_players",
                                mode=Term(f"haze-islands.mode.{SOLO}"), count=seats)

    def view(self, state: HazeState, seat: int | None) -> HazeView:
        own = seat is not None and 0 <= seat < len(state.players)
        locations = []
        for loc in state.locations:
            card = MAP_CARDS[loc.card]
            front = loc.side in ("double", "single")
            requirement: tuple[str, ...] = ()
            if front and loc.adventure is not None:
                adventure = ADVENTURE_CARDS[loc.adventure]
                requirement = adventure.double if loc.side == "double" else (adventure.single,)
            n, e, s, w = (edge_towards(loc, d) for d in range(4))
            edges = ((n.diamonds, n.red, n.triangle), (e.diamonds, e.red, e.triangle),
                     (s.diamonds, s.red, s.triangle), (w.diamonds, w.red, w.triangle))
            locations.append(LocationView(
                x=loc.x, y=loc.y, card=loc.card + 1, kind=card.kind, icon=card.icon,
                plunder=card.plunder, rotation=loc.rotation,
                edges=edges,
                side=loc.side,
                adventure=loc.adventure + 1 if front and loc.adventure is not None else None,
                requirement=requirement,
                revealed=tuple((c, bool(state.skulls[loc.card] >> c & 1)) for c in range(4)
                               if state.revealed[loc.card] >> c & 1),
                pirates=tuple(s for s, p in enumerate(state.players)
                              if [loc.x, loc.y] in p.deployed),
                stopped=[loc.x, loc.y] in state.frozen))
        players = tuple(
            PlayerView(
                seat=i, status=p.status, x=p.x, y=p.y, supply=p.supply,
                deployed=len(p.deployed), boxed=p.boxed, hand_count=len(p.hand),
                deck_count=len(state.decks[i]), icons=icons(p), title=title_of(p),
                doom_cards=doom_cards_taken(p),
                log=tuple((e.kind, e.card + 1, e.used, e.face) for e in p.log),
                specials=tuple(held(p)), invisible=p.invisible, boost=tuple(p.boost))
            for i, p in enumerate(state.players))
        targets, routes = _public_targets(state) if state.phase != PHASE_OVER else ((), ())
        prompt = current_prompt(state)
        doom_next: tuple[str, ...] = ()
        if state.doom_cards:
            doom_card, face = state.doom_cards[0]
            doom_next = DOOM_CARDS[doom_card].faces[face]
        hand = None
        seen: tuple[int, ...] = ()
        drawn: tuple[int, ...] = ()
        steal: tuple[int, ...] = ()
        if own:
            assert seat is not None
            player = state.players[seat]
            hand = tuple(sorted(c + 1 for c in player.hand))
            # a Ghost Ship "look[s] through your map deck and discard[s] all the map
            # cards in any order": it knows its whole deck
            ghost_turn = player.status == GHOST and seat == state.current
            known = set(state.decks[seat]) if ghost_turn else set(player.seen)
            seen = tuple(c + 1 for c in reversed(state.decks[seat]) if c in known)
            if seat == state.current and state.pending == PENDING_PLUNDER:
                drawn = tuple(sorted(c + 1 for c in state.drawn))
            if seat == state.current and state.pending == PENDING_STEAL:
                steal = tuple(sorted(c + 1 for c in rules.stealable(state, seat)))
        return HazeView(
            viewer=seat if own else None, mode=state.mode, short=state.short,
            round=state.round, rounds=state.rounds, first=state.first, current=state.current,
            phase=state.phase, stage=state.stage, pending=state.pending,
            prompt=prompt.kind if prompt else "",
            prompt_seats=tuple(prompt.seats) if prompt else (),
            actors=tuple(sorted(rules.actors(state))),
            may_act=tuple(sorted(rules.optional_actors(state))), players=players,
            locations=tuple(locations), doom=(state.doom_x, state.doom_y),
            doom_die=state.doom_die, doom_power=doom_power(state),
            doom_target=targets[0] if len(targets) == 1 else None,
            doom_route=routes[0] if len(targets) == 1 else (), doom_targets=targets,
            doom_routes=routes, doom_stopped=state.doom_stopped, doom_next=doom_next,
            doom_left=len(state.doom_cards), adventure_deck=len(state.adventure_deck),
            discard=len(state.discard),
            winners=winners(state) if state.phase == PHASE_OVER else (),
            reason=state.reason, hand=hand, seen=seen, drawn=drawn, steal=steal)

    def result(self, state: HazeState) -> Result | None:
        if state.phase != PHASE_OVER:
            return None
        return Result(scores=tuple(icons(p) for p in state.players), winners=winners(state),
                      reason_key=f"haze-islands.result.{state.mode}",
                      reason_params={"reason": t(f"haze-islands.reason.{state.reason}")})

    def scores(self, state: HazeState) -> tuple[int, ...]:
        """Icons in each Captain's Log."""
        return tuple(icons(p) for p in state.players)

    def summary_view(self, state: HazeState) -> HazeSummary | None:
        if state.phase != PHASE_OVER:
            return None
        rows = tuple((i, icons(p), doom_cards_taken(p), surviving_pirates(p), title_of(p),
                      survives(p)) for i, p in enumerate(state.players))
        return HazeSummary(board=self.view(state, None), rows=rows, winners=winners(state),
                           reason=state.reason)

    def describe_public(self, state: HazeState, seat: int, action: Action,
                        names: Sequence[str] = (), locale: str = DEFAULT_LOCALE) -> str:
        """Moves that name a secret card (kept, offered, put on a deck, discarded face
        down) say only what kind of move they are."""
        if isinstance(action, (Keep, Top, Give, Trade, GhostDiscard, Done)):
            return t(f"haze-islands.public.{type(action).__name__.lower()}", locale)
        if isinstance(action, Drop):  # the discard shows its icon, not which copy
            return t("haze-islands.public.drop", locale,
                     icon=t(f"haze-islands.icon.{MAP_CARDS[action.card].icon}", locale))
        return self.describe_action(state, seat, action, names, locale)

    def check_state(self, state: HazeState, num_seats: int) -> None:
        """The platform's checks, then Haze's cross-checks (:mod:`.integrity`): a damaged
        row is refused when it is loaded, not when a later move trips over it (issue 24
        item 9)."""
        super().check_state(state, num_seats)
        found = integrity.problems(state)
        if found:
            raise StateFormatError("damaged Haze Islands state: " + "; ".join(found))

    def hand_text(self, state: HazeState, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """The hand in words, and while ``seat`` chooses after Plunder or Steal the cards
        it chooses from (issue 24 item 14: they appeared nowhere but in the image)."""
        def words(cards: Sequence[int]) -> str:
            return ", ".join(card_name(c, locale) for c in sorted(cards))

        parts = [words(state.players[seat].hand) or t("platform.hand.empty", locale)]
        if seat == state.current and state.pending == PENDING_PLUNDER:
            parts.append(t("haze-islands.render.hand_drawn", locale, cards=words(state.drawn)))
        if seat == state.current and state.pending == PENDING_STEAL:
            parts.append(t("haze-islands.render.hand_steal", locale,
                           cards=words(rules.stealable(state, seat))))
        return " · ".join(parts)

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "turn", "specials", "notation", "quick")


RULESET = HazeIslandsRuleset()
