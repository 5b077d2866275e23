"""The expert Haze Islands bot in solo and cooperative games (issue 28; HZ-D67).

Solo and cooperative games are won only by defeating The Doom in time ("Solo: Defeat The
Doom and score a minimum of 15 icons"; "Cooperative: All players must survive and defeat
The Doom"), and traced games of the normal bot show what loses them: The Doom still
alive after the last round (about 6 games of 10 solo), a failed Attack The Doom (a third
of them meet a skull, and the spent cards are lost), and a ship sunk (1 of 10). So the
expert plays the normal bot's plan (:func:`.bot.choose`: safety from The Doom, then the
Doom card, the adventures) and changes what serves that win condition:

* **The first round: adventures.** Every Doom card face asks for a spell, and the spells
  are on the Dead End and Cursed cards, which join the map deck only in round two (setup
  step 2: "Make good progress on the first round before the Cursed and Dead End cards
  are added"). So in round one the Doom card waits, as the last one does in solo while
  the log is short of 15 icons (:class:`.bot_plan.PlanOptions`' ``adventures_first``): the expert
  completes adventures (icons, special actions) even with icons the Doom card asks for
  (200 seeded games each: solo 67 → 79 wins, coop 107 → 114).
* **Time.** In the last round's Round End window, with The Doom alive, it uses *Reduce
  The Doom die (and round) by 1* (HZ-D41: "the game lasts one round longer"): without
  it the game is lost at that Round End anyway.
* **The last stand.** In the last round, with The Doom alive and no *Reduce The Doom*
  left to anyone (:func:`last_stand`), this round's end ends the game, lost ("The game
  ends ... at the end of round 6 right after The Doom Moves"), whatever it does to the
  ships; so the plan stops weighing where a ship ends the round (``PlanOptions``'
  ``reckless``): it sails to The Doom, deploys and spends cards it kept for the voyage
  to safety (2,000 seeded games each: solo 705 → 747 wins, coop 990 → 1,086).
* **The Doom's Fate.** *Ignore the Skull* is kept for an Attack on The Doom (the normal
  bot spends it on any Fate); *Keep your spells* is always taken after a failed Attack.
* **A seen card for the Doom's Fate.** Before an Attack on The Doom it uses *Look at and
  reorder your draw deck* (HZ-D35) and puts on top the card least likely to show a
  skull (an Island printed without one when the deck holds it), so the Fate is revealed
  on a card it has seen (solo: not when the used card's lost icon would keep the last
  Doom card short of 15).
* **Paying the Doom card.** At The Doom, when a "counts as 2" spell (HZ-D42) turns a hand
  that falls one icon short into a payment, it uses it, and the Attack follows.
* **Pirates.** It deploys a pirate on a Doom card's island icon from a supply of 1 (the
  normal bot: 2; coop since the fifth round): a card of 4 icons needs a pirate beside a
  hand of 3.
* **Scouting for that island** (solo). When the top Doom card asks for 4 icons and no
  island the ship can sail to shows a crew or loot icon it lacks (without its own
  pirate), it Scouts: only a new location can give the pirate its place
  (:func:`.bot._scout_for_pirate`; 2 × 1,000 paired seeds: 401 → 457 and 374 → 446).
* **The cards for the last voyage** (solo; coop since the fifth round). In the last
  stand with one Doom card left, while the map deck can carry the ship to The Doom and
  reveal the Attack's Fate, no action spends the cards that voyage needs, and with
  nothing else left it sails back, or stays at The Doom (``PlanOptions``'
  ``doom_budget``): traced losses gathered the last card's icons far away and ended the
  round out of cards ("You may only take an action if there are enough cards in your map
  deck"; solo 2 × 1,000 paired seeds: 457 → 465, 446 → 452; coop, HZ-D67 fifth round).
* **A pirate kept after a strike** (solo, coop). A voyage to Attack The Doom while
  other Doom cards remain is made only when the place it leaves the ship at the Round End
  keeps it a pirate (``PlanOptions``' ``strike_keeps_pirate``): traced games sailed to
  The Doom with their last cards, struck, and lost all three pirates there at once, then
  sank at the next hit or could not deploy for a 4-icon card (2 × 2,000 paired seeds:
  solo 1790 → 1864, coop 2304 → 2414 of 4,000).
* **The one-short Trade** (coop). Neither ship sees the other's hand (HZ-D62), so a
  Trade means one thing: the trader's hand and pirates lack exactly one icon of the top
  Doom card; it offers the card that card needs least, and the partner gives back its
  card with a Doom card icon the trader's public pirates do not pay
  (:func:`.bot._short_trade`, :func:`.bot._short_trade_gift`; no other Trade).

It searches nothing: each decision costs what a normal one does (well under 1 ms), so
its solo and coop rows can play thousands of games. Competitive and friendly games are
played by the shared search (:func:`decide` returns
``None``; games/bot_levels.py). Everything here reads what the normal bot reads (the
seat's own view), and nothing is random (tests/test_hidden_info.py).
"""

