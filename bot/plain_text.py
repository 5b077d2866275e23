"""Markdown as plain terminal text: rules topics are written for Discord, which renders
Markdown; the console prints them (issue 24 item 14: Haze's `rules` printed ``**``).

Headings become their text underlined, bold and italics lose their marks, list items get
a bullet, tables are set in aligned columns, links keep their address in brackets and
code loses its backticks. Anything else is left as it is."""

from __future__ import annotations

import re

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_EMPHASIS = [
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"__(.+?)__"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"\1"),
    (re.compile(r"~~(.+?)~~"), r"\1"),
    (re.compile(r"`([^`]+)`"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\((\S+?)\)"), r"\1 (\2)"),
]


def plain_text(markdown: str) -> str:
    """``markdown`` as text to print in a terminal."""
    out: list[str] = []
    table: list[list[str]] = []
    for line in markdown.split("\n"):
        if line.strip().startswith("|") and line.strip().endswith("|"):
            if not _TABLE_RULE.match(line):
                table.append([_inline(cell.strip()) for cell in line.strip()[1:-1].split("|")])
            continue
        if table:
            out.extend(_table(table))
            table = []
        heading = _HEADING.match(line)
        bullet = _BULLET.match(line)
        if heading:
            text = _inline(heading.group(2))
            out.append(text)
            out.append(("=" if len(heading.group(1)) == 1 else "-") * len(text))
        elif bullet:
            out.append(f"{bullet.group(1)}• {_inline(bullet.group(2))}")
        else:
            out.append(_inline(line))
    if table:
        out.extend(_table(table))
    return "\n".join(out)


def _inline(text: str) -> str:
    for pattern, replacement in _EMPHASIS:
        text = pattern.sub(replacement, text)
    return text


def _table(rows: list[list[str]]) -> list[str]:
    """Rows in columns as wide as their widest cell, two spaces apart."""
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    widths = [max(len(row[c]) for row in rows) for c in range(columns)]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            .rstrip() for row in rows]
