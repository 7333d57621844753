"""What a handicap run says: the `shipyard.handicap-result/1` document and the plain lines
(heading, answer, chart) every face prints.

The words and the chart are plain text (no markup, no control codes); a face escapes
and colours them for its own screen. The JSON document is a public contract, pinned
by its schema (`services.handicap_schema`).
"""

from __future__ import annotations

import math
from typing import Any

from shipyard.core.scenario import TOO_MANY_DRAWS
from shipyard.core.stats import Rate
from shipyard.services.handicap import Design, Handicap, Handicapper, Row
from shipyard.services.handicap_schema import HANDICAP_SCHEMA

CHART_WIDTH = 50  # columns from 0% to 100% (the chart is one wider: both ends drawn)
TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)
DASH = "\u2013"  # en dash, between the ends of an interval
TIMES = "\u00d7"  # the multiplication sign, as in "Harpy TIMES k"


def percent(share: float) -> str:
    return f"{share:.1%}"


def interval(rate: Rate) -> str:
    """A rate's 95% interval, "68.1" DASH "74.0%"."""
    return f"{rate.low * 100:.1f}{DASH}{rate.high:.1%}"


def table_cell(rate: Rate) -> str:
    """A rate and its interval in whole percents, "68% (63" DASH "73)", the interval
    rounded outward so that it is never shown narrower than it is (the answer line and
    the JSON give them exactly)."""
    low, high = math.floor(rate.low * 100), math.ceil(rate.high * 100)
    return f"{rate.share:.0%} ({low}{DASH}{high})"


def _points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


def heading(setup: Handicapper, runs: int, seed: int) -> list[str]:
    """The first lines: who meets whom, how often, where; the sides unequal on purpose."""
    (a, b), (pa, pb) = setup.names, setup.policies
    battles = f"{runs} battle{'' if runs == 1 else 's'}"
    first = (f"{a} {TIMES}k ({_points(setup.a.points)} each, {pa}) against {b} "
             f"({_points(setup.b.points)}, {pb}), k = 1 to {setup.most}: {battles} a row, "
             f"seed {seed}")
    words = setup.scenario.words(("A", "B"))
    return [first, words[0].upper() + words[1:],
            "The sides are unequal on purpose: no budget applies."]


def answer_words(result: Handicap) -> list[str]:
    """Two lines: the smallest k whose win interval lies wholly above 50% (or that even
    the most do not), and the k whose win rate first passes 50% by point estimate."""
    (a, b), answer = result.setup.names, result.answer
    equal, even, most = answer.equal, answer.even, answer.most
    if equal is None:
        last = result.rows[-1]
        many = "One" if most == 1 else f"Even {most}"
        verb = "does" if most == 1 else "do"
        first = (f"{many} {a} {verb} not equal one {b}: {most} win {percent(last.wins.share)} "
                 f"({interval(last.wins)}), an interval not wholly above 50%")
    elif equal.copies == 1:
        first = (f"One {a} equals one {b}: it wins {percent(equal.wins.share)} "
                 f"({interval(equal.wins)})")
    else:
        first = (f"{equal.copies} {a} equal one {b}: {equal.copies} win "
                 f"{percent(equal.wins.share)} ({interval(equal.wins)})")
    if even is None:
        best = max(result.rows, key=lambda row: (row.wins.share, -row.copies))
        second = (f"The win rate passes 50% at no k from 1 to {most} (the best: {best.copies} "
                  f"win {percent(best.wins.share)})")
    else:
        second = (f"The win rate first passes 50% at k = {even.copies} "
                  f"({percent(even.wins.share)} by point estimate)")
    return [first, second]


