"""Hexfolk — settle an island, trade and build to 10 victory points (base game).

The rules live in :mod:`.rules`, the component data in :mod:`.data`, the geometry in
:mod:`.board`, the notation in :mod:`.actions`; :data:`RULESET` ties them to the
:class:`~games.protocol.Ruleset` protocol. Decisions: ``RULES-NOTES.md``.

"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from i18n import DEFAULT_LOCALE, Term, t

from ..options import InvalidOption, Option, is_quick, length_option
from ..protocol import ModularRuleset, MoveChoice, Result, Upgraded
from . import actions, bot, hidden, labels, old_logs, rules, typed, undo
from . import state as state_module
from .actions import Action
from .board import get_board
from .data import COLOURS, RESOURCES, TARGET_DEFAULT, TARGET_MAX, TARGET_MIN
from .maps import (
    BY_ID,
    MAPS,
    STANDARD,
    MapDef,
    land_count,
    legacy_board_for,
    maps_for,
    resolve_map,
)
from .plans import PLANS
from .state import HexfolkState
from .view import (
    HexfolkView,
    OfferView,
    PlayerView,
    SummaryView,
    dice_roller,
    play_round,
    spots,
    summary,
)

__all__ = ["RULESET", "HexfolkRuleset", "HexfolkState", "HexfolkView", "SummaryView"]


def map_sizes(m: MapDef, locale: str) -> dict[str, str]:
    """A map's size and player range in words (``size``, ``players``)."""
    return {"size": t("hexfolk.map_choice.hexes", locale, hexes=land_count(m.id)),
            "players": t("hexfolk.map_choice.players", locale, low=m.min_players,
                         high=m.max_players)}


