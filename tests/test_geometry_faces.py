"""Where duels are fought, in every face that fights them: `optimize` and `tournament`
take `--geometry` as `duel` does, and leave their output as it was when it is not given.

The outputs of a tiny tournament and a tiny search were pinned (tests/data/outputs/)
before the option came, byte for byte, text (at 120 columns) and JSON alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.entry import shipyard

PINNED = Path(__file__).parent / "data" / "outputs"
WIDE = {"COLUMNS": "120"}  # the text outputs were pinned at this width
TOURNAMENT = ("tournament", "sample:lancer", "sample:shade", "sample:stinger", "--runs", "6",
              "--seed", "3")
OPTIMIZE = ("optimize", "--budget", "140", "--against", "sample:starter", "--against",
            "sample:zelta-dee", "--generations", "1", "--runs", "2", "--seed", "2", "-o",
            "best.ship.json", "--force")


@pytest.mark.parametrize("command", [TOURNAMENT, OPTIMIZE], ids=["tournament", "optimize"])
@pytest.mark.parametrize("suffix", ["txt", "json"])
def test_without_the_option_the_output_is_as_pinned(tmp_path: Path, command: tuple[str, ...],
                                                    suffix: str) -> None:
    ran = shipyard(*command, *(("--json",) if suffix == "json" else ()), cwd=tmp_path,
                   env=WIDE)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == (PINNED / f"{command[0]}.{suffix}").read_text()
