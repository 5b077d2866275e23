"""The rules of Shipyard: setup, who acts, the legal actions and their effects.

A turn is a sequence of decisions (see :mod:`.actions`). Steps that need no decision
(advancing the previous card, income, a cruise with only one way on) happen by
themselves in :func:`_settle`, which runs after every action until somebody must
decide. :func:`apply` only carries out actions found in :func:`legal_actions`, so a
refused action never changes the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from ..protocol import Event, IllegalAction
from ..rng import GameRng
from . import canals as cn
from . import yard as yd
from .actions import (
    Action,
    Attach,
    Bonus,
    Buy,
    BuyBlank,
    EndActions,
    FigureAt,
    Fit,
    GiveUp,
    Go,
    Hire,
    Launch,
    Pass,
    RentCanal,
    Sell,
    SetSail,
    Slot,
    Steps,
    Stop,
    Subsidy,
    Swap,
    Take,
    TakeTrain,
    UseTrain,
)
from .data import (
    ACTIONS,
    ARCHITECT,
    BLANK,
    BLUE,
    BONUS_COST,
    BOW,
    BOW_IDS,
    BUILD,
    BUILDER,
    BUSINESSMAN,
    CANAL,
    CANAL_PRICES,
    CANALS,
    CANNON,
    CAPTAIN,
    CIRCLE,
    CIRCLE_RONDEL,
    COINS,
    COMMERCIAL,
    CONTRACT_DISCARDS,
    CONTRACTS_EACH,
    CRANE,
    CREW,
    CREW_ACTION,
    DISPLAY_CANALS,
    DISPLAY_ROWS,
    DISPLAY_TRAINS,
    EMPLOYEE_KINDS,
    EMPLOYEES,
    ENGINEER,
    EQUIPMENT,
    EQUIPMENT_ACTION,
    EXCHANGE,
    EXCHANGE_PRICES,
    EXTRA_CABIN,
    EXTRA_MOUNT,
    FOREMAN,
    GREEN,
    HIRE,
    ITEMS,
    LANTERN,
    LANTERN_OFFICIAL,
    LIFEBOAT,
    LIFEBOAT_OFFICIAL,
    LIFEBUOY,
    LIFEBUOY_OFFICIAL,
    MAX_BUILD,
    MIDDLE,
    MIDDLE_I_IDS,
    MIDDLE_II_IDS,
    MILITARY,
    MOUNT_OF,
    OVAL_RONDEL,
    OVAL_STOPS,
    PAID_STEPS,
    PIECES_PER_KIND,
    PROPELLER,
    PURCHASE,
    RECRUITER,
    RIBAND,
    RING,
    RING_RONDEL,
    ROW_PRICES,
    SAIL,
    SAILING,
    SCREW,
    SHUFFLED_SPACES,
    SMOKESTACK,
    SOLDIER,
    START_GUILDERS,
    START_SPACE,
    STARTING_TRAINS,
    STEAM,
    STEP_COST,
    STERN,
    STERN_IDS,
    SUBSIDY,
    SUBSIDY_ACTION,
    SUBSIDY_SPACE,
    SWAPS,
    TRACK_SPACES,
    TRADER1,
    TRADER2,
    TRADER_VP,
    TRAIN_PRICE,
    TRAINS,
    ship_card,
)
from .state import (
    PHASE_ACT,
    PHASE_CHOOSE,
    PHASE_CRUISE,
    PHASE_DISCARD,
    PHASE_FINAL,
    PHASE_LAST_SHIP,
    PHASE_OVER,
    Player,
    ShipyardState,
)

_P = "shipyard."
COLUMN_DECK = {"b": BOW, "m": MIDDLE, "s": STERN}
DISPLAY_OF = {BOW: "bow_display", MIDDLE: "middle_display", STERN: "stern_display"}


# -- setup -----------------------------------------------------
#: Laps of the quick game (house rule, SY-D58): the 2-player game's, at every table size.
QUICK_LAPS = 2


def laps(num_players: int, quick: bool = False) -> int:
    """Laps of the action track, where the countdown marker starts: the space for the
    number of players (rulebook setup step 11). The quick game's house rule (RULES-NOTES
    SY-D58) plays 2 laps with 3–4 players, as the 2-player game does (2 players: no
    change)."""
    return QUICK_LAPS if quick else num_players


def contract_discards(num_players: int, quick: bool = False) -> dict[int, int]:
    """Countdown value reached -> contracts of each colour given up then. The quick game
    (SY-D58) keeps the rulebook's aim, "you play the final lap with only 2 Government
    Contracts, one green and one blue": it gives up two of each at the end of the first
    lap, as the 2-player game does."""
    return CONTRACT_DISCARDS[2] if quick else CONTRACT_DISCARDS[num_players]


def setup(num_players: int, seed: int, *, quick: bool = False) -> ShipyardState:
    """The game as set up in the rulebook's "Setup" and "The Game Board" lists."""
    rng = GameRng(seed)
    bows, sterns = list(BOW_IDS), list(STERN_IDS)
    middles1, middles2 = list(MIDDLE_I_IDS), list(MIDDLE_II_IDS)
    for deck in (bows, sterns, middles1, middles2):
        rng.shuffle(deck)
    trains = list(range(STARTING_TRAINS, len(TRAINS))) + list(
        range(num_players, STARTING_TRAINS))
    rng.shuffle(trains)
    canal_deck = list(range(len(CANALS)))
    rng.shuffle(canal_deck)
    track: list[str | None] = [None] * TRACK_SPACES
    track[START_SPACE] = BUILD
    others = [a for a in ACTIONS if a not in (BUILD, SUBSIDY_ACTION)]
    rng.shuffle(others)
    for space, card in zip(SHUFFLED_SPACES, others, strict=True):
        track[space] = card
    if num_players == 4:
        track[SUBSIDY_SPACE] = SUBSIDY_ACTION
    brown = list(EMPLOYEE_KINDS)
    rng.shuffle(brown)
    copies = 2 if num_players >= 3 else 1
    oval = [[[kind] * copies for kind in brown[3 * i:3 * i + 3]] for i in range(OVAL_STOPS)]
    board: dict[str, Any] = {
        "track": track, "lead": BUILD, "figures": {},
        "bows": bows, "middles1": middles1, "middles2": middles2, "sterns": sterns,
        "bow_display": [], "middle_display": [], "stern_display": [],
        "removed_ships": [],
        "trains": trains, "train_display": [], "train_discard": [],
        "canals": canal_deck, "canal_display": [], "canal_discard": [],
        "ring": rng.below(len(RING)), "circle": rng.below(len(CIRCLE)),
        "oval": rng.below(OVAL_STOPS), "exchange": 0, "employees": oval,
        "bank": dict.fromkeys(ITEMS, PIECES_PER_KIND),
        # "40 Coins": the players' starting guilders come out of them
        "bank_guilders": COINS - START_GUILDERS * num_players,
    }
    # the middles: "the top 10 cards from the deck of middles" (deck I is on top)
    board["middle_display"] = [middles1.pop() for _ in range(2 * DISPLAY_ROWS)]
    board["bow_display"] = [bows.pop() for _ in range(DISPLAY_ROWS)]
    board["stern_display"] = [sterns.pop() for _ in range(DISPLAY_ROWS)]
    board["train_display"] = [trains.pop() for _ in range(DISPLAY_TRAINS)]
    board["canal_display"] = [canal_deck.pop() for _ in range(DISPLAY_CANALS)]
    if quick:  # only a quick game stores it: a standard game's JSON stays as it was
        board["quick"] = True
    green, blue = list(range(len(GREEN))), list(range(len(BLUE)))
    rng.shuffle(green)
    rng.shuffle(blue)
    players = []
    for seat in range(num_players):
        p = Player(money=START_GUILDERS, trains=[seat])
        p.green = sorted(green[CONTRACTS_EACH * seat:CONTRACTS_EACH * (seat + 1)])
        p.blue = sorted(blue[CONTRACTS_EACH * seat:CONTRACTS_EACH * (seat + 1)])
        players.append(p)
    dealt = CONTRACTS_EACH * num_players
    start = rng.below(num_players)
    state = ShipyardState(
        players=players, rng=rng, current=start, start_player=start, board=board,
        countdown=laps(num_players, quick),
        box={"green": sorted(green[dealt:]), "blue": sorted(blue[dealt:])})
    _begin_turn(state, [])
    return state