def notes(result: Handicap) -> list[str]:
    """Lines under the result: rows with too many battles cut off at the turn limit."""
    long = [row.copies for row in result.rows
            if row.cut_off / result.runs > TOO_MANY_DRAWS]
    if not long:
        return []
    limit = result.setup.scenario.turn_limit
    which = ", ".join(str(k) for k in long)
    return [f"k = {which}: more than {TOO_MANY_DRAWS:.0%} of the battles reached the turn "
            f"limit ({limit}) undecided: try a longer one, e.g. --turns {2 * limit}"]


def _column(share: float) -> int:
    return int(share * CHART_WIDTH + 0.5)


def chart_row(row: Row) -> str:
    """One row of the chart: its interval ├──┤ with the rate ●, and the 50% line ┊."""
    cells = [" "] * (CHART_WIDTH + 1)
    low, high, rate = (_column(x) for x in (row.wins.low, row.wins.high, row.wins.share))
    for column in range(low, high + 1):
        cells[column] = "─"
    cells[low], cells[high] = "├", "┤"
    middle = _column(0.5)
    cells[middle] = {" ": "┊", "─": "┼"}.get(cells[middle], cells[middle])
    cells[rate] = "●"
    return "".join(cells)


def chart_lines(result: Handicap) -> list[str]:
    """The win rate of k copies of A by k, each with its 95% interval, the 50% line
    marked; the answer's row pointed at. Plain text."""
    a, b = result.setup.names
    lines = [f"Win rate of k {a} against one {b}: ● the rate, ├─┤ its 95% interval, "
             "┊ 50%"]
    equal = result.answer.equal
    for row in result.rows:
        mark = "  ◀ equal" if equal is not None and row.copies == equal.copies else ""
        lines.append(f"{row.copies:>4}  {chart_row(row)}  {percent(row.wins.share):>6}{mark}")
    ticks = [" "] * (CHART_WIDTH + 1)
    labels = [" "] * (CHART_WIDTH + 4)
    for tick in TICKS:
        column = _column(tick)
        ticks[column] = "┴"
        text = f"{tick:.0%}"
        start = min(max(0, column - len(text) // 2), len(labels) - len(text))
        labels[start:start + len(text)] = list(text)
    lines.append(f"{'k':>4}  {''.join(ticks).replace(' ', '─')}")
    lines.append(f"{'':>4}  {''.join(labels).rstrip()}")
    return lines


def _rate(x: Rate) -> dict[str, Any]:
    return {"count": x.count, "rate": x.share, "ci95": [x.low, x.high]}


def _side(side: Design, name: str, policy: str) -> dict[str, Any]:
    return {"name": name, "design": side.name, "file": side.label, "points": side.points,
            "policy": policy}


def row_data(row: Row, runs: int) -> dict[str, Any]:
    return {"copies": row.copies, "points": row.points, "wins": _rate(row.wins),
            "draws": _rate(row.draws), "losses": _rate(row.losses),
            "b_survival": _rate(row.b_survival), "mean_turns": row.mean_turns,
            "turn_limit_reached": {"count": row.cut_off, "rate": row.cut_off / runs}}


def result_data(result: Handicap, catalog: dict[str, Any] | None = None) -> dict[str, Any]:
    """The `shipyard.handicap-result/1` document (`--json`)."""
    setup, answer = result.setup, result.answer
    (a, b), (pa, pb) = setup.names, setup.policies
    data: dict[str, Any] = {
        "schema": HANDICAP_SCHEMA,
        "ruleset": setup.ruleset.name,
        "seed": result.seed,
        "runs": result.runs,
        "max_copies": setup.most,
        "engine": setup.engine,
        "scenario": setup.scenario.as_data(),
        "a": _side(setup.a, a, pa),
        "b": _side(setup.b, b, pb),
        "rows": [row_data(row, result.runs) for row in result.rows],
        "answer": {"equal": None if answer.equal is None else answer.equal.copies,
                   "even": None if answer.even is None else answer.even.copies,
                   "words": answer_words(result)},
        "notes": notes(result),
    }
    if catalog is not None:
        data["catalog"] = catalog
    return data
