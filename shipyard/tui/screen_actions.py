"""The designer's commands that open a screen: export, preview, catalog, help, duel,
fleet, compare and optimize. Each hands the screen what it shows of the design
being edited, as it is after every key before the command.
"""

from __future__ import annotations

from pathlib import Path

from textual import work

from shipyard.core.errors import ShipyardError
from shipyard.tui.actions import DIALOG, FileActions


class ScreenActions(FileActions):
    """The screens the designer opens (`FileActions` has the files and the session)."""

    @work(group=DIALOG)
    async def action_export(self) -> None:
        if self.asking_already(DIALOG):
            return
        from shipyard.tui.delivery import hand_over
        from shipyard.tui.screens.export import ExportDialog, export_content

        evaluation = self.session.workbench.evaluation
        request = await self.ask(ExportDialog(evaluation, self.session.path))
        # In a browser the export downloads: no file on the server to overwrite.
        if request is None or not (self.is_web or await self.may_write(request.path)):
            return
        try:
            content = export_content(request, evaluation, self.session.workbench.scenario.budget)
            notice = hand_over(self, request.path, content)
        except ShipyardError as exc:
            self.notify(str(exc), title="Not exported", severity="error")
            return
        self.notify(notice + (" (marked DRAFT)" if request.draft else ""))

    async def may_write(self, path: Path) -> bool:
        """An export never overwrites the design's own file, nor another file unasked."""
        from shipyard.tui.screens.export import may_replace

        if path.exists() and self.session.path is not None and \
                path.resolve() == self.session.path.resolve():
            self.notify(f"{path} is the design's own file: export to another.",
                        title="Not exported", severity="error")
            return False
        return await may_replace(self, path)

    def action_preview(self) -> None:
        from shipyard.tui.screens.preview import PreviewScreen

        self.push_screen(PreviewScreen(self.session.workbench.evaluation,
                                       self.session.workbench.scenario.budget))

    def action_catalog(self) -> None:
        from shipyard.tui.screens.catalog import CatalogScreen

        evaluation = self.session.workbench.evaluation
        self.push_screen(CatalogScreen(evaluation.ruleset, evaluation.catalog))

    def action_help(self) -> None:
        from shipyard.tui.screens.help import HelpScreen, own_bindings

        # A screen with a HELP_TITLE (fleet, compare) lists its own keys; else the designer's.
        top = type(self.screen)
        title = getattr(top, "HELP_TITLE", None)
        designer = type(self.screen_stack[0]) if self.screen_stack else None
        shown = top if isinstance(title, str) else designer
        bindings = own_bindings(type(self)) + (own_bindings(shown) if shown else [])
        if isinstance(title, str):
            self.push_screen(HelpScreen(bindings, None, title))
        else:
            self.push_screen(HelpScreen(bindings, self.form()))

    def lacks(self, part: str) -> bool:
        """True, with a notice, when the design's game has no `part` ("duels", "search")."""
        ruleset = self.session.workbench.evaluation.ruleset
        if getattr(ruleset, part) is not None:
            return False
        words = "duels" if part == "duels" else "design search"
        self.notify(f"{ruleset.title} has no {words}.", title="Not in this game",
                    severity="warning")
        return True

    def action_duel(self) -> None:
        from shipyard.tui.screens.duel import DuelScreen

        if not self.lacks("duels"):
            self.push_screen(DuelScreen(self.session.workbench.evaluation))

    def action_fleet(self) -> None:
        from shipyard.tui.screens.fleet import FleetScreen

        # The fleet adds the design by its file (d), or by sample:NAME while it is the
        # sample unchanged; a design in no file is written into the fleet.
        session = self.session
        changed = session.workbench.changed
        source = str(session.path) if session.path is not None and session.path.exists() \
            else session.title if session.title.startswith("sample:") and not changed \
            else None
        self.push_screen(FleetScreen(session.workbench.evaluation, session.recovery_dir,
                                     source, changed))

    def action_compare(self) -> None:
        from shipyard.tui.screens.compare import CompareScreen

        self.push_screen(CompareScreen(self.session.workbench.evaluation))

    @work(group=DIALOG)
    async def action_optimize(self) -> None:
        if self.asking_already(DIALOG):
            return
        from shipyard.tui.screens.optimize import OptimizeScreen

        if self.lacks("duels") or self.lacks("search"):
            return
        workbench = self.session.workbench
        design = await self.ask(OptimizeScreen(workbench.evaluation,
                                                            workbench.scenario.budget))
        if design is None or not await self.settle_changes("opening the optimized design"):
            return
        self.start_over(design, None, "optimized design", unsaved=True)
