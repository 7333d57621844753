"""The `shipyard` command through its real entry point, one test per exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from shipyard.services.samples import sample_paths
from tests.entry import Ran, shipyard

SAMPLES = {p.name.removesuffix(".ship.json"): p for p in sample_paths()}
GOOD = {"schema": "shipyard.design/1", "name": "Probe",
        "systems": {"engine": 1, "fuel_tank": 1}, "radar": [2]}


def run(*args: str | Path) -> Ran:
    """The command line, in this process (`tests.entry`): as the real entry point answers."""
    return shipyard(*args)


def one_clear_line(result: Ran | subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0]


def test_cost_json_one_file_is_an_object() -> None:
    result = run("cost", "--json", SAMPLES["lancer"])
    assert result.returncode == 0
    data = json.loads(result.stdout)
    # Lancer, worked by hand in test_samples.py: 431/2 -> 215, class I.
    assert data["total"] == 215
    assert data["exact_total"] == "431/2"
    assert data["size_class"] == 1
    for key in ("free_hull", "hull_boxes", "free_final_damage", "final_damage_boxes", "boxes",
                "non_radar_boxes", "mass_points", "mass_class", "mass_class_exact",
                "radar_rating", "lines", "issues"):
        assert key in data
    assert data["boxes"] == 35  # 30 non-radar + radar 4-3-2-1-0
    assert data["radar_rating"] == 4


def test_cost_json_several_files_is_an_array_in_order() -> None:
    result = run("cost", "--json", SAMPLES["shade"], SAMPLES["hive"])
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert [d["total"] for d in data] == [210, 1095]


def test_cost_table() -> None:
    result = run("cost", SAMPLES["hammer"])
    assert result.returncode == 0
    assert "Total 378 points" in result.stdout
    assert "Liquid metal gun" in result.stdout


def test_sample_names() -> None:
    result = run("cost", "--json", "sample:zelta-dee")
    assert json.loads(result.stdout)["exact_total"] == "271/2"
    one_clear_line(run("cost", "sample:nothing"), "sample:nothing", "no bundled sample")


def test_validate_legal_exits_0_and_shows_warnings(tmp_path: Path) -> None:
    path = tmp_path / "slow.ship.json"
    path.write_text(json.dumps({**GOOD, "systems": {"engine": 1, "fuel_tank": 1,
                                                    "cargo": 100}}))
    result = run("validate", path)
    assert result.returncode == 0
    assert "legal" in result.stdout
    assert "slow-acceleration" in result.stdout or "slower than standard" in result.stdout


def test_validate_every_sample() -> None:
    result = run("validate", *SAMPLES.values())
    assert result.returncode == 0, result.stdout


def test_validate_illegal_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "rear.ship.json"
    path.write_text(json.dumps({**GOOD, "armor": {"4": 2}}))
    result = run("validate", "--json", path)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False
    assert {(i["code"], i["path"], i["rule"]) for i in data["issues"]} >= {
        ("rear-armor", "armor.4", "R11")}


def test_validate_budget_exits_1() -> None:
    assert run("validate", "--budget", "215", SAMPLES["lancer"]).returncode == 0
    result = run("validate", "--budget", "214", SAMPLES["lancer"])
    assert result.returncode == 1
    assert "over the budget" in result.stdout


def test_toml_design_is_read(tmp_path: Path) -> None:
    path = tmp_path / "probe.toml"
    path.write_text('schema = "shipyard.design/1"\nname = "Probe"\n'
                    '[systems]\nengine = 1\nfuel_tank = 1\n[armor]\n"1" = 2\n')
    result = run("cost", "--json", path)
    assert result.returncode == 0
    assert json.loads(result.stdout)["total"] == 5 + 3 + 9


BAD = [
    ("garbage.ship.json", b"\x89PNG\r\n\x1a\n\x00\x00garbage", "binary"),
    ("empty.ship.json", b"", "empty"),
    ("blank.ship.json", b"  \n\t\n", "empty"),
    ("truncated.ship.json", b'{"schema": "shipyard.design/1", "systems": {"screen": 4',
     "not valid JSON"),
    ("latin1.ship.json", "{\"name\": \"Caf\xe9\"}".encode("latin-1"), "UTF-8"),
    ("list.ship.json", b"[1, 2, 3]", "object"),
    ("tag.ship.json", b'{"schema": "shipyard.design/9"}', "schema"),
    ("notag.ship.json", b'{"name": "x"}', "schema"),
    ("types.ship.json", b'{"schema": "shipyard.design/1", "systems": {"screen": "four"}}',
     "systems.screen"),
    ("bool.ship.json", b'{"schema": "shipyard.design/1", "manned": "yes"}', "manned"),
    ("field.ship.json", b'{"schema": "shipyard.design/1", "warp_drive": 1}', "warp_drive"),
    ("nested.ship.json", b'{"schema": "shipyard.design/1", "weapons": [{"type": "laser", '
     b'"arcs": ["RF"], "colour": "red"}]}', "weapons[0].colour"),
    ("nan.ship.json", b'{"schema": "shipyard.design/1", "systems": {"screen": NaN}}', "NaN"),
    ("dup.ship.json", b'{"schema": "shipyard.design/1", "name": "a", "name": "b"}',
     "duplicate"),
    ("deep.ship.json", b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    ("huge.ship.json", b'{"schema": "shipyard.design/1", "systems": {"screen": '
     + b"9" * 5000 + b"}}", "not valid JSON"),
    ("bad.toml", b"schema = \n", "not valid TOML"),
    ("ruleset.ship.json", b'{"schema": "shipyard.design/1", "ruleset": "chess"}', "ruleset"),
]


@pytest.mark.parametrize(("name", "content", "word"), BAD, ids=[b[0] for b in BAD])
@pytest.mark.parametrize("command", ["cost", "validate"])
def test_unreadable_exits_2_with_one_line(tmp_path: Path, command: str, name: str,
                                          content: bytes, word: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    one_clear_line(run(command, path), name, word)


def test_missing_file_exits_2(tmp_path: Path) -> None:
    one_clear_line(run("validate", tmp_path / "nope.ship.json"), "nope.ship.json", "no such file")


def test_folder_exits_2(tmp_path: Path) -> None:
    one_clear_line(run("cost", tmp_path), "folder")


def test_one_bad_file_among_good_ones_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ship.json"
    bad.write_text("{")
    result = run("cost", SAMPLES["lancer"], bad, SAMPLES["shade"])
    assert result.returncode == 2
    assert "Total 215 points" in result.stdout and "Total 210 points" in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"shipyard: {bad}: ")


def test_catalog_lists_prices_with_provenance() -> None:
    result = run("catalog", "--json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    by_key = {(e["section"], e["key"]): e for e in data["entries"]}
    assert by_key[("price", "screen")]["price"] == "23"
    assert by_key[("price", "magnascoop")]["rule"] == "R6"
    assert by_key[("arcs", "multiplier")]["1"] == "3/4"
    assert by_key[("arcs", "multiplier")]["source"] == "reconstructed"
    assert set(data["rulings"]) == {f"R{n}" for n in range(1, 25)}
    table = run("catalog")
    assert table.returncode == 0 and "Proton cannon" in table.stdout


def test_schema_describes_the_design_format() -> None:
    result = run("schema")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "shipyard.design/1"
    assert {"schema", "systems", "armor", "radar", "weapons", "guns", "drones",
            "options"} <= set(schema["properties"])
    assert run("schema", "spaceship").returncode == 2


def test_samples_command_lists_every_sample() -> None:
    result = run("samples", "--json")
    assert result.returncode == 0
    assert {row["name"] for row in json.loads(result.stdout)} == set(SAMPLES)


def test_brackets_in_user_text_are_printed_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "ship [v2].ship.json"
    path.write_text(json.dumps({**GOOD, "name": "[/red] oops",
                                "systems": {"engine": 1, "fuel_tank": 1, "[/b]": 1},
                                "weapons": [{"type": "[/x]", "arcs": ["[/y]"]}]}))
    for command in ("cost", "validate"):
        result = run(command, path)
        assert "Traceback" not in result.stderr
        assert "[/red] oops" in result.stdout or command == "validate"
        assert "ship [v2].ship.json" in result.stdout
    assert run("validate", path).returncode == 1


def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    import os

    pipe = tmp_path / "pipe.ship.json"
    os.mkfifo(pipe)
    one_clear_line(run("validate", pipe), "pipe.ship.json", "not a regular file")


def test_absurd_numbers_and_lists_are_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.ship.json"
    big.write_text('{"schema": "shipyard.design/1", "systems": {"screen": ' + "9" * 4000 + "}}")
    one_clear_line(run("cost", big), "systems.screen", "out of range")
    long = tmp_path / "long.ship.json"
    long.write_text(json.dumps({**GOOD, "radar": [1] * 5000}))
    one_clear_line(run("validate", long), "radar", "too many")


def test_text_the_terminal_cannot_show_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "odd.ship.json"
    path.write_text('{"schema": "shipyard.design/1", "name": "Caf\\u00e9 \\ud800"}')
    result = subprocess.run([sys.executable, "-m", "shipyard", "cost", str(path)],
                            capture_output=True, text=True, timeout=60,
                            env={**__import__("os").environ, "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert "Caf? \\ud800" in result.stdout  # a lone surrogate is shown as its escape