# -- small helpers -----------------------------------------------------
def position(state: ShipyardState, card: str) -> int:
    track: list[str | None] = state.board["track"]
    return track.index(card)


def behind_lead(state: ShipyardState, card: str) -> int:
    """How far ``card`` is behind the lead card (the lead is 0)."""
    return (position(state, state.board["lead"]) - position(state, card)) % TRACK_SPACES


def cards_on_track(state: ShipyardState) -> list[str]:
    """Cards from the lead backwards."""
    return [card for _, card in _track_behind_lead(state)]


def _track_behind_lead(state: ShipyardState) -> list[tuple[int, str]]:
    """Each card on the track with how far it is behind the lead (:func:`behind_lead`),
    from the lead backwards: the track read once (the bots ask for every card's income
    on every choice)."""
    track: list[str | None] = state.board["track"]
    lead = track.index(state.board["lead"])
    return sorted(((lead - i) % TRACK_SPACES, card) for i, card in enumerate(track)
                  if card is not None)


def figures(state: ShipyardState, card: str) -> list[int]:
    return list(state.board["figures"].get(card, []))


def count_role(p: Player, role: str, subject: str | None = None) -> int:
    return sum(1 for e in p.employees if EMPLOYEES[e].role == role
               and (subject is None or EMPLOYEES[e].subject == subject))


def _draw_ship(state: ShipyardState, deck: str) -> int | None:
    b = state.board
    piles = {BOW: ["bows"], STERN: ["sterns"], MIDDLE: ["middles1", "middles2"]}[deck]
    for name in piles:
        if b[name]:
            card = b[name].pop()
            if not any(b[n] for n in piles) and state.ending is None:
                # "If the last bow, stern, or middle Ship Card is turned up, the game
                # ends early."
                state.ending = "ships"
            return int(card)
    return None


def _draw(state: ShipyardState, deck: str, discard: str) -> int | None:
    """A train or canal; an empty deck is remade from its discards (rulebook)."""
    b = state.board
    if not b[deck] and b[discard]:
        b[deck] = b[discard]
        b[discard] = []
        state.rng.shuffle(b[deck])
    return int(b[deck].pop()) if b[deck] else None


def _slide(column: list[Any], row: int, new: Any) -> None:
    """Take ``row``; the cards above slide down and ``new`` fills the top."""
    for i in range(row, 0, -1):
        column[i] = column[i - 1]
    column[0] = new


def _take_item(state: ShipyardState, p: Player, item: str, count: int = 1) -> None:
    """Pieces come from the bank; a negative bank means substitutes are in use
    ("If you run out of pieces ... find some suitable substitute")."""
    p.stock[item] += count
    state.board["bank"][item] -= count



# -- guilders: every guilder in and out goes through these two, into the ledger ---------
#: Why guilders move (a player's ledger keys): earned ...
EARNED = ("income", "empty_spaces", "subsidy", "sales")
#: ... and paid.
PAID = ("ships", "canal", "train", "steps", "hire", "bonus")


def _earn(state: ShipyardState, seat: int, amount: int, reason: str) -> None:
    """``seat`` takes ``amount`` guilders from the bank for ``reason`` (one of
    :data:`EARNED`). The bank may go below zero: "If you run out of ... guilders, find
    some suitable substitute" (the data file: "Guilders are unlimited")."""
    assert reason in EARNED and amount >= 0
    _move_guilders(state, seat, amount, reason)


def _pay(state: ShipyardState, seat: int, amount: int, reason: str) -> None:
    """``seat`` pays ``amount`` guilders into the bank for ``reason`` (one of
    :data:`PAID`); never more than it has (the legal actions see to that)."""
    assert reason in PAID and 0 <= amount <= state.players[seat].money
    _move_guilders(state, seat, -amount, reason)


def _move_guilders(state: ShipyardState, seat: int, amount: int, reason: str) -> None:
    if not amount:
        return
    p = state.players[seat]
    p.money += amount
    p.ledger[reason] = p.ledger.get(reason, 0) + amount
    state.board["bank_guilders"] -= amount


def display_card(state: ShipyardState, column: str, row: int) -> int | None:
    b = state.board
    if column == "m":
        middle: int | None = b["middle_display"][row]
        return middle
    card: int | None = b[DISPLAY_OF[COLUMN_DECK[column]]][row]
    return card


def buy_price(row: int) -> int:
    return ROW_PRICES[row % DISPLAY_ROWS]


# -- performing actions: what is possible -------------------------------------------------
def _buy_options(state: ShipyardState, p: Player, money: int,
                 last_chance: bool = False) -> list[Action]:
    return list(_buy_choices(state, p, money, last_chance))


