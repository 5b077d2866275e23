"""The 18 special actions of the Captain's Log: when each may be used, its targets and
its effect.

"Each completed double icon adventure in your Captain's Log grants you 1 Special Action
... Use a Special Action at any time before an action is stated or after an action is
completed, on any player's turn, or during the Round End. Then, flip over that card to
show a single X icon." A used card scores 1 icon instead of 2 (data file).

A special action is used in one of five *contexts* (RULES-NOTES.md, "Special actions"):

* ``TURN``: on one's own turn before an action is stated;
* ``ANY_TURN``: on another player's turn, while no action of theirs is under way (an
  optional move: the game does not wait for it, :func:`.rules.optional_actors`);
* ``ROUND_END``: the use-or-pass window that opens at the start of every Round End;
* ``FATE``: the use-or-pass window of a player whose ship an Attack or a Hijack is about
  to reveal a Fate against;
* ``SKULL``: right after one's own Fate showed the Skull (Ignore the Skull, Keep your
  spells).
"""

from __future__ import annotations

from i18n import Term

from ..protocol import Event, IllegalAction
from .actions import Use
from .data import (
    ADVENTURE_CARDS,
    DOUBLE,
    DOUBLE_FIREBALLS,
    DOUBLE_HURRICANE,
    DOUBLE_WHIRLPOOL,
    DRAW_FROM_OPPONENT,
    FIREBALLS,
    FLIP_ADVENTURE,
    HAND_AS_MAP,
    HAND_LIMIT,
    HURRICANE,
    IGNORE_SKULL,
    INVISIBLE,
    KEEP_SPELLS,
    MAP_CARDS,
    MOVE_PIRATE,
    MOVE_SHIP,
    OPEN_SEA,
    REDUCE_DOOM,
    REORDER_DECK,
    RETURN_DEPLOYED,
    RETURN_DISCARDED,
    ROTATE_ADVENTURE,
    SINGLE,
    STOP_ADVENTURE,
    STOP_DOOM,
    WHIRLPOOL,
)
from .state import (
    CASTAWAY,
    FATE_ATTACK,
    FATE_DOOM,
    PROMPT_DROP,
    PROMPT_HAND_MAP,
    PROMPT_REORDER,
    SHIP,
    HazeState,
    LogEntry,
    Player,
    Prompt,
    location_at,
)

TURN = "turn"
ANY_TURN = "any_turn"
ROUND_END = "round_end"
FATE = "fate"
SKULL = "skull"

#: Which special actions each context offers (RULES-NOTES.md gives the reasons).
OFFERED: dict[str, frozenset[str]] = {
    TURN: frozenset({DRAW_FROM_OPPONENT, REORDER_DECK, HAND_AS_MAP, MOVE_SHIP, MOVE_PIRATE,
                     RETURN_DEPLOYED, RETURN_DISCARDED, ROTATE_ADVENTURE, FLIP_ADVENTURE,
                     REDUCE_DOOM, DOUBLE_HURRICANE, DOUBLE_FIREBALLS, DOUBLE_WHIRLPOOL}),
    ROUND_END: frozenset({DRAW_FROM_OPPONENT, MOVE_SHIP, MOVE_PIRATE, RETURN_DEPLOYED,
                          RETURN_DISCARDED, ROTATE_ADVENTURE, FLIP_ADVENTURE, STOP_ADVENTURE,
                          INVISIBLE, STOP_DOOM, REDUCE_DOOM}),
    # another player's turn, before they state an action or after they completed one
    # (issue 24 item 3): as on one's own turn, but the "counts as 2" spells only pay on
    # one's own turn, so they are not offered there
    ANY_TURN: frozenset({DRAW_FROM_OPPONENT, REORDER_DECK, HAND_AS_MAP, MOVE_SHIP,
                         MOVE_PIRATE, RETURN_DEPLOYED, RETURN_DISCARDED, ROTATE_ADVENTURE,
                         FLIP_ADVENTURE, REDUCE_DOOM}),
    FATE: frozenset({MOVE_SHIP, RETURN_DEPLOYED, RETURN_DISCARDED}),
    SKULL: frozenset({IGNORE_SKULL, KEEP_SPELLS}),
}

#: "1 of your Hurricane icons count as 2" and the like.
BOOSTS = {DOUBLE_HURRICANE: HURRICANE, DOUBLE_FIREBALLS: FIREBALLS,
          DOUBLE_WHIRLPOOL: WHIRLPOOL}


def special_of(number: int) -> str:
    return ADVENTURE_CARDS[number - 1].special


def unused_entry(player: Player, number: int) -> LogEntry | None:
    """The log entry of double adventure #``number`` whose special action is unused."""
    for entry in player.log:
        if entry.kind == DOUBLE and entry.card == number - 1 and not entry.used:
            return entry
    return None


