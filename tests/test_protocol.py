"""Platform-level pieces: the game registry, the seeded RNG, the translation layer, and a
static check that every message key the code uses is in the English catalogue."""

from __future__ import annotations

import ast
import json
import re
import string
import tomllib
from collections import Counter
from pathlib import Path

import pytest

import games
import i18n
from games import UnknownGame, get_ruleset
from games.hagoth import RULESET
from games.hagoth.data import ACTION_CARDS, BLUEPRINTS, CARDS, COLOURS
from games.protocol import Event, IllegalAction, StateFormatError
from games.rng import GameRng
from i18n import Term, t

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("games", "renderers", "bot")
#: Every catalogue file is a domain; a string starting with ``<domain>.`` is a key.
DOMAINS = sorted(p.stem for p in (ROOT / "i18n" / "locales" / "en").glob("*.toml"))
KEY = re.compile(
    "(" + "|".join(re.escape(d) for d in DOMAINS) + r")\.[A-Za-z0-9_?]+(\.[A-Za-z0-9_?]+)*")
HAGOTH_TOML = ROOT / "i18n" / "locales" / "en" / "hagoth.toml"
RULES_PY = ROOT / "games" / "hagoth" / "rules.py"


# -- registry ----------------------------------------------------------------------------
def test_get_ruleset_finds_hagoth() -> None:
    assert get_ruleset("hagoth") is RULESET
    assert get_ruleset("  Hagoth ") is RULESET
    assert RULESET.id == "hagoth"
    assert RULESET.name == "Hagoth: Builder of Ships"
    assert RULESET in games.all_rulesets()


def test_unknown_game_is_refused_helpfully() -> None:
    with pytest.raises(UnknownGame) as info:
        get_ruleset("chess")
    error = info.value
    assert isinstance(error, IllegalAction)
    assert error.key == "platform.game.unknown"
    text = error.message()
    assert "chess" in text and "hagoth" in text, text
    assert text != error.key and "{" not in text


# -- GameRng -------------------------------------------------------------------------------
def test_rng_is_splitmix64() -> None:
    """Known-answer test: stored games replay only while the stream never changes."""
    rng = GameRng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


def test_rng_is_deterministic_per_seed() -> None:
    def stream(seed: int) -> list[int]:
        rng = GameRng(seed)
        return [rng.below(1000) for _ in range(50)]

    assert stream(42) == stream(42)
    assert stream(42) != stream(43)
    assert GameRng(-1).seed == 2**64 - 1  # seeds are taken modulo 2**64
    assert stream(-1) == stream(2**64 - 1)


def test_rng_json_round_trip_continues_the_stream() -> None:
    rng = GameRng(2024)
    for _ in range(17):
        rng.roll(4)
    data = json.loads(json.dumps(rng.to_json()))
    copy = GameRng.from_json(data)
    assert copy == rng and repr(copy) == repr(rng)
    assert [copy.next64() for _ in range(20)] == [rng.next64() for _ in range(20)]
    assert copy != GameRng(2024)


def test_rng_ranges_shuffle_and_choice() -> None:
    rng = GameRng(7)
    rolls = Counter(rng.roll(4) for _ in range(4000))
    assert set(rolls) == {1, 2, 3, 4}
    assert all(850 <= n <= 1150 for n in rolls.values()), rolls
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}
    assert all(0 <= rng.below(10**12) < 10**12 for _ in range(100))
    with pytest.raises(ValueError):
        rng.below(0)
    items = list(range(30))
    first, second = list(items), list(items)
    GameRng(5).shuffle(first)
    GameRng(5).shuffle(second)
    assert first == second and sorted(first) == items and first != items
    assert GameRng(9).choice(items) == GameRng(9).choice(items)


