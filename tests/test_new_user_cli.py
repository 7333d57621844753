"""What a new user ran into: names printed as typed, one bad file among many,
`export -o` and its extension, an empty sheet selection, house catalogs, the
duel summary, help that shows what to type, and README commands that run."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.outcome import Result
from shipyard.core.stats import summarize
from shipyard.services.samples import resolve
from tests.entry import Ran, shipyard

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
ODD_NAME = "[bold]x:fire:"


def run(*args: str | Path, cwd: Path | None = None) -> Ran:
    """The command line, in this process (`tests.entry`): as the real entry point answers."""
    return shipyard(*args, cwd=cwd)


def lancer_data() -> dict[str, object]:
    data: dict[str, object] = json.loads(resolve("sample:lancer").read_text())
    return data


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    """A legal design whose file and design names hold emoji codes and markup."""
    path = tmp_path / "x:fire:.ship.json"
    path.write_text(json.dumps({**lancer_data(), "name": ODD_NAME}))
    return path


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """The bundled catalog with the screen at 25 points instead of 23."""
    folder = tmp_path / "house:fire:"
    shutil.copytree(ROOT / "catalog" / "pentagon-war", folder)
    prices = folder / "prices.toml"
    text = prices.read_text()
    screen = text.index("[screen]")
    end = text.index("price = 23", screen)
    prices.write_text(text[:end] + "price = 25" + text[end + len("price = 23"):])
    return folder


@pytest.fixture
def fleet(tmp_path: Path) -> Path:
    """A folder of designs: three good, two broken, and a file that is no design."""
    folder = tmp_path / "fleet"
    folder.mkdir()
    for name in ("lancer", "hive", "shade"):
        shutil.copy(resolve(f"sample:{name}"), folder / f"{name}.ship.json")
    (folder / "broken.ship.json").write_text("{")
    (folder / "broken2.toml").write_text("schema = \n")
    (folder / "notes.txt").write_text("not a design")
    return folder


# -- 1. names, paths and user strings reach the terminal as typed -----------------

def test_validate_prints_a_sample_name_with_colons_literally() -> None:
    result = run("validate", "sample:hammer")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("sample:hammer: legal (378 points, size class II)\n"
        "  warning systems.fuel_tank: a ramscoop with no fuel tank can never start moving "
        "from rest nor brake: in a duel starting at rest it never moves (R20)\n")


def test_cost_prints_names_literally(odd: Path) -> None:
    hammer = run("cost", "sample:hammer")
    assert "sample:hammer" in hammer.stdout and "\N{HAMMER}" not in hammer.stdout
    result = run("cost", odd)
    assert result.returncode == 0, result.stderr
    assert ODD_NAME in result.stdout
    assert "x:fire:.ship.json" in result.stdout
    assert "\N{FIRE}" not in result.stdout


def test_validate_prints_file_names_literally(odd: Path) -> None:
    result = run("validate", odd)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{odd}: legal (215 points, size class I)\n"


def test_export_text_prints_names_literally(odd: Path) -> None:
    result = run("export", odd, "-f", "text")
    assert result.returncode == 0, result.stderr
    assert ODD_NAME in result.stdout and "\N{FIRE}" not in result.stdout


def test_duel_log_prints_names_literally(odd: Path) -> None:
    result = runner.invoke(app, ["duel", str(odd), "sample:zelta-dee", "--log"])
    assert result.exit_code == 0, result.output
    assert ODD_NAME in result.output and "\N{FIRE}" not in result.output
    table = runner.invoke(app, ["duel", str(odd), "sample:zelta-dee", "--runs", "20"])
    assert f"{ODD_NAME} wins" in table.output and "\N{FIRE}" not in table.output


def test_samples_prints_a_catalog_folder_literally(house: Path) -> None:
    result = run("samples", "--catalog", house)
    assert result.returncode == 0, result.stderr
    assert "house:fire:" in result.stdout and "\N{FIRE}" not in result.stdout
    assert "sample:hammer" in result.stdout


# -- 2. one bad file does not hide the rest -----------------------------------------

GOOD_FILES = ("hive.ship.json", "lancer.ship.json", "shade.ship.json")


def test_validate_reports_every_file_of_a_folder(fleet: Path) -> None:
    result = run("validate", fleet, "sample:zelta-dee")
    assert result.returncode == 2
    *lines, summary = result.stdout.splitlines()
    assert [line.split(": ")[0] for line in lines] == [
        *(str(fleet / name) for name in GOOD_FILES), "sample:zelta-dee"]
    assert summary == "6 files checked: 4 legal, 0 illegal, 2 unreadable"
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"shipyard: {fleet / 'broken.ship.json'}: ")
    assert errors[1].startswith(f"shipyard: {fleet / 'broken2.toml'}: ")


def test_validate_good_broken_other_in_order(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ship.json"
    broken.write_text("{")
    illegal = tmp_path / "rear.ship.json"
    illegal.write_text(json.dumps({"schema": "shipyard.design/1", "name": "Rear",
                                   "systems": {"engine": 1, "fuel_tank": 1},
                                   "armor": {"4": 2}}))
    result = run("validate", "sample:lancer", broken, illegal)
    assert result.returncode == 2  # the worst: unreadable over illegal
    assert result.stdout.startswith("sample:lancer: legal")
    assert f"{illegal}: illegal" in result.stdout
    assert result.stderr.startswith(f"shipyard: {broken}: ")
    only_illegal = run("validate", "sample:lancer", illegal)
    assert only_illegal.returncode == 1


def test_cost_reports_every_file_of_a_folder(fleet: Path) -> None:
    result = run("cost", fleet)
    assert result.returncode == 2
    for total in ("Total 1095 points", "Total 215 points", "Total 210 points"):
        assert total in result.stdout
    assert len(result.stderr.splitlines()) == 2
    assert "broken.ship.json" in result.stderr and "broken2.toml" in result.stderr


def test_cost_json_has_one_entry_per_file(fleet: Path) -> None:
    result = run("cost", "--json", fleet)
    assert result.returncode == 2
    data = json.loads(result.stdout)
    assert [Path(entry["file"]).name for entry in data] == [
        "broken.ship.json", "broken2.toml", *GOOD_FILES]
    assert set(data[0]) == {"file", "error"} and "not valid JSON" in data[0]["error"]
    assert [entry["total"] for entry in data[2:]] == [1095, 215, 210]
    single = run("cost", "--json", fleet / "lancer.ship.json")
    assert json.loads(single.stdout)["total"] == 215  # one file: one object


def test_export_names_every_broken_file_and_writes_nothing(fleet: Path,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "fleet.pdf"
    result = run("export", fleet, "-o", out)
    assert result.returncode == 2
    assert not out.exists()
    assert "broken.ship.json" in result.stderr and "broken2.toml" in result.stderr
    assert "nothing written" in result.stderr
    good = run("export", *(fleet / name for name in GOOD_FILES), "-o", out)
    assert good.returncode == 0, good.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_an_empty_folder_is_one_unreadable_line(tmp_path: Path) -> None:
    result = run("validate", tmp_path)
    assert result.returncode == 2
    assert "no design files" in result.stderr


# -- 3. export -o follows the extension ------------------------------------------------

@pytest.mark.parametrize(("name", "start"), [
    ("lancer.pdf", b"%PDF"), ("lancer.svg", b"<?xml"), ("lancer.ssd.json", b"{"),
    ("lancer.txt", b"Spacecraft Systems Display"), ("lancer.md", b"## Spacecraft"),
])
def test_output_extension_picks_the_format(tmp_path: Path, name: str, start: bytes) -> None:
    out = tmp_path / name
    result = runner.invoke(app, ["export", "sample:lancer", "-o", str(out)])
    assert result.exit_code == 0, result.output
    content = out.read_bytes()
    assert content.startswith(start)
    if name.endswith(".svg"):
        assert b"<svg" in content[:200]


def test_a_contradicting_format_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "lancer.svg"
    result = run("export", "sample:lancer", "-o", out, "-f", "pdf")
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and "svg" in result.stderr
    assert not out.exists()
    agreeing = run("export", "sample:lancer", "-o", out, "-f", "svg")
    assert agreeing.returncode == 0 and out.read_bytes().startswith(b"<?xml")


def test_an_unknown_extension_gets_a_pdf_and_a_note(tmp_path: Path) -> None:
    out = tmp_path / "lancer.sheet"
    result = run("export", "sample:lancer", "-o", out)
    assert result.returncode == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert "pdf" in result.stderr and "lancer.sheet" in result.stderr


# -- 4. a selection of sheets the design does not have --------------------------------

def test_a_base_has_no_acceleration_record(tmp_path: Path) -> None:
    out = tmp_path / "ceres.pdf"
    result = run("export", "sample:ceres-station", "--sheets", "accel", "-o", out)
    assert result.returncode == 2
    assert not out.exists()
    assert "sample:ceres-station" in result.stderr and "accel" in result.stderr
    assert "base" in result.stderr
    text = run("export", "sample:ceres-station", "--sheets", "accel", "-f", "text")
    assert text.returncode == 2 and text.stdout == ""


# -- 5. house rules everywhere --------------------------------------------------------

def test_cost_json_names_a_house_catalog_only(house: Path) -> None:
    bundled = json.loads(run("cost", "--json", "sample:lancer").stdout)
    assert "catalog" not in bundled
    data = json.loads(run("cost", "--json", "sample:lancer", "--catalog", house).stdout)
    assert data["total"] == 215 + 2 * 3
    assert data["catalog"]["bundled"] is False
    assert data["catalog"]["folder"] == str(house.resolve())
    text = run("cost", "sample:lancer", "--catalog", house)
    assert text.stdout.splitlines()[0].startswith("catalog: house rules from ")


def test_export_prices_with_a_house_catalog(house: Path) -> None:
    result = run("export", "sample:lancer", "-f", "ssd-json", "--catalog", house)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["sheet"]["total"] == 221
    bundled = json.loads(run("export", "sample:lancer", "-f", "ssd-json").stdout)
    assert doc["catalog"]["digest"] != bundled["catalog"]["digest"]
    page = run("export", "sample:lancer", "-f", "text", "--catalog", house)
    assert "Points 221" in page.stdout
    assert "house rules" in page.stdout
    assert "house rules" not in run("export", "sample:lancer", "-f", "text").stdout


def test_samples_price_with_a_house_catalog(house: Path) -> None:
    rows = {row["name"]: row for row in
            json.loads(run("samples", "--json", "--catalog", house).stdout)}
    assert rows["lancer"]["total"] == 221
    assert rows["lancer"]["catalog"]["bundled"] is False


def test_duel_uses_a_house_catalog(house: Path) -> None:
    args = ["duel", "sample:lancer", "sample:shade", "--runs", "60", "--json",
            "--catalog", str(house)]
    one = runner.invoke(app, args)
    assert one.exit_code == 0, one.output
    data = json.loads(one.output)
    assert data["catalog"]["folder"] == str(house.resolve())
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert json.loads(two.output) == data
    text = runner.invoke(app, ["duel", "sample:lancer", "sample:shade", "--runs", "20",
                               "--catalog", str(house)])
    assert text.output.startswith("catalog: house rules from ")
    log = runner.invoke(app, ["duel", "sample:lancer", "sample:shade", "--log",
                              "--catalog", str(house)])
    assert log.exit_code == 0 and "house:fire:" in log.output


# -- 7. the duel summary ---------------------------------------------------------------

def test_rare_causes_are_under_one_percent_not_zero() -> None:
    from shipyard.core.stats import share_words

    assert share_words(0.0005) == "<1%"
    assert share_words(0.9995) == ">99%"
    assert share_words(0.5) == "50%"
    assert share_words(1.0) == "100%"


def test_kills_by_cause_are_per_side() -> None:
    results = [Result(0, 3, (5, 1), "laser"), Result(0, 3, (5, 1), "laser"),
               Result(1, 2, (1, 5), "missile"), Result(None, 20, (0, 0), "")]
    summary = summarize(results)
    assert summary.kills_by_side == (2, 1)
    assert summary.kill_causes_by_side == ({"laser": 1.0}, {"missile": 1.0})
    data = summary.as_data()
    assert data["kill_causes"] == pytest.approx({"laser": 2 / 3, "missile": 1 / 3})
    assert data["kill_causes_by_side"] == {"a": {"laser": 1.0}, "b": {"missile": 1.0}}


def test_duel_prints_one_kill_line_per_side() -> None:
    # Both sides kill in some duels; the Lancer's point defense in a handful of them.
    result = runner.invoke(app, ["duel", "sample:lancer", "sample:zelta-dee", "--runs", "1000"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Kills by")]
    assert len(lines) == 2
    assert lines[0].startswith("Kills by cause, Lancer (")
    assert "point defense <1%" in lines[0]
    assert lines[1].startswith("Kills by cause, Zelta Dee (")
    assert " 0%" not in result.output


# -- 8. help shows what a user types ---------------------------------------------------

@pytest.mark.parametrize("command", ["cost", "validate", "export", "duel", "samples",
                                     "catalog", "schema", "design"])
def test_help_shows_what_to_type(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    text = result.output
    for unfinished in ("<bool>", "<list", "<int", "<str>", "<path>", "{files}", "{a}"):
        assert unfinished not in text, (unfinished, text)
    if command in ("cost", "validate", "export"):
        assert "FILE..." in text
        assert re.search(r"--budget\s+N\b", text), text


# -- 9. the README's commands run as written -------------------------------------------

def test_readme_commands_run_as_written() -> None:
    readme = (ROOT / "README.md").read_text()
    assert not re.search(r"(?<![/\w])python benchmarks/", readme)
    for script in re.findall(r"\.venv/bin/python (benchmarks/\w+\.py)", readme):
        assert (ROOT / script).is_file()
    line = next(line for line in readme.splitlines() if "-f text" in line and "#" in line)
    assert "the SSD" not in line and "every sheet" in line


def test_a_fleet_given_where_a_design_belongs_gets_a_pointer(tmp_path: Path) -> None:
    fleet = tmp_path / "home.fleet.json"
    fleet.write_text('{"schema": "shipyard.fleet/1", "ships": [{"design": "sample:lancer"}]}')
    result = CliRunner().invoke(app, ["cost", str(fleet)])
    assert result.exit_code == 2
    assert "this is a fleet file, not a design (shipyard fleet reads it" in result.output


def test_a_refused_duel_cites_each_rule_once(tmp_path: Path) -> None:
    design = tmp_path / "warp.ship.json"
    design.write_text('{"schema": "shipyard.design/1", "name": "Warp", "manned": true,'
                      ' "systems": {"engine": 1, "fuel_tank": 1, "warp_core": 2}}')
    result = CliRunner().invoke(app, ["duel", "sample:lancer", str(design), "--runs", "2"])
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if "warp_core" in line)
    assert line.count("(1.2)") == 1


def test_the_readme_tour_makes_every_file_it_uses() -> None:
    """Each file a tour command reads is in a fresh clone or made by an earlier line."""
    readme = (ROOT / "README.md").read_text()
    tour = readme[readme.index("## A tour"):]
    made: set[str] = set()
    used: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", tour, re.S):
        for line in block.splitlines():
            words = line.split("#")[0].replace("&&", " ").split()
            if not words or words[0] == "dask" or "--scheduler" in words:
                continue
            if words[0] in ("cp", "mkdir"):
                made.add(words[-1].rstrip("/").split("/")[0])
                continue
            outputs = {words[i + 1] for i, w in enumerate(words[:-1])
                       if w in ("-o", "--csv", ">")}
            made |= outputs
            used += [w for w in words[2:] if w not in outputs and "sample:" not in w
                     and re.search(r"\.(json|toml)$|/$", w)]
    assert "my-ship.ship.json" in used and "my-rules/" in used  # the check sees them
    for file in used:
        top = file.rstrip("/").split("/")[0]
        assert top in made or any(ROOT.glob(file.rstrip("/"))), file
