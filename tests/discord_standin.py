"""Loopback stand-in for the Discord HTTP API (v10) and gateway, for end-to-end tests.

Discord is unreachable from the test machines, so this module runs a small aiohttp server on
``127.0.0.1`` (random free port) that speaks just enough of Discord's protocols for the *real*
discord.py 2.7 library to log in, connect, sync application commands and answer interactions.

Typical use::

    async with DiscordStandin() as standin:
        async with running_client(make_client, standin) as client:
            payload = slash("demo", subcommand="ping")
            await standin.deliver_interaction(payload)
            callback = await standin.wait_for_callback(payload)
            assert callback.json["type"] == 4

Emulated REST endpoints (all below ``/api/v10``; every request is recorded, see
:class:`RecordedRequest`)::

    GET    /users/@me                                  the bot user (checks the Bot token)
    GET    /users/{user_id}                            a known user
    POST   /users/@me/channels                         open a DM channel ({"recipient_id": ...})
    GET    /gateway, /gateway/bot                      the stand-in's websocket URL (``/bot``:
                                                       also its recommended shards and
                                                       max_concurrency, both configurable)
    GET    /oauth2/applications/@me                    application info (Client.login asks for it)
    GET|PUT /applications/{app_id}/commands            global commands (PUT = bulk overwrite)
    GET|PUT /applications/{app_id}/guilds/{gid}/commands   guild commands
    POST   /interactions/{id}/{token}/callback         initial response (honours ?with_response=1)
    POST   /webhooks/{app_id}/{token}                  followup message (honours ?wait=1)
    GET|PATCH|DELETE /webhooks/{app_id}/{token}/messages/{message_id|@original}
    GET|PATCH /channels/{channel_id}                    (PATCH: a thread's name/archived/locked)
    POST   /channels/{channel_id}/threads              a thread without a starter message
    POST   /channels/{channel_id}/messages             (refused in an archived thread)
    GET|PATCH|DELETE /channels/{channel_id}/messages/{message_id}
    GET    /guilds/{guild_id}/members/{user_id}

plus ``GET /attachments/{channel_id}/{attachment_id}/{filename}`` (outside ``/api/v10``) serving
uploaded files back, so ``Attachment.read()`` works. Any other request is recorded and answered
with ``404 {"message": "404: Not Found (discord stand-in has no route for ...)", "code": 0}``,
which makes a missing route obvious in a test failure.

Gateway (``ws://127.0.0.1:<port>/gateway``): discord.py asks for ``compress=zlib-stream`` but
accepts plain TEXT frames (it only inflates BINARY frames), so every frame is sent as JSON text.
Emulated opcodes:

* sends ``10 HELLO`` on connect, answers ``1 HEARTBEAT`` with ``11 HEARTBEAT_ACK``;
* ``2 IDENTIFY`` -> ``0 READY`` (user, application, one unavailable guild, session_id,
  resume_gateway_url), then ``0 GUILD_CREATE`` (guild, ``#general`` text channel, members) when
  the GUILDS intent is set; bad token -> close 4004;
* ``6 RESUME`` of a live session -> replays missed dispatches, then ``0 RESUMED``; unknown session
  -> ``9 INVALID_SESSION`` (false);
* ``8 REQUEST_GUILD_MEMBERS`` -> one ``0 GUILD_MEMBERS_CHUNK``; ``3``/``4`` are ignored;
* :meth:`DiscordStandin.dispatch` sends ``0`` dispatches (``s`` increases per session),
  :meth:`DiscordStandin.send_reconnect` sends ``7 RECONNECT`` and
  :meth:`DiscordStandin.drop_connections` closes sockets with a resumable close code.

Sessions closed by the client with 1000/1001 are forgotten (like Discord); other closes keep the
session resumable and buffer dispatches for it.

Interaction emulation follows Discord's rules closely enough to catch bot bugs: a second callback
for the same interaction is ``400 (40060)``, callback types must suit the interaction type
(``400 (50035)``), followups before the callback are ``404 Unknown Webhook (10015)``, and the first
followup after a ``5 DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE`` callback *replaces the loading
message* (keeping the defer's ephemeral flag), exactly like Discord does.

Also: :attr:`DiscordStandin.closed_dms` (user ids whose DMs refuse the bot with ``403 (50007)``),
``slash(..., guild_locale="cs")`` (the server's Discord language in the interaction), threads
created with ``POST /channels/{id}/threads``, renamed, archived and unarchived with ``PATCH``, and
:meth:`DiscordStandin.archive` archiving one as Discord does when it is idle (with a
``THREAD_UPDATE`` dispatch; a post to an archived thread is refused, see ``_edit_channel``).

Discord saying no (issue 30 item 4), with Discord's status codes and JSON error bodies:

* :meth:`DiscordStandin.delete_channel` deletes a channel or thread as a moderator would
  (``CHANNEL_DELETE``/``THREAD_DELETE`` dispatched); every request about it is then
  ``404 Unknown Channel (10003)``.
* :meth:`DiscordStandin.deny` takes permissions from the bot in one channel: a message there
  without ``send_messages`` (``send_messages_in_threads`` in a thread), or with files without
  ``attach_files``, and a thread without ``create_public_threads``, are
  ``403 Missing Permissions (50013)``; without ``view_channel`` everything about the channel is
  ``403 Missing Access (50001)``. Interaction responses are not subject to them, as on Discord.
  :meth:`DiscordStandin.app_permissions` is what an interaction there carries.
* :attr:`DiscordStandin.upload_limit`: a request whose files are larger in total is
  ``413 Request entity too large (40005)``.
* :meth:`DiscordStandin.fail` answers the next requests matching a route with a rate limit
  (:func:`rate_limited`: ``429`` with ``retry_after``, ``global`` and the ``X-RateLimit-*``,
  ``Retry-After`` and ``Via`` headers, so discord.py waits and sends again) or a server error
  (:func:`server_error`: ``500``/``502``/``504`` are retried by discord.py after 1, 3, 5… s,
  ``503`` is raised at once).

Message bodies (issue 27): every message the bot creates or edits (channel messages,
interaction responses, followups and their edits) is checked against Discord's rules by
:func:`message_problems` — Components V2 (flag ``IS_COMPONENTS_V2``): no ``content``,
``embeds``, ``poll`` or stickers, top-level and container nesting, sections, action rows
(five buttons or one select), media galleries naming uploaded files with descriptions of
at most 1024 characters, at most 40 components and 4000 characters of text; classic
messages: at most five action rows and 2000 characters. A body that breaks them is
``400 Invalid Form Body (50035)`` and listed in :attr:`DiscordStandin.invalid_bodies`
(the ``standin`` fixture fails a test that sent one). :func:`text_of` and
:func:`custom_ids` read a message's words and ids whether it is classic or V2.
``slash(..., guild_id=None, private_channel=True)`` comes from a group DM (context 2) of
a user-installed app. The app is no member there: every request of the bot about that
channel (post, read or edit a message, fetch the channel) is ``403 Missing Access
(50001)``, as Discord answers a bot outside a group DM; only the interaction's own
webhook (its answer, followups and their edits) reaches it.

Interaction tokens are valid for :data:`TOKEN_LIFETIME` (15 minutes, Discord's
"Receiving and Responding"), counted on :attr:`DiscordStandin.now` from the moment the
interaction was dispatched: a followup or an edit through an older token is
``401 Invalid Webhook Token (50027)``. Set ``standin.now`` to a later clock to age them.

Not emulated: rate limits Discord would impose by itself (no ``X-RateLimit-*`` headers on
ordinary answers), MESSAGE_CREATE echoes of messages the bot posts, permissions from roles
and overwrites (only :meth:`DiscordStandin.deny`), voice.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import itertools
import json
import logging
import mimetypes
import re
import secrets
import socket
import time
import traceback
import uuid
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

__all__ = [
    "APPLICATION_ID",
    "BOT_USER_ID",
    "CHANNEL_ID",
    "FAKE_TOKEN",
    "GUILD_ID",
    "OTHER_USER_ID",
    "TOKEN_LIFETIME",
    "USER_ID",
    "DiscordStandin",
    "RecordedFile",
    "RecordedRequest",
    "UserArg",
    "autocomplete",
    "component",
    "custom_ids",
    "group_dm_channel_payload",
    "member_payload",
    "message_payload",
    "message_problems",
    "new_snowflake",
    "rate_limited",
    "running_client",
    "server_error",
    "slash",
    "text_of",
    "thread_payload",
    "user_payload",
    "walk_components",
]

_log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------
# Fixed identities used by default everywhere (realistic snowflakes from late 2023).
# --------------------------------------------------------------------------------------------

APPLICATION_ID = 1_180_000_000_000_000_001
"""Application id; like modern Discord apps, the bot user has the same id."""
BOT_USER_ID = APPLICATION_ID
GUILD_ID = 1_180_000_000_000_000_100
CHANNEL_ID = 1_180_000_000_000_000_200
"""The ``#general`` text channel of the default guild."""
USER_ID = 1_180_000_000_000_000_300
"""Default interaction author ("alice")."""
OTHER_USER_ID = 1_180_000_000_000_000_301
"""A second guild member ("bob")."""
FAKE_TOKEN = "standin.fake.bot-token"

DEFAULT_USERS: dict[int, str] = {USER_ID: "alice", OTHER_USER_ID: "bob"}
BOT_NAME = "Tidebound"

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"
DISCORD_EPOCH_MS = 1_420_070_400_000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
JOINED_AT = "2024-01-01T12:00:00.000000+00:00"

MEMBER_PERMISSIONS: int = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
).value
"""Permissions of an ordinary member in ``#general`` (sent as a string in payloads)."""
APP_PERMISSIONS: int = MEMBER_PERMISSIONS | discord.Permissions(
    manage_messages=True, create_public_threads=True, create_private_threads=True,
    manage_threads=True).value

# Gateway opcodes.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1

