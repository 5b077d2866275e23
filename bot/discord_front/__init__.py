"""The Discord edge: slash commands, persistent components and message building.

Everything here translates between discord.py and :class:`bot.service.SessionService`;
no game rule lives here.
"""
