"""``python -m bench.move_cpu [--game ID] [--locales en,ru] [--repeats N] [--steady]
[--against DIR]``: the CPU per move of issue 29 item 6, and where it goes.

For every game (or ``--game``) at its worst table (:func:`bench.stats.worst_table`), one
whole seeded game of the turn bench (:mod:`bench.turns`: the human's moves among bots,
through the session service with SQLite and the render pool) per locale: the CPU p50 of
a move, then the p50 of its two shares, this process (the service, the bots' replies,
SQLite, handing views to the pool) and the render workers (drawing and encoding the
board and the hand), and of the bots' thinking within the first; then the **platform**
CPU per move, the p50 of each move's CPU without its bots' thinking: what issue 29 item
6's target (12 ms) is held to, since a bot's thinking is its own move's, absent from a
table of humans (:func:`bench.turns._bots_thinking`); with the machine's load average.
CPU time, not wall time: on a machine shared with other work, waiting for a core
inflates the wall clock many times over, CPU time much less (but not to nothing: a
loaded machine's caches are colder).

``--steady`` plays one other whole game (seed + 1) at the same table through the same
service first, unmeasured (:func:`bench.turns.run_turns`' ``warm_up_seed``): the steady
state of a running bot, whose workers have made their shared sprites and texts, rather
than the first game of fresh workers after a restart (the default). A checkout whose
``run_turns`` has no warm-up game measures its first game and says so (``fresh``).

``--against DIR`` measures another checkout too (e.g. ``git worktree add /tmp/before
main``), interleaved measurement by measurement (before, after, before, after...) so that
both see the same load; each measurement runs in a fresh process of its own checkout.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

from .stats import measured_rulesets, worst_table
from .turns import run_turns


def measure(game: str, locale: str, seed: int, steady: bool = False) -> dict[str, object]:
    """One whole game of ``game`` at its worst table in ``locale``: its CPU figures
    (with ``steady``, after another whole game through the same service)."""
    (ruleset,) = measured_rulesets(game)
    players, options = worst_table(ruleset)
    warm = steady and "warm_up_seed" in inspect.signature(run_turns).parameters
    stats = run_turns(ruleset, players, seed=seed, max_turns=None, options=options,
                      locale=locale, **({"warm_up_seed": seed + 1} if warm else {}))
    return {"game": game, "players": players, "locale": locale, "moves": stats.turns,
            "workers": "steady" if warm else "fresh",
            "cpu_p50_ms": stats.cpu_p50_ms,
            # a checkout from before the split has neither
            "service_cpu_p50_ms": getattr(stats, "service_cpu_p50_ms", None),
            "render_cpu_p50_ms": getattr(stats, "render_cpu_p50_ms", None),
            "bots_cpu_p50_ms": getattr(stats, "bots_cpu_p50_ms", None),
            "platform_cpu_p50_ms": getattr(stats, "platform_cpu_p50_ms", None),
            "load": round(os.getloadavg()[0], 1)}


def _in_checkout(root: Path, game: str, locale: str, seed: int, steady: bool = False
                 ) -> dict[str, object]:
    """:func:`measure` in a fresh process of the checkout at ``root`` (this module's
    source runs there, so a checkout from before this module measures too)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    program = (Path(__file__).read_text(encoding="utf-8")
               .replace("from .stats import", "from bench.stats import")
               .replace("from .turns import", "from bench.turns import")
               .replace('if __name__ == "__main__":', "if True:"))
    done = subprocess.run(
        [sys.executable, "-c", program, "--one", game, locale, "--seed", str(seed),
         *(["--steady"] if steady else [])],
        cwd=root, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _row(tree: str, figures: dict[str, object]) -> str:
    def ms(key: str) -> str:
        value = figures[key]
        return f"{value:6.1f}" if isinstance(value, float) else "     ?"

    return (f"{tree:7} {figures['game']:14} {figures['players']}p {figures['locale']}  "
            f"{figures.get('workers', 'fresh'):6}  "
            f"moves {figures['moves']:4}  CPU/move p50 {ms('cpu_p50_ms')} ms  "
            f"(service {ms('service_cpu_p50_ms')}, render {ms('render_cpu_p50_ms')}, "
            f"bots {ms('bots_cpu_p50_ms')})  platform {ms('platform_cpu_p50_ms')} ms  "
            f"load {figures['load']}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.move_cpu", description=__doc__)
    parser.add_argument("--game", help="only this game (default: every game)")
    parser.add_argument("--locales", default="en,ru", help="comma-separated (default en,ru)")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steady", action="store_true",
                        help="measure after one other game through the same service")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another checkout, measured interleaved with this one")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "LOCALE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.one[0], args.one[1], args.seed, args.steady)))
        return
    games = [ruleset.id for ruleset in measured_rulesets(args.game)]
    for _ in range(max(1, args.repeats)):
        for game in games:
            for locale in args.locales.split(","):
                if args.against is not None:
                    print(_row("against", _in_checkout(args.against.resolve(), game, locale,
                                                       args.seed, args.steady)), flush=True)
                print(_row("this", _in_checkout(Path(__file__).resolve().parent.parent, game,
                                                locale, args.seed, args.steady)), flush=True)


if __name__ == "__main__":
    main()