# Interaction types / callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CB_PONG, CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE = 1, 4, 5, 6, 7
CB_AUTOCOMPLETE, CB_MODAL, CB_LAUNCH_ACTIVITY = 8, 9, 12
_ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    PING: frozenset({CB_PONG}),
    APPLICATION_COMMAND: frozenset({CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_MODAL, CB_LAUNCH_ACTIVITY}),
    MESSAGE_COMPONENT: frozenset(
        {
            CB_MESSAGE,
            CB_DEFERRED_MESSAGE,
            CB_DEFERRED_UPDATE,
            CB_UPDATE,
            CB_MODAL,
            CB_LAUNCH_ACTIVITY,
        }
    ),
    AUTOCOMPLETE: frozenset({CB_AUTOCOMPLETE}),
    MODAL_SUBMIT: frozenset(
        {CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE, CB_LAUNCH_ACTIVITY}
    ),
}
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
#: How long an interaction's token lets its webhook be used (seconds).
TOKEN_LIFETIME = 15 * 60.0
#: The interaction context of a group DM (``context`` of an interaction).
CONTEXT_PRIVATE_CHANNEL = 2

# --------------------------------------------------------------------------------------------
# Identifiers
# --------------------------------------------------------------------------------------------

_snowflake_counter = itertools.count()
_last_snowflake = 0


def new_snowflake() -> int:
    """Return a fresh, strictly increasing snowflake with the current timestamp."""
    global _last_snowflake
    candidate = ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (
        next(_snowflake_counter) % 4096
    )
    _last_snowflake = max(candidate, _last_snowflake + 1)
    return _last_snowflake


def new_interaction_token() -> str:
    """Return a random, URL-safe interaction token (Discord's are opaque ~200 char strings)."""
    return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


# --------------------------------------------------------------------------------------------
# Payload helpers (shapes as discord.py 2.7 parses them)
# --------------------------------------------------------------------------------------------


def user_payload(user_id: int, name: str | None = None, *, bot: bool = False) -> dict[str, Any]:
    """A Discord user object (new-style username, discriminator ``"0"``)."""
    username = name or DEFAULT_USERS.get(user_id) or f"user{user_id % 10_000}"
    payload: dict[str, Any] = {
        "id": str(user_id),
        "username": username.lower(),
        "discriminator": "0",
        "global_name": username,
        "avatar": None,
        "public_flags": 0,
    }
    if bot:
        payload["bot"] = True
    return payload


