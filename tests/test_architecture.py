"""The architecture holds: layers, no cycles, no face that knows a game, lint and types clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shipyard.services.registry import rulesets

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shipyard"
CORE = ["shipyard.core.catalog_files", "shipyard.core.document", "shipyard.core.drawing",
        "shipyard.core.files", "shipyard.core.issues", "shipyard.core.protocol",
        "shipyard.core.sheet", "shipyard.core.stats", "shipyard.core.dice",
        "shipyard.services.registry", "shipyard.services.samples", "shipyard.services.editing",
        "shipyard.services.batch", "shipyard.services.session", "shipyard.services.duel_setup"]


def test_core_never_imports_a_user_interface() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in CORE)
        + "from shipyard.services.registry import evaluate, read_design, rulesets\n"
        + "from shipyard.services.samples import sample_paths\n"
        + "for path in sample_paths():\n"
        + "    evaluate(read_design(path))\n"
        + "bad = [m for m in ('textual', 'rich', 'typer') if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(name: str, path: Path) -> set[str]:
    """Every shipyard module `name` imports, at any depth of the file."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in out if m.startswith("shipyard")}


def _resolve(target: str, modules: dict[str, Path]) -> str | None:
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def test_the_import_graph_has_no_cycle() -> None:
    modules = _modules()
    edges = {name: {r for t in _imports(name, path) if (r := _resolve(t, modules))
                    and r != name} for name, path in modules.items()}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, trail: list[str]) -> bool:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle.extend([*trail[trail.index(nxt):], node, nxt] if nxt in trail
                             else [node, nxt])
                return True
            if nxt not in state and visit(nxt, [*trail, node]):
                return True
        state[node] = 2
        return False

    for module in sorted(edges):
        if module not in state and visit(module, []):
            break
    assert not cycle, " -> ".join(cycle)


def test_no_module_outside_a_ruleset_names_a_game_or_imports_its_insides() -> None:
    names = set(rulesets())
    packages = {name.replace("-", "_") for name in names}
    words = names | packages
    offenders = []
    for name, path in _modules().items():
        inside = name.split(".")[:3]
        if inside[:2] == ["shipyard", "rulesets"] and len(inside) == 3:
            continue  # a game's own package
        for target in _imports(name, path):
            parts = target.split(".")
            if parts[:2] == ["shipyard", "rulesets"] and len(parts) > 2:
                offenders.append(f"{name} imports {target}")
        text = path.read_text(encoding="utf-8")
        offenders += [f"{name} names {word!r}" for word in words if word in text]
    assert offenders == []


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
    assert "0 broken" in result.stdout


def test_ruff() -> None:
    result = _run(_tool("ruff"), "check", "shipyard", "tests", "benchmarks", "tools")
    assert result.returncode == 0, result.stdout


def test_mypy_strict() -> None:
    result = _run(_tool("mypy"), "--strict", "shipyard")
    assert result.returncode == 0, result.stdout
