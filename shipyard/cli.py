"""The `shipyard` command line: the app, assembled from the commands in `commands/`.

A face on the rules core. Every user-file problem becomes one line on stderr
and exit code 2; illegal designs exit 1 from `validate`; never a traceback.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from shipyard import __version__
from shipyard.commands.audit import audit_command
from shipyard.commands.battle import battle_command
from shipyard.commands.catalog import catalog_command, samples_command, schema_command
from shipyard.commands.compare import compare_command
from shipyard.commands.cost import cost_command, validate_command
from shipyard.commands.designer import design_command, new_command, open_designer
from shipyard.commands.duel import duel_command
from shipyard.commands.export import export_command
from shipyard.commands.fleet import fleet_command
from shipyard.commands.handicap import handicap_command
from shipyard.commands.optimize import optimize_command
from shipyard.commands.reference import rules_command, rulesets_command
from shipyard.commands.serve import serve_command
from shipyard.commands.terminal import EXIT_ILLEGAL, EXIT_UNREADABLE, fail
from shipyard.commands.tournament import tournament_command
from shipyard.commands.warm import warm_command

__all__ = ["EXIT_ILLEGAL", "EXIT_UNREADABLE", "app", "fail", "main"]

app = typer.Typer(
    name="shipyard",
    help="Design, price, print and battle-test spacecraft for tabletop space-combat games.",
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("cost")(cost_command)
app.command("validate")(validate_command)
app.command("catalog")(catalog_command)
app.command("schema")(schema_command)
app.command("samples")(samples_command)
app.command("export")(export_command)
app.command("fleet")(fleet_command)
app.command("compare")(compare_command)
app.command("tournament")(tournament_command)
app.command("optimize")(optimize_command)
app.command("audit")(audit_command)
app.command("duel")(duel_command)
app.command("battle")(battle_command)
app.command("handicap")(handicap_command)
app.command("rules")(rules_command)
app.command("rulesets")(rulesets_command)
app.command("warm")(warm_command)
app.command("design")(design_command)
app.command("new")(new_command)
app.command("serve")(serve_command)


def _version(value: bool) -> None:
    if value:
        print(f"shipyard {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    context: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Design, price, print and battle-test spacecraft for tabletop space-combat games.

    With no command, opens the designer on the starter design.
    """
    if context.invoked_subcommand is None:
        open_designer(None, None)


def main() -> None:
    # User text the terminal cannot show is replaced, never a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    app()
