"""Quick games (issue 26 item 4): every game's lobby offers ``length=quick`` beside
``standard``, built from its rulebook or from a house rule marked as such; bots play each
quick game to its end; the lobby shows the expected length in days from the bench's
table (``bot/length_estimates.py``, written by ``python -m bench.handoffs
--write-estimates``)."""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin import DiscordStandin, running_client, slash
from tidebound_support import Driver, factory

from bench.handoffs import ESTIMATE_GAMES, PRESETS, playable, run_handoffs
from bot.game_lengths import expected_days
from bot.length_estimates import MEDIAN_HANDOFFS
from games import IllegalAction, get_ruleset
from games.lovci_pokladu import rules as lovci_rules
from games.options import LENGTHS, resolve_options
from games.shipyard import rules as shipyard_rules
from i18n import t
from i18n.errors import LocalizedError

GAMES = ("hagoth", "haze-islands", "hexfolk", "lovci-pokladu", "shipyard")


def play_out(game: str, players: int, options: dict[str, Any], seed: int,
             cap: int = 20_000) -> Any:
    """A game with the bot in every seat, played to its end; its final state."""
    ruleset = get_ruleset(game)
    resolved = ruleset.lobby_options(options)  # as the lobby stores them
    ruleset.check_seats(players, resolved)
    state = ruleset.setup(players, resolved, seed)
    for _ in range(cap):
        if ruleset.result(state) is not None:
            return state
        seat = min(ruleset.actors(state))
        forced = ruleset.forced_action(state, seat)
        ruleset.apply_trusted(state, seat, forced if forced is not None
                              else ruleset.bot_action(state, seat))
    raise AssertionError(f"{game} did not finish in {cap} moves")


@pytest.mark.parametrize("game", GAMES)
def test_every_lobby_offers_length_standard_and_quick(game: str) -> None:
    """Issue 26 item 4: "every game's lobby offers length=quick beside standard" (the
    same option in every game, standard by default, anything else refused)."""
    ruleset = get_ruleset(game)
    option = next(o for o in ruleset.options if o.name == "length")
    assert option.choices == LENGTHS == ("standard", "quick")
    assert resolve_options(ruleset.name_key, ruleset.options, {})["length"] == "standard"
    with pytest.raises(IllegalAction):
        resolve_options(ruleset.name_key, ruleset.options, {"length": "short"})
    assert "quick" in ruleset.rules_topics()
    for locale in ("en", "ru", "cs"):  # marked in /rules in every language
        assert "length=quick" in ruleset.rules_text("quick", None, locale)


@pytest.mark.parametrize(("game", "players"), [
    ("hagoth", 4), ("hexfolk", 4), ("lovci-pokladu", 4), ("shipyard", 4), ("shipyard", 3),
    ("haze-islands", 3)])
def test_bots_finish_a_quick_game(game: str, players: int) -> None:
    """Issue 26 item 4 and its target "every game finished": bots play a quick game to
    its end at 4 seats (Haze Islands at 3, Shipyard at 3 too)."""
    ruleset = get_ruleset(game)
    state = play_out(game, players, {"length": "quick"}, seed=3)
    assert ruleset.result(state) is not None


def test_hagoth_quick_plays_to_6_with_the_speed_variant() -> None:
    """HG-D41 (house rule): the quick game plays to 6 VP with the rulebook's Speed
    variant; a lower target from the lobby still counts, a higher one does not; /rules
    says 6; and a quick lobby stored before the target was lowered (its target the
    default) still plays, and so replays, to 8."""
    ruleset = get_ruleset("hagoth")
    quick = ruleset.lobby_options({"length": "quick"})
    state = ruleset.setup(4, quick, 1)
    assert (state.target, state.speed) == (6, True)
    lower = ruleset.lobby_options({"length": "quick", "target": "5"})
    assert ruleset.setup(4, lower, 1).target == 5
    higher = ruleset.lobby_options({"length": "quick", "target": "20"})
    assert ruleset.setup(4, higher, 1).target == 6
    stored_before = resolve_options(ruleset.name_key, ruleset.options, {"length": "quick"})
    assert ruleset.setup(4, stored_before, 1).target == 8
    for bad in ("abc", "99"):  # refused as in a standard lobby, not replaced by 6
        with pytest.raises(LocalizedError):
            ruleset.lobby_options({"length": "quick", "target": bad})
    standard = ruleset.setup(4, resolve_options(ruleset.name_key, ruleset.options, {}), 1)
    assert (standard.target, standard.speed) == (25, False)
    assert "First to 6 VP" in ruleset.rules_text("overview", quick)
    final = play_out("hagoth", 4, {"length": "quick"}, seed=2)
    assert max(p.vp for p in final.players) >= 6


