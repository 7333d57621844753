"""The rules core stays free of user interfaces; the code stays lint and type clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ["shipyard.catalog", "shipyard.design", "shipyard.pricing", "shipyard.legality",
        "shipyard.rulesets", "shipyard.report", "shipyard.samples", "shipyard.editing",
        "shipyard.ssd.document", "shipyard.ssd.layout", "shipyard.margin",
        "shipyard.price_list", "shipyard.engine.batch", "shipyard.tui.session",
        "shipyard.tui.duel_setup"]


def test_core_never_imports_a_user_interface() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in CORE)
        + "from shipyard.rulesets import evaluate\n"
        + "from shipyard.samples import sample_paths\n"
        + "from shipyard.design import read_design\n"
        + "evaluate(read_design(sample_paths()[0]))\n"
        + "bad = [m for m in ('textual', 'rich', 'typer') if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: install the test extra ('.[test]')")
    return found


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_import_contracts() -> None:
    result = _run(_tool("lint-imports"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff() -> None:
    result = _run(_tool("ruff"), "check", "shipyard", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout


def test_mypy_strict() -> None:
    result = _run(_tool("mypy"), "--strict", "shipyard")
    assert result.returncode == 0, result.stdout