def member_payload(
    user_id: int,
    name: str | None = None,
    *,
    roles: Sequence[int] = (),
    permissions: int | None = None,
    bot: bool = False,
    include_user: bool = True,
) -> dict[str, Any]:
    """A guild member object; ``permissions`` is only present in interaction payloads."""
    payload: dict[str, Any] = {
        "roles": [str(r) for r in roles],
        "nick": None,
        "avatar": None,
        "banner": None,
        "joined_at": JOINED_AT,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if include_user:
        payload["user"] = user_payload(user_id, name, bot=bot)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def text_channel_payload(
    channel_id: int = CHANNEL_ID,
    guild_id: int = GUILD_ID,
    *,
    name: str = "general",
    position: int = 0,
    permissions: int | None = None,
) -> dict[str, Any]:
    """A guild text channel (type 0); ``permissions`` is set in interaction payloads."""
    payload: dict[str, Any] = {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def thread_payload(thread_id: int, parent_id: int, guild_id: int, name: str, *,
                   owner_id: int = APPLICATION_ID, thread_type: int = 11) -> dict[str, Any]:
    """A thread (public 11, private 12) in ``parent_id``, not archived."""
    return {
        "id": str(thread_id),
        "type": thread_type,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": _now_iso(),
            "locked": False,
            "invitable": True,
        },
    }


def dm_channel_payload(channel_id: int, user_id: int) -> dict[str, Any]:
    """A DM channel (type 1) with one recipient."""
    return {
        "id": str(channel_id),
        "type": 1,
        "last_message_id": None,
        "flags": 0,
        "recipients": [user_payload(user_id)],
    }


def group_dm_channel_payload(channel_id: int, user_ids: Sequence[int]) -> dict[str, Any]:
    """A group DM (type 3) of ``user_ids`` (issue 27 item 4: a user-installed app is no
    member there; the stand-in knows no such channel, as Discord refuses the bot it)."""
    return {
        "id": str(channel_id),
        "type": 3,
        "last_message_id": None,
        "flags": 0,
        "name": None,
        "owner_id": str(user_ids[0]),
        "recipients": [user_payload(u) for u in user_ids],
    }


def message_payload(
    *,
    message_id: int | None = None,
    channel_id: int = CHANNEL_ID,
    guild_id: int | None = GUILD_ID,
    content: str = "",
    author_id: int = BOT_USER_ID,
    components: Sequence[Mapping[str, Any]] = (),
    embeds: Sequence[Mapping[str, Any]] = (),
    attachments: Sequence[Mapping[str, Any]] = (),
    flags: int = 0,
    message_type: int = 0,
    webhook_id: int | None = None,
    application_id: int | None = None,
) -> dict[str, Any]:
    """A message object as Discord returns it from REST."""
    payload: dict[str, Any] = {
        "id": str(message_id or new_snowflake()),
        "type": message_type,
        "channel_id": str(channel_id),
        "author": user_payload(
            author_id, BOT_NAME if author_id == BOT_USER_ID else None, bot=author_id == BOT_USER_ID
        ),
        "content": content,
        "timestamp": _now_iso(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [dict(a) for a in attachments],
        "embeds": [dict(e) for e in embeds],
        "components": [dict(c) for c in components],
        "pinned": False,
        "flags": flags,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if webhook_id is not None:
        payload["webhook_id"] = str(webhook_id)
    if application_id is not None:
        payload["application_id"] = str(application_id)
    return payload


# --------------------------------------------------------------------------------------------
# Interaction payload builders
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UserArg:
    """Marks a slash-command option value as a user (option type 6), e.g. ``UserArg(USER_ID)``.

    The builder puts the id in the option and the user (and member, in guilds) in
    ``data.resolved`` like Discord does.
    """

    user_id: int
    name: str | None = None


def _option_payload(
    name: str, value: Any, *, focused: bool, resolved: dict[str, Any], in_guild: bool
) -> dict[str, Any]:
    if isinstance(value, Mapping):  # raw option dict, e.g. {"type": 7, "value": "123"}
        option: dict[str, Any] = {"name": name, **value}
    elif isinstance(value, UserArg):
        key = str(value.user_id)
        resolved.setdefault("users", {})[key] = user_payload(value.user_id, value.name)
        if in_guild:
            resolved.setdefault("members", {})[key] = member_payload(
                value.user_id, permissions=MEMBER_PERMISSIONS, include_user=False
            )
        option = {"name": name, "type": 6, "value": key}
    elif isinstance(value, bool):
        option = {"name": name, "type": 5, "value": value}
    elif isinstance(value, int):
        option = {"name": name, "type": 4, "value": value}
    elif isinstance(value, float):
        option = {"name": name, "type": 10, "value": value}
    elif isinstance(value, str):
        option = {"name": name, "type": 3, "value": value}
    else:
        raise TypeError(f"unsupported option value for {name!r}: {value!r}")
    if focused:
        option["focused"] = True
        # Autocomplete sends whatever the user has typed so far, as a string.
        option["value"] = str(option.get("value", ""))
    return option


def _command_data(
    name: str,
    options: Mapping[str, Any] | None,
    subcommand: str | None,
    *,
    focused: str | None,
    command_id: int | None,
    command_guild_id: int | None,
    in_guild: bool,
    resolved: Mapping[str, Any] | None,
) -> dict[str, Any]:
    resolved_out: dict[str, Any] = {k: dict(v) for k, v in (resolved or {}).items()}
    opts = [
        _option_payload(k, v, focused=k == focused, resolved=resolved_out, in_guild=in_guild)
        for k, v in (options or {}).items()
    ]
    if focused is not None and focused not in (options or {}):
        raise ValueError(f"focused option {focused!r} is not among the options")
    if subcommand:
        parts = subcommand.split()
        if len(parts) == 1:
            opts = [{"name": parts[0], "type": 1, "options": opts}]
        elif len(parts) == 2:
            opts = [
                {
                    "name": parts[0],
                    "type": 2,
                    "options": [{"name": parts[1], "type": 1, "options": opts}],
                }
            ]
        else:
            raise ValueError("subcommand must be 'sub' or 'group sub'")
    data: dict[str, Any] = {
        "id": str(command_id or new_snowflake()),
        "name": name,
        "type": 1,
        "options": opts,
    }
    if resolved_out:
        data["resolved"] = resolved_out
    if command_guild_id is not None:
        data["guild_id"] = str(command_guild_id)
    return data


def _base_interaction(
    interaction_type: int,
    data: dict[str, Any],
    *,
    user_id: int,
    channel_id: int,
    guild_id: int | None,
    permissions: int,
    app_permissions: int,
    locale: str,
    application_id: int,
    guild_locale: str = "en-US",
    private_channel: bool = False,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(new_snowflake()),
        "application_id": str(application_id),
        "type": interaction_type,
        "data": data,
        "token": new_interaction_token(),
        "version": 1,
        "locale": locale,
        "app_permissions": str(app_permissions),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel_id": str(channel_id),
    }
    if guild_id is not None:
        payload.update(
            guild_id=str(guild_id),
            guild_locale=guild_locale,
            guild={"id": str(guild_id), "locale": guild_locale, "features": []},
            channel=text_channel_payload(channel_id, guild_id, permissions=permissions),
            member=member_payload(user_id, permissions=permissions),
            authorizing_integration_owners={"0": str(guild_id)},
            context=0,
        )
    elif private_channel:  # a group DM: the app answers there as installed by the user
        payload.update(
            channel=group_dm_channel_payload(channel_id, [user_id, *DEFAULT_USERS]),
            user=user_payload(user_id),
            authorizing_integration_owners={"1": str(user_id)},
            context=2,
        )
    else:
        payload.update(
            channel=dm_channel_payload(channel_id, user_id),
            user=user_payload(user_id),
            authorizing_integration_owners={"0": "0"},
            context=1,
        )
    return payload


def slash(
    name: str,
    options: Mapping[str, Any] | None = None,
    *,
    subcommand: str | None = None,
    user_id: int = USER_ID,
    channel_id: int = CHANNEL_ID,
    guild_id: int | None = GUILD_ID,
    permissions: int = MEMBER_PERMISSIONS,
    app_permissions: int = APP_PERMISSIONS,
    locale: str = "en-US",
    command_id: int | None = None,
    command_guild_id: int | None = None,
    resolved: Mapping[str, Any] | None = None,
    application_id: int = APPLICATION_ID,
    guild_locale: str = "en-US",
    private_channel: bool = False,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload for a CHAT_INPUT command (interaction type 2).

    ``options`` maps option names to values: ``str`` (type 3), ``int`` (4), ``bool`` (5),
    ``float`` (10), :class:`UserArg` (6, resolved), or a raw option dict containing ``type``.
    ``subcommand`` is ``"sub"`` (nested as a type-1 option) or ``"group sub"`` (type 2 > type 1).
    ``guild_id=None`` produces a DM interaction (``user`` instead of ``member``).
    ``command_guild_id`` marks the command as a guild command (``data.guild_id``).
    ``private_channel=True`` (with ``guild_id=None``) comes from a group DM (context 2).
    """
    data = _command_data(
        name,
        options,
        subcommand,
        focused=None,
        command_id=command_id,
        command_guild_id=command_guild_id,
        in_guild=guild_id is not None,
        resolved=resolved,
    )
    return _base_interaction(
        APPLICATION_COMMAND,
        data,
        user_id=user_id,
        channel_id=channel_id,
        guild_id=guild_id,
        permissions=permissions,
        app_permissions=app_permissions,
        locale=locale,
        application_id=application_id,
        guild_locale=guild_locale,
        private_channel=private_channel,
    )


def autocomplete(
    name: str,
    options: Mapping[str, Any],
    focused: str,
    *,
    subcommand: str | None = None,
    user_id: int = USER_ID,
    channel_id: int = CHANNEL_ID,
    guild_id: int | None = GUILD_ID,
    permissions: int = MEMBER_PERMISSIONS,
    app_permissions: int = APP_PERMISSIONS,
    locale: str = "en-US",
    command_id: int | None = None,
    command_guild_id: int | None = None,
    application_id: int = APPLICATION_ID,
    private_channel: bool = False,
) -> dict[str, Any]:
    """An APPLICATION_COMMAND_AUTOCOMPLETE payload (interaction type 4).

    Same arguments as :func:`slash`; the option named ``focused`` gets ``"focused": true`` and
    its value is sent as the partial string the user typed.
    """
    data = _command_data(
        name,
        options,
        subcommand,
        focused=focused,
        command_id=command_id,
        command_guild_id=command_guild_id,
        in_guild=guild_id is not None,
        resolved=None,
    )
    return _base_interaction(
        AUTOCOMPLETE,
        data,
        user_id=user_id,
        channel_id=channel_id,
        guild_id=guild_id,
        permissions=permissions,
        app_permissions=app_permissions,
        locale=locale,
        application_id=application_id,
        private_channel=private_channel,
    )


def _component_for_message(
    custom_id: str, component_type: int, values: Sequence[str] | None
) -> dict[str, Any]:
    if component_type == 2:
        return {"type": 2, "style": 1, "label": "Button", "custom_id": custom_id}
    if component_type == 3:
        opts = list(values or ["option"])
        return {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": v, "value": v} for v in opts],
            "min_values": 1,
            "max_values": max(1, len(opts)),
        }
    return {"type": component_type, "custom_id": custom_id, "min_values": 1, "max_values": 1}


def component(
    custom_id: str,
    component_type: int = 2,
    values: Sequence[str] | None = None,
    *,
    message_id: int | None = None,
    message: Mapping[str, Any] | None = None,
    user_id: int = USER_ID,
    channel_id: int = CHANNEL_ID,
    guild_id: int | None = GUILD_ID,
    permissions: int = MEMBER_PERMISSIONS,
    app_permissions: int = APP_PERMISSIONS,
    locale: str = "en-US",
    resolved: Mapping[str, Any] | None = None,
    application_id: int = APPLICATION_ID,
) -> dict[str, Any]:
    """A MESSAGE_COMPONENT payload (interaction type 3): button (2) or select (3, 5-8) use.

    The interaction carries the ``message`` the component sits on. discord.py only dispatches
    ``DynamicItem``/persistent views if that message really contains a component of this type
    and custom_id, so unless you pass ``message`` (e.g. ``standin.messages[mid]``), a bot message
    with ``message_id`` holding one such component is synthesised.
    """
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
    if component_type != 2:
        data["values"] = list(values or [])
    if resolved:
        data["resolved"] = dict(resolved)
    if message is None:
        message = message_payload(
            message_id=message_id,
            channel_id=channel_id,
            guild_id=guild_id,
            components=[
                {
                    "type": 1,
                    "components": [_component_for_message(custom_id, component_type, values)],
                }
            ],
            application_id=application_id,
        )
    payload = _base_interaction(
        MESSAGE_COMPONENT,
        data,
        user_id=user_id,
        channel_id=channel_id,
        guild_id=guild_id,
        permissions=permissions,
        app_permissions=app_permissions,
        locale=locale,
        application_id=application_id,
    )
    payload["message"] = json.loads(json.dumps(message))  # private deep copy
    return payload


# --------------------------------------------------------------------------------------------
# Message payloads: Discord's rules for components, classic and V2 (issue 27 item 1)
# --------------------------------------------------------------------------------------------

FLAG_COMPONENTS_V2 = 1 << 15
#: Component types (Discord's "Component Types").
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = frozenset({3, 5, 6, 7, 8})
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE_COMPONENT, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17)
#: What may stand at the top of a V2 message, and inside a container.
V2_TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE_COMPONENT,
                          SEPARATOR, CONTAINER})
IN_CONTAINER = V2_TOP_LEVEL - {CONTAINER}
#: Discord's limits on a message.
V2_MAX_COMPONENTS = 40
V2_MAX_TEXT = 4000
CONTENT_MAX = 2000
MEDIA_DESCRIPTION_MAX = 1024
CLASSIC_MAX_ROWS = 5


def walk_components(components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every component of a message, nested ones (and a section's accessory) included."""
    for component in components or []:
        yield component
        yield from walk_components(component.get("components") or [])
        if component.get("accessory"):
            yield component["accessory"]


def text_of(message: Mapping[str, Any]) -> str:
    """What a message says in words: its ``content`` and, in a V2 message, every text
    display, in order (one line each)."""
    texts = [str(c.get("content") or "") for c in walk_components(message.get("components")
                                                                   or [])
             if c.get("type") == TEXT_DISPLAY]
    return "\n".join(filter(None, [str(message.get("content") or ""), *texts]))


def custom_ids(message: Mapping[str, Any]) -> list[str]:
    """The custom ids of a message's buttons and selects, wherever they are nested."""
    return [str(c["custom_id"]) for c in walk_components(message.get("components") or [])
            if c.get("custom_id")]


def message_problems(payload: Mapping[str, Any], filenames: Sequence[str] = (), *,
                     was_v2: bool = False, creating: bool = True) -> list[str]:
    """What Discord would refuse in a create- or edit-message ``payload`` (``[]``: none).

    A V2 message (flag ``IS_COMPONENTS_V2``) has no ``content``, ``embeds``, ``poll`` or
    ``stickers``; at most 40 components in all and 4000 characters of text; containers,
    sections, galleries and rows nested as Discord allows; gallery items that name an
    uploaded file (``attachment://``) with descriptions of at most 1024 characters. A
    classic message has at most five action rows and 2000 characters of content. Once a
    message is V2 an edit cannot take the flag away."""
    problems: list[str] = []
    flags = payload.get("flags")
    v2 = bool(int(flags or 0) & FLAG_COMPONENTS_V2) or (was_v2 and flags is None)
    if was_v2 and flags is not None and not v2:
        problems.append("IS_COMPONENTS_V2 cannot be removed from a message")
    components = payload.get("components") or []
    uploaded = set(filenames) | {str(a.get("filename")) for a in payload.get("attachments")
                                 or [] if a.get("filename")}

    def check_row(row: Mapping[str, Any]) -> None:
        children = row.get("components") or []
        kinds = [c.get("type") for c in children]
        if not children:
            problems.append("an action row needs a component")
        elif any(k in SELECTS for k in kinds) and len(children) != 1:
            problems.append("a select fills its action row alone")
        elif any(k not in SELECTS and k != BUTTON for k in kinds):
            problems.append(f"an action row holds only buttons or a select, not {kinds}")
        elif len(children) > 5:
            problems.append("an action row holds at most 5 buttons")
        for child in children:
            if len(str(child.get("custom_id") or "")) > 100:
                problems.append("a custom_id is longer than 100 characters")
            if len(str(child.get("label") or "")) > 80:
                problems.append("a button label is longer than 80 characters")

    def check(component: Mapping[str, Any], allowed: frozenset[int], where: str) -> None:
        kind = component.get("type")
        if kind not in allowed:
            problems.append(f"component type {kind} is not allowed {where}")
            return
        if kind == ACTION_ROW:
            check_row(component)
        elif kind == CONTAINER:
            if not component.get("components"):
                problems.append("a container needs a component")
            for child in component.get("components") or []:
                check(child, IN_CONTAINER, "in a container")
        elif kind == SECTION:
            texts = component.get("components") or []
            if not 1 <= len(texts) <= 3 or any(c.get("type") != TEXT_DISPLAY for c in texts):
                problems.append("a section holds one to three text displays")
            if (component.get("accessory") or {}).get("type") not in (BUTTON, THUMBNAIL):
                problems.append("a section's accessory is a button or a thumbnail")
        elif kind == TEXT_DISPLAY:
            if not str(component.get("content") or ""):
                problems.append("a text display needs content")
        elif kind == MEDIA_GALLERY:
            items = component.get("items") or []
            if not 1 <= len(items) <= 10:
                problems.append("a media gallery holds one to ten items")
            for item in items:
                url = str((item.get("media") or {}).get("url") or "")
                if url.startswith("attachment://") and \
                        url.removeprefix("attachment://") not in uploaded:
                    problems.append(f"{url} is not an uploaded file")
                elif not url:
                    problems.append("a media gallery item needs a url")
                if len(str(item.get("description") or "")) > MEDIA_DESCRIPTION_MAX:
                    problems.append("a media description is longer than 1024 characters")

    if v2:
        for key in ("content", "embeds", "poll", "stickers", "sticker_ids"):
            if payload.get(key):
                problems.append(f"a Components V2 message cannot have {key!r}")
        if creating and not components:
            problems.append("a Components V2 message needs components")
        for component in components:
            check(component, V2_TOP_LEVEL, "at the top of a message")
        every = list(walk_components(components))
        if len(every) > V2_MAX_COMPONENTS:
            problems.append(f"{len(every)} components, more than {V2_MAX_COMPONENTS}")
        text = sum(len(str(c.get("content") or "")) for c in every
                   if c.get("type") == TEXT_DISPLAY)
        if text > V2_MAX_TEXT:
            problems.append(f"{text} characters of text, more than {V2_MAX_TEXT}")
    else:
        if len(str(payload.get("content") or "")) > CONTENT_MAX:
            problems.append("content is longer than 2000 characters")
        if len(components) > CLASSIC_MAX_ROWS:
            problems.append("more than 5 action rows")
        for component in components:
            if component.get("type") != ACTION_ROW:
                problems.append(f"component type {component.get('type')} needs the "
                                "IS_COMPONENTS_V2 flag")
            else:
                check_row(component)
    return problems


# --------------------------------------------------------------------------------------------
# Recorded requests
# --------------------------------------------------------------------------------------------


@dataclass
class RecordedFile:
    """One file part of a multipart request (discord.py names them ``files[N]``)."""

    field: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RecordedRequest:
    """A request the stand-in received.

    ``json`` is the parsed JSON body, or for multipart bodies the parsed ``payload_json`` part;
    ``files`` holds the file parts; ``status``/``response`` are what the stand-in answered.
    """

    index: int
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    json: Any = None
    form: dict[str, str] = field(default_factory=dict)
    files: list[RecordedFile] = field(default_factory=list)
    body: bytes = b""
    status: int = 0
    response: Any = None
    #: when the stand-in received it (``time.time()``), for benches that match posts to
    #: what the database stored (bench/scale.py)
    received_at: float = field(default_factory=time.time)

    @property
    def route(self) -> str:
        """The path without the ``/api/v10`` prefix, e.g. ``/channels/123/messages``."""
        return self.path.removeprefix(API_PREFIX)

    def matches(self, method: str, pattern: str) -> bool:
        """True if the method matches and ``pattern`` (a regex) fully matches :attr:`route`."""
        return self.method == method.upper() and re.fullmatch(pattern, self.route) is not None

    def __str__(self) -> str:
        query = f"?{'&'.join(f'{k}={v}' for k, v in self.query.items())}" if self.query else ""
        return f"#{self.index} {self.method} {self.path}{query} -> {self.status}"


RequestPredicate = Callable[[RecordedRequest], Any]


async def _parse_request(request: web.Request, index: int) -> RecordedRequest:
    rec = RecordedRequest(
        index=index,
        method=request.method,
        path=request.path,
        query=dict(request.query),
        headers=dict(request.headers),
    )
    if request.content_type == "multipart/form-data":
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, aiohttp.BodyPartReader):
                continue
            name = part.name or ""
            if part.filename is not None:
                data = bytes(await part.read(decode=False))
                rec.files.append(
                    RecordedFile(name, part.filename, part.headers.get("Content-Type"), data)
                )
            else:
                text = await part.text()
                rec.form[name] = text
                if name == "payload_json":
                    rec.json = json.loads(text)
    else:
        rec.body = await request.read()
        if rec.body and request.content_type == "application/json":
            rec.json = json.loads(rec.body)
    return rec


def _json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py only decodes JSON when Content-Type is exactly "application/json" (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _error(status: int, code: int, message: str) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if status == 400:
        body["errors"] = {}
    return _json_response(body, status)


def _no_content() -> web.Response:
    return web.Response(status=204)


def rate_limited(retry_after: float = 0.2, *, is_global: bool = False,
                 bucket: str = "standin-bucket") -> web.Response:
    """Discord's ``429 Too Many Requests``: ``retry_after`` seconds (body and headers), a
    ``global`` limit or a route's bucket. discord.py needs the ``Via`` header (without it
    a 429 is taken for a Cloudflare ban) and then sleeps ``retry_after`` and sends again."""
    body = {"message": "You are being rate limited.", "retry_after": retry_after,
            "global": is_global, "code": 0}
    headers = {"Content-Type": "application/json", "Via": "1.1 google",
               "Retry-After": str(max(1, round(retry_after))),
               "X-RateLimit-Scope": "global" if is_global else "user"}
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
                        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                        "X-RateLimit-Bucket": bucket})
    return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)


def server_error(status: int = 503) -> web.Response:
    """Discord failing: ``500 Internal Server Error``, ``502 Bad Gateway``, ``503 Service
    Unavailable`` or ``504 Gateway Timeout`` with Discord's JSON body."""
    reason = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
              504: "Gateway Timeout"}.get(status, "Server Error")
    return _json_response({"message": f"{status}: {reason}", "code": 0}, status)


