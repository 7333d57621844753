"""Seeded duel results are a public contract: `shipyard duel A B --runs N --seed S` gives
these counts on every engine, every machine and any worker count.

Pinned once when every engine came to draw from the one counter-based generator
(`core.dice`); change them only with a rule or pilot change, and say so. Valkyrie
against Hawk was pinned again (190 / 0 / 10 before) when Tacship pilots came to
launch missiles only where the target cannot escape them, and again (162 / 0 / 38,
9.22 and 8.21 dealt, before) when they came to launch wherever a missile's expected
damage against the target's best reply beats holding it, and again (173 / 0 / 27
before) when pilots carrying a missile came to stand off in front of the target.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from shipyard.cli import app

PINNED = [  # (a, b, wins, draws, losses, mean damage dealt by a and by b, scenario options)
    # Re-pinned when radar invisibility came to need the radar off and to end on
    # firing, launching, ECM or ECCM (R22): the Shade now hides only with its radar off,
    # so neither craft locks on those turns; captains buy ECM and ECCM only where they
    # can pay off, fire no volley the target's screens stop at the best rolls, and weigh
    # the fire they would take closing in (was 121, 79, 0, 13.79, 22.935). Both engines
    # give these figures. Issue 29: Pentagon War duels start in the "meeting" scenario by
    # default and damage dealt counts what got past the screens, so this row names the
    # scenario it was pinned in (the old default: at rest 30 hexes apart, 20 turns, now
    # the "standoff" preset); its damage was 26.025, 16.065 with the screens' share
    # counted in. Re-pinned (was 90, 110, 0, 7.245, 7.625) when captains came to run only
    # from an enemy they can outrun, to crash-accelerate, to launch and fire limited
    # ammunition before dying with it, and to spend a turn's last power.
    ("lancer", "shade", 106, 92, 2, 7.515, 7.165, ("--scenario", "standoff", "--turns", "20")),
    # Tacship's default "meeting" preset is the old default start (head-on, speed 4 each).
    # Re-pinned when pilots came to launch a missile whose expected damage against the
    # target's best reply beats holding it (was 162, 0, 38, 9.22, 8.21), and again when
    # pilots carrying a missile came to stand off in front of the target (was 173, 0,
    # 27, 9.44, 7.57): the Valkyrie, two missiles aboard, holds its range for a launch
    # while the Hawk, its one missile spent on turn 1, closes to its guns.
    ("valkyrie", "hawk", 51, 0, 149, 7.24, 10.0, ()),
]


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize(("a", "b", "wins", "draws", "losses", "dealt_a", "dealt_b", "options"),
                         PINNED)
def test_seeded_duels_keep_their_results(engine: str, a: str, b: str, wins: int, draws: int,
                                         losses: int, dealt_a: float, dealt_b: float,
                                         options: tuple[str, ...]) -> None:
    args = ["duel", f"sample:{a}", f"sample:{b}", "--runs", "200", "--seed", "1", "--json",
            "--engine", engine, *options]
    # Any worker count gives the same duels; the reference engine's pool of processes is
    # held to it in tests/test_engine_batch.py, so it is asked for one here.
    for workers in ("1", "2") if engine == "fast" else ("1",):
        result = CliRunner().invoke(app, [*args, "--workers", workers])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert [data[k]["count"] for k in ("wins", "draws", "losses")] == [wins, draws, losses]
        assert data["mean_damage_dealt"] == {"a": dealt_a, "b": dealt_b}
