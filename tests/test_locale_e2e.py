"""A whole game of every game in Russian and in Czech, through the real discord.py (issue 14).

"Done when: a Russian or Czech user can play every game end to end without meeting an
English word: commands, menus, messages, images, rules." Each test plays one game against
two bots through the loopback Discord stand-in, as a user whose Discord client speaks the
language, in a server that speaks it too: the lobby, the menus (buttons and select
options), the hand, moves by autocomplete and by menu, a stale button, a bad move, the
rules and the help. It then reads back every text the bot sent — message contents,
button labels, select options and placeholders, autocomplete choices, refusals — and
looks in them for the English of the catalogues: any sentence fragment of an English
message that the language's own catalogue does not also contain is English leaking
through (a missing translation falling back to English, or a text that never went
through the translation layer).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from discord_standin import (
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    custom_ids,
    running_client,
    slash,
)
from tidebound_support import EPHEMERAL, Driver, factory, png_of, read_session

import games
import i18n
from bot.storage import FINISHED
from games import get_ruleset

#: game -> lobby options that keep a bot game short
GAMES = {"hagoth": "target=5", "lovci-pokladu": "turn_limit=30", "hexfolk": "target=8",
         "shipyard": "", "haze-islands": "short=yes"}
LOCALES = ("ru", "cs")
#: Seconds to wait for an answer (the bot draws a board per move; the machine is shared).
WAIT = 30.0
#: A lobby option setting as typed ("target=8", "trades=no").
SYNTAX = re.compile(r"\b[a-z_]+=[\w?-]+")
#: Keys of the catalogue tables whose texts are not words of a language.
NOT_WORDS = re.compile(r"^(console\.|platform\.cmd\.|.*\.notation_help)")


def _literal_parts(template: str) -> Iterator[str]:
    for literal, _, _, _ in string.Formatter().parse(template):
        yield literal


@cache
def english_fragments(locale: str) -> frozenset[str]:
    """Phrases of the English catalogue a text in ``locale`` must not contain: the literal
    parts of every English message (between its placeholders), cut at punctuation, of two
    words or more or one word of six letters or more, that the ``locale`` catalogue does
    not contain itself (game names, "/game join" and the like are the same in every
    language)."""
    own = " ".join(form for message in i18n.catalogue(locale).values()
                   for form in (message.forms.values() if isinstance(message, i18n.Plural)
                                else [message])).lower()
    fragments: set[str] = set()
    for key, message in i18n.catalogue("en").items():
        if NOT_WORDS.match(key):
            continue
        forms = message.forms.values() if isinstance(message, i18n.Plural) else [message]
        for form in forms:
            for literal in _literal_parts(form):
                for piece in re.split(r"[.:;!?()\[\]{}«»“”\"'`*•→—–,\n/|]+", literal):
                    words = re.findall(r"[A-Za-z]+", piece)
                    phrase = " ".join(piece.split())
                    if not words or phrase.lower() in own:
                        continue
                    if (len(words) >= 2 and len(phrase) >= 8) or (
                            len(words) == 1 and len(words[0]) >= 6 and phrase == words[0]):
                        fragments.add(phrase)
    return frozenset(fragments)


def shown_texts(value: Any, parent: str = "") -> Iterator[str]:
    """Every text a Discord client shows from a request body (not ids, not values)."""
    if isinstance(value, dict):
        for key, item in value.items():
            shown = key in ("content", "label", "description", "placeholder", "title", "text")
            if isinstance(item, str) and (shown or (key == "name" and parent == "choices")):
                yield item
            elif isinstance(item, dict | list):
                yield from shown_texts(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from shown_texts(item, parent)


def leaks(texts: list[str], fragments: frozenset[str]) -> dict[str, str]:
    """fragment -> the first text it appears in (as whole words)."""
    found: dict[str, str] = {}
    joined = "\n".join(texts)
    for fragment in sorted(fragments):
        pattern = r"(?<![A-Za-z])" + re.escape(fragment) + r"(?![A-Za-z])"
        match = re.search(pattern, joined)
        if match:
            line = next(t for t in texts if re.search(pattern, t))
            found[fragment] = line[:200]
    return found


def bot_requests(standin: DiscordStandin) -> list[RecordedRequest]:
    """What the bot sent, but the command registration (whose English names are Discord's
    defaults beside the localizations, tested by test_discord_e2e)."""
    return [r for r in standin.requests
            if not r.matches("PUT", r"/applications/\d+/commands")
            and r.method in ("POST", "PATCH", "PUT")]


def in_language(payload: dict[str, Any], locale: str, server: str) -> dict[str, Any]:
    """The interaction as a user whose Discord speaks ``locale``, in a server that speaks
    ``server``."""
    payload["locale"] = locale
    if "guild_id" in payload:
        payload["guild_locale"] = server
        payload["guild"]["locale"] = server
    return payload


class Player:
    """A human seat playing through the stand-in in one language."""

    def __init__(self, standin: DiscordStandin, locale: str, server: str) -> None:
        self.driver = Driver(standin)
        self.standin = standin
        self.locale = locale
        self.server = server
        self.private_tokens: set[str] = set()

    async def send(self, payload: dict[str, Any]) -> tuple[dict[str, Any], int]:
        if _flags(payload.get("message")) & EPHEMERAL:
            # a click on an ephemeral menu: what edits its message is private too
            self.private_tokens.add(payload["token"])
        return await self.driver.send(in_language(payload, self.locale, self.server))

    async def callback(self, payload: dict[str, Any]) -> dict[str, Any]:
        return (await self.standin.wait_for_callback(payload, WAIT)).json

    async def menu(self, board: dict[str, Any], session_id: int
                   ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Open "Your moves": the direct-move buttons and the menu message."""
        payload, start = await self.send(component(f"tb:menu:{session_id}", message=board))
        assert (await self.callback(payload))["type"] == 5
        menu = await self.standin.wait_for_followup(payload, WAIT, start=start)
        assert int(menu.json.get("flags") or 0) & EPHEMERAL
        message = self.standin.messages[int(menu.response["id"])]
        buttons = [item for row in menu.json.get("components") or []
                   for item in row["components"]
                   if item["type"] == 2 and item["custom_id"].startswith("tb:mv:")]
        return buttons, message

    async def choices(self) -> list[dict[str, str]]:
        payload, _ = await self.send(autocomplete("move", {"move": ""}, "move"))
        body = await self.callback(payload)
        assert body["type"] == 8
        return body["data"]["choices"]

    async def move(self, notation: str) -> RecordedRequest:
        payload, start = await self.send(slash("move", {"move": notation}))
        assert (await self.callback(payload))["type"] == 5
        return await self.public_post(payload, start)

    async def click(self, button: dict[str, Any], message: dict[str, Any]) -> RecordedRequest:
        payload, start = await self.send(component(button["custom_id"], message=message))
        assert (await self.callback(payload))["type"] == 6
        return await self.public_post(payload, start)

    async def public_post(self, payload: dict[str, Any], start: int) -> RecordedRequest:
        """The non-ephemeral followup the interaction produced (a board, an account)."""
        token = re.escape(payload["token"])
        return await self.standin.wait_for(
            lambda r: r.matches("POST", f"/webhooks/\\d+/{token}$")
            and not int(r.json.get("flags") or 0) & EPHEMERAL, start=start, timeout=WAIT)

    async def ephemeral(self, payload: dict[str, Any]) -> str:
        payload, start = await self.send(payload)
        return await self.driver.ephemeral_text(payload, start)