def held(player: Player) -> list[int]:
    """Numbers (1–18) of the unused special actions in ``player``'s Captain's Log."""
    return sorted(e.card + 1 for e in player.log if e.kind == DOUBLE and not e.used)


def _squares(state: HazeState) -> list[tuple[int, int]]:
    return [(loc.x, loc.y) for loc in state.locations]


def candidates(state: HazeState, seat: int, context: str) -> list[Use]:
    """Every use worth checking for ``seat`` in ``context``, in a fixed order."""
    player = state.players[seat]
    if player.status not in (SHIP, CASTAWAY):
        return []  # a Ghost Ship takes no actions (RULES-NOTES)
    out: list[Use] = []
    deployed = sorted({(x, y) for x, y in player.deployed})
    for number in held(player):
        special = special_of(number)
        if special not in OFFERED[context]:
            continue
        if special == DRAW_FROM_OPPONENT:
            out += [Use(number, s) for s in range(len(state.players)) if s != seat]
        elif special == MOVE_SHIP:
            out += [Use(number, squares=(sq,)) for sq in _squares(state)]
        elif special == MOVE_PIRATE:
            out += [Use(number, squares=(a, b)) for a in deployed for b in _squares(state)]
        elif special == RETURN_DEPLOYED:
            out += [Use(number, squares=(sq,)) for sq in deployed]
        elif special in (ROTATE_ADVENTURE, FLIP_ADVENTURE, STOP_ADVENTURE):
            out += [Use(number, squares=(sq,)) for sq in _squares(state)]
        else:
            out.append(Use(number))
    return out


def _require(condition: bool, key: str, **params: object) -> None:
    if not condition:
        raise IllegalAction(key, **params)


