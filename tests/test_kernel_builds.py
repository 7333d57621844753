"""Compiled engines built once and shared safely (`core.compiled`).

A build is named after the content of its kernel sources, never their times, so another
checkout or install of the same sources loads it; a game of a package of its own has
its kernels hashed too; pruning never removes a build a running process holds; two
installs racing compile a build once; a warming process whose starter has ended leaves
without compiling; and `NUMBA_DISABLE_JIT=1` runs the compiled engines as Python, duel
for duel the same.
"""

from __future__ import annotations

import ast
import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shipyard.core import compiled

ROOT = Path(__file__).resolve().parent.parent


def _copy_kernel_sources(into: Path) -> Path:
    """The files a build of Shipyard is stamped from, copied under `into/shipyard`, with
    file times a year older than the originals."""
    copy = into / "shipyard"
    for path in compiled.kernel_sources():
        target = copy / path.relative_to(compiled.PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
        os.utime(target, (time.time() - 365 * 86_400,) * 2)
    return copy


def test_a_copy_of_the_sources_anywhere_has_the_same_stamp(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    here = compiled.stamp()
    copy = _copy_kernel_sources(tmp_path)
    rule = copy / "rulesets" / "pentagon_war" / "rules" / "pointdefense.py"
    columns = copy / "rulesets" / "tacship" / "fast" / "fields.py"
    assert rule.is_file() and columns.is_file()  # rule functions and column layouts count
    monkeypatch.setattr(compiled, "PACKAGE", copy)
    compiled.stamp.cache_clear()
    try:
        assert compiled.stamp() == here  # other times, other folder: the same build
        (copy / "rulesets" / "pentagon_war" / "pricing.py").write_text("# not a kernel\n")
        compiled.stamp.cache_clear()
        assert compiled.stamp() == here
        rule.write_text(rule.read_text() + "\n# a rule changed\n")
        compiled.stamp.cache_clear()
        changed = compiled.stamp()
        assert changed != here
        columns.write_text(columns.read_text() + "\n")
        compiled.stamp.cache_clear()
        assert compiled.stamp() not in (here, changed)
    finally:
        compiled.stamp.cache_clear()


def _game_package(where: Path, body: str = "") -> Path:
    """A game installed as a package of its own, `racegame`, with one tiny kernel."""
    package = where / "racegame"
    (package / "fast").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "fast" / "__init__.py").write_text("")
    (package / "pricing.py").write_text("PRICE = 1\n")
    (package / "fast" / "kernel.py").write_text(
        "from shipyard.core.compiled import kernel\n\n\n"
        "@kernel\ndef add(a: int, b: int) -> int:\n    return a + b" + body + "\n")
    return package


def test_a_game_of_its_own_package_has_its_kernels_hashed(tmp_path: Path) -> None:
    package = _game_package(tmp_path)
    kernel = package / "fast" / "kernel.py"
    assert compiled.package_root(kernel) == package
    assert kernel in compiled.kernel_sources(package)
    assert compiled.kernel_sources()[0] in compiled.kernel_sources(package)  # Shipyard's too
    first = compiled.stamp(package)
    assert first != compiled.stamp()
    (package / "pricing.py").write_text("PRICE = 2\n")
    compiled.stamp.cache_clear()
    assert compiled.stamp(package) == first  # not compiled into a kernel
    kernel.write_text(kernel.read_text().replace("a + b", "b + a"))
    compiled.stamp.cache_clear()
    assert compiled.stamp(package) != first


def test_kernel_modules_read_only_what_the_stamp_covers() -> None:
    """Every module with kernels or rule functions imports (outside type checking) only
    kernel sources: what is compiled into a kernel is in its build's stamp."""
    covered = {path.resolve() for path in compiled.kernel_sources()}
    checked = 0
    for path in covered:
        tree = ast.parse(path.read_text())
        decorators = {getattr(d, "id", getattr(d, "attr", "")) for node in ast.walk(tree)
                      if isinstance(node, ast.FunctionDef) for d in node.decorator_list}
        if not decorators & {"kernel", "lean_kernel", "inline_kernel", "rule"}:
            continue  # a builder run as Python (tables, state, packing, lineup)
        checked += 1
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("shipyard"):
                module = compiled.PACKAGE.parent / Path(*node.module.split("."))
                targets = [module.with_suffix(".py"), module / "__init__.py"]
                targets += [module / f"{alias.name}.py" for alias in node.names]
                assert any(t.resolve() in covered for t in targets if t.exists()), (
                    f"{path.name} imports {node.module}, which no build stamp covers")
    assert checked >= 20


def _hold_in_another_process(folder: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys, time\n"
         f"handle = open({str(folder / compiled.IN_USE)!r}, 'ab')\n"
         "fcntl.flock(handle, fcntl.LOCK_SH); print('held', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_pruning_spares_a_build_another_process_uses(tmp_path: Path) -> None:
    for day in range(5):  # kernels-0 the least recently used
        folder = tmp_path / f"kernels-{day}"
        (folder / "sub").mkdir(parents=True)
        (folder / "sub" / "code.nbc").write_bytes(b"x")
        os.utime(folder, (1_000_000 + day * 86_400,) * 2)
    (tmp_path / "kernels-file").write_text("not a folder")
    holder = _hold_in_another_process(tmp_path / "kernels-0")
    os.utime(tmp_path / "kernels-0", (1_000_000,) * 2)  # still the least recently used
    try:
        removed = compiled.prune(tmp_path, keep=1)
        assert sorted(p.name for p in removed) == ["kernels-1", "kernels-2", "kernels-3"]
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "kernels-0", "kernels-4", "kernels-file"]
        assert (tmp_path / "kernels-0" / "sub" / "code.nbc").exists()
    finally:
        holder.kill()
        holder.wait()
    assert [p.name for p in compiled.prune(tmp_path, keep=1)] == ["kernels-0"]


def test_this_processs_build_is_marked_in_use_and_kept(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    for day in range(6):
        folder = tmp_path / f"kernels-old{day}"
        folder.mkdir()
        os.utime(folder, (1_000_000 + day,) * 2)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    current = compiled.build_folder()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert current.parent == tmp_path and current.name in names
    # This build's folder, just used, and the three most recently used of the others.
    assert names == sorted([current.name, "kernels-old3", "kernels-old4", "kernels-old5"])
    with open(current / compiled.IN_USE, "ab") as handle, pytest.raises(BlockingIOError):
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # this process holds it
    assert compiled.prune(tmp_path, keep=0) == [tmp_path / f"kernels-old{d}" for d in (5, 4, 3)]
    assert current.is_dir()


RACER = """
import json, sys, time
from shipyard.core import compiled
from racegame.fast.kernel import add
compiled.engine("race", add)
compiled.await_compiling("race")
with compiled.compiling("race", wait=True):
    began = time.perf_counter()
    assert add(1, 2) == 3
    took = time.perf_counter() - began
    compiled.mark_ready("race")
stats = add.stats
print(json.dumps({"folder": str(compiled.build_folder(compiled.package_root(
    compiled.Path(add.py_func.__code__.co_filename)))), "hits": sum(stats.cache_hits.values()),
    "misses": sum(stats.cache_misses.values()), "seconds": took}))
"""


def test_two_installs_racing_compile_a_build_once_and_share_it(tmp_path: Path) -> None:
    """The same game installed twice, side by side, both fighting at once on an empty
    cache: one compiles, the other waits for it and loads its machine code."""
    cache = tmp_path / "cache"
    installs = [tmp_path / "one", tmp_path / "two"]
    _game_package(installs[0])
    shutil.copytree(installs[0], installs[1])
    racers = [subprocess.Popen(
        [sys.executable, "-c", RACER], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(cache),
                        "PYTHONPATH": os.pathsep.join([str(where), str(ROOT)])})
        for where in installs]
    reports = []
    for racer in racers:
        out, err = racer.communicate(timeout=300)
        assert racer.returncode == 0, err
        reports.append(json.loads(out))
    assert reports[0]["folder"] == reports[1]["folder"]  # one build, shared
    assert sorted(r["misses"] for r in reports) == [0, 1]  # compiled once
    assert sorted(r["hits"] for r in reports) == [0, 1]  # and loaded by the other
    assert Path(reports[0]["folder"], "ready-race").is_file()


def test_a_warming_process_leaves_when_its_starter_ends_first(tmp_path: Path) -> None:
    """A designer killed with its terminal: the `shipyard warm` it started, still waiting
    for another process's compile of the same build, ends too, compiling nothing."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    folder = tmp_path / f"kernels-{compiled.stamp()}"
    folder.mkdir()
    with open(folder / "warming-tacship.lock", "ab") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # "another process" compiling Tacship's engine
        starter = subprocess.Popen(
            [sys.executable, "-c",
             "import os, subprocess, sys, time\n"
             "child = subprocess.Popen([sys.executable, '-m', 'shipyard', 'warm', '--ruleset',"
             " 'tacship', '--parent', str(os.getpid())], start_new_session=True,"
             " stdout=subprocess.DEVNULL)\n"
             "print(child.pid, flush=True); time.sleep(60)"],
            env=env, stdout=subprocess.PIPE, text=True)
        assert starter.stdout is not None
        warm = int(starter.stdout.readline())
        time.sleep(0.5)
        assert _alive(warm)  # waiting for the lock
        starter.send_signal(signal.SIGKILL)
        starter.wait()
        limit = time.monotonic() + 20
        while _alive(warm) and time.monotonic() < limit:
            time.sleep(0.1)
        assert not _alive(warm)
    assert not (folder / "ready-tacship").exists()


def _alive(pid: int) -> bool:
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)
        if waited == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split()[2] != "Z"  # a zombie has ended


INTERPRETED = """
import json, sys, types
from pathlib import Path
from shipyard.core import compiled
from shipyard.services import pinned
from shipyard.rulesets.pentagon_war.fast.duel import fight_batch
import shipyard.rulesets.pentagon_war.fast.damage as war_damage
import shipyard.rulesets.tacship.fast.damage as tacship_damage

folder = Path(sys.argv[1])


def shortest(game, count):
    # the quickest kills: interpreted, a Pentagon War duel takes a second a turn or so
    rows = [row for row in pinned.read(folder / f"{game}.tsv") if row.winner is not None]
    return sorted(rows, key=lambda row: (row.turns, row.draws))[:count]


chosen = {"pentagon-war": shortest("pentagon-war", 3), "tacship": shortest("tacship", 8)}
report = {"interpreted": compiled.interpreted(),
          "dispatcher": hasattr(fight_batch, "signatures"),
          "rows": {game: len(rows) for game, rows in chosen.items()},
          "same": {game: len(pinned.check(rows, "fast")) for game, rows in chosen.items()}}
# A loop of the compiled engine changed, and nothing else: its damage loop draws one die
# more for each chart roll (Pentagon War) and each location roll (Tacship).
real = war_damage.dice
war_damage.dice = types.SimpleNamespace(d6=lambda rng: (real.d6(rng), real.d6(rng))[1],
                                        pick=real.pick, roll=real.roll)
die = tacship_damage.die
tacship_damage.die = lambda rng, sides: (die(rng, sides), die(rng, sides))[1]
report["changed"] = {game: len(pinned.check(rows, "fast")) for game, rows in chosen.items()}
print(json.dumps(report))
"""


def test_the_compiled_engines_run_as_python_with_numba_disable_jit(tmp_path: Path) -> None:
    """Interpreted, the compiled engines fight pinned duels as pinned (so they can be
    stepped and measured for coverage), and a loop changed in them alone fails some."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", INTERPRETED,
                           str(ROOT / "tests" / "data" / "duels")],
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["interpreted"] and not report["dispatcher"]  # plain Python, no dispatcher
    assert report["rows"] == {"pentagon-war": 3, "tacship": 8}
    assert report["same"] == {"pentagon-war": 0, "tacship": 0}
    assert report["changed"] == report["rows"]  # every one of them, with a kill, moves
    assert not list(tmp_path.glob("kernels-*/ready-*"))  # nothing claims a compiled build
