"""Plans in play (issue 26 item 3): players' standing orders, kept with the game and
played by the platform (see :mod:`games.plans` for what a game's plan is).

* :class:`PlanRunner` (used by :class:`~bot.turns.Turns`): after every change of a game,
  asks each standing plan what it does now; plays a plan's move where forced moves are
  played, told exactly as the move itself; ends the plans that are done or no longer fit,
  and, once the change is stored, removes them and tells their owners privately
  (:attr:`~bot.updates.Update.plan_notes`, in each owner's language).
* :class:`Plans`: ``/plan`` (set), ``/plan show``, ``/plan clear`` and the values their
  autocomplete offers. Every answer is for the asking player alone.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games import IllegalAction
from games.plans import Plan, PlanBook, PlanKind, Play, Stop, checked, plans_of
from games.protocol import Event
from i18n import t

from .plan_tables import PlanRow
from .requests import Person, ServiceError
from .sessions import Loaded, Sessions
from .storage import ACTIVE, SessionRow, Storage
from .updates import Update, with_names

if TYPE_CHECKING:
    from .turns import Turns

logger = logging.getLogger("tidebound.service")


@dataclass(slots=True)
class Standing:
    """A stored plan while a change is worked out: ``ended`` once it is over."""

    row: PlanRow
    plan: Plan
    ended: Stop | None = None


@dataclass(slots=True)
class PlanReply:
    """The answer to ``/plan``: a text for the player alone; the update when the plan
    played a move at once (posted like any move); notes for other owners."""

    text: str
    update: Update | None = None
    notes: dict[str, str] = field(default_factory=dict)


def _note(book: PlanBook[Any, Any], loaded: Loaded, standing: Standing) -> str:
    """What an ended plan's owner reads, in their language."""
    stop, locale, seat = standing.ended, standing.row.locale, standing.row.seat
    assert stop is not None
    try:
        plan = book.describe(loaded.state, seat, standing.plan, locale)
    except Exception:  # a plan that no longer fits the state cannot always be worded
        plan = t(book.kind(standing.plan.kind).label_key, locale)
    reason = t(stop.reason_key, locale, **with_names(dict(stop.params), loaded.row))
    key = "plans.stopped_done" if stop.done else "plans.stopped_cancelled"
    return t(key, locale, plan=plan, reason=reason)


class PlanRunner:
    """Plays and ends the plans of games in play, over ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def load(self, loaded: Loaded) -> list[Standing]:
        """The plans standing in ``loaded``'s game (none when the game offers none)."""
        if plans_of(loaded.ruleset) is None:
            return []
        out = []
        for row in await self.storage.plans_of(loaded.row.id):
            try:
                out.append(Standing(row, Plan.from_json(row.plan)))
            except (ValueError, KeyError, TypeError):
                logger.warning("session %s: unreadable plan of seat %s dropped", row.session_id,
                               row.seat)
                out.append(Standing(row, Plan("?"), Stop("plans.stop.not_legal")))
        return out

    def step(self, loaded: Loaded, standing: Sequence[Standing],
             log: list[tuple[int, str]], events: list[Event]) -> bool:
        """Ask every standing plan what it does now; end those that stop, and play the
        first move one of them plays (whether one did: then ask again)."""
        book = plans_of(loaded.ruleset)
        if book is None:
            return False
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        for s in standing:
            if s.ended is not None:
                continue
            seat = s.row.seat
            if (seat >= len(row.seats) or row.seats[seat].is_bot
                    or row.seats[seat].user_id != s.row.user_id):
                s.ended = Stop("plans.stop.seat_changed")
                continue
            try:
                decision = checked(ruleset, state, seat, book.decide(state, seat, s.plan))
            except Exception:  # a plan that cannot be read must never stop the game
                logger.exception("session %s: plan of seat %s failed", row.id, seat)
                decision = Stop("plans.stop.not_legal")
            if isinstance(decision, Stop):
                s.ended = decision
                continue
            if not isinstance(decision, Play):
                continue
            logged = ruleset.notate_action(state, decision.action)
            try:
                events.extend(ruleset.apply(state, seat, decision.action))
            except IllegalAction:
                s.ended = Stop("plans.stop.not_legal")
                continue
            log.append((seat, logged))
            if decision.final:
                s.ended = Stop(decision.done_key or "plans.stop.done",
                               decision.done_params, True)
            return True
        return False

    async def settle(self, loaded: Loaded, standing: Sequence[Standing], over: bool
                     ) -> dict[str, str]:
        """After the change is stored: remove the plans that ended (every plan of a game
        that is over) and the notes their owners read, by user id."""
        book = plans_of(loaded.ruleset)
        ended = [s for s in standing if s.ended is not None or over]
        if book is None or not ended:
            return {}
        await self.storage.drop_plans(loaded.row.id, [(s.row.seat, s.row.slot) for s in ended])
        notes: dict[str, list[str]] = {}
        for s in ended:
            if s.ended is None or s.row.user_id == "":
                continue  # the game is over: its plans simply go
            notes.setdefault(s.row.user_id, []).append(_note(book, loaded, s))
        return {user: "\n".join(lines) for user, lines in notes.items()}