def _buy_choices(state: ShipyardState, p: Player, money: int,
                 last_chance: bool = False) -> Iterator[Action]:
    """:func:`_buy_options` one by one (:func:`can_perform` needs only the first)."""
    slots_for = yd.completing_slots if last_chance else yd.legal_slots
    for column, size in (("b", DISPLAY_ROWS), ("m", 2 * DISPLAY_ROWS), ("s", DISPLAY_ROWS)):
        deck = COLUMN_DECK[column]
        if not slots_for(p.yard, deck):
            continue
        cards = state.board[DISPLAY_OF[deck]]  # the column's cards (display_card's)
        for row in range(size):
            if cards[row] is not None and buy_price(row) <= money:
                yield Buy(column, row)
    for deck in (BOW, MIDDLE, STERN):
        # "If the type of card you need is no longer available, you can buy that type
        # for free" (a blank substitute)
        if all(c is None for c in state.board[DISPLAY_OF[deck]]) and slots_for(p.yard, deck):
            yield BuyBlank(deck)


def _system(p: Player) -> cn.Grid:
    return cn.grid(p.canals)


def _node(spot: list[int] | None) -> cn.Node | None:
    return cn.node(spot)


def _canal_choices(state: ShipyardState, p: Player, money: int) -> Iterator[Action]:
    g = _system(p)
    for slot, cid in enumerate(state.board["canal_display"]):
        if cid is not None and CANAL_PRICES[slot] <= money and cn.placements(
                g, cid, _node(p.figure), _node(p.came_from), first_only=True):
            yield RentCanal(slot)


def _max_steps(p: Player, rondel: str) -> tuple[int, int]:
    """(free steps, most steps): one free, up to two more at 1 guilder; a foreman adds a
    free extra step (RULES-NOTES)."""
    foremen = count_role(p, FOREMAN, rondel)
    return 1 + foremen, 1 + PAID_STEPS + foremen


def step_cost(p: Player, rondel: str, steps: int) -> int:
    free, _ = _max_steps(p, rondel)
    return max(0, steps - free) * STEP_COST


def hireable(p: Player, kind: str) -> bool:
    e = EMPLOYEES[kind]
    if kind in p.employees:  # "never an exact duplicate of one you hold"
        return False
    return not (e.role == TRADER2 and f"trader1-{e.subject}" not in p.employees)


def _hire_steps(state: ShipyardState, p: Player, money: int) -> Iterator[Action]:
    _, most = _max_steps(p, OVAL_RONDEL)
    for steps in range(1, most + 1):
        cost = step_cost(p, OVAL_RONDEL, steps)
        stop = state.board["employees"][(state.board["oval"] + steps) % OVAL_STOPS]
        if any(hireable(p, stack[-1]) and cost + EMPLOYEES[stack[-1]].extra_cost <= money
               for stack in stop):
            yield Steps(steps)


def first_decisions(state: ShipyardState, seat: int, card: str, money: int) -> list[Action]:
    """The first decision of performing ``card`` with ``money`` guilders (empty: the
    action cannot be performed)."""
    return list(_first_choices(state, seat, card, money))


def _first_choices(state: ShipyardState, seat: int, card: str, money: int
                   ) -> Iterator[Action]:
    """:func:`first_decisions` one by one: :func:`can_perform` needs only the first,
    and the bots ask it of every card on every choice."""
    p = state.players[seat]
    b = state.board
    if card == BUILD:
        yield from _buy_choices(state, p, money)
    elif card == CANAL:
        yield from _canal_choices(state, p, money)
    elif card == PURCHASE:
        if money >= TRAIN_PRICE:
            yield from (TakeTrain(i) for i, t in enumerate(b["train_display"]) if t is not None)
    elif card == EXCHANGE:
        yield from (UseTrain(i) for i in range(len(p.trains)))
    elif card in (EQUIPMENT_ACTION, CREW_ACTION):
        rondel = RING_RONDEL if card == EQUIPMENT_ACTION else CIRCLE_RONDEL
        _, most = _max_steps(p, rondel)
        yield from (Steps(n) for n in range(1, most + 1) if step_cost(p, rondel, n) <= money)
    elif card == HIRE:
        yield from _hire_steps(state, p, money)
    elif card == SUBSIDY_ACTION:
        yield Subsidy()


def can_perform(state: ShipyardState, seat: int, card: str, money: int | None = None) -> bool:
    if money is None:
        money = state.players[seat].money
    return next(_first_choices(state, seat, card, money), None) is not None


def needed_guilders(state: ShipyardState, seat: int, card: str) -> int:
    """The fewest guilders with which ``card`` can be performed now (0 when even all the
    player's guilders do not make it performable: nothing to keep for it)."""
    low, high = 0, state.players[seat].money
    if not can_perform(state, seat, card, high):
        return 0
    while low < high:  # performable with more guilders whenever with fewer
        mid = (low + high) // 2
        if can_perform(state, seat, card, mid):
            high = mid
        else:
            low = mid + 1
    return low


def kept_for_chosen(state: ShipyardState, seat: int) -> int:
    """Guilders a bonus action may not spend: "You must perform your chosen action", so
    a bonus taken before it keeps what the chosen action needs (issue 24 item 6,
    RULES-NOTES SY-D15). Only guilders can be taken from the chosen action: a bonus
    action is never the chosen card, and no other action takes what it uses."""
    step = state.step
    if state.phase != PHASE_ACT or step.get("main_done") or "card" not in step:
        return 0
    return needed_guilders(state, seat, step["card"])


def budget(state: ShipyardState, seat: int) -> int:
    """What the player may spend on the decision now: a bonus action taken before the
    chosen action leaves the chosen action's guilders alone."""
    if state.step.get("doing") == "bonus":
        return state.players[seat].money - kept_for_chosen(state, seat)
    return state.players[seat].money


# -- income -----------------------------------------------------
def income(state: ShipyardState, seat: int, card: str) -> tuple[int, int]:
    """(guilders for occupied cards ahead, the empty-space bonus) for choosing ``card``.

    Rulebook: "you get one guilder for each occupied card that is ahead of the one you
    chose"; "Count the number of empty spaces ... between your chosen card and the
    closest card ahead of it ... For every 3 empty spaces, you get one guilder";
    "You do not get the empty space bonus if any figures are on cards behind yours."
    """
    order = _track_behind_lead(state)
    mine = behind_lead(state, card)
    ahead = [(far, c) for far, c in order if far < mine]
    behind = [c for far, c in order if far > mine]
    occupied = sum(1 for _, c in ahead if figures(state, c))
    bonus = 0
    if ahead and not any(figures(state, c) for c in behind):
        closest = ahead[-1][0]
        bonus = (mine - closest - 1) // 3
    return occupied, bonus