def test_hexfolk_quick_plays_to_the_rulebooks_lowest_target_without_the_robber() -> None:
    """HX-D67: the quick game plays to 8 VP, the lowest target hexfolk.en.md allows,
    whatever the lobby's target says, with the robber switched off as its lobby may
    ("the robber can also be switched off altogether") unless the lobby sets it; a
    standard game keeps both; and a quick lobby stored before the robber rule (robber=on)
    still plays, and so replays, with the robber on."""
    ruleset = get_ruleset("hexfolk")
    quick = ruleset.lobby_options({"length": "quick", "target": "12"})
    state = ruleset.setup(4, quick, 1)
    assert (state.target, state.robber_mode, state.robber) == (8, "off", -1)
    assert "Reach 8 VP" in ruleset.rules_text("overview", quick)
    assert "robber switched off" in ruleset.rules_text("quick", quick)
    chosen = ruleset.setup(4, ruleset.lobby_options({"length": "quick", "robber": "friendly"}),
                           1)
    assert (chosen.target, chosen.robber_mode) == (8, "friendly") and chosen.robber >= 0
    standard = ruleset.setup(4, ruleset.lobby_options({"robber": "friendly", "target": "12"}),
                             1)
    assert (standard.target, standard.robber_mode) == (12, "friendly")
    stored_before = resolve_options(ruleset.name_key, ruleset.options, {"length": "quick"})
    assert ruleset.setup(4, stored_before, 1).robber_mode == "on"


