"""What a batch of fleet battles says: the `shipyard.battle-result/1` document, its JSON
Schema, the CSV of every battle, and the plain lines every face prints.

The JSON document is a public contract: its keys are pinned by the schema
(`shipyard schema battle-result`), which the tests check every output against. The
words here are plain text; a face escapes them for its own screen.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from shipyard.core.battle import BattleResult, Fate
from shipyard.core.battle_stats import BattleSummary, SideSummary
from shipyard.core.dice import duel_seed
from shipyard.core.scenario import TOO_MANY_DRAWS
from shipyard.core.stats import share_words
from shipyard.services.battle import Engagement, Side
from shipyard.services.battle_schema import RESULT_SCHEMA

SIDE_KEYS = ("a", "b")
LETTERS = ("A", "B")


def _side_data(side: Side, policy: str, stats: dict[str, Any]) -> dict[str, Any]:
    survival = stats.pop("ship_survival")
    ships = [{"name": ship.name, "design": ship.evaluation.design.name, "points": ship.points,
              "survival": alive}
             for ship, alive in zip(side.report.ships, survival, strict=True)]
    return {"name": side.name, "file": side.label, "policy": policy,
            "budget": side.report.fleet.budget, **stats, "ships": ships}


def notes(engagement: Engagement, summary: BattleSummary) -> list[str]:
    """The lines every face adds under a result: unequal sides, too many battles cut off."""
    lines = list(engagement.unequal)
    if summary.cut_off_share > TOO_MANY_DRAWS:
        limit = engagement.scenario.turn_limit
        lines.append(f"{summary.cut_off_share:.0%} of the battles reached the turn limit "
                     f"({limit}) undecided: try a longer one, e.g. --turns {2 * limit}")
    return lines


def fate_data(fate: Fate) -> dict[str, Any]:
    return {"side": SIDE_KEYS[fate.side], "index": fate.index, "survived": fate.survived,
            "turn": fate.turn, "cause": fate.cause, "taken": fate.taken}


def battle_data(result: BattleResult, names: tuple[str, str]) -> dict[str, Any]:
    """One battle as JSON: who won (a fleet's name, None for a draw), turns, every fate."""
    return {"winner": None if result.winner is None else names[result.winner],
            "turns": result.turns, "fates": [fate_data(f) for f in result.fates]}


def result_data(engagement: Engagement, seed: int, summary: BattleSummary,
                told: tuple[int, BattleResult] | None = None,
                catalog: dict[str, Any] | None = None) -> dict[str, Any]:
    """The `shipyard.battle-result/1` document of a batch (`--json`)."""
    stats = summary.as_data()
    sides = stats.pop("sides")
    assert isinstance(sides, dict)
    data: dict[str, Any] = {
        "schema": RESULT_SCHEMA,
        "ruleset": engagement.ruleset.name,
        "budget": engagement.budget,
        "draft": engagement.draft,
        "unequal": list(engagement.unequal),
        "seed": seed,
        "engine": engagement.engine,
        "scenario": engagement.scenario.as_data(),
        **stats,
        "a": _side_data(engagement.a, engagement.policies[0], sides["a"]),
        "b": _side_data(engagement.b, engagement.policies[1], sides["b"]),
        "notes": notes(engagement, summary),
    }
    for key, name in zip(SIDE_KEYS, engagement.names, strict=True):
        data[key]["name"] = name
    if told is not None:
        k, result = told
        data["log_battle"] = k
        data["log"] = list(result.log)
        data["battle"] = battle_data(result, engagement.names)
    if catalog is not None:
        data["catalog"] = catalog
    return data


def csv_text(engagement: Engagement, seed: int, results: Sequence[BattleResult]) -> str:
    """One row per battle: its number, seed, winner (A, B or draw), turns, whether the sides
    were unequal, then each ship's fate in fleet order, A's then B's: the turn it was
    destroyed on (0: it survived), by what, and the damage it took."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    header = ["battle", "seed", "winner", "turns", "unequal"]
    for letter, side in zip(LETTERS, (engagement.a, engagement.b), strict=True):
        for i, ship in enumerate(side.report.ships, start=1):
            label = f"{letter}{i} {ship.name}"
            header += [f"{label} turn", f"{label} cause", f"{label} taken"]
    writer.writerow(header)
    unequal = "yes" if engagement.unequal else "no"
    for k, result in enumerate(results, start=1):
        row: list[object] = [k, duel_seed(seed, k - 1),
                             "draw" if result.winner is None else LETTERS[result.winner],
                             result.turns, unequal]
        for fate in result.fates:
            row += [fate.turn, fate.cause, fate.taken]
        writer.writerow(row)
    return buffer.getvalue()


# -- plain words -------------------------------------------------------------------
def heading(engagement: Engagement, seed: int, summary: BattleSummary,
            asked: int | None = None) -> list[str]:
    """The first lines of a result: who met whom, how often, where."""
    (a, b), (pa, pb) = engagement.names, engagement.policies
    scenario = engagement.scenario
    budget = "no budget" if engagement.budget is None else f"budget {engagement.budget}"
    ships = [f"{n} ship{'' if n == 1 else 's'}"
             for n in (len(engagement.a.ships), len(engagement.b.ships))]
    first = (f"{a} ({ships[0]}, {engagement.a.total} points, {pa}) "
             f"against {b} ({ships[1]}, {engagement.b.total} points, "
             f"{pb}): {summary.runs} battle{'' if summary.runs == 1 else 's'}, seed {seed}, "
             f"{budget}")
    if asked is not None and summary.runs < asked:
        first += f" (stopped after {summary.runs} of {asked})"
    words = scenario.words(("A", "B"))
    return [first, words[0].upper() + words[1:]]


def survivor_words(name: str, side: SideSummary, runs: int) -> str:
    """How many of a fleet's craft survive: the mean, then the share of battles ending with
    0, 1, ... n of them flying."""
    shares = ", ".join(f"{k}: {share_words(count / runs) if runs else '0%'}"
                       for k, count in enumerate(side.survivor_counts))
    return (f"{name} survivors: mean {side.survivors.mean:.2f} of {len(side.ship_survival)} "
            f"({side.survivors.low:.2f} - {side.survivors.high:.2f}); battles ending with "
            f"{shares}")


def kill_words(name: str, side: SideSummary) -> str:
    """What a fleet destroyed the other's craft with, as shares of its kills."""
    causes = ", ".join(f"{cause} {share_words(count / side.kills)}"
                       for cause, count in side.kill_causes.items())
    count = f"{side.kills} kill" + ("" if side.kills == 1 else "s")
    return f"Kills by cause, {name} ({count}): {causes or 'none'}"


def exchange_words(names: tuple[str, str], summary: BattleSummary) -> str:
    ratio = summary.exchange
    if ratio.value is None:
        return (f"Exchange ratio: none ({names[1]} destroyed nothing in any battle)")
    return (f"Exchange ratio (points {names[0]} destroyed per point {names[1]} destroyed): "
            f"{ratio.value:.2f} ({ratio.low:.2f} - {ratio.high:.2f})")


def turns_words(engagement: Engagement, summary: BattleSummary) -> str:
    if summary.mean_turns is None:
        return "No battle was fought."
    limit = engagement.scenario.turn_limit
    return (f"Turns: mean {summary.mean_turns:.2f}; {summary.cut_off} of {summary.runs} "
            f"battles reached the turn limit ({limit}) undecided")
