"""Known duels kept as data (`tests/data/duels/`, `shipyard.services.pinned`): every engine
of every registered game fights each pinned duel as it was pinned.

The compiled engines fight every row; the reference engine, the rules' readable
statement that pinned them, a tenth of the matchups in each run. A rule changed in its
rule function or in the loop of either engine moves some of these duels: the rows are
then pinned again (`make pin-duels`) and the change says which moved and why.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from shipyard.services import pinned
from shipyard.services.registry import ruleset_names

FOLDER = Path(__file__).resolve().parent / "data" / "duels"
GAMES = [game for game in ruleset_names() if "reference" in pinned.engines(game)]


@cache
def rows(game: str) -> tuple[pinned.Pinned, ...]:
    return tuple(pinned.read(FOLDER / f"{game}.tsv"))


def test_every_game_with_duels_has_pinned_duels() -> None:
    assert {"pentagon-war", "tacship"} <= set(GAMES)
    assert sorted(path.stem for path in FOLDER.glob("*.tsv")) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_file_holds_every_duel_of_the_game_and_no_other(game: str) -> None:
    # Every pair of samples, each against itself too, under each captain, in three
    # scenarios: a new sample or captain needs the file pinned again.
    assert [row.setup for row in rows(game)] == list(pinned.setups(game))
    assert len({row.setup.seed for row in rows(game)}) == len(rows(game))  # no seed twice
    assert {row.winner for row in rows(game)} == {0, 1, None}  # wins both ways and draws


@pytest.mark.parametrize("game", GAMES)
def test_the_default_engine_fights_every_pinned_duel(game: str) -> None:
    engine = pinned.engines(game)[0]
    mismatches = pinned.check(rows(game), engine)
    assert not mismatches, f"{len(mismatches)} of {len(rows(game))}; first: {mismatches[0]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_engine_fights_a_tenth_of_the_pinned_duels(game: str) -> None:
    chosen = pinned.every_kth(rows(game), 10, offset=3)
    assert len(chosen) >= len(rows(game)) // 12
    mismatches = pinned.check(chosen, "reference")
    assert not mismatches, f"{len(mismatches)} of {len(chosen)}; first: {mismatches[0]}"


def test_a_changed_rule_function_fails_pinned_duels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Point defense's kill number one lower (2.5): the reference engine, which calls the
    rule function as Python, fights some pinned duels otherwise."""
    from shipyard.rulesets.pentagon_war.engine import pointdefense

    real = pointdefense.rules.kill_number
    monkeypatch.setattr(pointdefense.rules, "kill_number",
                        lambda f, unused, size: real(f, unused, size) - 1)
    chosen = pinned.every_kth(rows("pentagon-war"), 10, offset=3)
    assert pinned.check(chosen, "reference")


def test_a_changed_loop_of_the_reference_engine_fails_pinned_duels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Tacship's location die rolled one face short in the reference's damage loop."""
    # The battle loop imports `die` by name: imported first, it keeps the real one.
    from shipyard.rulesets.tacship.engine import battle, fire

    assert battle.die is fire.die

    real = fire.die
    monkeypatch.setattr(fire, "die", lambda dice, sides: real(dice, max(1, sides - 1)))
    chosen = pinned.every_kth(rows("tacship"), 10, offset=3)
    assert pinned.check(chosen, "reference")
    assert battle.die is real


def test_the_file_round_trips(tmp_path: Path) -> None:
    some = rows("tacship")[:5]
    pinned.write(some, tmp_path / "tacship.tsv", "tacship")
    assert tuple(pinned.read(tmp_path / "tacship.tsv")) == some
    (tmp_path / "bad.tsv").write_text("not\ta\theader\n")
    with pytest.raises(ValueError, match="not a pinned-duels file"):
        pinned.read(tmp_path / "bad.tsv")