from __future__ import annotations

from collections.abc import Callable

from . import bot_plan as plan
from .actions import Action, AttackDoom, Done, Skip, Top, Use
from .data import (
    COOP,
    CORNERS,
    DOOM_CARDS,
    IGNORE_SKULL,
    KEEP_SPELLS,
    REDUCE_DOOM,
    REORDER_DECK,
    SOLO,
    SOLO_TARGET,
)
from .rules import legal_actions
from .scoring import icons
from .specials import BOOSTS, held, special_of
from .spend import boost_used
from .state import (
    FATE_DOOM,
    PENDING_SKULL,
    PROMPT_REORDER,
    PROMPT_ROUND_END,
    HazeState,
    current_prompt,
)

#: the expert deploys a pirate (for a Doom card's crew or loot icon) from a supply this
#: large in solo (200 seeded solo games each: 1 won 66, 2 won 60)
SOLO_DEPLOY_SUPPLY = 1
#: ... and from 1 in coop too since the fifth round (HZ-D67: 2 × 2,000 paired coop seeds,
#: 2533 → 2667 wins; a strike no longer leaves a ship without a pirate, so a pirate out
#: on an island pays more than the one kept on the ship; at 200 seeds before, 104 wins
#: from 1 and 105 from 2)
COOP_DEPLOY_SUPPLY = 1


#: the normal bot's choice (:func:`.bot.choose`), by the plan's options
Normal = Callable[[HazeState, int, plan.PlanOptions], Action]


def decide(state: HazeState, seat: int, normal: Normal) -> Action | None:
    """The expert's move for ``seat`` in a solo or cooperative game, else the ``normal``
    bot's (:func:`.bot.choose`, passed in by the bot module); ``None`` in the other modes
    (the shared search plays those)."""
    if state.mode not in (SOLO, COOP):
        return None
    legal = legal_actions(state, seat)
    uses = [a for a in legal if isinstance(a, Use)]
    if state.pending == PENDING_SKULL:
        return _after_skull(state, legal, uses)
    prompt = current_prompt(state)
    if prompt is not None and prompt.kind == PROMPT_REORDER:
        return fate_card_on_top(state, legal)
    if prompt is not None and prompt.kind == PROMPT_ROUND_END:
        extend = last_round_reduce(state, uses)
        if extend is not None:
            return extend
    stand = last_stand(state)
    if prompt is None and not state.pending:
        boost = doom_boost(state, seat, legal, uses)
        if boost is not None:
            return boost
    deploy = SOLO_DEPLOY_SUPPLY if state.mode == SOLO else COOP_DEPLOY_SUPPLY
    planned: Action = normal(state, seat, plan.PlanOptions(
        deploy_supply=deploy, adventures_first=state.round == 1, reckless=stand,
        scout_for_pirates=state.mode == SOLO, short_trade=state.mode == COOP,
        doom_budget=True, strike_keeps_pirate=True))
    if isinstance(planned, AttackDoom):
        look = reorder_before_attack(state, seat, uses)
        if look is not None:
            return look
    return planned