@dataclass(eq=False)
class _Fault:
    """Answer the next ``times`` requests matching ``method`` and ``pattern`` with what
    ``make`` builds (see :meth:`DiscordStandin.fail`)."""

    method: str
    pattern: re.Pattern[str]
    make: Callable[[], web.Response]
    times: int


def _body(rec: RecordedRequest) -> Mapping[str, Any]:
    return rec.json if isinstance(rec.json, Mapping) else {}


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true")


# --------------------------------------------------------------------------------------------
# Gateway bookkeeping
# --------------------------------------------------------------------------------------------


def _on_shard(shard: list[int] | None, event: str, data: Any) -> bool:
    """Whether a session identified with ``shard`` ([id, count]) gets ``event``: a
    server's events go to shard ``(guild_id >> 22) % count``, direct messages to shard 0;
    an unsharded session gets everything."""
    if not shard or int(shard[1]) <= 1:
        return True
    if not isinstance(data, dict):
        return int(shard[0]) == 0
    guild = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data \
        else data.get("guild_id")
    target = (int(guild) >> 22) % int(shard[1]) if guild else 0
    return target == int(shard[0])


@dataclass(eq=False)
class _Session:
    id: str
    token: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    connection: _Connection | None = None
    history: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=1000))

    def frame(self, event: str, data: Any) -> dict[str, Any]:
        self.seq += 1
        frame = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
        self.history.append(frame)
        return frame


@dataclass(eq=False)
class _Connection:
    ws: web.WebSocketResponse
    query: dict[str, str]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    session: _Session | None = None
    closed_by_server: bool = False


@dataclass(eq=False)
class _InteractionState:
    payload: dict[str, Any]
    #: when the interaction was dispatched (the stand-in's clock): its token runs from then
    created: float = 0.0
    acknowledged: bool = False
    callback_type: int | None = None
    original_id: int | None = None
    loading: bool = False
    message_ids: set[int] = field(default_factory=set)

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def type(self) -> int:
        return int(self.payload["type"])

    @property
    def channel_id(self) -> int:
        return int(self.payload.get("channel_id") or self.payload["channel"]["id"])

    @property
    def guild_id(self) -> int | None:
        gid = self.payload.get("guild_id")
        return int(gid) if gid is not None else None


Handler = Callable[[RecordedRequest, re.Match[str]], Awaitable[web.Response]]


# --------------------------------------------------------------------------------------------
# The stand-in server
# --------------------------------------------------------------------------------------------


