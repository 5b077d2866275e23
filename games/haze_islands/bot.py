"""The Haze Islands bot: a plan over the legal moves, kept safe from The Doom.

It looks only at what its seat may see (its hand, the map, the piles' sizes, the Captain's
Logs, the skull corners a Fate revealed; never a deck's order, another hand or an
unrevealed corner), so a bot's choice cannot leak a secret (tests/test_hidden_info.py,
tests/test_haze_bot_plan.py).

**Safety first.** Every turn it works out the cheapest place to end the round that its
remaining map deck can still sail to (``bot_plan.best_end``: a ship The Doom would sink
there costs most, a lost pirate less), and takes no action that would leave it worse
off than that: an action that uses cards or sails away must leave enough cards to get
there ("The Doom attacks ... All players Take Damage equal to The Doom's power after
movement"). When nothing else is safe it sails towards that place.

**Then the plan, in order.** Attack The Doom when it can pay the top Doom card (solo:
the last card only once it brings the Captain's Log to 15 icons, since taking it ends
the game); Hijack as a Castaway; Complete the adventure here (in solo and coop only when
it spends no icon the Doom card needs); sail to The Doom when hand and deployed pirates
pay its card; deploy a pirate on an island whose icon the Doom card asks for (solo and
coop: "Return previously deployed pirate tokens ... to immediately Spend the icon", so
a hand of 3 can pay a card of 4), or sail to such an island; offer a spare card to a
teammate beside it (coop Trade); Scout away from The Doom while no place in reach is out
of its way; Steal the icon the plan lacks, Plunder for it, sail to a payable adventure
or to an island to Steal or Plunder at, Attack a leading rival (competitive), Scout;
else pass or discard. With a hand that pays the Doom card (solo, coop) it would rather
end the round where The Doom comes to it with at most 1 damage. Keep, Drop and Pay
choose the hand that comes closest to paying the Doom card and the adventures near by
(``bot_plan.hand_score``; a Cursed card held is worth a little more: it cannot fail a
Fate from the deck); a Fate takes the corner least likely to show a skull from what has
been revealed (``bot_plan.kindest_corner``). In the use-or-pass windows it moves, hides
or halts when The Doom would hurt it (solo: only when it would sink or lose its last
pirate, as a used special action scores 1 icon less).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..bot_levels import ExpertBudget, score_margin_value
from . import bot_plan as plan
from . import expert
from .actions import (
    Action,
    AttackDoom,
    AttackShip,
    Complete,
    Dawn,
    Deploy,
    Discard,
    Done,
    Drop,
    Fate,
    GhostDiscard,
    Give,
    Hijack,
    Keep,
    Pass,
    Pay,
    Plunder,
    Revive,
    Rotate,
    Sail,
    Scout,
    Skip,
    Steal,
    Take,
    Top,
    Trade,
    Use,
)
from .bot_plan import NORMAL_PLAN, PlanOptions
from .data import (
    ANY_SPELL,
    COMPETITIVE,
    COOP,
    CURSED,
    DOOM_CARDS,
    HAND_LIMIT,
    INVISIBLE,
    MAP_CARDS,
    MOVE_SHIP,
    REDUCE_DOOM,
    RETURN_DEPLOYED,
    RETURN_DISCARDED,
    SOLO,
    SOLO_TARGET,
    SPELLS,
    STOP_DOOM,
)
from .geometry import neighbour
from .round_end import doom_distances, doom_edges
from .rules import legal_actions, sail_cost
from .scoring import icons
from .specials import special_of
from .spend import pays
from .state import (
    GHOST,
    PROMPT_FATE,
    PROMPT_ROUND_END,
    PROMPT_TRADE,
    SHIP,
    SUNK,
    HazeState,
    current_prompt,
    location_at,
)

#: what the top Doom card is worth to the plan: everything in solo and coop (only
#: defeating The Doom wins there), its 3–4 icons in the other modes
DOOM_WORTH_TEAM = 12.0
DOOM_WORTH_RIVALS = 3.5
#: solo, the last Doom card while the Captain's Log is short of 15 icons: adventures first
DOOM_WORTH_HOLD = 3.0
#: a hand card whose loss lowers the plan's score by less than this is spare
SPARE = 0.15
#: what a Cursed card in the hand is worth besides its spell icon (kept out of the deck)
CURSED_HELD = 0.4


@dataclass(slots=True)
class Seat:
    """What one decision knows: the seat's position, deck, health and plan."""

    state: HazeState
    seat: int
    here: tuple[int, int]
    cards: int  # cards left in the seat's map deck
    supply: int
    reach: dict[tuple[int, int], int]  # diamonds The Doom crosses to each location
    paths: plan.Routes  # Sail costs from here
    goals: list[tuple[tuple[str, ...], float]]
    team: bool  # solo or coop: The Doom must be defeated
    #: the Doom card waits for adventures: the last one in solo (_last_doom_waits), and
    #: for the expert the first round's (``PlanOptions.adventures_first``)
    holding: bool
    lure: bool  # solo/coop, the hand pays the Doom card: let The Doom come (LURE_BONUS)
    safest: float  # cost of the best place to end the round reachable now
    #: deploy a pirate only from a supply this large (the expert deploys from 1 in solo)
    deploy_supply: int = plan.DEPLOY_SUPPLY
    #: Sail costs from each square an action may leave the ship on, as asked (the
    #: decision's map does not change while it is made)
    routes_from: dict[tuple[int, int], plan.Routes] = field(default_factory=dict)
    #: the expert in the last round with no Reduce The Doom left: the Round End ends a
    #: game still lost, so where the ship ends the round costs nothing
    reckless: bool = False
    #: the expert in solo: Scout for an island to put a pirate on when the top Doom card
    #: asks for more icons than a hand holds and no such island is on the map
    #: (:func:`_scout_for_pirate`)
    scout_for_pirates: bool = False
    #: the expert in coop: Trade only when one icon short of the Doom card, and answer a
    #: Trade with the likeliest missing Doom card icon (:func:`_short_trade`)
    short_trade: bool = False
    #: the expert in the last stand with one Doom card left (coop: any number): an action
    #: must leave the map deck the cards to sail back to The Doom and reveal the Attack's
    #: Fate (:meth:`end_after`), and when nothing such is left it sails back, or stays
    #: at The Doom (:func:`_turn`); the rest of the Round End no longer matters there,
    #: that voyage does ("You may only take an action if there are enough cards in your
    #: map deck")
    doom_budget: bool = False
    #: the expert in solo and coop: a voyage to strike The Doom (:func:`_strike`) must
    #: leave the ship a pirate after this round's end while other Doom cards remain (a
    #: ship with none sinks at its next hit and has no pirate to pay a 4-icon card with)
    strike_keeps_pirate: bool = False

    def pool(self) -> list[str]:
        return plan.hand_icons(self.state, self.seat) + plan.pirate_icons(self.state, self.seat)

    def end_after(self, square: tuple[int, int], used: int, supply: int | None = None) -> float:
        """Cost of the best end-of-round place after an action that leaves the ship at
        ``square`` with ``used`` cards fewer."""
        left = self.cards - used
        if left < 0:
            return plan.SINK_COST * 2
        if self.reckless and not self.doom_budget:
            return 0.0
        paths = self.routes_from.get(square)
        if paths is None:
            paths = self.routes_from[square] = plan.routes(self.state, square)
        if self.reckless:  # the last stand's budget: back to The Doom, and its Fate
            back = paths.get((self.state.doom_x, self.state.doom_y))
            return 0.0 if back is not None and back[0] + 1 <= left else plan.SINK_COST * 2
        return plan.best_end(
            self.state,
            square,
            left,
            self.supply if supply is None else supply,
            self.reach,
            self.state.players[self.seat].invisible,
            self.lure,
            paths,
        )[0]

    def safe(self, square: tuple[int, int], used: int, supply: int | None = None) -> bool:
        return self.end_after(square, used, supply) <= self.safest + 1e-9

    def bearable(self, square: tuple[int, int], used: int) -> bool:
        """For actions that score: fine unless they make sinking unavoidable."""
        after = self.end_after(square, used)
        return after < plan.SINK_COST or after <= self.safest + 1e-9