class HexfolkRuleset(ModularRuleset[HexfolkState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden
    undo_module = undo
    #: Standing orders (issue 26 item 3): roll, answer offers, pass the special
    #: building phase, discard order (``plans.py``).
    plans = PLANS

    id = "hexfolk"
    name_key = "hexfolk.name"
    min_players = 2
    max_players = 8
    options = (
        Option("target", "int", TARGET_DEFAULT, "hexfolk.option.target",
               minimum=TARGET_MIN, maximum=TARGET_MAX),
        Option("robber", "choice", "on", "hexfolk.option.robber",
               choices=("on", "off", "friendly")),
        Option("longest", "bool", True, "hexfolk.option.longest"),
        Option("army", "bool", True, "hexfolk.option.army"),
        Option("layout", "choice", "random", "hexfolk.option.layout",
               choices=("random", "classic")),
        Option("bot_offers", "bool", False, "hexfolk.option.bot_offers"),
        Option("special", "bool", True, "hexfolk.option.special"),
        Option("trades", "bool", True, "hexfolk.option.trades"),
        Option("map", "choice", STANDARD, "hexfolk.option.map",
               choices=(STANDARD, *(m.id for m in MAPS))),
        length_option("hexfolk.option.length"),
    )
    schema_version = 1

    # The calls of every step go straight to the rules, without the protocol's lookup of
    # the module function per call (issue 10, "The engine"); same functions, same results.
    actors = staticmethod(rules.actors)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    apply_trusted = staticmethod(rules.apply_trusted)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> HexfolkState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"Hexfolk takes 2–8 players, not {num_players}")
        # A lobby stored before the maps has no ``map``: its game keeps the old board ids
        # (and names), so its log replays; every new lobby stores ``map`` (resolved).
        map_id = str(options.get("map", STANDARD))
        legacy = legacy_board_for(num_players) if "map" not in options else None
        if not resolve_map(map_id, num_players).allows(num_players):
            raise ValueError(f"map {map_id} is not for {num_players} players")
        return rules.setup(
            num_players, seed,
            target=TARGET_MIN if is_quick(options) else int(options.get("target", TARGET_DEFAULT)),
            robber=str(options.get("robber", "on")),
            longest=bool(options.get("longest", True)),
            army=bool(options.get("army", True)),
            layout=str(options.get("layout", "random")),
            offers_wait=bool(options.get("bot_offers", False)),
            special=bool(options.get("special", True)),
            player_trades=bool(options.get("trades", True)),
            map_id=map_id, board_id=legacy,
        )

    def check_seats(self, num_players: int, options: Mapping[str, Any]) -> None:
        """A map chosen in the lobby is for its player range only (data file, "The 22
        island maps"); the default standard board fits every count."""
        chosen = str(options.get("map", STANDARD))
        m = resolve_map(chosen, num_players)
        if not m.allows(num_players):
            allowed = ", ".join(x.id for x in maps_for(num_players))
            raise InvalidOption("hexfolk.option.map_players", map=Term(m.name_key),
                                low=m.min_players, high=m.max_players, count=num_players,
                                allowed=allowed)

    def check_join(self, seats: int, options: Mapping[str, Any]) -> None:
        """A map chosen in the lobby seats no more than its player range (data file,
        "The 22 island maps"): a join or bot beyond it is refused when asked (issue 12),
        not only at ``/game start``; the standard board takes every count."""
        chosen = str(options.get("map", STANDARD))
        if chosen == STANDARD:
            return
        m = BY_ID.get(chosen)
        if m is not None and seats > m.max_players:
            raise InvalidOption("hexfolk.option.map_full", map=Term(m.name_key),
                                low=m.min_players, high=m.max_players)

    def option_values(self, option: Option, seats: int | None = None,
                      locale: str = DEFAULT_LOCALE) -> list[tuple[str, str]] | None:
        """``map``: the maps for ``seats`` players (every map when not known yet), each
        with its size and player range; the standard board first."""
        if option.name != "map":
            return None
        out = [(STANDARD, t("hexfolk.map_choice.standard", locale))]
        for m in (MAPS if seats is None else maps_for(seats)):
            out.append((m.id, t("hexfolk.map_choice.map", locale, name=Term(m.name_key),
                                **map_sizes(m, locale))))
        return out

    def upgrade_log(self, state: HexfolkState, entries: Sequence[tuple[int, str]], start: int
                    ) -> tuple[int, list[Upgraded]] | None:
        """Older logs in today's moves (:mod:`.old_logs`)."""
        return old_logs.upgrade_log(state, entries, start)

    def read_action(self, state: HexfolkState, seat: int, text: str,
                    names: Sequence[str] = ()) -> Action:
        """A place by its hex letters or the number the board draws on it now (see
        :mod:`.typed`, which reads against the legal moves)."""
        return typed.read_action(state, seat, text, names)

    def check_state(self, state: HexfolkState, num_seats: int) -> None:
        """Every number in range first (the caches index by them), then the protocol's
        checks (issue 24 item 9)."""
        state_module.check_values(state)
        super().check_state(state, num_seats)

    def view(self, state: HexfolkState, seat: int | None) -> HexfolkView:
        board = get_board(state.board)
        players = tuple(
            PlayerView(
                seat=i, colour=COLOURS[i], visible_vp=rules.visible_vp(state, i),
                hand_count=sum(p.hand), dev_count=len(p.devs), played=tuple(p.played),
                knights=p.knights, road_length=p.road_length, roads=p.roads,
                settlements=p.settlements, cities=p.cities, longest=state.longest == i,
                army=state.army == i, discard_owed=state.discards[i],
            )
            for i, p in enumerate(state.players)
        )
        offer = None
        if state.offer is not None:
            offer = OfferView(
                state.current, tuple(state.offer.give), tuple(state.offer.get),
                tuple((tuple(r[0]), tuple(r[1])) if isinstance(r, list) else r
                      for r in state.offer.responses))
        own = seat is not None and 0 <= seat < len(state.players)
        me = state.players[seat] if own and seat is not None else None
        return HexfolkView(
            viewer=seat if own else None, board=state.board, terrain=tuple(state.terrain),
            tokens=tuple(state.tokens),
            harbours=tuple(zip(board.harbour_edges, state.harbours, strict=True)),
            robber=state.robber, corner_owner=tuple(state.corner_owner),
            corner_level=tuple(state.corner_level), edge_owner=tuple(state.edge_owner),
            players=players, bank=tuple(state.bank), deck_count=len(state.dev_deck),
            current=state.current, phase=state.phase, turn=state.turn, dice=tuple(state.dice),
            offer=offer, special=state.special, target=state.target,
            winner=None if state.winner < 0 else state.winner,
            hand=tuple(me.hand) if me else None, devs=tuple(me.devs) if me else None,
            vp=rules.total_vp(state, seat) if me and seat is not None else None,
            spots=spots(state), first=state.first, round=play_round(state),
            dice_by=dice_roller(state),
        )

    def choices(self, state: HexfolkState, seat: int, names: Sequence[str] = (),
                locale: str = DEFAULT_LOCALE) -> list[MoveChoice]:
        """The menu / autocomplete: a move onto a spot numbered on the image starts with
        that number ("12 — Settle …"); ``describe_action`` stays the plain label."""
        marks = labels.spot_marks(state)
        return [
            MoveChoice(self.notate_action(state, a), labels.numbered(
                state, a, self.describe_action(state, seat, a, names, locale), locale, marks),
                number=labels.spot_number(state, a, marks))
            for a in self.legal_actions(state, seat)
        ]

    def forced_action(self, state: HexfolkState, seat: int) -> Action | None:
        """Only a special building phase in which the player can build nothing is forced
        (it is a skipped turn: ``end``). A lone ``roll`` is a player's own moment, and a
        lone ``decline`` is not forced: a counter-offer can always be typed."""
        if state.phase != state_module.SPECIAL:
            return None
        legal = self.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 else None

    #: When a turn clock runs out, these moves are made for the late player, first
    #: legal one wins: roll, answer an offer with "no", end the turn (which closes one's
    #: own open offer, forgoes Road building's roads not yet placed, and passes a special
    #: building phase). Discards, the robber and founding placements (choices the rules
    #: require) fall back to the bot. RULES-NOTES.md, "The turn clock".
    TIMEOUT_PREFERENCE = ("roll", "decline", "end")

    def timeout_actions(self, state: HexfolkState, seat: int) -> list[Action]:
        """Nothing is built or traded in a late player's name: they roll, decline and end
        the turn; only what the rules require (a discard, the robber, founding) is chosen
        for them, by the bot."""
        legal = {self.format_action(a): a for a in self.legal_actions(state, seat)}
        for notation in self.TIMEOUT_PREFERENCE:
            if notation in legal:
                return [legal[notation]]
        return [self.bot_action(state, seat)]

    def describe_public(self, state: HexfolkState, seat: int, action: Action,
                        names: Sequence[str] = (), locale: str = DEFAULT_LOCALE) -> str:
        """A discard says how many cards, as its account does, never which."""
        if isinstance(action, actions.Discard):
            return t("hexfolk.label.discard_count", locale, count=sum(action.cards))
        return self.describe_action(state, seat, action, names, locale)

    def result(self, state: HexfolkState) -> Result | None:
        if state.winner < 0:
            return None
        return Result(
            scores=tuple(rules.total_vp(state, i) for i in range(len(state.players))),
            winners=(state.winner,), reason_key="hexfolk.result.target",
            reason_params={"vp": state.target},
        )

    def summary_view(self, state: HexfolkState) -> SummaryView | None:
        """The statistics image's data once the game is over (VP cards are then public)."""
        if state.winner < 0:
            return None
        return summary(state)

    def public_buttons(self, state: HexfolkState) -> list[tuple[str, str]]:
        """While an offer awaits answers: accept, decline, and "Counter…" (the menu).
        At the special building phase's sign-up: build or pass, for everyone asked at
        once (issue 26 item 2; whoever could only pass has passed already, forced)."""
        if state.phase == state_module.SPECIAL and state.special < 0 and state.special_asked:
            return [("hexfolk.button.sign_up", "build"), ("hexfolk.button.pass", "end")]
        if state.phase != state_module.TRADE or state.offer is None or not (
                rules.actors(state) - {state.current}):
            return []
        return [("platform.discord.offer_accept", "accept"),
                ("platform.discord.offer_decline", "decline"),
                ("platform.discord.offer_counter", "")]

    def turn_marker(self, state: HexfolkState) -> Hashable:
        """A new turn, a new special building phase, or every answer to the open offer
        being in (so the offerer, who could play on meanwhile, is pinged to close it)."""
        answered = state.offer is not None and not rules.actors(state) - {state.current}
        return (state.turn, state.special, answered)

    def clock_turn(self, state: HexfolkState) -> tuple[Hashable, int | None]:
        """A turn, or one seat's building in the special building phase, is timed whole
        for its player; answers to offers, discards on a seven and the answers to the
        special building phase's sign-up get clocks of their own."""
        if state.phase == state_module.SPECIAL and state.special < 0:
            # The sign-up asks everyone at once, nobody's turn: each answer is clocked
            # (and its player pinged) from the moment it is asked (issue 26 item 2).
            return (state.turn, "sign-up"), None
        owner = state.special if state.special >= 0 else state.current
        return (state.turn, state.special, state.current), owner

    has_hand = True

    def hand_text(self, state: HexfolkState, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """The seat's resource cards by count and its development cards by name."""
        player = state.players[seat]
        resources = ", ".join(
            t("hexfolk.hand.resource", locale, count=count,
              resource=t(f"hexfolk.resource.{name}", locale))
            for name, count in zip(RESOURCES, player.hand, strict=True) if count)
        devs = ", ".join(t(f"hexfolk.dev.{code}", locale) for code in player.devs)
        return t("hexfolk.hand.text", locale,
                 resources=resources or t("platform.hand.empty", locale),
                 devs=devs or t("platform.hand.empty", locale))

    def preset_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A quick game's lobby has the robber off unless ``robber`` is typed (HX-D67)."""
        if is_quick(given) and "robber" not in given:
            return {**given, "robber": "off"}
        return dict(given)

    def played_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A quick game plays to 8 VP (HX-D67)."""
        return {**options, "target": TARGET_MIN} if is_quick(options) else dict(options)

    def scores(self, state: HexfolkState) -> tuple[int, ...]:
        """Victory points (hidden VP cards are not counted until the end)."""
        return tuple(rules.visible_vp(state, i) for i in range(len(state.players)))

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "founding", "turn", "robber", "trading", "building", "development",
                "awards", "notation", "maps", "quick")

    def rules_text(self, topic: str, options: Mapping[str, Any] | None = None,
                   locale: str = DEFAULT_LOCALE) -> str:
        """``maps`` lists every map with its size and player range (the gallery image
        shows them, ``renderers.hexfolk.render_gallery``)."""
        if options is not None and is_quick(options):  # the quick game plays to 8 VP
            options = {**options, "target": TARGET_MIN}
        if topic != "maps":
            return super().rules_text(topic, options, locale)
        lines = [t("hexfolk.rules.maps", locale)]
        lines += [t("hexfolk.map_choice.line", locale, number=m.number, id=m.id,
                    name=Term(m.name_key), **map_sizes(m, locale)) for m in MAPS]
        return "\n".join(lines)


RULESET = HexfolkRuleset()
