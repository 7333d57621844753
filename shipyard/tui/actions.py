"""The designer's commands: files, budget, export, screens and quitting.

Kept apart from `app.py` so that the app stays a small owner of the
session. Every command here is also in the command palette (`COMMANDS`).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from textual import work

from shipyard.core.errors import ShipyardError
from shipyard.core.form import Form
from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import Design
from shipyard.core.visible import visible
from shipyard.services.editing import Change, append
from shipyard.services.fleet_session import FLEET_STATE, FleetSession
from shipyard.services.on_disk import DiskChange
from shipyard.services.registry import read_design, rulesets
from shipyard.services.samples import resolve, sample_name, sample_paths
from shipyard.services.session import (
    NEW_NAME,
    Session,
    design_path,
    fresh_design,
    name_of_file,
    suggested_path,
    why_a_new_name,
)
from shipyard.tui.file_watch import WATCH, design_differs, noticed, save_over
from shipyard.tui.ordered import OrderedInput
from shipyard.tui.recovering import offer
from shipyard.tui.saving import ask_save_path, budget_answer
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog

Command = tuple[str, str, str]

# (title, help, action) for the command palette; the form's list groups add theirs
# ("Add a gun") before the last two.
COMMANDS: tuple[Command, ...] = (
    ("Save", "Save the design (Ctrl+S)", "save"),
    ("Save as…", "Save the design under a new name (F12)", "save_as"),
    ("Open…", "Open a design file or a bundled sample (Ctrl+O)", "open"),
    ("New design", "Start a new design, asking which game if there are several (Ctrl+N)",
     "new"),
    ("Undo", "Undo the last edit (Ctrl+Z)", "undo"),
    ("Redo", "Redo the edit just undone (Ctrl+Y)", "redo"),
    ("Set budget…", "The agreed points budget; over it is an error (Ctrl+B)", "budget"),
    ("Export record sheets…", "PDF, SVG, SSD JSON, text or Markdown (Ctrl+E)", "export"),
    ("Preview record sheet", "The record sheet as text (F2)", "preview"),
    ("Catalog and rulings", "Every price with its provenance, and the rulings (F3)", "catalog"),
    ("Duel…", "Battle-test the design against a sample or a file (F4)", "duel"),
    ("Fleet…", "Ships against a points budget: open, build, save, export the pack (F8)",
     "fleet"),
    ("Compare designs…", "Designs side by side; a head-to-head or a small tournament (F9)",
     "compare"),
    ("Optimize…", "Search for the best design a budget can buy against the samples; open it "
     "as a new design", "optimize"),
    ("Help: designer keys", "Every key of the designer and its fields (F1)", "help"),
    ("Light or dark theme", "Switch between the light and dark themes (Ctrl+T)", "toggle_theme"),
)
LAST_COMMANDS: tuple[Command, ...] = (
    ("Go to the first issue", "Focus the field of the first error or warning", "first_issue"),
    ("Quit", "Leave Shipyard, asking first if there are unsaved changes (Ctrl+Q)", "quit"),
)

DIALOG = "dialog"  # the worker group of the designer's dialogs (one at a time)
SAVE_CHOICES = [("save", "Save"), ("discard", "Discard changes"), ("cancel", "Cancel")]


def fleet_words(fleet: FleetSession) -> str:
    """The fleet as a sentence names it: "The fleet home.fleet.json", "The new fleet"."""
    return f"The fleet {visible(fleet.title)}" if fleet.path is not None else "The new fleet"


def games() -> list[Ruleset]:
    """Every registered ruleset, the default one first (so Enter picks it)."""
    return sorted(rulesets().values(), key=lambda ruleset: not ruleset.default)



class FileActions(OrderedInput):
    """Commands on the session; the app supplies the session and the edit function."""

    session: Session
    leaving = False

    def edit(self, change: Change, path: str | None = None, merge: str | None = None) -> bool:
        raise NotImplementedError

    def design_changed(self) -> None:
        raise NotImplementedError

    def go_to_issue(self, path: str) -> None:
        raise NotImplementedError

    def start_over(self, design: Design, path: Path | None, title: str,
                   unsaved: bool = False, fresh: bool = False) -> None:
        """Work on another design from now on (open, new, optimized), with a fresh history.

        The points budget is the game's: set for one game, it is dropped when the new
        design is of another (whose own budget then applies, Tacship's 30 points).
        `unsaved`: the design is in no file yet (an optimized one) and is marked so.
        `fresh`: a new design, which a further Ctrl+N replaces without asking until edited.
        """
        workbench = self.session.workbench
        before = workbench.evaluation.ruleset
        self.session.discard_recovery()
        self.session.replace(design, path, title, fresh)
        if unsaved:
            self.session.workbench.mark_unsaved()
        after = self.session.workbench.evaluation.ruleset
        budget = workbench.scenario.budget
        if budget is not None and after.name != before.name:
            self.session.workbench.set_scenario(dataclasses.replace(workbench.scenario,
                                                                    budget=None))
            own = after.budget(self.session.workbench.evaluation.catalog)
            self.notify(f"The budget of {budget} points was for {before.title}; "
                        + (f"{after.title} designs are built to {own} points."
                           if own is not None else f"{after.title} designs have none set.")
                        + " Ctrl+B sets another.", title="Budget")
        self.design_changed()

    def form(self) -> Form:
        """The ruleset's designer form for the design being edited."""
        evaluation = self.session.workbench.evaluation
        return evaluation.ruleset.form(evaluation.catalog)

    def commands(self) -> list[Command]:
        """Every command of the palette: (title, help, action)."""
        adds = [(f"Add a {group.noun}", group.command, f"add({group.path!r})")
                for group in self.form().groups()]
        return [*COMMANDS, *adds, *LAST_COMMANDS]

    # Files -----------------------------------------------------------------

    def write(self, path: Path | None = None) -> bool:
        try:
            target = self.session.save(path)
        except ShipyardError as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {target}")
        self.design_changed()
        return True

    async def save(self) -> bool:
        """Save in place when the file is the player's own JSON design, else ask where, and
        say why."""
        if self.session.can_save_in_place:
            return await self.write_own()
        return await self.save_as(why_a_new_name(self.session.path, self.session.title))

    async def save_as(self, why: str = "") -> bool:
        prompt = "File to save the design to (JSON design format):"
        path = await ask_save_path(
            self, "Save as", f"{visible(why)}\n{prompt}" if why else prompt,
            suggested_path(self.session.design, self.session.path), self.session.path,
            design_path)
        if path is None:
            return False
        if self.session.path is not None and path.resolve() == self.session.path.resolve():
            return await self.write_own()
        return self.write(path)

    async def write_own(self) -> bool:
        """Save over the design's own file; if it changed on disk since it was opened or
        saved here, ask first (overwrite, save as, or reload it)."""
        session = self.session
        change = session.look_on_disk()
        if change is not None and session.path is not None:
            return await save_over(self.ask, session.path, change,
                                   design_differs(session, change), self.save_as, self.reload,
                                   self.write)
        return self.write()

    def reload(self, change: DiskChange) -> bool:
        """Take the file as it is on disk (one Ctrl+Z goes back to the design here)."""
        try:
            self.session.reload(change)
        except ShipyardError as exc:
            self.notify(str(exc), title="Not reloaded", severity="error")
            return False
        self.design_changed()
        return True

    def look_at_file(self) -> None:
        """Now and then: has the design's file changed on disk (looked at on a thread)?"""
        session = self.session
        if session.path is None or self.leaving:
            return
        self.run_worker(lambda: self.call_from_thread(self.seen_on_disk,
                                                      session.look_on_disk()),
                        thread=True, group=WATCH, exclusive=True, exit_on_error=False)

    def seen_on_disk(self, change: DiskChange | None) -> None:
        """What the look found: the file as this session knows it, or changed elsewhere."""
        session = self.session
        if change is None or change.digest == session.known or session.path is None \
                or change.path != session.path:
            return
        if session.outside is not None and session.outside.digest == change.digest:
            return  # told already
        differs = design_differs(session, change)
        quiet = len(self.screen_stack) == 1 and not self.workers_busy(DIALOG)
        if quiet and not session.workbench.changed and differs.problem is None \
                and not change.removed and self.reload(change):
            self.notify(noticed(session.path, differs, reloaded=True), title="Reloaded",
                        timeout=8)
            return
        session.outside = change
        self.notify(noticed(session.path, differs, reloaded=False), title="Changed on disk",
                    severity="warning", timeout=12)
        self.design_changed()

    def workers_busy(self, group: str) -> bool:
        return any(worker.group == group and worker.is_running for worker in self.workers)

    @work(group=DIALOG)
    async def action_save(self) -> None:
        if self.asking_already(DIALOG):
            return
        await self.save()

    @work(group=DIALOG)
    async def action_save_as(self) -> None:
        if self.asking_already(DIALOG):
            return
        await self.save_as()

    async def settle_changes(self, doing: str) -> bool:
        """Before leaving the design: save, discard or stay. True to go on."""
        if not self.session.workbench.changed:
            return True
        answer = await self.ask(ChoiceDialog(
            "Unsaved changes", f"{self.session.title} has unsaved changes. Save them before "
            f"{doing}?", SAVE_CHOICES))
        if answer == "save":
            return await self.save()
        return answer == "discard"

    @work(group=DIALOG)
    async def action_open(self) -> None:
        if self.asking_already(DIALOG):
            return
        if not await self.settle_changes("opening another design"):
            return
        names = ", ".join(sample_name(p) for p in sample_paths())
        answer = await self.ask(TextDialog(
            "Open", f"A design file (.ship.json, .toml or .ssd.json) or sample:NAME.\n"
            f"Samples: {names}", placeholder="path/to/design.ship.json"))
        if not answer or not answer.strip():
            return
        argument = answer.strip()
        try:
            design = read_design(resolve(argument))
        except ShipyardError as exc:
            self.notify(str(exc), title="Cannot open", severity="error")
            return
        sample = argument.startswith("sample:")
        self.start_over(design, None if sample else Path(argument).expanduser(), argument)

    @work(group=DIALOG)
    async def action_new(self) -> None:
        if self.asking_already(DIALOG):
            return
        # A design just started and never edited has nothing to lose; started for a new
        # file (`shipyard design NEW.ship.json`), the new one keeps the player's file name.
        untouched = self.session.untouched
        if not untouched and not await self.settle_changes("starting a new design"):
            return
        ruleset = await self.choose_game()
        if ruleset is None:
            return
        path = self.session.path if untouched else None
        kept = path is not None and not path.exists()
        try:
            design = fresh_design(ruleset, name_of_file(path) if kept and path else NEW_NAME)
        except ShipyardError as exc:
            self.notify(str(exc), title="Cannot start a new design", severity="error")
            return
        if kept and path is not None:
            self.start_over(design, path, f"{path} (new)", unsaved=True, fresh=True)
        else:
            self.start_over(design, None, "new design", fresh=True)

    async def choose_game(self) -> Ruleset | None:
        """The game of a new design: asked only when more than one is registered."""
        found = games()
        if len(found) <= 1:
            return found[0] if found else None
        answers = [(str(index), ruleset.title) for index, ruleset in enumerate(found)]
        answer = await self.ask(ChoiceDialog(
            "New design", "Which game is the new design for?",
            [*answers, ("cancel", "Cancel")]))
        if answer is None or not answer.isdigit():
            return None
        return found[int(answer)]

    async def action_quit(self) -> None:
        self.quit_asking()

    @work(group=DIALOG)
    async def quit_asking(self) -> None:
        if self.asking_already(DIALOG):
            return
        if await self.settle_changes("quitting") and await self.settle_fleet():
            self.leaving = True  # no autosave after this: the changes were saved or discarded
            self.session.discard_recovery()
            self.exit()

    async def settle_fleet(self) -> bool:
        """Before quitting with a fleet edited on the fleet screen: save, keep, discard or stay."""
        fleet = getattr(self, FLEET_STATE, None)  # kept by the fleet screen
        if not isinstance(fleet, FleetSession) or not fleet.changed:
            return True
        choices = [("keep", "Keep for next time"), ("discard", "Discard changes"),
                   ("cancel", "Cancel")]
        if fleet.path is not None:
            choices.insert(0, ("save", "Save"))
        answer = await self.ask(ChoiceDialog(
            "Unsaved fleet", f"{fleet_words(fleet)} has unsaved changes. Kept, they are "
            "offered back the next time you open it.", choices))
        if answer == "save":
            try:
                fleet.save()
            except ShipyardError as exc:
                self.notify(str(exc), title="Cannot save the fleet", severity="error")
                return False
        elif answer == "discard":
            fleet.discard_recovery()
        return answer in ("save", "keep", "discard")

    @work(group=DIALOG)
    async def offer_recovery(self) -> None:
        if self.asking_already(DIALOG):
            return
        if await offer(self, self.session):
            self.design_changed()

    # Design-wide settings -----------------------------------------------

    @work(group=DIALOG)
    async def action_budget(self) -> None:
        if self.asking_already(DIALOG):
            return
        workbench = self.session.workbench
        current = workbench.scenario.budget
        answer = await self.ask(TextDialog(
            "Budget", "Agreed points budget (leave empty for none):",
            "" if current is None else str(current), placeholder="e.g. 300"))
        if answer is None:
            return
        try:
            budget = budget_answer(answer)
        except ValueError as exc:
            stays = f"{current} points" if current is not None else "unset"
            self.notify(f"{exc}: the budget stays {stays}.", title="Budget not changed",
                        severity="error")
            return
        workbench.set_scenario(dataclasses.replace(workbench.scenario, budget=budget))
        self.design_changed()

    def action_add(self, group: str) -> None:
        found = self.form().group(group)
        if found is not None:
            self.edit(append(found.path, dict(found.new)))

    def action_first_issue(self) -> None:
        issues = sorted(self.session.workbench.evaluation.issues,
                        key=lambda i: i.severity != "error")
        if issues:
            self.go_to_issue(issues[0].path)
        else:
            self.notify("No issues: the design is legal.")