def _last_doom_waits(state: HazeState, seat: int) -> bool:
    """Solo: "Defeat The Doom and score a minimum of 15 icons", and "The game immediately
    ends when the last Doom card is taken": the last card waits until the Captain's Log
    and that card reach 15 icons together."""
    if state.mode != SOLO or len(state.doom_cards) != 1:
        return False
    card, face = state.doom_cards[0]
    return icons(state.players[seat]) + DOOM_CARDS[card].score(face) < SOLO_TARGET


def _seat(state: HazeState, seat: int, options: PlanOptions = NORMAL_PLAN) -> Seat:
    """Everything one decision of ``seat`` reads, from its own view of the game, for the
    plan ``options``."""
    deploy_supply, reckless = options.deploy_supply, options.reckless
    player = state.players[seat]
    here = (player.x, player.y)
    reach = plan.doom_reach(state)
    paths = plan.routes(state, here) if player.status == SHIP else {here: (0, -1)}
    team = state.mode in (SOLO, COOP)
    holding = options.adventures_first or _last_doom_waits(state, seat)
    worth = DOOM_WORTH_HOLD if holding else DOOM_WORTH_TEAM if team else DOOM_WORTH_RIVALS
    goals = plan.targets(state, seat, worth, paths)
    cards = len(state.decks[seat])
    lure = (
        team
        and not holding
        and player.status == SHIP
        and bool(state.doom_cards)
        and not plan.uncovered(
            plan.doom_requirement(state),
            plan.hand_icons(state, seat) + plan.pirate_icons(state, seat),
        )
    )
    # (a ship's paths are the routes from here; any other has only its square)
    known = {here: paths} if player.status == SHIP else {}
    safest = (
        0.0
        if reckless
        else plan.best_end(
            state,
            here,
            cards if player.status == SHIP else 0,
            player.supply,
            reach,
            player.invisible,
            lure,
            known.get(here),
        )[0]
    )
    budget = (
        options.doom_budget
        and reckless
        and player.status == SHIP
        and (len(state.doom_cards) == 1 or state.mode == COOP)
    )
    return Seat(
        state,
        seat,
        here,
        cards,
        player.supply,
        reach,
        paths,
        goals,
        team,
        holding,
        lure,
        safest,
        deploy_supply,
        known,
        reckless,
        options.scout_for_pirates,
        options.short_trade,
        budget,
        options.strike_keeps_pirate,
    )


