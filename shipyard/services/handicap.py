"""How many of design A equal one of design B: k copies of A against one B, k = 1 to N.

No game is named here: the designs say their game, and its `Battles` part fights
(through `services.battle`). `prepare` reads both designs (a file or `sample:NAME`)
and checks everything before the first battle: two designs (not fleets), of one game,
a game that has battles, both legal; then it makes one engagement a row, a fleet of k
copies of A (ships "A 1", "A 2", ...; alone, "A") against a fleet of one B. No budget
applies: the sides are unequal on purpose. Each refusal is a `BattleProblem`, one line
naming the file.

`run_handicap` fights `runs` battles a row. Battle j (from 1) of every row is fought on
`duel_seed(master, j - 1)`, the seed `shipyard battle --seed MASTER` gives its battle j:
row k is exactly the batch of a fleet of k copies of A against a fleet of one B, the
same bit for bit whatever the worker count, and each row meets the same dice seeds
(common random numbers, which steadies the comparison between rows).

The answer (`answer_of`): the smallest k whose win rate's 95% Wilson interval lies
wholly above one half (its low end over 50%), and the smallest k whose win rate passes
one half by point estimate. A draw is not a win.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Ruleset
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Missing, battles_of
from shipyard.core.stats import Rate
from shipyard.services.batch import Job, Progress, fight
from shipyard.services.battle import (
    BattleProblem,
    Engagement,
    Start,
    catalog_root,
    engage,
    summarize_battles,
)
from shipyard.services.fleet import Entry, Fleet, is_fleet, read_fleet
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import FLEET_PREFIX, resolve, resolve_fleet

MOST = 9  # copies of A by default
MOST_ALLOWED = 20  # the most copies of A a run may field
HALF = 0.5


@dataclass(frozen=True, slots=True)
class Row:
    """k copies of A against one B, over a batch of battles, from A's side."""

    copies: int
    points: int  # the k copies' points together
    wins: Rate  # battles the copies of A won
    draws: Rate
    losses: Rate  # battles B won
    b_survival: Rate  # battles B ended still flying
    mean_turns: float | None
    cut_off: int  # battles still undecided at the turn limit

    @property
    def equal(self) -> bool:
        """The win rate's 95% interval lies wholly above one half."""
        return self.wins.low > HALF


@dataclass(frozen=True, slots=True)
class Answer:
    """How many A equal one B, read off the rows."""

    equal: Row | None  # the first row whose win interval lies wholly above 50%
    even: Row | None  # the first row whose win rate passes 50% by point estimate
    most: int  # the most copies fought


def answer_of(rows: Sequence[Row]) -> Answer:
    """The answer the rows give, looked for from k = 1 up."""
    equal = next((row for row in rows if row.equal), None)
    even = next((row for row in rows if row.wins.share > HALF), None)
    return Answer(equal, even, max((row.copies for row in rows), default=0))


@dataclass(frozen=True)
class Design:
    """One side's design as the player named it, priced and checked."""

    label: str  # the file or sample:NAME as given
    name: str
    points: int
    design: Any  # the game's design model


@dataclass(frozen=True)
class Handicapper:
    """Two designs checked, and one engagement a row, ready to fight."""

    a: Design
    b: Design
    engagements: tuple[Engagement, ...]  # row k fights engagements[k - 1]

    @property
    def ruleset(self) -> Ruleset:
        return self.engagements[0].ruleset

    @property
    def most(self) -> int:
        return len(self.engagements)

    @property
    def names(self) -> tuple[str, str]:
        """The designs' names; a design against its namesake gets (A) and (B)."""
        return self.engagements[0].names

    @property
    def policies(self) -> tuple[str, str]:
        return self.engagements[0].policies

    @property
    def scenario(self) -> DuelScenario:
        return self.engagements[0].scenario

    @property
    def engine(self) -> str | None:
        return self.engagements[0].engine


@dataclass(frozen=True)
class Handicap:
    """The measured rows and what they answer."""

    setup: Handicapper
    runs: int  # battles a row
    seed: int
    rows: tuple[Row, ...]
    answer: Answer


def _read(argument: str) -> tuple[str, Any]:
    """The design an argument names: a design file or `sample:NAME`, or a fleet whose ships
    are all of one design (it stands for that design)."""
    if argument.startswith(FLEET_PREFIX) or is_fleet(argument):
        fleet = read_fleet(resolve_fleet(argument))
        designs = {json.dumps(entry.design.to_data(), sort_keys=True)
                   for entry in fleet.entries}
        if len(designs) != 1:
            raise BattleProblem(f"{argument}: a fleet of several designs, not a design "
                                "(shipyard handicap fights copies of one design against "
                                "another; shipyard battle fights fleets)")
        return argument, fleet.entries[0].design
    path = resolve(argument)
    if path.is_dir():
        raise BattleProblem(f"{argument}: a folder, not a design file")
    return argument, read_design(path)


