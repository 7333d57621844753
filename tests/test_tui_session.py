"""The designer's files: atomic saves, what may be overwritten, autosave and recovery."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shipyard.core.errors import DesignReadError, WriteError
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.editing import bump
from shipyard.services.recovery import recovery_path
from shipyard.services.samples import resolve
from shipyard.services.session import open_session, saves_in_place, suggested_path


def test_a_missing_file_starts_a_new_design_named_after_it(tmp_path: Path) -> None:
    session = open_session(tmp_path / "night-hawk.ship.json", recovery_dir=tmp_path)
    assert session.design.name == "Night Hawk"
    assert session.workbench.changed and session.can_save_in_place
    assert session.workbench.evaluation.sheet.total == 127  # the starter, priced by hand
    assert not (tmp_path / "night-hawk.ship.json").exists()  # written on save only


def test_unreadable_files_are_refused_before_the_designer_starts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ship.json"
    bad.write_text('{"schema": "shipyard.design/1", "systems": {"screen": "many"}')
    with pytest.raises(DesignReadError) as caught:
        open_session(bad, recovery_dir=tmp_path)
    assert str(bad) in str(caught.value)
    with pytest.raises(DesignReadError):
        open_session(tmp_path / "no" / "such" / "folder.ship.json", recovery_dir=tmp_path)


def test_save_is_atomic_and_round_trips(tmp_path: Path) -> None:
    target = tmp_path / "lancer.ship.json"
    session = open_session(Path("sample:lancer"), recovery_dir=tmp_path)
    assert not session.can_save_in_place  # a bundled sample is never overwritten
    session.workbench.apply(bump("systems.screen", 1))
    session.save(target)
    assert read_design(target) == session.design
    assert not session.workbench.changed and session.path == target
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_failed_save_keeps_everything_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "keep.ship.json"
    session = open_session(target, recovery_dir=tmp_path)
    session.save()
    before = target.read_bytes()
    session.workbench.apply(bump("systems.screen", 1))
    blocked = tmp_path / "blocked.ship.json"
    blocked.mkdir()
    (blocked / "inside").write_text("x")  # a folder in the way cannot be replaced
    with pytest.raises(WriteError):
        session.save(blocked)
    assert target.read_bytes() == before
    assert session.workbench.changed and session.path == target
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_save_into_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    session = open_session(None, recovery_dir=tmp_path)
    with pytest.raises(WriteError) as caught:
        session.save(tmp_path / "missing" / "x.ship.json")
    assert "missing" in str(caught.value) and "\n" not in str(caught.value)


def test_only_the_players_json_designs_are_saved_in_place(tmp_path: Path) -> None:
    assert saves_in_place(tmp_path / "a.ship.json")
    assert saves_in_place(tmp_path / "a.json")
    assert not saves_in_place(tmp_path / "a.toml")
    assert not saves_in_place(tmp_path / "a.ssd.json")
    assert not saves_in_place(resolve("sample:lancer"))
    assert not saves_in_place(None)
    session = open_session(Path("sample:hive"), recovery_dir=tmp_path)
    assert suggested_path(session.design, None) == Path("hive.ship.json")


def test_autosave_and_recovery(tmp_path: Path) -> None:
    target = tmp_path / "work.ship.json"
    first = open_session(target, recovery_dir=tmp_path)
    first.save()
    first.workbench.apply(bump("systems.capacitor", 3))  # 127 + 21 = 148
    first.autosave()
    assert first.recovery_file().exists()
    first.end()  # the process stops without saving (its lock goes with it)

    second = open_session(target, recovery_dir=tmp_path)  # as after a crash
    recovery = second.pending_recovery()
    assert recovery is not None and recovery.design == first.design
    second.recover(recovery)
    assert second.workbench.evaluation.sheet.total == 148
    assert second.workbench.undo() and second.workbench.evaluation.sheet.total == 127
    second.workbench.redo()
    second.save()
    assert not second.recovery_file().exists()
    assert open_session(target, recovery_dir=tmp_path).pending_recovery() is None


def test_a_damaged_recovery_file_is_ignored(tmp_path: Path) -> None:
    session = open_session(None, recovery_dir=tmp_path)
    left = recovery_path(tmp_path, session.recovery_key(), "123-abcdef")  # another session's
    left.parent.mkdir(parents=True)
    for content in ("{", json.dumps({"design": {"schema": "nope"}}), "[]", "\x00" * 10):
        left.write_text(content)
        assert session.pending_recovery() is None


def test_the_designer_command_checks_its_file_and_its_terminal(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ship.json"
    bad.write_text("{")
    run = [sys.executable, "-m", "shipyard"]
    env = {**os.environ, "SHIPYARD_STATE_DIR": str(tmp_path)}
    result = subprocess.run([*run, "design", str(bad)], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, env=env, timeout=60)
    assert result.returncode == 2
    assert result.stdout == "" and str(bad) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    for args in ([], ["design", str(tmp_path / "new.ship.json")]):
        result = subprocess.run([*run, *args], capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, env=env, timeout=60)
        assert result.returncode == 2 and "needs a terminal" in result.stderr
    assert not (tmp_path / "new.ship.json").exists()