def _score(ctx: Seat, pool: list[str], cursed: int = 0) -> float:
    """How good a pool of icons (hand and pirates) is for the plan; ``cursed``: Cursed
    cards in the hand ("Cursed cards will always fail you. Always. Better have them in
    hand than in the deck": each one held is a Fate that cannot fail on it)."""
    return plan.hand_score(pool, ctx.goals) + CURSED_HELD * cursed


def _cursed(cards: list[int]) -> int:
    return sum(1 for c in cards if MAP_CARDS[c].kind == CURSED)


def _hand_cursed(ctx: Seat) -> int:
    return _cursed(ctx.state.players[ctx.seat].hand)


def _without(items: list[str], removed: list[str]) -> list[str]:
    out = list(items)
    for item in removed:
        out.remove(item)
    return out


def _pay_choice(ctx: Seat, payments: list[Pay]) -> Pay:
    """The payment that keeps the best hand and pirates for what comes next; a returned
    pirate is also health back in the supply."""
    state = ctx.state
    pool = ctx.pool()

    def after(pay: Pay) -> float:
        spent = [MAP_CARDS[c].icon for c in pay.cards]
        for x, y in pay.pirates:
            loc = location_at(state, x, y)
            assert loc is not None
            spent.append(MAP_CARDS[loc.card].icon)
        cursed = _hand_cursed(ctx) - _cursed(list(pay.cards))
        return _score(ctx, _without(pool, spent), cursed) + 0.5 * len(pay.pirates)

    return max(payments, key=after)


def _card_loss(ctx: Seat, card: int) -> float:
    pool = ctx.pool()
    cursed = _hand_cursed(ctx)
    return _score(ctx, pool, cursed) - _score(
        ctx, _without(pool, [MAP_CARDS[card].icon]), cursed - _cursed([card])
    )


def _fate_corner(state: HazeState, seat: int) -> int:
    player = state.players[seat]
    deck = state.decks[seat]
    top = deck[-1] if deck and deck[-1] in player.seen else None
    return plan.kindest_corner(state, seat, top)


def choose(state: HazeState, seat: int, options: PlanOptions = NORMAL_PLAN) -> Action:
    """The bot's action for ``seat`` (one of the legal actions), by the plan ``options``:
    the normal bot's, or the expert's (:class:`.bot_plan.PlanOptions`)."""
    legal = legal_actions(state, seat)
    prompt = current_prompt(state)
    if prompt is not None and prompt.kind in (PROMPT_ROUND_END, PROMPT_FATE):
        return _window(state, seat, legal, prompt.kind)
    first = legal[0]
    if isinstance(first, Fate):
        corner = _fate_corner(state, seat)
        return next(a for a in legal if isinstance(a, Fate) and a.corner == corner)
    if isinstance(first, Revive):
        corner = plan.kindest_corner(state, seat)
        return next(a for a in legal if isinstance(a, Revive) and a.corner == corner)
    if (
        isinstance(first, Use)
        and any(isinstance(a, Skip) for a in legal)
        and state.pending
        and prompt is None
    ):
        return first  # after a skull: Ignore the Skull / Keep your spells, yes
    ctx = _seat(state, seat, options)
    if isinstance(first, Keep):
        pool = ctx.pool()
        cursed = _hand_cursed(ctx)
        keeps = [a for a in legal if isinstance(a, Keep)]
        return max(
            keeps,
            key=lambda a: (
                _score(ctx, [*pool, MAP_CARDS[a.card].icon], cursed + _cursed([a.card])),
                -a.card,
            ),
        )
    if isinstance(first, Drop):
        drops = [a for a in legal if isinstance(a, Drop)]
        return min(drops, key=lambda a: (_card_loss(ctx, a.card), a.card))
    if isinstance(first, Pay):
        return _pay_choice(ctx, [a for a in legal if isinstance(a, Pay)])
    if isinstance(first, (Take, GhostDiscard, Rotate, Dawn)):
        return first
    if prompt is not None and prompt.kind == PROMPT_TRADE:
        return _answer_trade(ctx, legal)
    if any(isinstance(a, (Top, Done)) for a in legal) and all(
        isinstance(a, (Top, Done)) for a in legal
    ):
        return next(a for a in legal if isinstance(a, Done))
    if all(isinstance(a, Skip) for a in legal):
        return legal[0]
    if state.pending and isinstance(first, Use):
        return first
    return _turn(ctx, legal)