# -- the turn -----------------------------------------------------
def _move_card(state: ShipyardState, card: str) -> None:
    """Step 1: the card becomes the lead, on the first empty space ahead of all cards
    (one space ahead when it already leads); then "falling behind"."""
    b = state.board
    track = b["track"]
    target = (position(state, b["lead"]) + 1) % TRACK_SPACES
    track[position(state, card)] = None
    track[target] = card
    b["lead"] = card
    if target == START_SPACE:
        state.step["lap"] = True
    # "There should always be at least 1 empty space immediately ahead of the lead
    # Action Card. If the new lead card is placed right behind the last card, move the
    # last card ahead one space. (If that space is occupied, move the card there ahead
    # one space as well, etc)."
    run = []
    at = (target + 1) % TRACK_SPACES
    while track[at] is not None:
        run.append(at)
        at = (at + 1) % TRACK_SPACES
    for space in reversed(run):
        track[(space + 1) % TRACK_SPACES] = track[space]
        track[space] = None


def _begin_turn(state: ShipyardState, events: list[Event]) -> None:
    state.turn += 1
    state.phase = PHASE_CHOOSE
    state.step = {}
    seat = state.current
    figs = state.board["figures"]
    mine = {c: s.count(seat) for c, s in figs.items() if seat in s}
    if len(state.players) == 2:
        # "pick up the card marked by two figures and move it into the first empty
        # space on the Action Track. Place one of the figures next to the figure that
        # remained on an Action Card."
        old = [c for c, n in mine.items() if n == 2]
        new = [c for c, n in mine.items() if n == 1]
        if old:
            del figs[old[0]]
            _move_card(state, old[0])
            state.step["moved"] = old[0]
            events.append(Event(_P + "event.advance", seat, {"card": _term(old[0])}))
        if new:
            figs[new[0]] = figs[new[0]] + [seat]
    elif mine:
        card = next(iter(mine))
        del figs[card]
        _move_card(state, card)
        state.step["moved"] = card
        events.append(Event(_P + "event.advance", seat, {"card": _term(card)}))


def _term(card: str) -> Any:
    from ..protocol import term
    return term(f"{_P}card.{card}")


def _choose_options(state: ShipyardState, seat: int) -> list[Action]:
    moved = state.step.get("moved")
    free = [c for c in ACTIONS if c in state.board["track"] and c != moved
            and not figures(state, c)]
    # "You must be able to perform the chosen action"; the income of step 3 comes
    # before step 4, so it counts (RULES-NOTES SY-D11). When no free card can be
    # performed, any free card may be taken and its action is skipped (RULES-NOTES)
    money = state.players[seat].money
    return [Take(c) for c in free if can_perform(
        state, seat, c, money + sum(income(state, seat, c)))] or [Take(c) for c in free]


def _bonus_options(state: ShipyardState, seat: int) -> list[Action]:
    step = state.step
    p = state.players[seat]
    if step.get("final") or step.get("bonus") or p.money < BONUS_COST:
        return []
    spare = p.money - BONUS_COST - kept_for_chosen(state, seat)
    if spare < 0:
        return []
    return [Bonus(c) for c in ACTIONS if c in state.board["track"] and c != step["card"]
            and can_perform(state, seat, c, spare)]


def _fit_capacity(p: Player, cards: list[int], items: dict[str, int]) -> bool:
    types = [ship_card(c) for c in cards]
    cabins = sum(t.cabins for t in types) + count_role(p, BUILDER, EXTRA_CABIN)
    crew = sum(items[c] for c in CREW)
    # "Every ship must have a captain. He does not need a cabin."
    if crew - (1 if items[CAPTAIN] else 0) > cabins:
        return False
    mounts: dict[str, int] = {}
    for t in types:
        for m in t.mounts:
            mounts[m] = mounts.get(m, 0) + 1
    need: dict[str, int] = {}
    for e in EQUIPMENT:
        need[MOUNT_OF[e]] = need.get(MOUNT_OF[e], 0) + items[e]
    over = sum(max(0, n - mounts.get(m, 0)) for m, n in need.items())
    return over <= count_role(p, BUILDER, EXTRA_MOUNT)


def speed(p: Player | None, items: dict[str, int]) -> int:
    """Rulebook "Speed": with a smokestack and a propeller base 4, +1 per further
    smokestack, propeller or sail; otherwise base 1, +1 per sail or propeller, +1 per
    pair of smokestacks. Naval architects add theirs (data file)."""
    sails, stacks, props = items[SAIL], items[SMOKESTACK], items[PROPELLER]
    if stacks and props:
        value = 4 + (stacks - 1) + (props - 1) + sails
    else:
        value = 1 + sails + props + stacks // 2
    if p is not None:
        value += count_role(p, ARCHITECT, STEAM) * (stacks >= 1)
        value += count_role(p, ARCHITECT, SAILING) * (sails >= 2)
        value += count_role(p, ARCHITECT, SCREW) * (props >= 2)
    return value


def _cruise(state: ShipyardState) -> dict[str, Any]:
    cruise: dict[str, Any] = state.step.setdefault("cruise", {})
    return cruise


def _cruise_options(state: ShipyardState, seat: int) -> list[Action]:
    p = state.players[seat]
    cr = _cruise(state)
    if "ship" not in cr:
        return [Launch(bow) for bow, _ in yd.completed_ships(p.yard)]
    if "left" in cr:
        g = _system(p)
        here = _node(p.figure)
        assert here is not None  # a cruise sails from the figure (integrity.check)
        return [Go(*n) for n in cn.viable_steps(g, here, _node(p.came_from), cr["left"])]
    bow, stern = cr["ship"]
    cards = [c for c in p.yard[bow:stern + 1] if c is not None]
    out: list[Action] = []
    for item in ITEMS:
        if p.stock[item] > 0:
            trial = dict(cr["items"])
            trial[item] += 1
            if _fit_capacity(p, cards, trial):
                out.append(Fit(item))
    out.append(SetSail())
    return out


def _sub_options(state: ShipyardState, seat: int) -> list[Action]:
    sub = state.step["sub"]
    p = state.players[seat]
    kind = sub["kind"]
    if kind == "start":
        return first_decisions(state, seat, sub["card"], budget(state, seat))
    if kind == "place":
        slots = (yd.completing_slots if sub.get("last") else yd.legal_slots)(
            p.yard, ship_card(sub["card"]).deck)
        return [Slot(s) for s in slots]
    if kind == "build":
        return [*_buy_options(state, p, budget(state, seat)), Stop()]
    if kind == "attach":
        g = _system(p)
        return [Attach(*xyz) for xyz in cn.placements(g, sub["canal"], _node(p.figure),
                                                      _node(p.came_from))]
    if kind == "figure":
        return [FigureAt(k) for k in range(3)]
    if kind == "trade":
        commodity = sub["goods"][0]
        return [Sell(), *(Swap(i) for i in SWAPS[commodity] if i not in sub["taken"])]
    if kind == "hire":
        stop = state.board["employees"][state.board["oval"]]
        return [Hire(i) for i, stack in enumerate(stop)
                if hireable(p, stack[-1])
                and EMPLOYEES[stack[-1]].extra_cost <= budget(state, seat)]
    raise ValueError(kind)


