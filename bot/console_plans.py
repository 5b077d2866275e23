"""The console's ``plan`` commands (issue 26 item 3), beside :mod:`bot.console`.

``plan`` or ``plan show``: your plans and the kinds this game offers; ``plan clear``;
``plan <kind> <setting> …`` sets one, e.g. ``plan walk_to 2 E5`` or ``plan carry_home 2``
(a setting may also be written ``name=value``; ``ship g`` is one setting).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.plans import typed_params
from i18n import t

from .requests import Person
from .service import SessionService


def _joined(words: list[str]) -> list[str]:
    """``ship g`` (a ship named by its colour letter) is one setting, not two."""
    out: list[str] = []
    for word in words:
        if out and out[-1].lower() == "ship" and len(word) == 1 and word.isalpha():
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


async def plan_command(service: SessionService, channel_id: str, person: Person,
                       rest: str, locale: str) -> str:
    """What ``plan …`` prints (a refusal raises :class:`~bot.requests.ServiceError`:
    nothing changed)."""
    words = rest.split()
    if not words or words[0].lower() == "show":
        return await service.show_plans(channel_id, person, locale)
    if words[0].lower() == "clear":
        return await service.clear_plans(channel_id, person, locale)
    kind = await service.plan_kind(channel_id, person, words[0], locale)
    params = typed_params(kind, _joined(words[1:]))
    reply = await service.set_plan(channel_id, person, kind.name, params, locale)
    lines = [reply.text]
    if reply.update is not None:
        lines.append(reply.update.text)
        lines.extend(plan_notes(reply.update.plan_notes, {}, locale))
    lines.extend(plan_notes(reply.notes, {}, locale))
    return "\n".join(lines)


def plan_notes(notes: Mapping[str, str], names: Mapping[str, str], locale: str) -> list[str]:
    """Plan notes as the hot-seat console prints them: each addressed to its player."""
    return [t("plans.console_note", locale, name=names.get(user, user), note=note)
            for user, note in notes.items()]
