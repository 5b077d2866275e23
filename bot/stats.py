"""Who wins on this server: results, win rates and ratings (issue 16, "Stats").

Every finished game with a human in it is recorded once per human (won or not), games
with a bot seat apart from games among humans only. A game with at least two humans
also moves their rating: openskill's Plackett-Luce model (a Bayesian rating in the
TrueSkill family, mu and sigma per player, server and game), ranking the humans by the
game's result (the winners first, the others by score). A leaderboard orders players by
the rating's conservative estimate, mu - 3 sigma.
"""

from __future__ import annotations

import logging

from openskill.models import PlackettLuce

from games import Result, get_ruleset
from i18n import Term, t

from .storage import SessionRow, Storage

logger = logging.getLogger("tidebound.stats")

#: The rating model (openskill's defaults: mu 25, sigma 25/3).
MODEL = PlackettLuce()
#: The server of games played outside one (direct messages, the console).
NO_GUILD = ""
LEADERBOARD_SIZE = 10


def guild_key(guild_id: str | None) -> str:
    return guild_id or NO_GUILD


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate of a rating a leaderboard sorts by."""
    return mu - 3 * sigma


def human_ranks(row: SessionRow, result: Result) -> dict[str, int]:
    """Each human's place among the humans (1 = best; equal results share a place):
    the winners first, then by score."""
    humans = [s for s in row.seats if not s.is_bot and s.user_id]

    def standing(seat: int) -> tuple[int, int]:
        score = result.scores[seat] if seat < len(result.scores) else 0
        return (0 if seat in result.winners else 1, -score)

    return {s.user_id: 1 + sum(1 for o in humans if standing(o.seat) < standing(s.seat))
            for s in humans if s.user_id}


def new_ratings(ranks: dict[str, int], names: dict[str, str],
                old: dict[str, tuple[float, float]]) -> list[tuple[str, str, float, float]]:
    """(user id, name, mu, sigma) after a game the humans finished in ``ranks``."""
    players = list(ranks)
    teams = [[MODEL.rating(*old[user], name=user) if user in old
              else MODEL.rating(name=user)] for user in players]
    rated = MODEL.rate(teams, ranks=[ranks[user] for user in players])
    return [(user, names[user], float(team[0].mu), float(team[0].sigma))
            for user, team in zip(players, rated, strict=True)]


async def record_finished(storage: Storage, row: SessionRow, result: Result) -> bool:
    """Record a game that has just finished (once: a second call changes nothing)."""
    ranks = human_ranks(row, result)
    if not ranks:
        return False
    with_bots = any(s.is_bot for s in row.seats)
    names = {s.user_id: s.name for s in row.seats if s.user_id and not s.is_bot}
    guild = guild_key(row.guild_id)
    ratings: list[tuple[str, str, float, float]] = []
    if len(ranks) >= 2:
        old = await storage.ratings_of(guild, row.game, list(ranks))
        ratings = new_ratings(ranks, names, old)
    winners = {row.seats[i].user_id for i in result.winners if i < len(row.seats)}
    return await storage.record_results(
        row.id, guild_id=guild, game=row.game, with_bots=with_bots,
        outcomes=[(user, user in winners) for user in ranks], ratings=ratings)


def _rate(wins: int, played: int, locale: str) -> str:
    return t("history.stats.rate", locale, percent=round(100 * wins / played) if played else 0)


async def stats_text(storage: Storage, guild_id: str | None, user_id: str, name: str,
                     locale: str) -> str:
    """``/stats``: a player's games, wins and win rate per game on this server, games
    among humans and games with bots apart, with the rating where there is one."""
    guild = guild_key(guild_id)
    rows = await storage.player_results(guild, user_id)
    if not rows:
        return t("history.stats.none", locale, player=name)
    lines = [t("history.stats.head", locale, player=name)]
    for index, (game, with_bots, played, wins) in enumerate(rows):
        try:
            title = get_ruleset(game).display_name(locale)
        except Exception:
            title = game
        key = "history.stats.line_bots" if with_bots else "history.stats.line"
        lines.append(t(key, locale, game=title, count=played, wins=wins,
                       rate=_rate(wins, played, locale)))
        if index + 1 == len(rows) or rows[index + 1][0] != game:  # the game's last line
            rating = (await storage.ratings_of(guild, game, [user_id])).get(user_id)
            if rating is not None:
                lines.append(t("history.stats.rating", locale,
                               rating=round(ordinal(*rating), 1), mu=round(rating[0], 1),
                               sigma=round(rating[1], 1)))
    return "\n".join(lines)


async def leaderboard_text(storage: Storage, guild_id: str | None, game: str | None,
                           locale: str) -> str:
    """``/leaderboard``: the best rated players of this server (one game, or all)."""
    rows = await storage.leaderboard(guild_key(guild_id), game, LEADERBOARD_SIZE)
    title = Term(get_ruleset(game).name_key) if game else Term("history.stats.all_games")
    if not rows:
        return t("history.stats.board_empty", locale, game=title)
    lines = [t("history.stats.board_head", locale, game=title)]
    for place, (game_id, _user, name, mu, sigma, games, wins) in enumerate(rows, start=1):
        lines.append(t("history.stats.board_line", locale, place=place, player=name,
                       rating=round(ordinal(mu, sigma), 1), count=games, wins=wins,
                       rate=_rate(wins, games, locale),
                       game="" if game else f" · {get_ruleset(game_id).display_name(locale)}"))
    return "\n".join(lines)