def check_use(state: HazeState, seat: int, use: Use, context: str) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may make ``use`` in ``context``."""
    player = state.players[seat]
    _require(player.status in (SHIP, CASTAWAY), "haze-islands.illegal.no_actions")
    _require(1 <= use.number <= len(ADVENTURE_CARDS)
             and unused_entry(player, use.number) is not None,
             "haze-islands.illegal.no_special", number=use.number)
    special = special_of(use.number)
    _require(special in OFFERED[context], "haze-islands.illegal.special_not_now",
             special=Term(f"haze-islands.special.{special}"))
    n_squares = {MOVE_SHIP: 1, MOVE_PIRATE: 2, RETURN_DEPLOYED: 1, ROTATE_ADVENTURE: 1,
                 FLIP_ADVENTURE: 1, STOP_ADVENTURE: 1}.get(special, 0)
    _require(len(use.squares) == n_squares
             and (use.seat >= 0) == (special == DRAW_FROM_OPPONENT),
             "haze-islands.illegal.special_target", special=Term(f"haze-islands.special.{special}"))
    locations = [location_at(state, x, y) for x, y in use.squares]
    if special in (MOVE_SHIP, ROTATE_ADVENTURE, FLIP_ADVENTURE, STOP_ADVENTURE):
        _require(locations[0] is not None, "haze-islands.illegal.no_location_there")
    here = locations[0] if locations else None
    if special == DRAW_FROM_OPPONENT:
        _require(0 <= use.seat < len(state.players) and use.seat != seat,
                 "haze-islands.illegal.bad_target")
        _require(bool(state.players[use.seat].hand), "haze-islands.illegal.empty_hand",
                 target_seat=use.seat)
    elif special == REORDER_DECK:
        _require(len(state.decks[seat]) >= 2, "haze-islands.illegal.too_few_cards",
                 need=2, have=len(state.decks[seat]))
    elif special == HAND_AS_MAP:
        _require(bool(player.hand), "haze-islands.illegal.hand_empty")
    elif special == MOVE_SHIP:
        _require(player.status == SHIP, "haze-islands.illegal.no_ship")
        _require(use.squares[0] != (player.x, player.y), "haze-islands.illegal.already_there")
    elif special == MOVE_PIRATE:
        _require(list(use.squares[0]) in player.deployed, "haze-islands.illegal.no_pirate_there")
        target = locations[1]
        _require(target is not None, "haze-islands.illegal.no_location_there")
        assert target is not None
        # a pirate stands "on the island card's icon": not on a Dead End or Cursed card,
        # and never two of one player's on one location (as for Deploy)
        _require(not MAP_CARDS[target.card].red, "haze-islands.illegal.deploy_red",
                 kind=Term(f"haze-islands.kind.{MAP_CARDS[target.card].kind}"))
        _require(list(use.squares[1]) not in player.deployed,
                 "haze-islands.illegal.deployed_here")
    elif special == RETURN_DEPLOYED:
        _require(list(use.squares[0]) in player.deployed, "haze-islands.illegal.no_pirate_there")
    elif special == RETURN_DISCARDED:
        _require(player.boxed > 0, "haze-islands.illegal.no_discarded_pirate")
    elif special == ROTATE_ADVENTURE:
        assert here is not None
        _require(here.side in (DOUBLE, SINGLE), "haze-islands.illegal.no_adventure_there")
    elif special in (FLIP_ADVENTURE, STOP_ADVENTURE):
        assert here is not None
        _require(here.adventure is not None, "haze-islands.illegal.no_adventure_there")
        _require(special != STOP_ADVENTURE or [here.x, here.y] not in state.frozen,
                 "haze-islands.illegal.already_stopped")
    elif special == INVISIBLE:
        _require(player.status == SHIP and not player.invisible,
                 "haze-islands.illegal.pointless_special",
                 special=Term(f"haze-islands.special.{special}"))
    elif special == STOP_DOOM:
        _require(not state.doom_stopped, "haze-islands.illegal.pointless_special",
                 special=Term(f"haze-islands.special.{special}"))
    elif special == REDUCE_DOOM:
        _require(state.doom_die > 1 or state.round > 1, "haze-islands.illegal.pointless_special",
                 special=Term(f"haze-islands.special.{special}"))
    elif special in BOOSTS:
        spell = BOOSTS[special]
        has = any(MAP_CARDS[c].icon == spell for c in player.hand) or any(
            MAP_CARDS[loc.card].icon == spell for x, y in player.deployed
            if (loc := location_at(state, x, y)) is not None)
        _require(spell not in player.boost and has, "haze-islands.illegal.pointless_special",
                 special=Term(f"haze-islands.special.{special}"))
    elif special == KEEP_SPELLS:
        _require(state.fate_for in (FATE_DOOM, FATE_ATTACK)
                 and bool(state.spent_cards or state.spent_pirates),
                 "haze-islands.illegal.special_not_now",
                 special=Term(f"haze-islands.special.{special}"))


def apply_use(state: HazeState, seat: int, use: Use, events: list[Event]) -> None:
    """Carry out a checked ``use`` (IGNORE_SKULL and KEEP_SPELLS: the caller finishes the
    Fate); flip the card to its X side."""
    player = state.players[seat]
    entry = unused_entry(player, use.number)
    assert entry is not None
    entry.used = True
    special = special_of(use.number)
    params: dict[str, object] = {"special": Term(f"haze-islands.special.{special}")}
    if use.squares:
        params["x"], params["y"] = use.squares[-1]
    events.append(Event("haze-islands.event.use", seat, params))
    if special == DRAW_FROM_OPPONENT:
        other = state.players[use.seat]
        card = other.hand.pop(state.rng.below(len(other.hand)))
        player.hand.append(card)
        events.append(Event("haze-islands.event.drew_from", seat, {"target_seat": use.seat}))
        if len(player.hand) > HAND_LIMIT:
            state.prompts.append(Prompt(PROMPT_DROP, [seat]))
    elif special == REORDER_DECK:
        player.seen = list(state.decks[seat])
        state.prompts.append(Prompt(PROMPT_REORDER, [seat]))
    elif special == HAND_AS_MAP:
        state.prompts.append(Prompt(PROMPT_HAND_MAP, [seat]))
    elif special == MOVE_SHIP:
        player.x, player.y = use.squares[0]
    elif special == MOVE_PIRATE:
        player.deployed.remove(list(use.squares[0]))
        player.deployed.append(list(use.squares[1]))
    elif special == RETURN_DEPLOYED:
        player.deployed.remove(list(use.squares[0]))
        player.supply += 1
    elif special == RETURN_DISCARDED:
        player.boxed -= 1
        player.supply += 1
    elif special == ROTATE_ADVENTURE:
        here = location_at(state, *use.squares[0])
        assert here is not None
        here.side = SINGLE if here.side == DOUBLE else DOUBLE
    elif special == FLIP_ADVENTURE:
        here = location_at(state, *use.squares[0])
        assert here is not None
        # the back shows open sea; flipped back it shows the single side it was turned
        # from (RULES-NOTES)
        here.side = SINGLE if here.side == OPEN_SEA else OPEN_SEA
    elif special == STOP_ADVENTURE:
        state.frozen.append(list(use.squares[0]))
    elif special == INVISIBLE:
        player.invisible = True
    elif special == STOP_DOOM:
        state.doom_stopped = True
    elif special == REDUCE_DOOM:
        # "Reduce The Doom dice (and round) by 1."
        state.doom_die = max(1, state.doom_die - 1)
        state.round = max(1, state.round - 1)
    elif special in BOOSTS:
        player.boost.append(BOOSTS[special])
