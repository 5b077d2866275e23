"""Views pickled for the render workers (issue 29 item 6): :func:`games.pickling.quick_pickle`
gives the same objects back, faster (measured in its docstring, not timed here)."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass

import pytest

from games import get_ruleset
from games.lovci_pokladu.view import CardView, LovciView
from games.options import resolve_options
from games.pickling import quick_pickle


def _lovci_view() -> LovciView:
    ruleset = get_ruleset("lovci-pokladu")
    state = ruleset.setup(4, resolve_options(ruleset.name_key, ruleset.options, {}), 3)
    for _ in range(60):
        seat = min(ruleset.actors(state))
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
    view = ruleset.view(state, None)
    assert isinstance(view, LovciView)
    return view


def test_a_view_comes_back_from_a_worker_the_same() -> None:
    view = _lovci_view()
    assert CardView.__getstate__ is not object.__getstate__  # quick_pickle's, not dataclass's
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(view, protocol=protocol))
        assert back == view and back.cards == view.cards and back is not view
    assert copy.deepcopy(view) == view


def test_only_a_slotted_dataclass_is_given_quick_pickling() -> None:
    @dataclass(frozen=True)
    class Plain:
        value: int

    with pytest.raises(TypeError):
        quick_pickle(Plain)

    assert copy.copy(One(7)) == One(7) and copy.deepcopy(One(7)) is not None


@quick_pickle
@dataclass(frozen=True, slots=True)
class One:
    """A view of one field: its state is still a tuple."""

    value: int


def test_a_view_of_one_field_comes_back_the_same() -> None:
    assert pickle.loads(pickle.dumps(One(7))) == One(7)