def _answer_trade(ctx: Seat, legal: list[Action]) -> Action:
    """Coop Trade, the partner's answer ("swap 1 card from their hands with each other"):
    give back the card this seat needs least when it is spare, else refuse. The offered
    card is not shown to the partner (the prompt names no card), so it is not read.
    The expert's answer comes first (:func:`_short_trade_gift`)."""
    gives = [a for a in legal if isinstance(a, Give)]
    gift = _short_trade_gift(ctx, gives) if ctx.short_trade else None
    if gift is not None:
        return gift
    if gives:
        least = min(gives, key=lambda a: (_card_loss(ctx, a.card), a.card))
        if _card_loss(ctx, least.card) <= SPARE:
            return least
    return next(a for a in legal if isinstance(a, Skip))


def _short_trade_gift(ctx: Seat, gives: list[Give]) -> Give | None:
    """The expert's answer to a coop Trade (:func:`_short_trade`: the expert trades only
    when its hand and pirates lack one icon of the top Doom card): the card most likely
    to be that icon, from public facts only — one paying a Doom card icon that the
    trader's deployed pirates (public) do not pay, a named icon before an any-spell one
    (any of the spells pays that, so it is the likelier one to be held); ``None`` when
    no card of this hand pays such an icon (the normal answer then)."""
    prompt = current_prompt(ctx.state)
    if not gives or prompt is None or not prompt.data:
        return None
    state = ctx.state
    trader = prompt.data[0]  # who trades is public; the card offered is not read
    open_icons = plan.uncovered(plan.doom_requirement(state), plan.pirate_icons(state, trader))

    def likely(give: Give) -> tuple[bool, bool, int]:
        icon = MAP_CARDS[give.card].icon
        return (
            any(pays(icon, d) for d in open_icons if d != ANY_SPELL),
            any(pays(icon, d) for d in open_icons),
            -give.card,
        )

    best = max(gives, key=likely)
    return best if likely(best)[1] else None


def _window(state: HazeState, seat: int, legal: list[Action], kind: str) -> Action:
    uses = [a for a in legal if isinstance(a, Use)]
    by_special = {special_of(u.number): u for u in reversed(uses)}
    player = state.players[seat]
    if kind == PROMPT_ROUND_END and player.status == SHIP:
        here = (player.x, player.y)
        damage = _doom_damage(state, seat, here)
        # a used special action turns its card to 1 icon: solo needs 15, so there it is
        # spent only when The Doom would leave the ship without a pirate or sink it
        if damage > 0 and (state.mode != SOLO or damage >= player.supply):
            # the cheapest shelter first: sail away for free, then hide or halt The Doom
            distances = doom_distances(state)
            moves = [u for u in uses if special_of(u.number) == MOVE_SHIP and u.squares]
            if moves:
                best = min(
                    moves,
                    key=lambda u: (
                        _doom_damage(state, seat, u.squares[0], distances),
                        -distances.get(u.squares[0], (99, []))[0],
                    ),
                )
                if _doom_damage(state, seat, best.squares[0], distances) < damage:
                    return best
            for special in (INVISIBLE, STOP_DOOM, REDUCE_DOOM):
                if special in by_special:
                    return by_special[special]
    if kind == PROMPT_FATE:
        for special in (RETURN_DEPLOYED, RETURN_DISCARDED):
            if special in by_special:
                return by_special[special]
        away = [
            u
            for u in uses
            if special_of(u.number) == MOVE_SHIP and u.squares[0] != (player.x, player.y)
        ]
        if away:
            return away[-1]
    if RETURN_DISCARDED in by_special and _wants_pirate_back(state, seat):
        return by_special[RETURN_DISCARDED]
    return next(a for a in legal if isinstance(a, Skip))


def _wants_pirate_back(state: HazeState, seat: int) -> bool:
    """Return 1 discarded pirate: health back for 1 icon of the card (solo counts icons:
    only when 1 pirate or none is left)."""
    return state.mode != SOLO or state.players[seat].supply <= 1