def _checked(label: str, design: Any, root: str | None, agreement: Agreement) -> Design:
    own = Agreement(None, agreement.hyper_bombs_allowed, agreement.mass_rule)
    evaluation = evaluate(design, own, root, label)
    errors = [issue for issue in evaluation.issues if issue.severity == "error"]
    if errors:
        first = errors[0]
        where = f"{first.path}: " if first.path else ""
        more = len(errors) - 1
        also = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        raise BattleProblem(f"{label}: the design is not legal: {where}{first.cited}{also}")
    name = design.name or Path(label).name.split(".")[0] or "(unnamed)"
    return Design(label, name, int(evaluation.sheet.total), design)


def copies(side: Design, count: int, ruleset: Ruleset) -> Fleet:
    """A fleet of `count` ships of one design, named "NAME 1", "NAME 2", ... (one ship
    alone keeps the plain name, as in a fleet file), with no budget."""
    names = (side.name,) if count == 1 else tuple(f"{side.name} {i}"
                                                  for i in range(1, count + 1))
    return Fleet(side.label, side.name, ruleset, None,
                 (Entry(0, side.label, side.design, count, names),))


def prepare(design_a: str, design_b: str, *, most: int = MOST,
            policies: tuple[str | None, str | None] = (None, None),
            scenario: DuelScenario | Start | None = None, engine: str | None = None,
            catalog: str | Path | None = None,
            agreement: Agreement | None = None) -> Handicapper:
    """Both designs read and checked, and the engagements of rows 1 to `most`;
    `BattleProblem` (one line) if they cannot fight. The options are `engage`'s."""
    if not 1 <= most <= MOST_ALLOWED:
        raise BattleProblem(f"{most} copies: fight 1 to {MOST_ALLOWED}")
    agreed = agreement or Agreement()
    try:
        label_a, first = _read(design_a)
        label_b, second = _read(design_b)
        if second.ruleset != first.ruleset:
            raise BattleProblem(f"{label_b}: a {second.ruleset} design cannot fight a "
                                f"{first.ruleset} design")
        ruleset = get_ruleset(first.ruleset, label_a)
        try:
            battles_of(ruleset)
        except Missing as exc:
            raise BattleProblem(f"{label_a}: {exc}") from None
        root = catalog_root(catalog, ruleset, label_a, "design")
        a = _checked(label_a, first, root, agreed)
        b = _checked(label_b, second, root, agreed)
        one_b = copies(b, 1, ruleset)
        engagements = tuple(
            engage(copies(a, k, ruleset), one_b, policies=policies, scenario=scenario,
                   engine=engine, catalog=catalog, agreement=agreed)
            for k in range(1, most + 1))
    except BattleProblem:
        raise
    except ShipyardError as exc:
        raise BattleProblem(str(exc)) from None
    return Handicapper(a, b, engagements)


def row_of(copies: int, engagement: Engagement, results: Sequence[Any]) -> Row:
    """A row from its battles (`BattleResult`s)."""
    summary = summarize_battles(engagement, list(results))
    return Row(copies, engagement.a.total, summary.wins, summary.draws, summary.losses,
               summary.sides[1].ship_survival[0], summary.mean_turns, summary.cut_off)


def run_handicap(setup: Handicapper, runs: int, master: int, workers: int = 1,
                 progress: Progress | None = None) -> Handicap:
    """`runs` battles of every row, battle j of each on `duel_seed(master, j - 1)`, on
    `workers` threads (compiled engine) or worker processes (reference engine); the same
    rows for any worker count. `progress` hears of each chunk of battles fought."""
    if runs < 1:
        raise BattleProblem(f"{runs} battles a row: fight at least 1")
    jobs = [Job(engagement.fleets, master, 0, runs) for engagement in setup.engagements]
    try:
        found = fight(jobs, workers, progress)
    except ShipyardError as exc:
        raise BattleProblem(str(exc)) from None
    rows = tuple(row_of(k, engagement, results) for k, (engagement, results)
                 in enumerate(zip(setup.engagements, found, strict=True), start=1))
    return Handicap(setup, runs, master, rows, answer_of(rows))
