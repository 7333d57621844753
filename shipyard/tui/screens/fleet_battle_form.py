"""The battle screen's form: what it reads, checks and remembers, with no widget of its own.

The options are `shipyard battle`'s, with its defaults: 1,000 battles, seed 1, the
game's default start and pilots, the larger of the two fleets' budgets. Each check
is the battle service's own (`engage`), so every refusal is the one line the command
prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.battle import BattleResult
from shipyard.core.battle_stats import BattleSummary
from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import duels_of
from shipyard.core.visible import visible
from shipyard.services.battle import BattleProblem, Engagement, Start, engage
from shipyard.services.battle_output import heading
from shipyard.services.fleet import Fleet
from shipyard.services.fleet_session import FleetSession
from shipyard.services.samples import resolve_fleet
from shipyard.services.scenarios import presets
from shipyard.tui.screens.setup_form import GAME, SetupScreen, SetupWords

RUNS, SEED = 1000, 1  # `shipyard battle`'s defaults (tests/test_tui_fleet_battle.py checks)
LABELS = {"runs": "Battles", "seed": "Seed", "range": "Start range", "turns": "Turn limit",
          "speed-a": "Your speed", "speed-b": "Their speed", "budget": "Budget",
          "battle": "Battle no."}
MINIMUM = {"runs": 1, "seed": None, "range": 0, "turns": 1, "speed-a": None, "speed-b": None}
LAST_BATTLE = "shipyard_last_battle"  # the app attribute that keeps a `LastBattle`
ENGINE: str | None = None  # the battle engine (None: the game's default, as the command's)
DRAFT_HINT = "Tick \"Fight over the budget as a draft\" to fight them as unequal sides."


@dataclass(frozen=True, eq=False)
class BattleOutcome:
    """The battles of one batch (fewer than asked if it was stopped) and their summary."""

    engagement: Engagement
    seed: int
    asked: int
    results: tuple[BattleResult, ...]
    summary: BattleSummary
    fleet: dict[str, Any]  # the fleet being edited as it was fought (to say it changed)

    @property
    def stopped(self) -> bool:
        return len(self.results) < self.asked


@dataclass(frozen=True)
class LastBattle:
    """The form (values by key, "" for no choice) and the last batch's outcome."""

    form: dict[str, str]
    outcome: BattleOutcome | None


def result_heading(outcome: BattleOutcome) -> str:
    """The first lines of `shipyard battle`'s result (a stopped batch says so)."""
    return "\n".join(heading(outcome.engagement, outcome.seed, outcome.summary, outcome.asked))


def svg_path(answer: str) -> Path:
    """The replay's file as typed: `.svg` added when it has no extension; another
    extension is refused (a replay is an SVG picture)."""
    path = Path(answer.strip()).expanduser()
    if path.suffix.lower() == ".svg":
        return path
    if path.suffix and not path.name.startswith("."):
        raise BattleProblem(f"{path}: a replay is an SVG picture: name the file .svg")
    return path.with_name(path.name + ".svg")