# -- state JSON --------------------------------------------------------------------------------
def test_state_json_round_trip_and_unknown_schema() -> None:
    state = RULESET.setup(3, {"speed": True, "target": 12}, 77)
    data = json.loads(json.dumps(RULESET.dump(state)))
    assert data["schema"] == RULESET.schema_version
    assert RULESET.dump(RULESET.load(data)) == RULESET.dump(state)
    with pytest.raises(StateFormatError):
        RULESET.load({**data, "schema": 999})
    broken = dict(data)
    del broken["deck"]
    with pytest.raises(StateFormatError):
        RULESET.load(broken)


# -- i18n --------------------------------------------------------------------------------------
def test_t_translates_term_parameters() -> None:
    assert isinstance(Term("hagoth.card.bow"), str)
    text = t("hagoth.illegal.not_in_hand", card=Term("hagoth.card.bow"))
    assert text == "You don't have a Bow card in your hand."
    text = t("hagoth.illegal.no_room", card=Term("hagoth.card.hull"),
             blueprint=Term("hagoth.blueprint.great"))
    assert text == "A Great Ship has no free place for a Hull."
    # a plain str that looks like a key is not translated
    assert t("hagoth.illegal.not_in_hand", card="hagoth.card.bow") == (
        "You don't have a hagoth.card.bow card in your hand.")


def test_t_falls_back_to_english_and_never_raises() -> None:
    assert t("hagoth.card.keel", "xx") == t("hagoth.card.keel") == "Keel"
    assert i18n.has("hagoth.card.keel", "xx")
    assert t("hagoth.no.such.key") == "hagoth.no.such.key"
    assert not i18n.has("hagoth.no.such.key")
    # a missing parameter leaves the template rather than crashing
    assert t("hagoth.illegal.no_ship") == "You have no ship sailing from berth {berth}."


def test_event_text_names_seats_and_translates_terms() -> None:
    event = Event("hagoth.event.skip", 0, {"target_seat": 1})
    assert event.text(["Ann", "Bob"]) == "Ann played Skip: Bob loses their next turn."
    event = Event("hagoth.event.discard", 1, {"card": Term("hagoth.card.sails")})
    assert event.text(["Ann", "Bob"]) == "Bob discarded Sail (segment)."


def _source_files() -> list[Path]:
    return sorted(p for root in SCANNED for p in (ROOT / root).rglob("*.py"))


def _literal_keys() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """String literals that are message keys, and constant prefixes of f-string keys."""
    keys: dict[str, list[str]] = {}
    prefixes: dict[str, list[str]] = {}
    for path in _source_files():
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if KEY.fullmatch(node.value):
                    keys.setdefault(node.value, []).append(f"{where}:{node.lineno}")
            elif isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                if (isinstance(head, ast.Constant) and isinstance(head.value, str)
                        and KEY.match(head.value) and head.value.endswith(".")):
                    prefixes.setdefault(head.value, []).append(f"{where}:{node.lineno}")
    return keys, prefixes


def test_every_literal_message_key_is_in_the_english_catalogue() -> None:
    keys, prefixes = _literal_keys()
    assert len(keys) > 100  # the scan does find the keys
    assert "hagoth.illegal.no_room" in keys and "platform.notation.unknown" in keys
    assert "render.hagoth.turn" in keys
    missing = {key: where for key, where in keys.items() if not i18n.has(key)}
    assert not missing, missing
    english = i18n.catalogue("en")
    empty = {prefix: where for prefix, where in prefixes.items()
             if not any(key.startswith(prefix) for key in english)}
    assert not empty, empty


def test_every_dynamic_message_key_is_in_the_english_catalogue() -> None:
    """Keys built at run time: cards, blueprints, colours, card hints, rules topics, options."""
    wanted = [f"hagoth.card.{card}" for card in CARDS]
    wanted += [f"hagoth.blueprint.{bp.code}" for bp in BLUEPRINTS]
    wanted += [f"hagoth.colour.{colour}" for colour in COLOURS]
    wanted += [f"render.hagoth.hint.{card}" for card in ACTION_CARDS]
    wanted += [f"hagoth.rules.{topic}" for topic in RULESET.rules_topics()]
    wanted += [option.label_key for option in RULESET.options]
    wanted += [RULESET.name_key]
    assert [key for key in wanted if not i18n.has(key)] == []