def _doom_damage(
    state: HazeState,
    seat: int,
    at: tuple[int, int],
    distances: dict[tuple[int, int], tuple[int, list[tuple[int, int]]]] | None = None,
) -> int:
    """The damage The Doom would deal ``seat`` at this round's end with its ship at ``at``
    and every other ship where it is now (rulebook "2. The Doom Moves": it hunts the
    nearest ship, most icons on a tie (a die roll beyond: counted as us), moves while its
    power lasts or until it reaches a ship, then hits every ship there with the power
    left). Uses only public facts: the map, The Doom's die and the ships."""
    if state.doom_stopped:
        return plan.next_power(state) if at == (state.doom_x, state.doom_y) else 0
    distances = distances if distances is not None else doom_distances(state)
    me = state.players[seat]
    if me.invisible:
        return 0
    ships = {
        s: ((p.x, p.y) if s != seat else at)
        for s, p in enumerate(state.players)
        if p.status == SHIP and not p.invisible
    }
    keys = [
        (distances[sq][0], -icons(state.players[s]), s != seat, s)
        for s, sq in ships.items()
        if sq in distances
    ]
    if not keys:
        return 0
    target = min(keys)[3]
    power = plan.next_power(state)
    route = distances[ships[target]][1]
    position = (state.doom_x, state.doom_y)
    occupied = set(ships.values())
    crossed = 0
    for square in route:
        step = next(c for c, x, y in doom_edges(state, *position) if (x, y) == square)
        if crossed + step > power or position in occupied:
            break
        crossed += step
        position = square
    return power - crossed if position == at else 0


def _wanted(ctx: Seat) -> dict[str, float]:
    """Icons the plan lacks, each weighted by the worth of the goals that lack it."""
    pool = ctx.pool()
    want: dict[str, float] = {}
    for need, worth in ctx.goals:
        missing = plan.uncovered(need, pool)
        share = worth / len(need)
        for icon in missing:
            want[icon] = want.get(icon, 0.0) + share
    return want


def _icon_wanted(want: dict[str, float], icon: str) -> float:
    return want.get(icon, 0.0) + (want.get("spell", 0.0) if icon in SPELLS else 0.0)


def _after_paying(
    pool: list[str], need: tuple[str, ...], doom: tuple[str, ...]
) -> list[str] | None:
    """``pool`` once ``need`` is paid with the icons the Doom card needs least (``None``:
    it cannot be paid)."""
    remaining = list(pool)
    for icon in sorted(need, key=lambda r: r == "spell"):
        options = [i for i in remaining if pays(i, icon)]
        if not options:
            return None
        options.sort(key=lambda i: (len(plan.uncovered(doom, _without(remaining, [i]))), i))
        remaining.remove(options[0])
    return remaining


def _spends_doom_icons(ctx: Seat) -> bool:
    """Whether Completing the adventure here would leave the top Doom card less covered
    (solo and coop only, where only defeating The Doom wins)."""
    if not ctx.team or ctx.holding:
        return False
    doom = plan.doom_requirement(ctx.state)
    if not doom:
        return False
    pool = ctx.pool()
    remaining = _after_paying(pool, plan.adventure_requirement(ctx.state, ctx.here), doom)
    return remaining is None or (
        len(plan.uncovered(doom, remaining)) > len(plan.uncovered(doom, pool))
    )


def _pirate_aims(ctx: Seat, doom: tuple[str, ...], missing: list[str]) -> set[str]:
    """Doom card icons worth a deployed pirate: crew and loot ones (pirates stand on
    islands) no pirate pays yet, when the hand lacks them or when the hand cannot pay
    the rest alone ("Discard down to 3 cards": a card of 4 icons needs a pirate)."""
    if not doom:
        return set()
    open_icons = [
        i
        for i in plan.uncovered(doom, plan.pirate_icons(ctx.state, ctx.seat))
        if i not in SPELLS and i != "spell"
    ]
    crowded = len(plan.uncovered(doom, plan.pirate_icons(ctx.state, ctx.seat))) > HAND_LIMIT
    return {i for i in open_icons if crowded or i in missing}


def _unseen_copies(state: HazeState, seat: int, icon: str) -> int:
    """Map cards with ``icon`` the seat cannot see (not on the map, not in its hand)."""
    return sum(1 for c in plan.unseen_cards(state, seat) if MAP_CARDS[c].icon == icon)


def _scout_for_pirate(ctx: Seat, doom: tuple[str, ...], aims: set[str]) -> bool:
    """The expert in solo: the top Doom card asks for more icons than a hand holds
    ("Discard down to 3 cards"), so a pirate must pay one ("Return previously deployed
    pirate tokens ... to immediately Spend the icon"), and no island the ship can sail to
    shows an icon it lacks (``aims``, :func:`_pirate_aims`) without a pirate of its own
    already: only a new location can give one ("Scout ... Create a Location")."""
    if len(doom) <= HAND_LIMIT or not aims or ctx.supply < ctx.deploy_supply:
        return False
    mine = {(x, y) for x, y in ctx.state.players[ctx.seat].deployed}
    return not any(
        (loc.x, loc.y) in ctx.paths
        and (loc.x, loc.y) not in mine
        and MAP_CARDS[loc.card].icon in aims
        for loc in ctx.state.locations
    )


