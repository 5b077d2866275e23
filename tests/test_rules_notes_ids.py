"""Every decision in a game's RULES-NOTES.md keeps its stable id (issue 24 item 8).

Issue 24 item 8: "Give each decision a stable id (e.g. `HZ-D12`) and keep an index at the
top; a test fails when an id disappears from a game's notes." A decision starts with its
id in bold (`**HG-D12**`) and the notes' `## Index` lists every id with a short title.

The ids recorded so far are kept in `tests/data/rules_notes_ids.json`, one line per game
prefix. A game whose list is empty (Haze `HZ`, Shipyard `SY` until their ids are recorded)
is checked only for a consistent index. To record ids — never to drop one — run

    python -m tests.test_rules_notes_ids record HZ SY

which adds every id now in those notes to the data file (recorded ids are kept even if
they are missing, so the test still fails for them).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).resolve().parent / "data" / "rules_notes_ids.json"

NOTES: dict[str, Path] = {
    "HG": ROOT / "games" / "hagoth" / "RULES-NOTES.md",
    "LP": ROOT / "games" / "lovci_pokladu" / "RULES-NOTES.md",
    "HX": ROOT / "games" / "hexfolk" / "RULES-NOTES.md",
    "HZ": ROOT / "games" / "haze_islands" / "RULES-NOTES.md",
    "SY": ROOT / "games" / "shipyard" / "RULES-NOTES.md",
}

_ID = r"[A-Z]{2}-D\d+"


def recorded_ids() -> dict[str, list[str]]:
    """The recorded ids per prefix, as full ids (`HG-D3`)."""
    data: dict[str, list[int]] = json.loads(RECORD.read_text(encoding="utf-8"))
    return {prefix: [f"{prefix}-D{number}" for number in numbers]
            for prefix, numbers in data.items()}


def split_notes(text: str) -> tuple[list[str], list[str]]:
    """(ids listed in the `## Index` section, ids marking a decision in the body)."""
    match = re.search(r"^## Index\n(.*?)(?=^## )", text, flags=re.S | re.M)
    index_text = match.group(1) if match else ""
    body = text.replace(index_text, "") if match else text
    # an index line starts with its id: "- `HG-D1` title", "- HZ-D1 — title", "- **SY-D1** …"
    index = re.findall(rf"^- [`*]*({_ID})\b", index_text, flags=re.M)
    marks = re.findall(rf"\*\*({_ID})\*\*", body)
    return index, marks


def problems(prefix: str, text: str, recorded: list[str]) -> list[str]:
    """Everything wrong with one game's notes, in words; empty when all is well."""
    index, marks = split_notes(text)
    found: list[str] = []
    for ident in recorded:
        if ident not in marks:
            found.append(f"recorded decision {ident} is gone from the notes")
        if ident not in index:
            found.append(f"recorded decision {ident} is missing from the index")
    found += [f"{ident} marks a decision but is not in the index"
              for ident in marks if ident not in index]
    found += [f"{ident} is in the index but marks no decision"
              for ident in index if ident not in marks]
    found += [f"{ident} marks two decisions" for ident in sorted(set(marks))
              if marks.count(ident) > 1]
    found += [f"{ident} is listed twice in the index" for ident in sorted(set(index))
              if index.count(ident) > 1]
    found += [f"{ident} does not carry this game's prefix {prefix}"
              for ident in marks + index if not ident.startswith(prefix + "-")]
    if recorded:
        found += [f"{ident} is not recorded in {RECORD.name} (run: python -m "
                  f"tests.test_rules_notes_ids record {prefix})"
                  for ident in marks if ident not in recorded]
    return found


@pytest.mark.parametrize("prefix", sorted(NOTES))
def test_every_recorded_decision_id_is_still_in_the_notes_and_the_index(prefix: str) -> None:
    """Issue 24 item 8: a recorded id that disappears from the notes (or the index) fails."""
    recorded = recorded_ids().get(prefix, [])
    assert problems(prefix, NOTES[prefix].read_text(encoding="utf-8"), recorded) == []


@pytest.mark.parametrize("prefix", ["HG", "LP", "HX"])
def test_the_three_games_of_this_round_have_their_decisions_recorded(prefix: str) -> None:
    """Issue 24 item 8 b: Hagoth, Lovci and Hexfolk give every decision an id; their ids
    are recorded, so the test above guards them."""
    recorded = recorded_ids()[prefix]
    _, marks = split_notes(NOTES[prefix].read_text(encoding="utf-8"))
    assert len(recorded) >= 30
    assert sorted(marks) == sorted(recorded)


def test_a_removed_decision_is_reported() -> None:
    """The check really fails: dropping one decision (or its index line) from Hagoth's
    real notes is reported (issue 24 item 8: "a test fails when an id disappears")."""
    text = NOTES["HG"].read_text(encoding="utf-8")
    recorded = recorded_ids()["HG"]
    without_decision = re.sub(r"\*\*HG-D5\*\*", "", text)
    assert "recorded decision HG-D5 is gone from the notes" in problems(
        "HG", without_decision, recorded)
    without_index_line = re.sub(r"^- `HG-D5` .*\n", "", text, flags=re.M)
    assert "recorded decision HG-D5 is missing from the index" in problems(
        "HG", without_index_line, recorded)
    renumbered = text.replace("**HG-D5**", "**HG-D99**")
    assert "HG-D99 marks a decision but is not in the index" in problems(
        "HG", renumbered, recorded)


def record(prefixes: list[str]) -> None:
    """Add the ids now in the given games' notes to the data file (never removes one)."""
    data: dict[str, list[int]] = json.loads(RECORD.read_text(encoding="utf-8"))
    for prefix in prefixes:
        _, marks = split_notes(NOTES[prefix].read_text(encoding="utf-8"))
        numbers = {int(ident.split("-D")[1]) for ident in marks if ident.startswith(prefix)}
        data[prefix] = sorted(numbers | set(data.get(prefix, [])))
    write(data)


def write(data: dict[str, list[int]]) -> None:
    lines = [f"  {json.dumps(prefix)}: {json.dumps(numbers)}" for prefix, numbers in data.items()]
    RECORD.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] != ["record"] or not set(sys.argv[2:]) <= set(NOTES):
        sys.exit(f"usage: python -m tests.test_rules_notes_ids record {' '.join(NOTES)}")
    record(sys.argv[2:])