def _rules_calls() -> list[tuple[str, set[str], bool]]:
    """(key, parameter names, has a seat) for each refusal or event in ``rules.py``."""
    found = []
    for node in ast.walk(ast.parse(RULES_PY.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        literal = [a for a in node.args
                   if isinstance(a, ast.Constant) and isinstance(a.value, str)
                   and KEY.fullmatch(a.value)]
        if name in ("_require", "IllegalAction") and literal:
            found.append((literal[0].value, {kw.arg for kw in node.keywords if kw.arg}, False))
        elif name == "Event" and literal:
            params: set[str] = set()
            if len(node.args) > 2 and isinstance(node.args[2], ast.Dict):
                params = {k.value for k in node.args[2].keys if isinstance(k, ast.Constant)}
            elif len(node.args) > 2:
                params = {"*"}  # built elsewhere: not checked here
            has_seat = len(node.args) > 1 and not (
                isinstance(node.args[1], ast.Constant) and node.args[1].value is None)
            found.append((literal[0].value, params, has_seat))
    return found


def _rules_keys() -> set[str]:
    """Every message key written in ``rules.py`` (including keys picked by a condition)."""
    return {
        node.value
        for node in ast.walk(ast.parse(RULES_PY.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and KEY.fullmatch(node.value)
    }


def test_hagoth_toml_has_every_refusal_and_event_of_the_rules() -> None:
    with HAGOTH_TOML.open("rb") as handle:
        catalogue = tomllib.load(handle)
    used = _rules_keys()
    assert {key for key, _, _ in _rules_calls()} <= used
    hagoth_keys = {key for key in used if key.startswith("hagoth.")}
    assert {"hagoth.illegal.no_room", "hagoth.event.launch",
            "hagoth.event.wood_card", "hagoth.event.wood_action"} <= hagoth_keys
    missing = []
    for key in sorted(hagoth_keys):
        _, section, name = key.split(".", 2)
        assert section in ("illegal", "event"), key
        if name not in catalogue.get(section, {}):
            missing.append(key)
    assert not missing, missing
    assert all(i18n.has(key) for key in used - hagoth_keys), used - hagoth_keys


def test_rules_messages_get_every_parameter_they_need() -> None:
    """A template placeholder with no parameter would show up as ``{name}`` to a player."""
    formatter = string.Formatter()
    problems = []
    for key, params, has_seat in _rules_calls():
        if "*" in params:
            continue
        fields = {f for _, f, _, _ in formatter.parse(t(key)) if f}
        given = params | ({"player"} if has_seat else set())
        if not fields <= given:
            problems.append((key, sorted(fields - given)))
    assert not problems, problems


def test_finished_games_are_offered_without_the_development_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Shipyard (issue 11: "register Shipyard for players") and Haze Islands (issue 12) are
    finished: they are offered without TIDEBOUND_DEV_GAMES, and the switch adds only games
    still in development."""
    monkeypatch.setattr(games, "RULESETS", {})
    monkeypatch.delenv(games.DEV_GAMES_ENV, raising=False)
    offered = {r.id for r in games.all_rulesets()}
    assert {"hagoth", "lovci-pokladu", "hexfolk", "shipyard", "haze-islands"} <= offered
    assert games.get_ruleset("shipyard").id == "shipyard"
    assert games.get_ruleset("haze-islands").id == "haze-islands"
    monkeypatch.setattr(games, "RULESETS", {})
    monkeypatch.setenv(games.DEV_GAMES_ENV, "1")
    assert {r.id for r in games.all_rulesets()} == offered | {
        r.id for r in games._development_games()}