def _short_trade(
    ctx: Seat, trades: list[Trade], doom: tuple[str, ...], missing: list[str]
) -> Trade | None:
    """The expert in coop ("Players with ships in the same location may swap 1 card from
    their hands with each other"): neither ship sees the other's hand (HZ-D62), so a
    Trade means one thing only: this ship's hand and pirates lack exactly one icon of the
    top Doom card. It offers the card that card needs least, when giving it away still
    leaves one icon missing at most; the partner gives back the likeliest missing icon
    (:func:`_short_trade_gift`). ``None``: no such Trade."""
    if not trades or not doom or len(missing) != 1:
        return None
    worst = min(trades, key=lambda a: (_card_loss(ctx, a.card), a.card))
    left = _without(ctx.pool(), [MAP_CARDS[worst.card].icon])
    return worst if len(plan.uncovered(doom, left)) <= 1 else None


def _strike(ctx: Seat, sails: dict[int, Action]) -> Action | None:
    """Sail towards The Doom when the hand and pirates pay its top card and the deck
    lasts for the voyage and the Fate, without a sure sinking after it (the expert,
    ``Seat.strike_keeps_pirate``: nor a Round End that takes the last pirate: "If you
    have no pirate tokens in your supply to discard you are Sunk" at the next hit, and
    "Return previously deployed pirate tokens ... to immediately Spend the icon" is what
    pays a Doom card of 4 icons beside a hand of 3)."""
    state = ctx.state
    doom = plan.doom_requirement(state)
    if not doom or plan.uncovered(doom, ctx.pool()):
        return None
    where = (state.doom_x, state.doom_y)
    route = ctx.paths.get(where)
    if route is None or route[1] < 0 or route[0] + 1 > ctx.cards:
        return None
    pirates = len(state.players[ctx.seat].deployed)
    # (a supply one smaller: an end place that costs it every pirate counts as a sinking)
    spare = ctx.supply + pirates - (1 if ctx.strike_keeps_pirate else 0)
    after = plan.best_end(state, where, ctx.cards - route[0] - 1, spare, ctx.reach)[0]
    if after >= plan.SINK_COST and len(state.doom_cards) > 1 and not ctx.reckless:
        # (taking the last Doom card ends the game at once: no round end to fear)
        return None
    return sails.get(route[1])