class Plans:
    """``/plan``, ``/plan show``, ``/plan clear`` in ``sessions``' games."""

    def __init__(self, sessions: Sessions, turns: Turns) -> None:
        self.sessions = sessions
        self.turns = turns

    async def _seat(self, channel_id: str, person: Person
                    ) -> tuple[SessionRow, int, Loaded, PlanBook[Any, Any]]:
        row = await self.sessions.active_for(channel_id, None)
        seat = row.seat_of(person.user_id)
        if seat is None:
            raise ServiceError("plans.not_playing")
        loaded = self.sessions.load(row)
        book = plans_of(loaded.ruleset)
        if book is None:
            raise ServiceError("plans.none_offered")
        return loaded.row, seat, loaded, book

    async def kinds(self, channel_id: str, person: Person, locale: str
                    ) -> list[tuple[str, str, str]]:
        """(kind, label, help) of the plans the game in ``channel_id`` offers."""
        _, _, _, book = await self._seat(channel_id, person)
        return [(k.name, t(k.label_key, locale), t(k.help_key, locale)) for k in book.kinds()]

    async def kind_named(self, channel_id: str, person: Person, word: str, locale: str
                         ) -> PlanKind:
        """The kind ``word`` names: its id, its label in ``locale`` (spaces may be
        underscores), or the one id it begins; a polite refusal otherwise."""
        _, _, _, book = await self._seat(channel_id, person)
        wanted = word.strip().casefold().replace("-", "_")
        for kind in book.kinds():
            label = t(kind.label_key, locale).casefold()
            if wanted in (kind.name, label, label.replace(" ", "_")):
                return kind
        starting = [kind for kind in book.kinds() if kind.name.startswith(wanted)]
        if len(starting) == 1 and wanted:
            return starting[0]
        raise ServiceError("plans.unknown_kind", kind=word)

    async def values(self, channel_id: str, person: Person, kind: str, param: str,
                     chosen: Mapping[str, str], locale: str) -> list[tuple[str, str]]:
        """(value, label) the parameter ``param`` of ``kind`` may take now (autocomplete)."""
        _, seat, loaded, book = await self._seat(channel_id, person)
        try:
            book.kind(kind)
        except IllegalAction:
            return []
        return book.param_values(loaded.state, seat, kind, param, chosen, locale)

    async def set(self, channel_id: str, person: Person, kind: str,
                  params: Mapping[str, str], locale: str) -> PlanReply:
        """Set ``person``'s plan (replacing theirs in its slot), then play it at once if
        it applies now. A plan that does not fit is refused and nothing is stored."""
        row, seat, _, book = await self._seat(channel_id, person)
        async with self.sessions.lock(row.id):
            row = await self.sessions.by_id(row.id)
            if row.status != ACTIVE:
                raise ServiceError("plans.not_running")
            loaded = self.sessions.load(row)
            try:
                kind = book.kind(kind).name
                plan = book.read(loaded.state, seat, kind, params)
                described = book.describe(loaded.state, seat, plan, locale)
            except IllegalAction as refusal:
                raise ServiceError(refusal.key, **with_names(refusal.params, row)) from None
            await self.sessions.storage.set_plan(row.id, seat, book.kind(kind).slot_name,
                                                 person.user_id, plan.to_json(), locale)
        update, notes = await self.turns.run_plans(row.id)
        text = t("plans.set", locale, plan=described)
        mine = notes.pop(person.user_id, "")
        if update is not None:
            mine = update.plan_notes.pop(person.user_id, mine) or mine
            notes.update(update.plan_notes)
            update.plan_notes = notes
            notes = {}
        return PlanReply("\n".join(filter(None, [text, mine])), update, notes)

    async def show(self, channel_id: str, person: Person, locale: str) -> str:
        """``person``'s plans in this game, in words, and the kinds the game offers."""
        row, seat, loaded, book = await self._seat(channel_id, person)
        held = await self.sessions.storage.plans_of(row.id, seat)
        lines = []
        for stored in held:
            try:
                lines.append("• " + book.describe(loaded.state, seat,
                                                  Plan.from_json(stored.plan), locale))
            except Exception:
                continue
        kinds = [f"• {t(k.label_key, locale)} — {t(k.help_key, locale)}" for k in book.kinds()]
        head = [t("plans.show_header", locale), *lines] if lines else [
            t("plans.show_none", locale)]
        return "\n".join([*head, "", t("plans.kinds_header", locale), *kinds])

    async def clear(self, channel_id: str, person: Person, locale: str) -> str:
        """Drop every plan of ``person`` in this game."""
        row, seat, _, _ = await self._seat(channel_id, person)
        async with self.sessions.lock(row.id):
            gone = await self.sessions.storage.clear_plans(row.id, seat)
        return t("plans.cleared" if gone else "plans.cleared_none", locale)


__all__ = ["PlanReply", "PlanRunner", "Plans", "Standing"]
