"""What every game's description shares: the 1,024-character fit and a few words.

A description is a list of lines in the order a listener needs them (whose turn and
what they must do, the last move, the scores, then the board's essentials); the alt
text keeps as many whole lines as fit in Discord's 1,024 characters and cuts the first
one that does not (issue 27 item 2); the full position text keeps them all (item 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from i18n import t

#: Discord's limit on an attachment's description.
LIMIT = 1024
#: The mark of a description cut short.
ELLIPSIS = "…"


def fit(lines: Iterable[str], limit: int = LIMIT) -> str:
    """``lines`` (empty ones left out) joined by newlines, as many whole lines as fit in
    ``limit`` characters in order; the first that does not fit is cut with ``…`` (when
    some room is left) and nothing after it is kept."""
    out: list[str] = []
    used = 0
    for line in lines:
        if not line:
            continue
        extra = len(line) + (1 if out else 0)
        if used + extra <= limit:
            out.append(line)
            used += extra
            continue
        room = limit - used - (1 if out else 0)
        if room > len(ELLIPSIS) + 8:  # a stub of a few letters helps nobody
            out.append(line[:room - len(ELLIPSIS)].rstrip() + ELLIPSIS)
        elif out and used + len(ELLIPSIS) <= limit:
            out[-1] += ELLIPSIS
        break
    return "\n".join(out)


def whole(lines: Iterable[str]) -> str:
    """Every line (empty ones left out): the whole position in words."""
    return "\n".join(line for line in lines if line)


def name_of(names: Sequence[str], seat: int | None) -> str:
    """Seat ``seat``'s name (``Player N`` when the names are not known)."""
    if seat is None or seat < 0:
        return "-"
    return names[seat] if seat < len(names) else f"#{seat + 1}"


def joined(items: Iterable[str], locale: str) -> str:
    """A list in words; ``none`` when empty."""
    parts = [item for item in items if item]
    return ", ".join(parts) if parts else t("describe.none", locale)