def actors(state: ShipyardState) -> frozenset[int]:
    if state.phase == PHASE_OVER:
        return frozenset()
    if state.phase == PHASE_DISCARD:
        return frozenset(int(s) for s, left in state.discards.items() if sum(left))
    return frozenset({state.current})


def legal_actions(state: ShipyardState, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    phase = state.phase
    if phase == PHASE_DISCARD:
        # One choice each, every contract owed at once (issue 26 item 2): everyone asked
        # at the same time, nobody's choice shown before all have chosen (none ever is).
        green, blue = state.discards[str(seat)]
        p = state.players[seat]
        return [GiveUp(g, b) for g in combinations(range(len(p.green)), green)
                for b in combinations(range(len(p.blue)), blue)]
    if phase == PHASE_CHOOSE:
        return _choose_options(state, seat)
    if phase == PHASE_FINAL:
        # "You can choose from any of them, regardless of whose figures are on them"
        return [Take(c) for c in ACTIONS if c in state.board["track"]
                and can_perform(state, seat, c)]
    if phase == PHASE_LAST_SHIP:
        if state.step.get("sub"):
            return _sub_options(state, seat)
        return [*_buy_options(state, state.players[seat], state.players[seat].money,
                              last_chance=True), Pass()]
    if phase == PHASE_CRUISE:
        return _cruise_options(state, seat)
    # PHASE_ACT
    step = state.step
    if step.get("sub"):
        return _sub_options(state, seat)
    if not step.get("main_done"):
        main = first_decisions(state, seat, step["card"], state.players[seat].money)
        return [*main, *_bonus_options(state, seat)]
    return [*_bonus_options(state, seat), EndActions()]


# -- apply -----------------------------------------------------
def apply(state: ShipyardState, seat: int, action: Action) -> list[Event]:
    if state.phase == PHASE_OVER:
        raise IllegalAction(_P + "illegal.game_over")
    if seat not in actors(state):
        raise IllegalAction(_P + "illegal.not_your_turn")
    if action not in legal_actions(state, seat):
        raise IllegalAction(_P + "illegal.not_now")
    return apply_trusted(state, seat, action)


def apply_trusted(state: ShipyardState, seat: int, action: Action) -> list[Event]:
    """Carry out a move taken from :func:`legal_actions` (not checked again: a bot's
    move, and the moves of the expert's playouts, half of whose time went into finding
    every legal move a second time)."""
    events: list[Event] = []
    _carry_out(state, seat, action, events)
    _settle(state, events)
    return events


def _start_action(state: ShipyardState, seat: int, card: str, action: Action,
                  events: list[Event]) -> None:
    """``action`` is the first decision of performing ``card``."""
    p = state.players[seat]
    b = state.board
    match action:
        case Buy() | BuyBlank():
            state.step["sub"] = {"kind": "build", "bought": 0}
            _buy(state, seat, action, events)
        case RentCanal(slot):
            cid = b["canal_display"][slot]
            _pay(state, seat, CANAL_PRICES[slot], "canal")
            _slide(b["canal_display"], slot, _draw(state, "canals", "canal_discard"))
            state.step["sub"] = {"kind": "attach", "canal": cid}
            events.append(Event(_P + "event.canal", seat, {"cost": CANAL_PRICES[slot]}))
        case TakeTrain(slot):
            train = b["train_display"][slot]
            _pay(state, seat, TRAIN_PRICE, "train")
            p.trains.append(train)
            _slide(b["train_display"], slot, _draw(state, "trains", "train_discard"))
            events.append(Event(_P + "event.train", seat, {"cost": TRAIN_PRICE}))
            _action_done(state)
        case UseTrain(index):
            # "move the exchange marker 1 step; choose one of your trains"
            b["exchange"] = (b["exchange"] + 1) % len(EXCHANGE_PRICES)
            train = p.trains.pop(index)
            b["train_discard"].append(train)
            state.step["sub"] = {"kind": "trade", "goods": list(TRAINS[train]), "taken": []}
            events.append(Event(_P + "event.exchange", seat, {"position": b["exchange"] + 1}))
        case Steps(steps) if card in (EQUIPMENT_ACTION, CREW_ACTION):
            ring = card == EQUIPMENT_ACTION
            rondel, sectors = (RING_RONDEL, RING) if ring else (CIRCLE_RONDEL, CIRCLE)
            key = "ring" if ring else "circle"
            _pay(state, seat, step_cost(p, rondel, steps), "steps")
            b[key] = (b[key] + steps) % len(sectors)
            item = sectors[b[key]]
            _take_item(state, p, item)
            extra = ENGINEER if ring else RECRUITER
            for e in p.employees:
                if EMPLOYEES[e].role == extra:
                    _take_item(state, p, EMPLOYEES[e].subject)
            events.append(Event(_P + "event.rondel", seat,
                                {"item": _item_term(item), "steps": steps,
                                 "cost": step_cost(p, rondel, steps)}))
            _action_done(state)
        case Steps(steps):
            _pay(state, seat, step_cost(p, OVAL_RONDEL, steps), "steps")
            b["oval"] = (b["oval"] + steps) % OVAL_STOPS
            state.step["sub"] = {"kind": "hire"}
        case Subsidy():
            _earn(state, seat, SUBSIDY, "subsidy")
            events.append(Event(_P + "event.subsidy", seat, {"amount": SUBSIDY}))
            _action_done(state)
        case _:
            raise ValueError(action)


def _item_term(item: str) -> Any:
    from ..protocol import term
    return term(f"{_P}item.{item}")


def _buy(state: ShipyardState, seat: int, action: Action, events: list[Event]) -> None:
    b = state.board
    card: int | None
    if isinstance(action, BuyBlank):
        card, cost = BLANK[action.deck], 0
    else:
        assert isinstance(action, Buy)
        card = display_card(state, action.column, action.row)
        assert card is not None  # only a place holding a card is offered
        cost = buy_price(action.row)
        _pay(state, seat, cost, "ships")
        deck = COLUMN_DECK[action.column]
        if action.column == "m":
            column = action.row // DISPLAY_ROWS
            col = b["middle_display"][column * DISPLAY_ROWS:(column + 1) * DISPLAY_ROWS]
            _slide(col, action.row % DISPLAY_ROWS, _draw_ship(state, MIDDLE))
            b["middle_display"][column * DISPLAY_ROWS:(column + 1) * DISPLAY_ROWS] = col
        else:
            _slide(b[DISPLAY_OF[deck]], action.row, _draw_ship(state, deck))
    sub = state.step["sub"]
    sub["back"] = sub["kind"]
    sub["kind"] = "place"
    sub["card"] = card
    events.append(Event(_P + "event.buy", seat,
                        {"deck": _term_deck(ship_card(card).deck), "cost": cost}))


def _employee_term(kind: str) -> Any:
    from ..protocol import term
    return term(f"{_P}employee.{kind}")


def _term_deck(deck: str) -> Any:
    from ..protocol import term
    return term(f"{_P}deck.{deck}")


def _action_done(state: ShipyardState) -> None:
    step = state.step
    step.pop("sub", None)
    if step.get("doing") == "bonus":
        step["bonus"] = True
    else:
        step["main_done"] = True
    step.pop("doing", None)


def _carry_out(state: ShipyardState, seat: int, action: Action, events: list[Event]) -> None:
    p = state.players[seat]
    step = state.step
    phase = state.phase
    if phase == PHASE_DISCARD:
        assert isinstance(action, GiveUp)
        for colour, picked in (("green", action.green), ("blue", action.blue)):
            held = p.green if colour == "green" else p.blue
            p.given_up += [[colour, held[index]] for index in picked]
            held[:] = [c for i, c in enumerate(held) if i not in picked]
        state.discards[str(seat)] = [0, 0]
        events.append(Event(_P + "event.give_up", seat,
                            {"green": len(action.green), "blue": len(action.blue)}))
        return
    if isinstance(action, Take):
        card = action.card
        if phase == PHASE_CHOOSE:
            state.board["figures"][card] = [*figures(state, card), seat]
            occupied, bonus = income(state, seat, card)
            _earn(state, seat, occupied, "income")
            _earn(state, seat, bonus, "empty_spaces")
            events.append(Event(_P + "event.take", seat,
                                {"card": _term(card), "income": occupied + bonus}))
        else:
            events.append(Event(_P + "event.final", seat, {"card": _term(card)}))
            step["final"] = True
        step["card"] = card
        state.phase = PHASE_ACT
        return
    if phase == PHASE_LAST_SHIP and not step.get("sub"):
        if isinstance(action, Pass):
            events.append(Event(_P + "event.pass", seat))
            step["passed"] = True
            return
        step["sub"] = {"kind": "build", "bought": 0, "last": True}
        _buy(state, seat, action, events)
        return
    if phase == PHASE_CRUISE:
        _cruise_action(state, seat, action, events)
        return
    if isinstance(action, Bonus):
        _pay(state, seat, BONUS_COST, "bonus")
        step["doing"] = "bonus"
        step["bonus_card"] = action.card
        events.append(Event(_P + "event.bonus", seat, {"card": _term(action.card)}))
        first = first_decisions(state, seat, action.card, budget(state, seat))
        if first == [Subsidy()]:
            _start_action(state, seat, action.card, Subsidy(), events)
        else:
            step["sub"] = {"kind": "start", "card": action.card}
        return
    if isinstance(action, EndActions):
        step["main_done"] = True
        step["bonus"] = True
        return
    sub = step.get("sub")
    if sub is None or sub["kind"] == "start":
        card = step["card"] if sub is None else sub["card"]
        step.pop("sub", None)
        _start_action(state, seat, card, action, events)
        return
    _sub_action(state, seat, action, events)


def _sub_action(state: ShipyardState, seat: int, action: Action, events: list[Event]) -> None:
    p = state.players[seat]
    sub = state.step["sub"]
    b = state.board
    match action:
        case Buy() | BuyBlank():
            _buy(state, seat, action, events)
        case Slot(slot):
            placed: int = sub.pop("card")
            p.yard[slot] = placed
            # the account says where the card went (issue 24 item 10)
            events.append(Event(_P + "event.place", seat, {
                "deck": _term_deck(ship_card(placed).deck), "slot": slot + 1}))
            sub["bought"] += 1
            sub["kind"] = sub.pop("back")
            if sub.get("last") or sub["bought"] >= MAX_BUILD or not _buy_options(
                    state, p, budget(state, seat)):
                _action_done(state)
        case Stop():
            _action_done(state)
        case Attach(x, y, rotation):
            first = not p.canals
            p.canals.append([x, y, sub["canal"], rotation])
            events.append(Event(_P + "event.attach", seat, {"x": x, "y": y}))
            if first:
                sub["kind"] = "figure"
            else:
                _action_done(state)
        case FigureAt(space):
            x, y = p.canals[0][0], p.canals[0][1]
            p.figure, p.came_from = [x, y, space], None
            events.append(Event(_P + "event.figure", seat, {"space": space + 1}))
            _action_done(state)
        case Sell():
            commodity = sub["goods"].pop(0)
            price = EXCHANGE_PRICES[b["exchange"]][("coal", "steel", "timber").index(commodity)]
            price += count_role(p, TRADER1, commodity) + count_role(p, TRADER2, commodity)
            _earn(state, seat, price, "sales")
            events.append(Event(_P + "event.sell", seat, {"amount": price}))
            if not sub["goods"]:
                _action_done(state)
        case Swap(item):
            sub["goods"].pop(0)
            sub["taken"].append(item)
            _take_item(state, p, item)
            events.append(Event(_P + "event.swap", seat, {"item": _item_term(item)}))
            if not sub["goods"]:
                _action_done(state)
        case Hire(index):
            stop = b["employees"][b["oval"]]
            kind = stop[index].pop()
            if not stop[index]:
                stop.pop(index)
            _pay(state, seat, EMPLOYEES[kind].extra_cost, "hire")
            p.employees.append(kind)
            events.append(Event(_P + "event.hire", seat, {"employee": _employee_term(kind)}))
            _action_done(state)
        case _:
            raise ValueError(action)


# -- fitting and the cruise ----------------------------------------------------------
def _ship_cards(p: Player, ship: list[int]) -> list[int]:
    return [c for c in p.yard[ship[0]:ship[1] + 1] if c is not None]


def _cruise_action(state: ShipyardState, seat: int, action: Action,
                   events: list[Event]) -> None:
    p = state.players[seat]
    cr = _cruise(state)
    match action:
        case Launch(bow):
            stern = dict(yd.completed_ships(p.yard))[bow]
            cr.clear()
            cr.update({"ship": [bow, stern], "items": dict.fromkeys(ITEMS, 0)})
        case Fit(item):
            cr["items"][item] += 1
            p.stock[item] -= 1
        case SetSail():
            _set_sail(state, seat, events)
        case Go(x, y, space):
            _sail_to(state, seat, (x, y, space), events)
        case _:
            raise ValueError(action)


def requirements_met(p: Player, items: dict[str, int]) -> bool:
    """"Your ship must have a captain" and "Your Canal System must be long enough to
    allow your ship to move forward at full speed"."""
    here = _node(p.figure)
    if not items[CAPTAIN] or here is None:
        return False
    return cn.can_sail(_system(p), here, _node(p.came_from), speed(p, items))


def sails_through(state: ShipyardState, seat: int) -> bool:
    """Whether the ship being fitted meets the requirements with what is fitted now
    (so "Set sail" scores it rather than removing it)."""
    items = state.step.get("cruise", {}).get("items") if state.phase == PHASE_CRUISE \
        else None
    return items is not None and requirements_met(state.players[seat], items)


def safety(cards: list[int]) -> dict[str, int]:
    out = {LANTERN: 0, LIFEBOAT: 0, LIFEBUOY: 0}
    for c in cards:
        for s in ship_card(c).safety:
            out[s] += 1
    return out


def _set_sail(state: ShipyardState, seat: int, events: list[Event]) -> None:
    p = state.players[seat]
    cr = _cruise(state)
    cards = _ship_cards(p, cr["ship"])
    items = cr["items"]
    for slot in range(cr["ship"][0], cr["ship"][1] + 1):
        p.yard[slot] = None
    if not requirements_met(p, items):
        # "A ship that fails ... scores no points ... it is removed from the game."
        state.board["removed_ships"].extend(c for c in cards if c not in BLANK.values())
        for item, n in items.items():
            state.board["bank"][item] += n
        events.append(Event(_P + "event.ship_fails", seat))
        cr.clear()
        return
    value = speed(p, items)
    points = sum(items[c] for c in CREW) + 2 * (items[CRANE] + items[CANNON]) + value
    cr.update({"cards": cards, "speed": value, "points": points, "left": value,
               "moved": 0, "riband": 0})
    events.append(Event(_P + "event.launch", seat, {"speed": value, "points": points}))


def _official_points(state: ShipyardState, seat: int, node: cn.Node) -> int:
    p = state.players[seat]
    cr = _cruise(state)
    items = cr["items"]
    marks = safety(cr["cards"])
    kind = cn.official(_system(p), node)
    if kind == MILITARY:
        return int(items[SOLDIER] + items[CANNON])
    if kind == COMMERCIAL:
        return int(items[BUSINESSMAN] + items[CRANE])
    if kind == LANTERN_OFFICIAL:
        return marks[LANTERN]
    if kind == LIFEBOAT_OFFICIAL:
        return marks[LIFEBOAT]
    if kind == LIFEBUOY_OFFICIAL:
        return marks[LIFEBUOY]
    return 0


def _sail_to(state: ShipyardState, seat: int, node: cn.Node, events: list[Event]) -> None:
    p = state.players[seat]
    cr = _cruise(state)
    here = _node(p.figure)
    assert here is not None
    g = _system(p)
    cr["moved"] += 1
    cr["left"] -= 1
    if cn.official(g, node) == RIBAND:
        # "only the last one counts": a later Blue Riband replaces the earlier
        cr["riband"] = cr["moved"]
    cr["points"] += _official_points(state, seat, node)
    p.figure, p.came_from = list(node), list(here)
    if (node[0], node[1]) != (here[0], here[1]):
        # "the Canal that it just left is removed from your canal system"
        left = next(c for c in p.canals if (c[0], c[1]) == (here[0], here[1]))
        p.canals.remove(left)
        p.used_canals.append(left[2])
        reach = cn.reachable_cells(_system(p), node, here)
        for c in list(p.canals):
            if (c[0], c[1]) not in reach:
                # detached canals "do not count as Canals that you have used"
                p.canals.remove(c)
                state.board["canal_discard"].append(c[2])
    if cr["left"] == 0:
        total = cr["points"] + cr["riband"]
        p.score += total
        p.ship_points += total
        p.fleet.append({"cards": cr["cards"], "items": dict(cr["items"]),
                        "speed": cr["speed"], "points": total})
        events.append(Event(_P + "event.cruise", seat, {"points": total}))
        cr.clear()


# -- settling: everything that needs no decision -------------------------------------------------
def _settle(state: ShipyardState, events: list[Event]) -> None:
    for _ in range(10_000):
        if not _settle_once(state, events):
            return
    raise RuntimeError("Shipyard: settling does not end")


def _settle_once(state: ShipyardState, events: list[Event]) -> bool:
    """One automatic step; False when somebody must decide now."""
    phase = state.phase
    seat = state.current
    step = state.step
    if phase == PHASE_OVER:
        return False
    if phase == PHASE_DISCARD:
        if actors(state):
            return False
        state.discards = {}
        if state.step.get("after") == "final":
            _start_final(state, events)
        else:
            _after_lap(state, events)
        return True
    if phase == PHASE_ACT:
        if step.get("sub"):
            return False
        if not step.get("main_done") and not first_decisions(
                state, seat, step["card"], state.players[seat].money):
            # the chosen action cannot be performed (RULES-NOTES: it is skipped)
            step["main_done"] = True
            events.append(Event(_P + "event.cannot", seat, {"card": _term(step["card"])}))
            return True
        if step.get("main_done") and not _bonus_options(state, seat):
            state.phase = PHASE_CRUISE
            step["cruise"] = {}
            return True
        return False
    if phase == PHASE_LAST_SHIP:
        if step.get("passed"):
            _next_in_queue(state, events)
            return True
        if step.get("sub") is None and "main_done" in step:
            state.phase = PHASE_CRUISE
            step["cruise"] = {}
            return True
        if not step.get("sub") and legal_actions(state, seat) == [Pass()]:
            step["passed"] = True
            return True
        return False
    if phase == PHASE_CRUISE:
        cr = _cruise(state)
        p = state.players[seat]
        if "ship" not in cr:
            ships = yd.completed_ships(p.yard)
            if not ships:
                _end_turn(state, events)
                return True
            if len(ships) == 1:
                cr.update({"ship": list(ships[0]), "items": dict.fromkeys(ITEMS, 0)})
                return True
            return False
        if "left" in cr:
            options = _cruise_options(state, seat)
            if len(options) == 1:
                assert isinstance(options[0], Go)
                _sail_to(state, seat, (options[0].x, options[0].y, options[0].space), events)
                return True
            return False
        return False
    return False


def next_actor(state: ShipyardState) -> int | None:
    """Who plays after the turn under way (see :meth:`games.protocol.Ruleset.next_actor`):
    the next seat clockwise; in the final round, the next seat in its queue; when this
    turn's lap brings the countdown to its end, the start player (the final round
    begins). Contract discards in between are made by everyone at once and do not change
    it; an early end by the last ship card starts the final round with the start player
    only when play reaches them anyway. Not settled: who has the last chance to buy next,
    since a player who can buy nothing then passes without being asked, and what they can
    buy depends on this turn (SY-D60)."""
    if state.phase in (PHASE_OVER, PHASE_DISCARD) or actors(state) != {state.current}:
        return None
    n = len(state.players)
    if state.step.get("final") or state.phase in (PHASE_FINAL, PHASE_LAST_SHIP) or \
            state.step.get("stage") in ("final", "last"):
        final = state.step.get("stage", "final") == "final"
        return state.queue[1] if final and len(state.queue) > 1 else None
    if state.countdown <= 0 or (state.step.get("lap") and state.countdown <= 1):
        return state.start_player
    return (state.current + 1) % n


def _end_turn(state: ShipyardState, events: list[Event]) -> None:
    seat = state.current
    if state.step.get("final") or state.phase in (PHASE_FINAL, PHASE_LAST_SHIP) or \
            state.step.get("stage") in ("final", "last"):
        _next_in_queue(state, events)
        return
    state.players[seat].turns += 1
    lap = bool(state.step.get("lap"))
    state.step = {}
    if lap:
        # "When a player moves the lead card into the starting space, first let him or
        # her finish that turn. Then move the countdown marker down one space."
        state.countdown -= 1
        events.append(Event(_P + "event.lap", None, {"countdown": state.countdown}))
        give = contract_discards(len(state.players), bool(state.board.get("quick")))\
            .get(state.countdown)
        if give:
            state.phase = PHASE_DISCARD
            state.discards = {str(s): [give, give] for s in range(len(state.players))}
            return
    _after_lap(state, events)


def _after_lap(state: ShipyardState, events: list[Event]) -> None:
    n = len(state.players)
    nxt = (state.current + 1) % n
    if state.countdown <= 0:
        state.ending = "countdown"
        _start_final(state, events)
    elif state.ending == "ships" and nxt == state.start_player:
        # "keep playing until everyone has had the same number of turns"
        _start_final(state, events)
    else:
        state.current = nxt
        _begin_turn(state, events)


def _start_final(state: ShipyardState, events: list[Event]) -> None:
    n = len(state.players)
    # After an early end players may still hold more than one contract of a colour;
    # only one green and one blue count (RULES-NOTES), so they give up the rest first.
    over = {str(s): [max(0, len(p.green) - 1), max(0, len(p.blue) - 1)]
            for s, p in enumerate(state.players)}
    if any(sum(v) for v in over.values()):
        state.phase = PHASE_DISCARD
        state.discards = over
        state.step = {"after": "final"}
        return
    state.queue = [(state.start_player + i) % n for i in range(n)]
    state.step = {"stage": "final"}
    events.append(Event(_P + "event.final_round", None))
    _next_in_queue(state, events, first=True)


def _next_in_queue(state: ShipyardState, events: list[Event], first: bool = False) -> None:
    stage = state.step.get("stage", "final")
    if not first and state.queue:
        state.queue.pop(0)
    if not state.queue:
        if stage == "final":
            n = len(state.players)
            state.queue = [(state.start_player + i) % n for i in range(n)]
            stage = "last"
        else:
            _finish(state, events)
            return
    state.current = state.queue[0]
    state.turn += 1
    state.step = {"stage": stage}
    state.phase = PHASE_FINAL if stage == "final" else PHASE_LAST_SHIP
    if stage == "final":
        state.step["final"] = True


# -- the end -----------------------------------------------------
def green_points(code: str, ship: dict[str, Any]) -> int:
    """Whether a launched ship meets a green contract (1) or not (0)."""
    items, cards = ship["items"], ship["cards"]
    marks = safety(cards)
    tests = {
        "cannons2": items[CANNON] >= 2,
        "cranes2": items[CRANE] >= 2,
        "crew3": sum(items[c] for c in CREW) >= 3,
        "soldier_cannon": items[SOLDIER] >= 1 and items[CANNON] >= 1,
        "businessman_crane": items[BUSINESSMAN] >= 1 and items[CRANE] >= 1,
        "sails3": items[SAIL] >= 3,
        "speed6": ship["speed"] >= 6,
        "smokestack_propeller": items[SMOKESTACK] >= 1 and items[PROPELLER] >= 1,
        "safety2": sum(marks.values()) >= 2,
        "long5": len(cards) >= 5,
        "short3": len(cards) <= 3,
        "no_equipment": sum(items[e] for e in EQUIPMENT) == 0,
    }
    return int(tests[code])


def blue_value(code: str, p: Player) -> int:
    fleet = p.fleet

    def total(item: str) -> int:
        return sum(s["items"][item] for s in fleet)

    marks = [safety(s["cards"]) for s in fleet]
    speeds = sorted((s["speed"] for s in fleet), reverse=True)
    values = {
        "ships": len(fleet),
        "used_canals": len(p.used_canals),
        "cannons": total(CANNON),
        "cranes": total(CRANE),
        "captains": total(CAPTAIN),
        "lanterns": sum(m[LANTERN] for m in marks),
        "lifesaving": sum(m[LIFEBOAT] + m[LIFEBUOY] for m in marks),
        "employees": len(p.employees),
        "guilders": p.money,
        "equipment_types": sum(1 for e in EQUIPMENT if total(e)),
        "two_fastest": sum(speeds[:2]),
        "middles": sum(1 for s in fleet for c in s["cards"] if ship_card(c).deck == MIDDLE),
    }
    value: int = values[code]
    return value


def contract_points(p: Player) -> int:
    points = 0
    for index in p.green:
        contract = GREEN[index]
        value = contract.points * sum(green_points(contract.code, s) for s in p.fleet)
        points += value if contract.cap is None else min(value, contract.cap)
    for index in p.blue:
        blue = BLUE[index]
        value = blue_value(blue.code, p)
        reached = [pts for t, pts in zip(blue.thresholds, blue.points, strict=True) if value >= t]
        points += reached[-1] if reached else 0
    return points


def trader_points(p: Player) -> int:
    return sum(TRADER_VP.get(EMPLOYEES[e].role, 0) for e in p.employees)


def _finish(state: ShipyardState, events: list[Event]) -> None:
    for seat, p in enumerate(state.players):
        extra = contract_points(p) + trader_points(p)
        p.score += extra
        events.append(Event(_P + "event.contracts", seat, {"points": extra}))
    state.phase = PHASE_OVER
    state.queue = []
    state.step = {}
    state.final_scores = [p.score for p in state.players]


def winners(state: ShipyardState) -> tuple[int, ...]:
    """"The player with the most points wins. Break ties in favor of the player with the
    most guilders." """
    best = max((p.score, p.money) for p in state.players)
    return tuple(i for i, p in enumerate(state.players) if (p.score, p.money) == best)