class BattleForm(SetupScreen):
    """What the battle screen reads from its form, and what it checks."""

    GROUP = "battle"
    WORDS = SetupWords(
        sample_prompt="a bundled fleet",
        placeholder="sample-fleet:NAME or path/to/fleet.fleet.json", runs=LABELS["runs"],
        policies=("Your pilots", "Theirs"), run="Fight", one="battle", numbers=LABELS,
        minimum=MINIMUM)
    STOPPING = "Stopping after the current chunk…"

    def __init__(self, session: FleetSession) -> None:
        super().__init__()
        self.session = session
        self.combat_problem = ""
        self.checked: tuple[str, str] | None = None
        duels = duels_of(self.ruleset)
        self.policies = duels.policies
        try:
            catalog = self.fleet.ruleset.catalog()
            self.defaults = duels.duel_defaults(catalog)
            self.presets = {name: scenario for name, (scenario, _)
                            in presets(duels, catalog).items()}
        except ShipyardError as exc:
            self.combat_problem = str(exc)

    @property
    def fleet(self) -> Fleet:
        """The fleet being edited, as it is now."""
        return self.session.report.fleet

    @property
    def ruleset(self) -> Ruleset:
        return self.fleet.ruleset

    def ruleset_name(self) -> str:
        return self.ruleset.name

    @property
    def fleet_name(self) -> str:
        return self.fleet.name or self.session.title or "(unnamed fleet)"

    def initial_form(self, samples: list[tuple[str, str]]) -> dict[str, str]:
        """The form as last left in this session (for this game), else the defaults."""
        # The first bundled fleet that is not the one being edited.
        own = self.session.path.resolve() if self.session.path is not None else None
        others = [value for name, value in samples
                  if own is None or own != resolve_fleet(value).resolve()]
        first = (others or [value for _, value in samples] or [""])[0]
        form = {"sample": first, "opponent": first, "runs": str(RUNS), "seed": str(SEED),
                **self.start_form(), "policy-a": self.policies[0],
                "policy-b": self.policies[0], "budget": "", "battle": "1", "draft": "no"}
        last: Any = getattr(self.app, LAST_BATTLE, None)
        if getattr(last, "form", {}).get(GAME) == self.ruleset.name:
            form |= last.form
        return self.settled(form, samples, first)

    # Checks ---------------------------------------------------------------------------

    def own_check(self) -> tuple[str, str]:
        """Why the fleet being edited cannot fight (the service's line; "" if it can), and
        a line if it is over its own budget (it then fights only as a draft)."""
        if self.checked is None:
            problem = warning = ""
            try:
                engage(self.fleet, self.fleet, draft=True)
            except BattleProblem as exc:
                problem = str(exc)
            if not problem:
                try:
                    engage(self.fleet, self.fleet)
                except BattleProblem as exc:
                    warning = str(exc)
            self.checked = (problem or self.combat_problem, warning)
        return self.checked

    def own_line(self) -> str:
        report = self.session.report
        count = len(report.ships)
        budget = report.fleet.budget
        return (f"Your fleet: {visible(self.fleet_name)}, {count} ship"
                f"{'' if count == 1 else 's'}, {report.total} points"
                + ("" if budget is None else f" (budget {budget})"))

    def opponent_line(self, argument: str) -> tuple[str, bool]:
        """One line on the opponent named (what it is, or why it cannot fight this fleet),
        and whether it can."""
        argument = argument.strip()
        if not argument:
            return "Choose an opponent: a bundled fleet, or a fleet file.", False
        try:
            alone = engage(argument, argument, draft=True)
            if not self.own_check()[0]:
                engage(self.fleet, argument, draft=True)
        except BattleProblem as exc:
            return str(exc), False
        side = alone.a
        count = len(side.ships)
        budget = side.report.fleet.budget
        return (f"{visible(side.name)}: {count} ship{'' if count == 1 else 's'}, "
                f"{side.total} points" + ("" if budget is None else f" (budget {budget})"),
                True)

    def setup(self) -> tuple[Engagement, int, int]:
        """The batch the form describes: the engagement, battles and seed; a
        `ShipyardError` says in one line why it cannot be fought."""
        problem = self.own_check()[0]
        if problem:
            raise BattleProblem(problem)
        opponent = self.value("opponent").strip()
        line, good = self.opponent_line(opponent)
        if not good:
            raise BattleProblem(line)
        number = self.numbers()
        budget = None if not self.value("budget").strip() else self.number("budget", 0)
        draft = self.value("draft") == "yes"
        policies = (self.value("policy-a"), self.value("policy-b"))
        start = Start(*self.asked(number))

        def engaged(draft: bool) -> Engagement:
            return engage(self.fleet, opponent, budget=budget, draft=draft, policies=policies,
                          scenario=start, engine=ENGINE)

        try:
            return engaged(draft), number["runs"], number["seed"]
        except BattleProblem as exc:
            if draft:
                raise
            try:
                engaged(True)
            except BattleProblem:
                raise exc from None
            raise BattleProblem(f"{exc}\n{DRAFT_HINT}") from None

    def chosen(self, shown: BattleOutcome | None) -> tuple[Engagement, int, int, str]:
        """The battle Ctrl+L tells and Ctrl+E draws: battle K of the batch shown, or before
        any, of the batch the form describes; and words saying which."""
        k = self.number("battle", 1)
        if shown is not None:
            engagement, seed, fought = shown.engagement, shown.seed, len(shown.results)
            which = f"Battle {k} of the {fought:,} battles shown (seed {seed})"
        else:
            engagement, fought, seed = self.setup()
            which = f"Battle {k} of a batch of {fought:,} battles with seed {seed} (not fought yet)"
        if k > fought:
            raise BattleProblem(f"Battle no.: the batch has {fought:,} battle"
                                f"{'' if fought == 1 else 's'}")
        return engagement, seed, k, which