def _flip_spoils_fifteen(state: HazeState, seat: int) -> bool:
    """Solo, the last Doom card: a special action used now (its card then scores 1 icon
    instead of 2) would leave the log and that card short of 15 icons."""
    if state.mode != SOLO or len(state.doom_cards) != 1:
        return False
    card, face = state.doom_cards[0]
    return icons(state.players[seat]) - 1 + DOOM_CARDS[card].score(face) < SOLO_TARGET


def last_stand(state: HazeState) -> bool:
    """The last round, The Doom alive, and no Reduce The Doom left to anyone: the game is
    lost at this Round End unless The Doom falls first ("The game immediately ends when
    the last Doom card is taken"), so where a ship ends the round no longer matters."""
    if state.round < state.rounds or not state.doom_cards:
        return False
    return not any(special_of(n) == REDUCE_DOOM for p in state.players for n in held(p))


def _after_skull(state: HazeState, legal: list[Action], uses: list[Use]) -> Action:
    """A skull was revealed: Keep your spells after a failed Attack; Ignore the Skull only
    for an Attack on The Doom (the one Fate that decides the game)."""
    for use in uses:
        if special_of(use.number) == KEEP_SPELLS:
            return use
    if state.fate_for == FATE_DOOM:
        for use in uses:
            if special_of(use.number) == IGNORE_SKULL:
                return use
    return next(a for a in legal if isinstance(a, Skip))


def reorder_before_attack(state: HazeState, seat: int, uses: list[Use]) -> Use | None:
    """Before an Attack on The Doom: *Look at and reorder your draw deck* (HZ-D35), so
    the Fate is revealed on a card the seat has seen (:func:`fate_card_on_top`) instead
    of an unseen one, a third of which show a skull from round two. Solo: not when the
    icon the used card loses (2 → 1) would leave the last Doom card short of 15."""
    reorder = next((u for u in uses if special_of(u.number) == REORDER_DECK), None)
    if reorder is None or len(state.decks[seat]) < 2:
        return None
    return None if _flip_spoils_fifteen(state, seat) else reorder


def fate_card_on_top(state: HazeState, legal: list[Action]) -> Action:
    """Reordering the own deck (its cards are the legal ``Top`` moves): the card whose
    kindest corner is least likely to show a skull goes on top (printed skull counts and
    the corners already revealed, :func:`.bot_plan.skull_chance`), then ``done``."""
    tops = [a for a in legal if isinstance(a, Top)]
    prompt = current_prompt(state)
    if not tops or (prompt is not None and prompt.data):  # one card on top is enough
        return next(a for a in legal if isinstance(a, Done))

    def risk(top: Top) -> tuple[float, int]:
        return (min(plan.skull_chance(state, top.card, c) for c in range(len(CORNERS))), top.card)

    return min(tops, key=risk)


def last_round_reduce(state: HazeState, uses: list[Use]) -> Use | None:
    """In the last round's Round End window, with The Doom alive: Reduce The Doom die (and
    round) by 1, one more round to defeat it (HZ-D41); ``None`` otherwise."""
    if not state.doom_cards or state.round < state.rounds:
        return None
    return next((u for u in uses if special_of(u.number) == REDUCE_DOOM), None)


def doom_boost(state: HazeState, seat: int, legal: list[Action], uses: list[Use]) -> Use | None:
    """At The Doom, when the top Doom card cannot be paid yet but one spell counted twice
    (HZ-D42) pays it: that "counts as 2" special action; ``None`` otherwise."""
    player = state.players[seat]
    if (
        not state.doom_cards
        or (player.x, player.y) != (state.doom_x, state.doom_y)
        or any(isinstance(a, AttackDoom) for a in legal)
    ):
        return None
    need = plan.doom_requirement(state)
    pool = plan.hand_icons(state, seat) + plan.pirate_icons(state, seat)
    for use in uses:
        spell = BOOSTS.get(special_of(use.number))
        if spell in pool and boost_used(pool, need, [spell]) is not None:
            return use
    return None
