"""Rules topics printed in the console as plain text (issue 24 item 14: "Haze's `rules`
prints Markdown: print plain text (headings, bold, lists, tables readable)")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tidebound_support import console_args

from bot.__main__ import main
from bot.plain_text import plain_text


def test_markdown_becomes_plain_text() -> None:
    markdown = "\n".join([
        "## Round End",
        "**Haze Islands** is *hard*; keep `bot_offers` and snake_case as they are.",
        "- Scout: draw a card",
        "  * Sail: one card per diamond",
        "| Mode | Goal |",
        "|------|:----:|",
        "| solo | **15** icons |",
        "| competitive | most icons |",
        "See [the rules](https://example.org/rules).",
    ])
    assert plain_text(markdown).split("\n") == [
        "Round End",
        "---------",
        "Haze Islands is hard; keep bot_offers and snake_case as they are.",
        "• Scout: draw a card",
        "  • Sail: one card per diamond",
        "Mode         Goal",
        "solo         15 icons",
        "competitive  most icons",
        "See the rules (https://example.org/rules).",
    ]


def test_plain_text_leaves_plain_text_alone() -> None:
    text = "Moves: pass, scout n, keep 12 discard 5 7 (2 × 3 = 6; a - b)."
    assert plain_text(text) == text


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_haze_rules_print_without_markdown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    locale: str,
) -> None:
    from games import get_ruleset

    haze = get_ruleset("haze-islands")
    monkeypatch.setattr("sys.stdin", io.StringIO(
        "".join(f"rules {topic}\n" for topic in haze.rules_topics()) + "quit\n"))
    assert main(console_args("haze-islands", tmp_path, "--players", "1", "--seed", "2",
                             "--options", "mode=solo", "--locale", locale)) == 0
    out = capsys.readouterr().out
    assert "**" not in out and "__" not in out
    assert haze.display_name(locale).split(" (")[0] in out
