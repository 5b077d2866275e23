"""Event texts are built lazily, only when shown, and in the reader's locale.

Issue 10, "The engine": "Build event texts lazily: only when they are shown, and in the
reader's locale. Today the eager strings are always English, a bug for the Russian and
Czech work." Engines put locale-neutral data into events (Terms, phrases of places and
cards); :meth:`Event.text` words them in the locale it is asked for.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import i18n
from games import get_ruleset
from games.hexfolk import RULESET as HEXFOLK
from games.hexfolk import labels
from games.hexfolk.actions import Settle
from games.hexfolk.board import places
from games.hexfolk.phrases import Cards
from games.protocol import Event
from i18n import Phrase

LOCALE = "xx-test"


@pytest.fixture
def test_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A partial catalogue of a made-up locale (other keys fall back to English)."""
    shutil.copytree(i18n.LOCALES_DIR / i18n.DEFAULT_LOCALE, tmp_path / i18n.DEFAULT_LOCALE)
    folder = tmp_path / LOCALE
    folder.mkdir()
    (folder / "hexfolk.toml").write_text(
        '[resource]\nwool = "vlna"\nore = "ruda"\ngrain = "obili"\n'
        'wood = "drevo"\nbrick = "cihla"\n'
        '[event]\nsettle_at = "{player} staví {corner}."\nincome = "{player} dostává {cards}."\n'
        '[place]\ncorner3 = "mezi {a}, {b} a {c}"\n', encoding="utf-8")
    (folder / "lovci-pokladu.toml").write_text(
        '[event]\nship = "{player} posunul loď {side}."\n[direction]\nleft = "doleva"\n',
        encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    yield LOCALE
    i18n.catalogue.cache_clear()


def _events_of_a_game(game: str, players: int, seed: int, steps: int) -> list[Event]:
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, {}, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(steps):
        if ruleset.result(state) is not None:
            break
        seat = rng.choice(sorted(ruleset.actors(state)))
        events += ruleset.apply(state, seat, rng.choice(ruleset.legal_actions(state, seat)))
    return events


@pytest.mark.parametrize(("game", "players"), [
    ("hexfolk", 4), ("hagoth", 3), ("lovci-pokladu", 3)])
def test_no_event_parameter_is_a_finished_string(game: str, players: int) -> None:
    """Every text parameter of every event is a Term or a Phrase (worded in the reader's
    locale), never a string already worded in English; numbers and seats stay numbers."""
    events = _events_of_a_game(game, players, seed=7, steps=1500)
    assert len(events) > 200
    worded = [(e.key, name, value) for e in events for name, value in e.params.items()
              if isinstance(value, str) and not isinstance(value, i18n.Term)
              and not _is_notation(value)]
    assert worded == []
    assert all(isinstance(v, int | i18n.Term | Phrase | str | None)
               for e in events for v in e.params.values())


def _is_notation(value: str) -> bool:
    """Board coordinates and piece codes read the same in every language (E5, r2)."""
    return len(value) <= 3 and value.isalnum() and not value.isalpha()


def test_playing_words_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step nobody reads translates nothing: apply never calls the label wording."""
    def refuse(*_: object, **__: object) -> str:
        raise AssertionError("a text was worded during apply")

    monkeypatch.setattr(labels, "t", refuse)
    events = _events_of_a_game("hexfolk", 4, seed=3, steps=800)
    assert any(e.key == "hexfolk.event.settle_at" for e in events)
    monkeypatch.undo()
    assert all("{" not in e.text(["A", "B", "C", "D"]) for e in events)


def test_places_and_cards_are_worded_in_the_readers_locale(test_locale: str) -> None:
    state = HEXFOLK.setup(4, {}, 11)
    seat = min(HEXFOLK.actors(state))
    inner = next(c for c in range(len(state.corner_owner))
                 if len(places(state.board).corner_hexes[c]) == 3
                 and not places(state.board).corner_side[c])
    (settle,) = HEXFOLK.apply(state, seat, Settle(inner))
    names = ["Ann", "Bo", "Cy", "Di"]
    english = settle.text(names)
    local = settle.text(names, test_locale)
    assert english.startswith(f"{names[seat]} settles between ")
    assert local.startswith(f"{names[seat]} staví mezi ")
    hexes = places(state.board).corner_hexes[inner]
    resources = {state.terrain[h] for h in hexes if state.terrain[h] >= 0}
    local_names = {0: "drevo", 1: "cihla", 2: "vlna", 3: "obili", 4: "ruda"}
    assert all(local_names[r] in local for r in resources)
    income = Event("hexfolk.event.income", 0, {"cards": Cards((0, 0, 2, 0, 1))})
    assert income.text(names, test_locale) == "Ann dostává 2 vlna, 1 ruda."
    assert income.text(names) == "Ann receives 2 wool, 1 ore."


def test_lovci_ship_moves_are_told_in_the_readers_locale(test_locale: str) -> None:
    event = Event("lovci-pokladu.event.ship", 0,
                  {"side": i18n.Term("lovci-pokladu.direction.left")})
    assert event.text(["Ann"], test_locale) == "Ann posunul loď doleva."
    assert event.text(["Ann"]) == "Ann moved its ship left."