#: (game, the user's language, the server's): every game as the issue asks, "with a
#: Russian user and a Czech server" (menus, hands and refusals in Russian, public posts in
#: Czech: both languages in one game), and one game the other way round, so that Czech
#: menus and Russian public posts are read too. (Each language alone, as well, took four
#: minutes of a ten-minute suite for no text the mixed games do not show.)
CASES = [(game, "ru", "cs") for game in GAMES] + [("lovci-pokladu", "cs", "ru")]


@pytest.mark.parametrize(("game", "locale", "server"), CASES)
async def test_a_whole_game_meets_no_english(
    standin: DiscordStandin, db_path: str, game: str, locale: str, server: str,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    # Players meet the released games only (a game in development has no ru/cs yet).
    monkeypatch.delenv(games.DEV_GAMES_ENV, raising=False)
    monkeypatch.setattr(games, "RULESETS", {})
    player = Player(standin, locale, server)
    pick = random.Random(f"{game}:{locale}")
    ruleset = get_ruleset(game)
    async with running_client(factory(db_path), standin):
        # The lobby: its options autocomplete, /game new, two bots, /game start.
        payload, _ = await player.send(autocomplete(
            "game", {"game": game, "options": ""}, "options", subcommand="new"))
        assert (await player.callback(payload))["type"] == 8
        payload, _ = await player.send(
            slash("game", {"game": game, "options": GAMES[game]}, subcommand="new"))
        body = await player.callback(payload)
        assert body["type"] == 4
        session_id = int(body["data"]["components"][0]["components"][0]["custom_id"]
                         .rsplit(":", 1)[1])
        for _ in range(2):
            payload, _ = await player.send(slash("game", subcommand="addbot"))
            assert (await player.callback(payload))["type"] == 4
        payload, start = await player.send(slash("game", subcommand="start"))
        assert (await player.callback(payload))["type"] == 5
        post = await player.public_post(payload, start)
        png_of(post)

        # Rules, help, status and a move that is no move: all answered in the language.
        for topic in ruleset.rules_topics():
            await player.ephemeral(slash("rules", {"game": game, "topic": topic}))
        await player.ephemeral(slash("help"))
        refusal = await player.ephemeral(slash("move", {"move": "zz9 qq"}))
        assert "⚠" in refusal
        if ruleset.has_hand:
            await player.ephemeral(slash("hand"))

        stale: str | None = None
        for step in range(400):
            if not in_play(post):
                break  # a finished game offers no moves (a rematch at most)
            board = standin.messages[int(post.response["id"])]
            buttons, menu = await player.menu(board, session_id)
            if step == 3 and stale is not None:
                # A button of a menu from before the last move, and a tampered one: both
                # refused, in the language.
                assert "⚠" in await player.ephemeral(component(stale))
                assert "⚠" in await player.ephemeral(component("tb:mv:not-a-number"))
            if buttons and step % 2:
                stale = buttons[0]["custom_id"]
                post = await player.click(pick.choice(buttons), menu)
            else:
                choices = await player.choices()
                assert choices and choices[0]["value"] != "?", choices
                post = await player.move(pick.choice(choices)["value"])
            png_of(post)
        assert not in_play(post), "the game ended"
        assert len(post.files) == 2, "the final post carries the board and the summary"

    row, _, _ = await read_session(db_path, session_id)
    assert row.status == FINISHED

    # Option settings ("trades=no") and move notation are typed syntax, the same in
    # every language (the notation is checked by the notation tests).
    requests = bot_requests(standin)
    private: list[str] = []
    public: list[str] = []
    for request in requests:
        texts = [SYNTAX.sub(" ", text) for text in shown_texts(request.json)]
        hidden = is_private(request, requests) or any(
            token in request.path for token in player.private_tokens)
        (private if hidden else public).extend(texts)
    assert len(private) > 50 and len(public) > 20
    found = {"private": leaks(private, english_fragments(locale)),
             "public": leaks(public, english_fragments(server))}
    assert found == {"private": {}, "public": {}}
    if server != "ru":  # the public posts speak the server's language, not the user's
        assert not [text for text in public if re.search("[а-яё]", text, re.I)]


def in_play(post: RecordedRequest) -> bool:
    """Whether a public post still offers the "Your moves" button."""
    return any(custom_id.startswith("tb:menu:") for custom_id in custom_ids(post.json))


def _flags(body: Any) -> int:
    return int((body or {}).get("flags") or 0) if isinstance(body, dict) else 0


def is_private(request: RecordedRequest, requests: list[RecordedRequest]) -> bool:
    """Whether only the user sees what ``request`` sent: an autocomplete answer, an
    ephemeral reply or followup, or the edit of an ephemeral (deferred) reply."""
    body = request.json or {}
    if "/callback" in request.path:
        return body.get("type") == 8 or bool(_flags(body.get("data")) & EPHEMERAL)
    if _flags(body) & EPHEMERAL:
        return True
    if request.path.endswith("/messages/@original"):
        token = request.path.split("/")[-3]
        return any("/callback" in r.path and token in r.path
                   and _flags((r.json or {}).get("data")) & EPHEMERAL for r in requests)
    return False


def test_the_english_detector_finds_english() -> None:
    """The check above can fail: English texts are found, translated ones are not."""
    fragments = english_fragments("ru")
    english = i18n.t("platform.game.over", "en", winners="alice", scores="alice 5")
    russian = i18n.t("platform.game.over", "ru", winners="alice", scores="alice 5")
    assert leaks([english], fragments)
    assert leaks([russian], fragments) == {}
    body = {"components": [{"components": [{"label": "Your moves", "custom_id": "x"}]}]}
    assert list(shown_texts(body)) == ["Your moves"]