def test_haze_quick_is_the_short_game_for_three() -> None:
    """HZ-D64: length=quick is the rulebook's Short Game (3 rounds, 3 players only), and
    short=yes still selects it."""
    ruleset = get_ruleset("haze-islands")
    for given in ({"length": "quick"}, {"short": "yes"}):
        options = resolve_options(ruleset.name_key, ruleset.options, given)
        state = ruleset.setup(3, options, 1)
        assert (state.short, state.rounds) == (True, 3)
        with pytest.raises(IllegalAction):
            ruleset.check_seats(2, options)
    standard = ruleset.setup(3, resolve_options(ruleset.name_key, ruleset.options, {}), 1)
    assert (standard.short, standard.rounds) == (False, 6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lovci_quick_ends_with_a_round_and_several_players_score(seed: int) -> None:
    """LP-D61 (house rule): a quick game ends at the end of the round in which the ships
    hold 2 tokens a player, so every player had as many turns and, unlike a turn
    cut-off, several players have treasure (issue 26: "a short variant in which every
    player can still score")."""
    state = play_out("lovci-pokladu", 4, {"length": "quick"}, seed)
    assert state.goal == lovci_rules.quick_goal(4) == 8
    assert state.reason == "goal"
    assert lovci_rules.delivered_tokens(state) >= state.goal
    # the round is complete: the last to move sits just before the first player
    assert (state.current + 1) % 4 == state.first
    scores = [lovci_rules.total(state, seat) for seat in range(4)]
    assert sum(1 for s in scores if s > 0) >= 2, scores


def test_lovci_and_shipyard_standard_games_store_what_they_stored() -> None:
    """The quick game's state is stored only in a quick game: a standard game's JSON has
    no new key (stored games and replay records stay as they were)."""
    lovci = get_ruleset("lovci-pokladu")
    assert "goal" not in lovci.dump(lovci.setup(4, {}, 1))
    assert lovci.dump(lovci.setup(4, {"length": "quick"}, 1))["goal"] == 8
    assert lovci.load(lovci.dump(lovci.setup(4, {"length": "quick"}, 1))).goal == 8
    shipyard = get_ruleset("shipyard")
    assert "quick" not in shipyard.dump(shipyard.setup(4, {}, 1))["board"]


@pytest.mark.parametrize("players", [3, 4])
def test_shipyard_quick_plays_two_laps_and_keeps_one_contract_of_each(players: int) -> None:
    """SY-D58 (house rule): 2 laps at every table size, two contracts of each colour
    given up at the end of the first lap, so the final lap has one of each."""
    shipyard = get_ruleset("shipyard")
    state = shipyard.setup(players, {"length": "quick"}, 1)
    assert state.countdown == shipyard_rules.laps(players, True) == 2
    assert shipyard.setup(players, {}, 1).countdown == players
    assert shipyard_rules.contract_discards(players, True) == {1: 2}
    final = play_out("shipyard", players, {"length": "quick"}, seed=1)
    assert all(len(p.green) == 1 and len(p.blue) == 1 for p in final.players)


def test_every_table_has_an_estimate() -> None:
    """Issue 26 item 4: the lobby's expected length exists for every game, table size and
    length that can be played (the short Haze game only at 3), and nothing else."""
    for game in GAMES:
        ruleset = get_ruleset(game)
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            for length in LENGTHS:
                key = (game, players, length)
                assert (key in MEDIAN_HANDOFFS) == playable(ruleset, players, length), key
    assert set(PRESETS) == set(LENGTHS)


@pytest.mark.parametrize(("game", "players", "length"), [
    ("hagoth", 2, "quick"), ("shipyard", 2, "standard"), ("haze-islands", 3, "quick")])
def test_the_stored_estimate_is_what_the_bench_measures(game: str, players: int,
                                                        length: str) -> None:
    """The table is the bench's measurement, not a number typed in: re-measured the
    way ``--write-estimates`` does, a few small tables give the stored medians."""
    row = run_handoffs(get_ruleset(game), players, preset=length, games=ESTIMATE_GAMES)
    assert MEDIAN_HANDOFFS[(game, players, length)] == row.calendar_handoffs_median


async def test_the_lobby_shows_the_expected_length(standin: DiscordStandin,
                                                   db_path: str) -> None:
    """Issue 26 item 4: "The lobby shows the expected length of this table in days at 8
    hand-offs a day, from the bench's figures": for the smallest table while one sits,
    and for the seats taken once more join; quick and standard differ."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("game", {"game": "lovci-pokladu",
                                                      "options": "length=quick"},
                                             subcommand="new"))
        lobby = (await driver.callback(payload))["data"]["content"]
        days = expected_days("lovci-pokladu", 2, "quick")
        assert days is not None
        line = t("platform.lobby.estimate", "en", days=days, players=2, length="quick",
                 waits=round(MEDIAN_HANDOFFS[("lovci-pokladu", 2, "quick")]), per_day=8)
        assert line in lobby, lobby
        payload, _ = await driver.send(slash("game", subcommand="addbot"))
        payload, _ = await driver.send(slash("game", subcommand="addbot"))
        lobby = (await driver.callback(payload))["data"]["content"]
        assert "Expected length (3 players, length=quick)" in lobby, lobby
    standard = expected_days("lovci-pokladu", 4, "standard")
    quick = expected_days("lovci-pokladu", 4, "quick")
    assert standard is not None and quick is not None and quick < standard


@pytest.mark.parametrize(("game", "typed", "shown", "hidden"), [
    ("hexfolk", "length=quick target=12", ("target=8", "robber=off", "length=quick"),
     ("target=12", "robber=on")),
    ("hexfolk", "length=quick robber=friendly", ("target=8", "robber=friendly"),
     ("robber=off",)),
    ("hexfolk", "robber=friendly target=12", ("target=12", "robber=friendly"), ("robber=off",)),
    ("hagoth", "length=quick target=20", ("target=6", "speed=yes"), ("target=20",)),
    ("haze-islands", "length=quick", ("short=yes",), ("short=no",)),
])
async def test_the_lobby_shows_the_options_the_game_plays(
        db_path: str, game: str, typed: str, shown: tuple[str, ...],
        hidden: tuple[str, ...]) -> None:
    """HX-D67, HG-D41, HZ-D64: the lobby lists the options as the game will play them: a
    quick Hexfolk game typed with ``target=12`` shows ``target=8`` and the robber off
    (or the robber typed), and a standard game shows its own."""
    from bot.service import Person, SessionService
    from bot.storage import Storage

    async with await Storage.open(db_path) as storage:
        service = SessionService(storage, render=False)
        try:
            update = await service.new_game("c-1", Person("u-1", "Ana"), game, typed)
        finally:
            await service.close()
    assert all(text in update.text for text in shown), update.text
    assert not any(text in update.text for text in hidden), update.text