def _turn(ctx: Seat, legal: list[Action]) -> Action:
    """A plain turn: the plan's aims by priority, each kept only if it is safe for the
    round end (module docstring); else towards the safest place, pass or discard."""
    state, seat = ctx.state, ctx.seat
    player = state.players[seat]
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    sails: dict[int, Action] = {a.direction: a for a in kinds.get(Sail, []) if isinstance(a, Sail)}
    sails = {d: a for d, a in sails.items() if (sail_cost(state, *ctx.here, d) or 99) <= ctx.cards}
    here = ctx.here
    for use in [a for a in kinds.get(Use, []) if isinstance(a, Use)]:
        number = use.number
        if special_of(number) == RETURN_DISCARDED and _wants_pirate_back(state, seat):
            return use  # a pirate back to the supply: health
    if AttackDoom in kinds and not ctx.holding:
        return kinds[AttackDoom][0]
    if Hijack in kinds:
        return kinds[Hijack][0]
    if Complete in kinds and not _spends_doom_icons(ctx) and ctx.bearable(here, 1):
        return kinds[Complete][0]
    options: list[tuple[float, int, Action]] = []

    def offer(
        priority: float,
        action: Action,
        square: tuple[int, int],
        used: int,
        supply: int | None = None,
    ) -> None:
        if ctx.safe(square, used, supply):
            options.append((priority, -len(options), action))

    if (ctx.team or state.mode == COMPETITIVE) and not ctx.holding:
        strike = _strike(ctx, sails)
        if strike is not None:
            # the voyage is judged by _strike (the Doom card first), not by the end place
            options.append((90.0 if ctx.team else 70.0, 0, strike))
    want = _wanted(ctx)
    loc = location_at(state, *here)
    here_icon = MAP_CARDS[loc.card].icon if loc is not None else ""
    doom = plan.doom_requirement(state)
    doom_missing = plan.uncovered(doom, ctx.pool()) if doom else []
    pirate_aims = _pirate_aims(ctx, doom, doom_missing) if ctx.team else set()
    if (
        ctx.team
        and Deploy in kinds
        and here_icon in pirate_aims
        and ctx.supply >= ctx.deploy_supply
    ):
        offer(65.0, kinds[Deploy][0], here, 1, ctx.supply - 1)
    if Trade in kinds and ctx.short_trade:
        trade = _short_trade(
            ctx, [a for a in kinds[Trade] if isinstance(a, Trade)], doom, doom_missing
        )
        if trade is not None:
            offer(61.0, trade, here, 0)
    elif Trade in kinds and state.mode == COOP:
        # a swap takes no map card: offer a card this plan does not need (a Doom card
        # icon first: the teammate may be the one to pay it); the teammate gives back
        # a card it does not need (_answer_trade)
        spare = [
            a for a in kinds[Trade] if isinstance(a, Trade) and _card_loss(ctx, a.card) <= SPARE
        ]
        if spare:
            offer(
                60.0,
                max(
                    spare,
                    key=lambda a: (any(pays(MAP_CARDS[a.card].icon, d) for d in doom), -a.card),
                ),
                here,
                0,
            )
    hand_full = len(player.hand) >= 3
    weakest = min((_card_loss(ctx, c) for c in player.hand), default=0.0)
    room = not hand_full or weakest <= SPARE
    if (
        Steal in kinds
        and room
        and _icon_wanted(want, here_icon) > 0
        and _unseen_copies(state, seat, here_icon) >= 2
    ):
        # two unseen copies at least: a Steal that misses ends the turn and teaches a
        # stateless bot nothing, so a lone copy (maybe in the discard pile) is no aim
        offer(55.0, kinds[Steal][0], here, 2)
    if Plunder in kinds and want and loc is not None:
        # keep the best drawn card, drop the worst: better than discarding blind
        number = MAP_CARDS[loc.card].plunder or 0
        offer((45.0 if room else 25.0) + number, kinds[Plunder][0], here, number)
    if sails and pirate_aims and ctx.supply >= ctx.deploy_supply:
        # an island to deploy on: a pirate pays a Doom card icon the hand has no room for
        mine = {tuple(d) for d in player.deployed}
        for other in state.locations:
            square = (other.x, other.y)
            route = ctx.paths.get(square)
            if (
                route is None
                or route[1] not in sails
                or square in mine
                or MAP_CARDS[other.card].icon not in pirate_aims
            ):
                continue
            dest = neighbour(*here, route[1])
            step = sail_cost(state, *here, route[1]) or 0
            offer(48.0 - route[0], sails[route[1]], dest, step)
    if sails:
        pool = ctx.pool()
        for other in state.locations:
            square = (other.x, other.y)
            need = plan.adventure_requirement(state, square)
            route = ctx.paths.get(square)
            if not need or route is None or route[1] not in sails or plan.uncovered(need, pool):
                continue
            if ctx.team and doom and not ctx.holding:
                remaining = _after_paying(pool, need, doom)
                if remaining is None or len(plan.uncovered(doom, remaining)) > len(doom_missing):
                    continue  # it would spend the Doom card's icons
            dest = neighbour(*here, route[1])
            step = sail_cost(state, *here, route[1]) or 0
            offer(50.0 - route[0], sails[route[1]], dest, step)
        if want:
            for other in state.locations:
                square = (other.x, other.y)
                route = ctx.paths.get(square)
                card = MAP_CARDS[other.card]
                if route is None or route[1] not in sails or card.red:
                    continue
                worth = _icon_wanted(want, card.icon)
                useful = worth > 0 or (card.plunder or 0) >= 2
                if not useful:
                    continue
                dest = neighbour(*here, route[1])
                step = sail_cost(state, *here, route[1]) or 0
                offer(
                    (30.0 if room else 15.0) + min(worth, 5.0) - route[0],
                    sails[route[1]],
                    dest,
                    step,
                )
    if AttackShip in kinds and state.mode == COMPETITIVE:
        rivals = [
            a
            for a in kinds[AttackShip]
            if isinstance(a, AttackShip) and icons(state.players[a.seat]) >= icons(player)
        ]
        if rivals:
            offer(40.0, rivals[0], here, 1)
    if Scout in kinds:

        def away(action: Action) -> int:
            assert isinstance(action, Scout)  # kinds[Scout] holds Scouts only
            x, y = neighbour(*here, action.direction)
            return abs(x - state.doom_x) + abs(y - state.doom_y)

        if ctx.scout_for_pirates and _scout_for_pirate(ctx, doom, pirate_aims):
            offer(62.0, max(kinds[Scout], key=away), here, 1)
        # no place in reach is out of The Doom's way yet: grow the map away from it
        exposed = ctx.safest > 0 and player.status == SHIP
        offer(58.0 if exposed else 20.0, max(kinds[Scout], key=away), here, 1)
    if options:
        return max(options)[2]
    # nothing worth doing is safe: head for the safest place, else wait
    if ctx.doom_budget:
        back = ctx.paths.get((state.doom_x, state.doom_y))
        if back is not None and back[1] in sails:
            return sails[back[1]]
        if back is not None and back[0] == 0:
            # at The Doom already: stay there (a pass keeps the cards for its Attack)
            if Pass in kinds:
                return kinds[Pass][0]
            if Discard in kinds:
                return kinds[Discard][0]
    _cost, square, first = plan.best_end(
        state, here, ctx.cards, ctx.supply, ctx.reach, player.invisible, ctx.lure
    )
    if first >= 0 and first in sails:
        return sails[first]
    if Pass in kinds:
        return kinds[Pass][0]
    if Discard in kinds:
        return kinds[Discard][0]
    return legal[0]


