"""The /settings values of servers and users (issue 15)."""

from __future__ import annotations

from .tables import Tables


class SettingsTables(Tables):
    """The ``settings`` table."""

    async def settings(self, scope: str, owner_id: str) -> dict[str, str]:
        """The /settings values of a server (``scope='guild'``) or a user (``'user'``)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT key, value FROM settings WHERE scope = ? AND owner_id = ?",
                (scope, owner_id))
        return {str(k): str(v) for k, v in rows}

    async def set_setting(self, scope: str, owner_id: str, key: str, value: str | None) -> None:
        """Set one value (``None`` removes it: back to the default)."""
        async with self._transaction() as db:
            if value is None:
                await db.execute(
                    "DELETE FROM settings WHERE scope = ? AND owner_id = ? AND key = ?",
                    (scope, owner_id, key))
            else:
                await db.execute(
                    "INSERT INTO settings (scope, owner_id, key, value) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (scope, owner_id, key) DO UPDATE SET value = excluded.value",
                    (scope, owner_id, key, value))