class DiscordStandin:
    """A loopback Discord (REST v10 + gateway) for tests; use as ``async with DiscordStandin()``.

    State that tests may inspect: :attr:`requests` (every REST request, in completion order),
    :attr:`gateway_received` (every frame clients sent), :attr:`messages` (message id -> message
    object, for everything the bot posted), :attr:`channels`, :attr:`commands` /
    :attr:`guild_commands` (as last synced), :attr:`internal_errors`.
    """

    def __init__(
        self,
        *,
        application_id: int = APPLICATION_ID,
        bot_name: str = BOT_NAME,
        token: str | None = FAKE_TOKEN,
        with_guild: bool = True,
        guild_id: int = GUILD_ID,
        channel_id: int = CHANNEL_ID,
        users: Mapping[int, str] | None = None,
        heartbeat_interval_ms: int = 41_250,
        host: str = "127.0.0.1",
        recommended_shards: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        """``token=None`` accepts any bot token; ``users`` (id -> name) are the guild members
        besides the bot (default: alice and bob). ``GET /gateway/bot`` answers
        ``recommended_shards`` and ``max_concurrency`` (both may be changed later)."""
        self.recommended_shards = recommended_shards
        self.max_concurrency = max_concurrency
        #: Every IDENTIFY received: (the event loop's time, its ``shard`` or ``None``).
        self.identified: list[tuple[float, list[int] | None]] = []
        self.application_id = application_id
        self.bot_user: dict[str, Any] = user_payload(application_id, bot_name, bot=True)
        self.token = token
        self.host = host
        self.port = 0
        self.heartbeat_interval_ms = heartbeat_interval_ms

        self.users: dict[int, str] = dict(DEFAULT_USERS if users is None else users)
        self.guild_id: int | None = guild_id if with_guild else None
        self.channel_id = channel_id
        self.channels: dict[int, dict[str, Any]] = {}
        if self.guild_id is not None:
            self.channels[channel_id] = text_channel_payload(channel_id, self.guild_id)
        self._dm_channels: dict[int, int] = {}
        #: Users who accept no DMs from the bot: a message to their DM channel is refused
        #: with Discord's ``403 Cannot send messages to this user (50007)``.
        self.closed_dms: set[int] = set()
        #: Permissions the bot lacks per channel (see :meth:`deny`).
        self.denied: dict[int, set[str]] = {}
        #: The most a request may upload in files (bytes): above, ``413 (40005)``.
        self.upload_limit = ATTACHMENT_SIZE_LIMIT
        self._faults: list[_Fault] = []

        self.requests: list[RecordedRequest] = []
        self.gateway_received: list[dict[str, Any]] = []
        self.internal_errors: list[str] = []
        #: Message bodies refused for breaking Discord's rules: (method, route, problems).
        self.invalid_bodies: list[tuple[str, str, list[str]]] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.attachments: dict[int, tuple[str, bytes]] = {}
        self.commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[str, int | None, int], int] = {}
        self._interactions: dict[str, _InteractionState] = {}
        #: The stand-in's clock (Unix time): interaction tokens expire on it.
        self.now: Callable[[], float] = time.time
        #: Group DMs interactions came from: the app is no member there (``403 50001``).
        self.group_dms: set[int] = set()
        self._sessions: dict[str, _Session] = {}
        self._connections: list[_Connection] = []
        self._waiters: list[tuple[RequestPredicate, int, asyncio.Future[RecordedRequest]]] = []

        self._runner: web.AppRunner | None = None
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        self._build_routes()

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.base_url}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}{GATEWAY_PATH}"

    async def start(self) -> None:
        """Bind to a random free port on ``host`` and start serving."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get(GATEWAY_PATH, self._gateway_handler)
        app.router.add_get(GATEWAY_PATH + "/", self._gateway_handler)
        app.router.add_route("*", "/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()

    async def close(self) -> None:
        """Close gateway sockets (1001 Going Away) and stop the server."""
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await self._server_close(conn, 1001, b"stand-in shutting down")
        for _, _, fut in self._waiters:
            fut.cancel()
        self._waiters.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordStandin:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @contextlib.contextmanager
    def patched(self) -> Iterator[None]:
        """Point discord.py at the stand-in (``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY``).

        (A plain :class:`discord.Client` never calls ``/gateway``; it connects straight to
        ``DEFAULT_GATEWAY``. ``AutoShardedClient`` uses ``/gateway/bot``.) Restored on exit.
        """
        route_cls = discord.http.Route
        ws_cls = discord.gateway.DiscordWebSocket
        old_base, old_gateway = route_cls.BASE, ws_cls.DEFAULT_GATEWAY
        route_cls.BASE = self.api_base
        ws_cls.DEFAULT_GATEWAY = yarl.URL(self.gateway_url + "/")
        try:
            yield
        finally:
            route_cls.BASE, ws_cls.DEFAULT_GATEWAY = old_base, old_gateway

    # -- recording / waiting -----------------------------------------------------------------

    def mark(self) -> int:
        """Index of the next request to be recorded; pass it as ``start=`` to the waiters."""
        return len(self.requests)

    def clear(self) -> None:
        """Forget recorded requests, gateway frames and internal errors (server state stays)."""
        self.requests.clear()
        self.gateway_received.clear()
        self.internal_errors.clear()

    def _record(self, rec: RecordedRequest) -> None:
        rec.index = len(self.requests)
        self.requests.append(rec)
        for waiter in list(self._waiters):
            predicate, start, fut = waiter
            if fut.done():
                self._waiters.remove(waiter)
            elif rec.index >= start and self._safe_match(predicate, rec):
                fut.set_result(rec)
                self._waiters.remove(waiter)

    @staticmethod
    def _safe_match(predicate: RequestPredicate, rec: RecordedRequest) -> bool:
        try:
            return bool(predicate(rec))
        except Exception:  # e.g. KeyError on a request of another shape: simply no match
            return False

    async def wait_for(
        self, predicate: RequestPredicate, timeout: float = 5.0, *, start: int = 0
    ) -> RecordedRequest:
        """Return the first recorded request (index >= ``start``) satisfying ``predicate``.

        Requests already recorded are searched first, then new ones are awaited. A predicate
        raising an exception counts as "no match". Raises :class:`TimeoutError` listing what
        was recorded.
        """
        for rec in self.requests[start:]:
            if self._safe_match(predicate, rec):
                return rec
        fut: asyncio.Future[RecordedRequest] = asyncio.get_running_loop().create_future()
        waiter = (predicate, start, fut)
        self._waiters.append(waiter)
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            recorded = "\n  ".join(str(r) for r in self.requests[start:]) or "(nothing)"
            errors = "\n".join([*self.internal_errors,
                                *(f"refused {m} {r}: {p}" for m, r, p in self.invalid_bodies)])
            raise TimeoutError(
                f"no matching request within {timeout}s; recorded since #{start}:\n  {recorded}"
                + (f"\nstand-in internal errors:\n{errors}" if errors else "")
            ) from None
        finally:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    async def wait_for_route(
        self, method: str, pattern: str, timeout: float = 5.0, *, start: int = 0
    ) -> RecordedRequest:
        """:meth:`wait_for` a request whose method and route (regex, no ``/api/v10``) match."""
        return await self.wait_for(lambda r: r.matches(method, pattern), timeout, start=start)

    async def wait_for_callback(
        self, interaction: Mapping[str, Any], timeout: float = 5.0
    ) -> RecordedRequest:
        """Wait for the ``POST /interactions/{id}/{token}/callback`` of ``interaction``."""
        route = f"/interactions/{interaction['id']}/{re.escape(interaction['token'])}/callback"
        return await self.wait_for_route("POST", route, timeout)

    async def wait_for_followup(
        self, interaction: Mapping[str, Any], timeout: float = 5.0, *, start: int = 0
    ) -> RecordedRequest:
        """Wait for a followup ``POST /webhooks/{app_id}/{token}`` of ``interaction``."""
        route = f"/webhooks/{interaction['application_id']}/{re.escape(interaction['token'])}"
        return await self.wait_for_route("POST", route, timeout, start=start)

    # -- application commands ----------------------------------------------------------------

    def command_id(self, name: str, guild_id: int | None = None, command_type: int = 1) -> int:
        """The id the stand-in assigned to a synced command (KeyError if never synced)."""
        return self._command_ids[(name, guild_id, command_type)]

    def _store_commands(self, payload: Any, guild_id: int | None) -> list[dict[str, Any]]:
        stored: list[dict[str, Any]] = []
        for cmd in payload or []:
            ctype = int(cmd.get("type", 1))
            key = (cmd["name"], guild_id, ctype)
            cid = self._command_ids.setdefault(key, new_snowflake())
            out: dict[str, Any] = {
                "id": str(cid),
                "application_id": str(self.application_id),
                "version": str(new_snowflake()),
                "type": ctype,
                "name": cmd["name"],
                "description": cmd.get("description", ""),
                "options": cmd.get("options", []),
                "default_member_permissions": cmd.get("default_member_permissions"),
                "nsfw": cmd.get("nsfw", False),
                "name_localizations": cmd.get("name_localizations"),
                "description_localizations": cmd.get("description_localizations"),
            }
            if guild_id is not None:
                out["guild_id"] = str(guild_id)
            else:
                out["contexts"] = cmd.get("contexts")
                out["integration_types"] = cmd.get("integration_types", [0])
                out["dm_permission"] = cmd.get("dm_permission", True)
            stored.append(out)
        return stored

    # -- gateway -----------------------------------------------------------------------------

    @property
    def connected_clients(self) -> int:
        """Number of gateway connections with an identified (or resumed) session."""
        return sum(1 for c in self._connections if c.session is not None and not c.ws.closed)

    async def dispatch(self, event: str, data: Any) -> int:
        """Send an op-0 dispatch ``event`` to every live session; return how many got it live.

        Sessions that are disconnected but resumable buffer it and get it replayed on RESUME.
        """
        if event == "INTERACTION_CREATE":
            self._interactions[data["token"]] = _InteractionState(payload=data,
                                                                  created=self.now())
            if data.get("context") == CONTEXT_PRIVATE_CHANNEL:
                self.group_dms.add(int(data["channel_id"]))
        delivered = 0
        for session in list(self._sessions.values()):
            if not _on_shard(session.shard, event, data):
                continue  # Discord sends a server's events to the shard holding it only
            frame = session.frame(event, data)
            conn = session.connection
            if conn is not None and await self._send(conn, frame):
                delivered += 1
        return delivered

    async def deliver_interaction(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Dispatch ``INTERACTION_CREATE`` with ``payload`` and return the payload.

        Raises RuntimeError if no client is connected (the interaction would be lost).
        """
        if self.connected_clients == 0:
            raise RuntimeError("no gateway client is connected to the discord stand-in")
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def send_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connection; discord.py then RESUMEs."""
        for conn in list(self._connections):
            await self._send(conn, {"op": OP_RECONNECT, "d": None, "s": None, "t": None})

    async def drop_connections(self, code: int = 4000) -> None:
        """Close all gateway sockets with ``code`` (4000 = resumable "unknown error")."""
        for conn in list(self._connections):
            await self._server_close(conn, code, b"dropped by stand-in")

    async def _server_close(self, conn: _Connection, code: int, reason: bytes) -> None:
        conn.closed_by_server = True
        await conn.ws.close(code=code, message=reason)

    async def _send(self, conn: _Connection, frame: dict[str, Any]) -> bool:
        async with conn.lock:
            if conn.ws.closed:
                return False
            try:
                await conn.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return False
            return True

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws=ws, query=dict(request.query))
        self._connections.append(conn)
        try:
            hello = {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["standin"]}
            await self._send(conn, {"op": OP_HELLO, "d": hello, "s": None, "t": None})
            async for msg in ws:
                if msg.type is not aiohttp.WSMsgType.TEXT:
                    await self._server_close(conn, 4002, b"Error while decoding payload.")
                    break
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await self._server_close(conn, 4002, b"Error while decoding payload.")
                    break
                self.gateway_received.append(frame)
                await self._handle_frame(conn, frame)
        except Exception:
            self._internal_error("gateway")
        finally:
            self._connections.remove(conn)
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                # Discord forgets a session the client closed with 1000/1001.
                if not conn.closed_by_server and ws.close_code in (1000, 1001):
                    self._sessions.pop(session.id, None)
        return ws

    async def _handle_frame(self, conn: _Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == OP_HEARTBEAT:
            await self._send(conn, {"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == OP_IDENTIFY:
            await self._identify(conn, data or {})
        elif op == OP_RESUME:
            await self._resume(conn, data or {})
        elif conn.session is None:
            await self._server_close(conn, 4003, b"Not authenticated.")
        elif op == OP_REQUEST_MEMBERS:
            await self._members_chunk(conn, data or {})
        elif op in (OP_PRESENCE, OP_VOICE_STATE):
            pass
        else:
            await self._server_close(conn, 4001, b"Unknown opcode.")

    def _token_ok(self, token: Any) -> bool:
        return self.token is None or token == self.token

    async def _identify(self, conn: _Connection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            await self._server_close(conn, 4005, b"Already authenticated.")
            return
        if not self._token_ok(data.get("token")):
            await self._server_close(conn, 4004, b"Authentication failed.")
            return
        self.identified.append((asyncio.get_running_loop().time(), data.get("shard")))
        session = _Session(
            id=uuid.uuid4().hex,
            token=str(data.get("token")),
            intents=int(data.get("intents", 0)),
            shard=data.get("shard"),
        )
        session.connection = conn
        conn.session = session
        self._sessions[session.id] = session
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}]
            if self.guild_id is not None and self._holds_guild(session)
            else [],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["standin"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await self._send(conn, session.frame("READY", ready))
        if self.guild_id is not None and session.intents & INTENT_GUILDS and \
                self._holds_guild(session):
            guild = self.guild_payload(all_members=bool(session.intents & INTENT_GUILD_MEMBERS))
            await self._send(conn, session.frame("GUILD_CREATE", guild))

    def _holds_guild(self, session: _Session) -> bool:
        """Whether the stand-in guild is on the shard ``session`` identified with."""
        return _on_shard(session.shard, "GUILD_CREATE", {"id": str(self.guild_id)})

    async def _resume(self, conn: _Connection, data: dict[str, Any]) -> None:
        session = self._sessions.get(str(data.get("session_id")))
        if session is None or not self._token_ok(data.get("token")):
            await self._send(conn, {"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        old = session.connection
        session.connection = conn
        conn.session = session
        if old is not None and old is not conn:
            old.session = None
            with contextlib.suppress(Exception):
                await self._server_close(old, 4009, b"Session resumed elsewhere.")
        seq = int(data.get("seq") or 0)
        for frame in list(session.history):
            if frame["s"] > seq:
                await self._send(conn, frame)
        await self._send(conn, session.frame("RESUMED", {"_trace": ["standin"]}))

    async def _members_chunk(self, conn: _Connection, data: dict[str, Any]) -> None:
        assert conn.session is not None
        members = self._members(all_members=True)
        wanted = data.get("user_ids")
        if wanted is not None:
            ids = {str(u) for u in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m["user"]["id"] in ids]
        elif data.get("query"):
            query = str(data["query"]).lower()
            members = [m for m in members if m["user"]["username"].startswith(query)]
        chunk: dict[str, Any] = {
            "guild_id": str(data.get("guild_id", self.guild_id)),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        await self._send(conn, conn.session.frame("GUILD_MEMBERS_CHUNK", chunk))

    # -- guild model -------------------------------------------------------------------------

    def add_member(self, user_id: int, name: str) -> None:
        """Add a guild member (before clients connect, for it to be in GUILD_CREATE)."""
        self.users[user_id] = name

    def _members(self, *, all_members: bool) -> list[dict[str, Any]]:
        bot = member_payload(self.application_id, self.bot_user["global_name"], bot=True)
        if not all_members:  # without GUILD_MEMBERS, Discord only sends the bot's own member
            return [bot]
        return [bot, *(member_payload(uid, name) for uid, name in self.users.items())]

    def guild_payload(self, *, all_members: bool = True) -> dict[str, Any]:
        """The GUILD_CREATE payload of the stand-in guild."""
        assert self.guild_id is not None
        gid = str(self.guild_id)
        channels = [
            {k: v for k, v in ch.items() if k != "guild_id"}
            for ch in self.channels.values()
            if ch.get("guild_id") == gid
        ]
        return {
            "id": gid,
            "name": "Tidebound Test Harbour",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(next(iter(self.users), self.application_id)),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": str(self.channel_id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "features": [],
            "roles": [
                {
                    "id": gid,
                    "name": "@everyone",
                    "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "icon": None,
                    "unicode_emoji": None,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "channels": channels,
            "threads": [],
            "members": self._members(all_members=all_members),
            "member_count": 1 + len(self.users),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": JOINED_AT,
            "application_id": None,
            "max_members": 500_000,
            "premium_progress_bar_enabled": False,
        }

    # -- REST plumbing -----------------------------------------------------------------------

    def _build_routes(self) -> None:
        snowflake = r"(?P<{}>\d+)"
        token = r"(?P<token>[^/]+)"
        app = snowflake.format("app_id")
        cid = snowflake.format("channel_id")
        mid = r"(?P<message_id>\d+|@original)"
        table: list[tuple[str, str, Handler, bool]] = [
            ("GET", "/users/@me", self._get_me, True),
            ("POST", "/users/@me/channels", self._create_dm, True),
            ("GET", f"/users/{snowflake.format('user_id')}", self._get_user, True),
            ("GET", "/gateway", self._get_gateway, False),
            ("GET", "/gateway/bot", self._get_gateway_bot, True),
            ("GET", "/oauth2/applications/@me", self._get_application, True),
            ("GET", f"/applications/{app}/commands", self._get_commands, True),
            ("PUT", f"/applications/{app}/commands", self._put_commands, True),
            (
                "GET",
                f"/applications/{app}/guilds/(?P<guild_id>\\d+)/commands",
                self._get_commands,
                True,
            ),
            (
                "PUT",
                f"/applications/{app}/guilds/(?P<guild_id>\\d+)/commands",
                self._put_commands,
                True,
            ),
            (
                "POST",
                f"/interactions/(?P<interaction_id>\\d+)/{token}/callback",
                self._interaction_callback,
                False,
            ),
            ("POST", f"/webhooks/{app}/{token}", self._webhook_execute, False),
            ("GET", f"/webhooks/{app}/{token}/messages/{mid}", self._webhook_message, False),
            ("PATCH", f"/webhooks/{app}/{token}/messages/{mid}", self._webhook_message, False),
            ("DELETE", f"/webhooks/{app}/{token}/messages/{mid}", self._webhook_message, False),
            ("GET", f"/channels/{cid}", self._get_channel, True),
            ("PATCH", f"/channels/{cid}", self._edit_channel, True),
            ("POST", f"/channels/{cid}/threads", self._create_thread, True),
            ("POST", f"/channels/{cid}/messages", self._create_message, True),
            ("GET", f"/channels/{cid}/messages/(?P<message_id>\\d+)", self._channel_message, True),
            (
                "PATCH",
                f"/channels/{cid}/messages/(?P<message_id>\\d+)",
                self._channel_message,
                True,
            ),
            (
                "DELETE",
                f"/channels/{cid}/messages/(?P<message_id>\\d+)",
                self._channel_message,
                True,
            ),
            ("GET", "/guilds/(?P<guild_id>\\d+)/members/(?P<user_id>\\d+)", self._get_member, True),
        ]
        self._routes = [
            (method, re.compile(API_PREFIX + pattern), handler, auth)
            for method, pattern, handler, auth in table
        ]
        self._routes.append(
            (
                "GET",
                re.compile(r"/attachments/\d+/(?P<attachment_id>\d+)/[^/]+"),
                self._get_attachment,
                False,
            )
        )

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        rec = await _parse_request(request, len(self.requests))
        try:
            response = await self._route(rec)
        except Exception:
            text = self._internal_error(f"{rec.method} {rec.path}")
            # 400, not 500: discord.py retries 5xx with multi-second sleeps.
            response = _error(400, 0, f"discord stand-in crashed handling this request:\n{text}")
        rec.status = response.status
        if response.content_type == "application/json" and isinstance(response.body, bytes):
            rec.response = json.loads(response.body)
        self._record(rec)
        return response

    async def _route(self, rec: RecordedRequest) -> web.Response:
        for method, pattern, handler, auth in self._routes:
            match = pattern.fullmatch(rec.path)
            if match is None or method != rec.method:
                continue
            bearer = rec.headers.get("Authorization", "").removeprefix("Bot ")
            if auth and not self._token_ok(bearer):
                return _error(401, 0, "401: Unauthorized")
            fault = self._fault_for(rec)
            if fault is not None:
                return fault
            if sum(len(f.data) for f in rec.files) > self.upload_limit:
                return _error(413, 40005, "Request entity too large")
            channel_id = match.groupdict().get("channel_id")
            if channel_id is not None and auth and (self._lacks(int(channel_id), "view_channel")
                                                    or int(channel_id) in self.group_dms):
                return _error(403, 50001, "Missing Access")
            problems = self._message_problems(rec, match)
            if problems:
                self.invalid_bodies.append((rec.method, rec.route, problems))
                return _error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
            return await handler(rec, match)
        return _error(
            404, 0, f"404: Not Found (discord stand-in has no route for {rec.method} {rec.path})"
        )

    def _message_problems(self, rec: RecordedRequest, m: re.Match[str]) -> list[str]:
        """Discord's rules for a message body this request carries (see
        :func:`message_problems`); ``[]`` for any other request."""
        body = _body(rec)
        route = rec.route
        message: Mapping[str, Any] | None = None
        if rec.method == "POST" and re.fullmatch(r"/interactions/\d+/[^/]+/callback", route):
            if body.get("type") not in (CB_MESSAGE, CB_UPDATE):
                return []
            if body.get("type") == CB_UPDATE:
                state = self._interactions.get(m["token"])
                message = (state.payload.get("message") if state is not None else None)
            body = body.get("data") or {}
            creating = body is not None and _body(rec).get("type") == CB_MESSAGE
        elif rec.method == "POST" and (re.fullmatch(r"/channels/\d+/messages", route)
                                       or re.fullmatch(r"/webhooks/\d+/[^/]+", route)):
            creating = True
        elif rec.method == "PATCH" and re.fullmatch(
                r"/(channels/\d+|webhooks/\d+/[^/]+)/messages/[^/]+", route):
            creating = False
            raw = m.groupdict().get("message_id")
            if raw == "@original":
                state = self._interactions.get(m["token"])
                raw = str(state.original_id) if state is not None else None
            message = self.messages.get(int(raw)) if raw and raw.isdigit() else None
        else:
            return []
        was_v2 = bool(message and int(message.get("flags") or 0) & FLAG_COMPONENTS_V2)
        return message_problems(body, [f.filename for f in rec.files], was_v2=was_v2,
                                creating=creating)

    def _internal_error(self, where: str) -> str:
        text = f"{where}:\n{traceback.format_exc()}"
        self.internal_errors.append(text)
        _log.error("discord stand-in internal error in %s", text)
        return text

    # -- REST handlers -----------------------------------------------------------------------

    async def _get_me(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        return _json_response(
            {**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        )

    async def _get_user(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        user_id = int(m["user_id"])
        if user_id == self.application_id:
            return _json_response(self.bot_user)
        if user_id not in self.users and user_id not in DEFAULT_USERS:
            return _error(404, 10013, "Unknown User")
        return _json_response(user_payload(user_id, self.users.get(user_id)))

    async def _get_member(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        user_id = int(m["user_id"])
        if int(m["guild_id"]) != self.guild_id:
            return _error(404, 10004, "Unknown Guild")
        if user_id == self.application_id:
            return _json_response(self._members(all_members=False)[0])
        if user_id not in self.users:
            return _error(404, 10007, "Unknown Member")
        return _json_response(member_payload(user_id, self.users[user_id]))

    async def _create_dm(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        user_id = int((rec.json or {})["recipient_id"])
        channel_id = self._dm_channels.setdefault(user_id, new_snowflake())
        channel = self.channels.setdefault(channel_id, dm_channel_payload(channel_id, user_id))
        return _json_response(channel)

    async def _get_gateway(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        return _json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000,
                 "max_concurrency": self.max_concurrency}
        return _json_response({"url": self.gateway_url, "shards": self.recommended_shards,
                               "session_start_limit": limit})

    async def _get_application(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        owner_id = next(iter(self.users), USER_ID)
        return _json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user["global_name"],
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": user_payload(owner_id, self.users.get(owner_id)),
                "team": None,
                "bot": self.bot_user,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": 1 if self.guild_id is not None else 0,
            }
        )

    def _check_app(self, m: re.Match[str]) -> web.Response | None:
        if int(m["app_id"]) != self.application_id:
            return _error(404, 10002, "Unknown Application")
        return None

    async def _get_commands(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        if (err := self._check_app(m)) is not None:
            return err
        gid = m.groupdict().get("guild_id")
        commands = self.commands if gid is None else self.guild_commands.get(int(gid), [])
        return _json_response(commands)

    async def _put_commands(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        if (err := self._check_app(m)) is not None:
            return err
        gid_text = m.groupdict().get("guild_id")
        gid = int(gid_text) if gid_text is not None else None
        stored = self._store_commands(rec.json, gid)
        if gid is None:
            self.commands = stored
        else:
            self.guild_commands[gid] = stored
        return _json_response(stored)

    async def _get_channel(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        channel = self.channels.get(int(m["channel_id"]))
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        return _json_response(channel)

    async def _create_thread(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        """``POST /channels/{id}/threads``: a thread without a starter message."""
        parent = self.channels.get(int(m["channel_id"]))
        if parent is None or parent.get("type") not in (0, 5):
            return _error(404, 10003, "Unknown Channel")
        body = _body(rec)
        private = int(body.get("type") or 11) == 12
        if self._lacks(int(parent["id"]), "create_private_threads" if private
                       else "create_public_threads"):
            return _error(403, 50013, "Missing Permissions")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            return _error(400, 50035, "Invalid Form Body (name: 1-100 characters)")
        thread = thread_payload(new_snowflake(), int(parent["id"]), int(parent["guild_id"]),
                                name, thread_type=int(body.get("type") or 11))
        self.channels[int(thread["id"])] = thread
        return _json_response(thread)

    async def _edit_channel(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        """``PATCH /channels/{id}``: a thread's ``name``, ``archived`` and ``locked``.

        Stricter than Discord: a message posted to an archived thread is refused (Discord
        refuses it only in a locked one, and unarchives an unlocked one), so that a test
        sees whether the bot unarchives the thread itself before it posts."""
        channel = self.channels.get(int(m["channel_id"]))
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        body = _body(rec)
        if "name" in body:
            channel["name"] = str(body["name"])
        meta = channel.get("thread_metadata")
        if meta is not None:
            for key in ("archived", "locked"):
                if key in body:
                    meta[key] = bool(body[key])
            meta["archive_timestamp"] = _now_iso()
        return _json_response(channel)

    async def archive(self, thread_id: int) -> None:
        """Archive a thread as Discord does after its inactivity period (and tell the
        connected clients with ``THREAD_UPDATE``, as Discord does)."""
        thread = self.channels[thread_id]
        thread["thread_metadata"]["archived"] = True
        thread["thread_metadata"]["archive_timestamp"] = _now_iso()
        await self.dispatch("THREAD_UPDATE", dict(thread))

    # -- Discord saying no (issue 30 item 4) ----------------------------------------------------

    async def delete_channel(self, channel_id: int) -> None:
        """Delete a channel or thread as a moderator would: gone with its messages, the
        connected clients told (``CHANNEL_DELETE`` / ``THREAD_DELETE``); from now on every
        request about it is ``404 Unknown Channel (10003)``."""
        channel = self.channels.pop(channel_id)
        for message_id in [m for m, msg in self.messages.items()
                           if int(msg["channel_id"]) == channel_id]:
            del self.messages[message_id]
        event = "THREAD_DELETE" if "thread_metadata" in channel else "CHANNEL_DELETE"
        data = dict(channel) if event == "CHANNEL_DELETE" else {
            key: channel[key] for key in ("id", "guild_id", "parent_id", "type")}
        await self.dispatch(event, data)

    def deny(self, channel_id: int, *permissions: str) -> None:
        """Take ``permissions`` (names of :class:`discord.Permissions` flags, e.g.
        ``send_messages``, ``attach_files``, ``create_public_threads``) from the bot in
        ``channel_id``; see the module docstring for what Discord then refuses."""
        for name in permissions:
            if not hasattr(discord.Permissions, name):
                raise ValueError(f"no such permission: {name}")
        self.denied.setdefault(channel_id, set()).update(permissions)

    def allow(self, channel_id: int, *permissions: str) -> None:
        """Give back what :meth:`deny` took (all of it without ``permissions``)."""
        if not permissions:
            self.denied.pop(channel_id, None)
        else:
            self.denied.get(channel_id, set()).difference_update(permissions)

    def app_permissions(self, channel_id: int = CHANNEL_ID) -> int:
        """The bot's permissions in ``channel_id`` as an interaction there carries them
        (``app_permissions``: pass it to :func:`slash` or :func:`component`)."""
        value = discord.Permissions(APP_PERMISSIONS)
        for name in self.denied.get(channel_id, ()):
            setattr(value, name, False)
        return value.value

    def fail(self, method: str, pattern: str, response: Callable[[], web.Response], *,
             times: int = 1) -> None:
        """Answer the next ``times`` requests whose method is ``method`` and whose route
        (regex, without ``/api/v10``) fully matches ``pattern`` with ``response()``, e.g.
        ``standin.fail("POST", r"/channels/\\d+/messages", rate_limited)``."""
        self._faults.append(_Fault(method.upper(), re.compile(API_PREFIX + pattern),
                                   response, times))

    def _fault_for(self, rec: RecordedRequest) -> web.Response | None:
        for fault in self._faults:
            if fault.times > 0 and fault.method == rec.method and \
                    fault.pattern.fullmatch(rec.path):
                fault.times -= 1
                return fault.make()
        return None

    def _lacks(self, channel_id: int, permission: str) -> bool:
        return permission in self.denied.get(channel_id, ())

    async def _get_attachment(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        found = self.attachments.get(int(m["attachment_id"]))
        if found is None:
            return _error(404, 0, "404: Not Found")
        content_type, data = found
        return web.Response(body=data, headers={"Content-Type": content_type})

    # -- messages ----------------------------------------------------------------------------

    def _attachment(
        self, channel_id: int, file: RecordedFile, meta: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Store an uploaded file and return its attachment object."""
        attachment_id = new_snowflake()
        filename = str(meta.get("filename") or file.filename)
        content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        self.attachments[attachment_id] = (content_type, file.data)
        url = f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
        out: dict[str, Any] = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(file.data),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
        }
        if meta.get("description") is not None:
            out["description"] = meta["description"]
        return out

    def _attachments(
        self,
        payload: Mapping[str, Any],
        files: Sequence[RecordedFile],
        channel_id: int,
        existing: Sequence[Mapping[str, Any]] = (),
    ) -> list[dict[str, Any]] | None:
        """Resolve ``payload.attachments`` + file parts; None if attachments are untouched.

        discord.py lists new files as ``{"id": <index>, "filename": ...}`` (file part
        ``files[<index>]``) and kept attachments with their real id.
        """
        by_field = {f.field: f for f in files}
        if "attachments" not in payload and not by_field:
            return None
        old = {str(a["id"]): a for a in existing}
        result: list[dict[str, Any]] = []
        used: set[str] = set()
        for meta in payload.get("attachments") or []:
            key = str(meta.get("id"))
            if key in old:
                result.append(dict(old[key]))
            elif f"files[{key}]" in by_field:
                result.append(self._attachment(channel_id, by_field[f"files[{key}]"], meta))
                used.add(f"files[{key}]")
        for name, file in by_field.items():
            if name not in used:
                result.append(self._attachment(channel_id, file, {}))
        return result

    def _new_message(
        self,
        payload: Mapping[str, Any],
        files: Sequence[RecordedFile],
        *,
        channel_id: int,
        guild_id: int | None,
        message_type: int = 0,
        from_webhook: bool = False,
    ) -> dict[str, Any]:
        """Create and store a message from a create-message style ``payload``."""
        message = message_payload(
            channel_id=channel_id,
            guild_id=guild_id,
            content=str(payload.get("content") or ""),
            author_id=self.application_id,
            components=payload.get("components") or [],
            embeds=payload.get("embeds") or [],
            attachments=self._attachments(payload, files, channel_id) or [],
            flags=int(payload.get("flags") or 0),
            message_type=message_type,
            webhook_id=self.application_id if from_webhook else None,
            application_id=self.application_id if from_webhook else None,
        )
        message["author"] = dict(self.bot_user)
        if payload.get("tts"):
            message["tts"] = True
        if "message_reference" in payload:
            message["message_reference"] = payload["message_reference"]
            message["type"] = 19
        if "poll" in payload:
            message["poll"] = payload["poll"]
        self.messages[int(message["id"])] = message
        return message

    def _edit_message(
        self, message: dict[str, Any], payload: Mapping[str, Any], files: Sequence[RecordedFile]
    ) -> dict[str, Any]:
        """Apply an edit-message style ``payload`` to a stored message, in place."""
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in payload:
                message[key] = payload[key] if payload[key] is not None else empty
        if payload.get("flags") is not None:
            # Only SUPPRESS_EMBEDS/IS_COMPONENTS_V2 may change; ephemeral/loading are sticky.
            sticky = message["flags"] & (FLAG_EPHEMERAL | FLAG_LOADING)
            message["flags"] = sticky | (int(payload["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING))
        channel_id = int(message["channel_id"])
        attachments = self._attachments(payload, files, channel_id, message["attachments"])
        if attachments is not None:
            message["attachments"] = attachments
        message["edited_timestamp"] = _now_iso()
        return message

    async def _create_message(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        channel_id = int(m["channel_id"])
        channel = self.channels.get(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        gid = channel.get("guild_id")
        if channel.get("type") == 1 and any(
                int(r["id"]) in self.closed_dms for r in channel.get("recipients", [])):
            return _error(403, 50007, "Cannot send messages to this user")
        if (channel.get("thread_metadata") or {}).get("archived"):
            return _error(400, 50083, "Thread is archived")
        send = "send_messages_in_threads" if "thread_metadata" in channel else "send_messages"
        if self._lacks(channel_id, send) or (rec.files and
                                             self._lacks(channel_id, "attach_files")):
            return _error(403, 50013, "Missing Permissions")
        message = self._new_message(
            _body(rec),
            rec.files,
            channel_id=channel_id,
            guild_id=int(gid) if gid is not None else None,
        )
        return _json_response(message)

    async def _channel_message(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        message = self.messages.get(int(m["message_id"]))
        if message is None or message["channel_id"] != m["channel_id"]:
            return _error(404, 10008, "Unknown Message")
        if rec.method == "DELETE":
            del self.messages[int(message["id"])]
            return _no_content()
        if rec.method == "PATCH":
            self._edit_message(message, _body(rec), rec.files)
        return _json_response(message)

    # -- interactions ------------------------------------------------------------------------

    async def _interaction_callback(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        state = self._interactions.get(m["token"])
        if state is None or state.id != int(m["interaction_id"]):
            return _error(404, 10062, "Unknown interaction")
        if state.acknowledged:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body = _body(rec)
        cb_type = body.get("type")
        if cb_type not in _ALLOWED_CALLBACKS.get(state.type, frozenset()):
            return _error(
                400,
                50035,
                f"Invalid Form Body (callback type {cb_type} for interaction type {state.type})",
            )
        data = body.get("data") or {}
        state.acknowledged = True
        state.callback_type = cb_type
        message: dict[str, Any] | None = None
        message_type = 20 if state.type == APPLICATION_COMMAND else 0
        if cb_type == CB_MESSAGE:
            message = self._new_message(
                data,
                rec.files,
                channel_id=state.channel_id,
                guild_id=state.guild_id,
                message_type=message_type,
                from_webhook=True,
            )
            state.message_ids.add(int(message["id"]))
        elif cb_type == CB_DEFERRED_MESSAGE:
            ephemeral = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            message = message_payload(
                channel_id=state.channel_id,
                guild_id=state.guild_id,
                flags=ephemeral | FLAG_LOADING,
                message_type=message_type,
                webhook_id=self.application_id,
                application_id=self.application_id,
            )
            message["author"] = dict(self.bot_user)
            self.messages[int(message["id"])] = message
            state.loading = True
        elif cb_type in (CB_DEFERRED_UPDATE, CB_UPDATE) and "message" in state.payload:
            source = state.payload["message"]
            message = self.messages.setdefault(int(source["id"]), json.loads(json.dumps(source)))
            if cb_type == CB_UPDATE:
                self._edit_message(message, data, rec.files)
        if message is not None:
            state.original_id = int(message["id"])
            state.message_ids.add(state.original_id)

        if not _truthy(rec.query.get("with_response")):
            return _no_content()
        interaction: dict[str, Any] = {"id": str(state.id), "type": state.type}
        result: dict[str, Any] = {"interaction": interaction}
        if message is not None and cb_type in (CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_UPDATE):
            interaction.update(
                response_message_id=message["id"],
                response_message_loading=bool(message["flags"] & FLAG_LOADING),
                response_message_ephemeral=bool(message["flags"] & FLAG_EPHEMERAL),
            )
            result["resource"] = {"type": cb_type, "message": message}
        elif cb_type == CB_LAUNCH_ACTIVITY:
            instance = {"id": f"i-{new_snowflake()}"}
            interaction["activity_instance_id"] = instance["id"]
            result["resource"] = {"type": cb_type, "activity_instance": instance}
        return _json_response(result)

    def _webhook_state(self, m: re.Match[str]) -> _InteractionState | None:
        state = self._interactions.get(m["token"])
        if int(m["app_id"]) != self.application_id or state is None or not state.acknowledged:
            return None
        return state

    def _webhook_refused(self, state: _InteractionState | None) -> web.Response | None:
        """Why an interaction's webhook cannot be used: unknown (or not yet answered), or
        its token expired (15 minutes after the interaction)."""
        if state is None:
            return _error(404, 10015, "Unknown Webhook")
        if self.now() >= state.created + TOKEN_LIFETIME:
            return _error(401, 50027, "Invalid Webhook Token")
        return None

    async def _webhook_execute(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        state = self._webhook_state(m)
        refused = self._webhook_refused(state)
        if refused is not None or state is None:
            return refused or _error(404, 10015, "Unknown Webhook")
        loading = self.messages.get(state.original_id or 0) if state.loading else None
        if loading is not None:
            # Discord: the first followup after a "thinking" defer fills the loading message
            # (same id, ephemeral-ness decided by the defer, not by the followup's flags).
            self._edit_message(loading, _body(rec), rec.files)
            loading["flags"] &= ~FLAG_LOADING
            loading["edited_timestamp"] = None
            state.loading = False
            message = loading
        else:
            message = self._new_message(
                _body(rec),
                rec.files,
                channel_id=state.channel_id,
                guild_id=state.guild_id,
                message_type=20 if state.type == APPLICATION_COMMAND else 0,
                from_webhook=True,
            )
            state.message_ids.add(int(message["id"]))
        return _json_response(message) if _truthy(rec.query.get("wait")) else _no_content()

    async def _webhook_message(self, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        state = self._webhook_state(m)
        refused = self._webhook_refused(state)
        if refused is not None or state is None:
            return refused or _error(404, 10015, "Unknown Webhook")
        raw_id = m["message_id"]
        message_id = state.original_id if raw_id == "@original" else int(raw_id)
        message = self.messages.get(message_id or 0)
        if message is None or message_id not in state.message_ids:
            return _error(404, 10008, "Unknown Message")
        if rec.method == "DELETE":
            del self.messages[int(message["id"])]
            return _no_content()
        if rec.method == "PATCH":
            self._edit_message(message, _body(rec), rec.files)
            if message_id == state.original_id and state.loading:
                message["flags"] &= ~FLAG_LOADING
                state.loading = False
        return _json_response(message)


# --------------------------------------------------------------------------------------------
# Running a real discord.py client against the stand-in
# --------------------------------------------------------------------------------------------

ClientT = TypeVar("ClientT", bound=discord.Client)


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def format_all(self) -> str:
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(r) for r in self.records)


@contextlib.asynccontextmanager
async def running_client(
    client_factory: Callable[[], ClientT | Awaitable[ClientT]],
    standin: DiscordStandin,
    *,
    token: str = FAKE_TOKEN,
    ready_timeout: float = 5.0,
    guild_ready_timeout: float | None = 0.05,
    drain_timeout: float = 2.0,
    fail_on_logged_errors: bool = True,
) -> AsyncIterator[ClientT]:
    """Build a client with ``client_factory``, log it in and connect it to ``standin``.

    Yields once ``client.is_ready()``. On exit the client is closed, its ``connect()`` task is
    awaited and every task spawned meanwhile (command/view callbacks, aiohttp handlers) is given
    ``drain_timeout`` seconds to finish, then cancelled, so nothing leaks into the next test.
    The factory is called inside the context, so calling ``running_client`` again (sequentially)
    with the same factory simulates a bot restart against the same stand-in state.

    ``guild_ready_timeout`` overrides discord.py's 2 s wait for further GUILD_CREATEs before
    READY (``None`` keeps the client's own setting). With ``fail_on_logged_errors`` any ERROR
    logged under ``discord`` (e.g. "Ignoring exception in command") or by the stand-in makes the
    block fail with those log lines, instead of a mysterious timeout.
    """
    collector = _ErrorCollector()
    loggers = [logging.getLogger("discord"), _log]
    for logger in loggers:
        logger.addHandler(collector)
    tasks_before = asyncio.all_tasks()
    client: ClientT | None = None
    connect_task: asyncio.Task[None] | None = None
    body_failed = False
    # discord.py stays pointed at the stand-in until the client is closed and its tasks
    # drained: a handler still finishing at shutdown talks to the stand-in, not discord.com
    with standin.patched():
        try:
            made = client_factory()
            client = await made if inspect.isawaitable(made) else made
            if guild_ready_timeout is not None:
                client._connection.guild_ready_timeout = guild_ready_timeout
            await client.login(token)
            connect_task = asyncio.create_task(client.connect(), name="standin-client-connect")
            ready_task = asyncio.create_task(client.wait_until_ready(), name="standin-ready")
            done, _ = await asyncio.wait(
                {ready_task, connect_task},
                timeout=ready_timeout,
                return_when=asyncio.FIRST_COMPLETED,
            )
            if ready_task not in done:
                ready_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ready_task
                if connect_task in done:
                    connect_task.result()  # re-raise the connection failure
                    raise RuntimeError("client.connect() returned before READY")
                raise TimeoutError(f"client not ready after {ready_timeout}s")
            await _wait_for_guilds(client, ready_timeout)
            try:
                yield client
            except BaseException:
                body_failed = True
                raise
        finally:
            try:
                if client is not None:
                    await client.close()
                if connect_task is not None:
                    try:
                        await asyncio.wait_for(connect_task, timeout=5.0)
                    except (Exception, asyncio.CancelledError) as exc:
                        collector.records.append(
                            logging.makeLogRecord(
                                {
                                    "name": "standin",
                                    "levelno": logging.ERROR,
                                    "levelname": "ERROR",
                                    "msg": f"client.connect() ended with {exc!r}",
                                }
                            )
                        )
                await _drain_tasks(tasks_before, drain_timeout)
            finally:
                for logger in loggers:
                    logger.removeHandler(collector)
    if fail_on_logged_errors and collector.records and not body_failed:
        raise AssertionError("errors were logged while the client ran:\n" + collector.format_all())


async def _wait_for_guilds(client: discord.Client, timeout: float) -> None:
    """With a short guild_ready_timeout READY could beat a GUILD_CREATE; wait for them too."""
    if not client.intents.guilds:
        return  # without the GUILDS intent no GUILD_CREATE is sent; guilds stay unavailable
    deadline = asyncio.get_running_loop().time() + timeout
    while any(g.unavailable for g in client.guilds):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"guilds still unavailable after {timeout}s: {client.guilds}")
        await asyncio.sleep(0.005)


async def _drain_tasks(tasks_before: set[asyncio.Task[Any]], timeout: float) -> None:
    current = asyncio.current_task()

    def pending() -> set[asyncio.Task[Any]]:
        return {
            t
            for t in asyncio.all_tasks()
            if t not in tasks_before and t is not current and not t.done()
        }

    leftover = pending()
    if leftover:
        await asyncio.wait(leftover, timeout=timeout)
    leftover = pending()
    for task in leftover:
        _log.warning("cancelling task left running by the client: %r", task)
        task.cancel()
    if leftover:
        await asyncio.gather(*leftover, return_exceptions=True)