#: the expert's search (games/bot_levels.py): a normal decision costs well under 1 ms
#: here, so five moves, six samples (a Fate per action makes playouts noisy) and a
#: horizon of about a solo round (≈ 30 decisions) and a half fit the second
EXPERT_BUDGET = ExpertBudget(candidates=5, samples=6, depth=45)
#: the expert's moves by kind, most promising first (one of each kind before a second)
_EXPERT_KINDS: tuple[type, ...] = (
    AttackDoom,
    Complete,
    Hijack,
    Deploy,
    Steal,
    Plunder,
    Sail,
    Trade,
    Scout,
    AttackShip,
    Use,
    Keep,
    Drop,
    Pay,
    Give,
    Skip,
    Pass,
    Discard,
)
#: decisions the search leaves to the normal bot: a Fate or Revive corner (the samples
#: deal the unrevealed skulls anew, so only noise would tell corners apart) and the
#: bookkeeping moves that change nothing a playout of a few rounds can see
_NOT_SEARCHED: tuple[type, ...] = (Fate, Revive, Take, GhostDiscard, Rotate, Dawn, Top, Done)


def expert_action(state: HazeState, seat: int, budget: object = None) -> Action | None:
    """The expert level's move (games/bot_levels.py's hook): solo and cooperative games,
    the expert plan (:func:`.expert.decide`, HZ-D67); ``None`` in the other modes, where
    the shared search decides with :func:`evaluate` and :func:`expert_candidates`."""
    return expert.decide(state, seat, choose)


def expert_candidates(state: HazeState, seat: int) -> list[Action]:
    """The moves the expert searches, best kinds first: one move of each kind (Attack The
    Doom, Complete, ... Pass, Discard), then the other moves of those kinds; none where
    only the normal bot's choice counts (``_NOT_SEARCHED``)."""
    legal = legal_actions(state, seat)
    if not legal or isinstance(legal[0], _NOT_SEARCHED):
        return []
    rank = {kind: i for i, kind in enumerate(_EXPERT_KINDS)}
    ordered = sorted(legal, key=lambda a: rank.get(type(a), len(rank)))
    first: list[Action] = []
    rest: list[Action] = []
    seen: set[type] = set()
    for action in ordered:
        (rest if type(action) in seen else first).append(action)
        seen.add(type(action))
    return first + rest


#: an unfinished solo or cooperative game, for the expert: how many Doom cards a round
#: takes on average (the normal bot: about 2 of 3 in 6 rounds, the first round building
#: the map), and how much each piece of work counts
_DOOM_PER_ROUND = 0.5
#: a Doom card whose icons the best pool already pays is this much of the way
_COVER_WORTH = 0.6
#: solo: one missing icon of the 15, in Doom cards of work (an adventure scores 1–2)
_ICON_WORK = 0.2


def _team_value(state: HazeState) -> float:
    """Solo and cooperative (only defeating The Doom wins: "Defeat The Doom and score a
    minimum of 15 icons"; "All players must survive and defeat The Doom"): the work left
    (Doom cards, less what the best hand and pirates already pay of the top one; solo,
    the icons short of 15 after every Doom card) against the rounds left, then the
    ships' health ("If you have no pirate tokens ... you are Sunk")."""
    players = state.players
    need = plan.doom_requirement(state)
    ships = [s for s, p in enumerate(players) if p.status == SHIP]
    cover = (
        max(
            (
                1
                - len(plan.uncovered(need, plan.hand_icons(state, s) + plan.pirate_icons(state, s)))
                / len(need)
                for s in ships
            ),
            default=0.0,
        )
        if need
        else 0.0
    )
    work = len(state.doom_cards) - _COVER_WORTH * cover**2
    if state.mode == SOLO:
        doom_left = sum(3.5 for _ in state.doom_cards[1:]) + (
            DOOM_CARDS[state.doom_cards[0][0]].score(state.doom_cards[0][1])
            if state.doom_cards
            else 0
        )
        work += _ICON_WORK * max(0.0, SOLO_TARGET - icons(players[0]) - doom_left)
    # the rounds left, this one by the share of the map cards still in the decks
    in_decks = sum(len(d) for d in state.decks)
    time_left = state.rounds - state.round + min(1.0, in_decks / 18.0)
    value = 0.5 + 0.4 * math.tanh(time_left * _DOOM_PER_ROUND - work)
    for p in players:
        if p.status in (GHOST, SUNK):
            value *= 0.3  # coop: a Ghost Ship must Revive, or the team has lost
        elif p.status == SHIP and p.supply == 0:
            value *= 0.75  # the next hit sinks it
        elif p.status == SHIP and p.supply == 1:
            value *= 0.92
    return value


def evaluate(state: HazeState, seat: int) -> float:
    """How good an unfinished game is for ``seat``, for the expert's search
    (games/bot_levels.py): in a competitive or friendly game its lead in icons; solo and
    cooperative, the team's chance to defeat The Doom in time (:func:`_team_value`)."""
    if state.mode not in (SOLO, COOP):
        return score_margin_value(tuple(icons(p) for p in state.players), seat)
    return _team_value(state)
