"""Where duels are fought, in every face that fights them: `optimize`, `tournament` and
`compare --duel` take `--geometry` as `duel` does, and leave their output as it was when
it is not given.

The outputs of a tiny tournament, a tiny search and a tiny comparison were pinned
(tests/data/outputs/) before the option came, byte for byte, text (at 120 columns) and
JSON alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from shipyard.commands import terminal
from shipyard.core.protocol import duels_of
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.optimize import stream_seed
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.scenarios import opening, pick
from tests.entry import shipyard

PINNED = Path(__file__).parent / "data" / "outputs"
WIDE = {"COLUMNS": "120"}  # the text outputs were pinned at this width
TOURNAMENT = ("tournament", "sample:lancer", "sample:shade", "sample:stinger", "--runs", "6",
              "--seed", "3")
COMPARE = ("compare", "sample:lancer", "sample:shade", "sample:stinger", "--duel", "4", "--seed",
           "3")
OPTIMIZE = ("optimize", "--budget", "140", "--against", "sample:starter", "--against",
            "sample:zelta-dee", "--generations", "1", "--runs", "2", "--seed", "2", "-o",
            "best.ship.json", "--force")


@pytest.fixture
def wide() -> Iterator[None]:
    """The commands' console 120 columns wide, whatever an earlier test left in the
    environment when it was made (Rich reads COLUMNS once, then keeps it)."""
    saved = terminal.out._width
    terminal.out.width = 120
    try:
        yield
    finally:
        terminal.out._width = saved


@pytest.mark.parametrize("command", [TOURNAMENT, OPTIMIZE, COMPARE],
                         ids=["tournament", "optimize", "compare"])
@pytest.mark.parametrize("suffix", ["txt", "json"])
@pytest.mark.usefixtures("wide")
def test_without_the_option_the_output_is_as_pinned(tmp_path: Path, command: tuple[str, ...],
                                                    suffix: str) -> None:
    ran = shipyard(*command, *(("--json",) if suffix == "json" else ()), cwd=tmp_path,
                   env=WIDE)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == (PINNED / f"{command[0]}.{suffix}").read_text()


@pytest.mark.parametrize("command", [TOURNAMENT, OPTIMIZE], ids=["tournament", "optimize"])
def test_the_default_geometry_asked_by_name_fights_the_same_duels(
        tmp_path: Path, command: tuple[str, ...]) -> None:
    """`--geometry track` is the default said aloud: the same figures, the key added."""
    ran = shipyard(*command, "--json", "--geometry", "track", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data.pop("geometry") == "track"
    assert data == json.loads((PINNED / f"{command[0]}.json").read_text())


def test_a_tournament_on_the_map_fights_the_duels_of_duel_on_the_map() -> None:
    """The first pair plays on the master seed: Lancer against Shade on the map is the
    batch `shipyard duel --geometry map` fights, duel for duel."""
    args = ("--runs", "3", "--seed", "3", "--json", "--geometry", "map")
    ran = shipyard("tournament", "sample:lancer", "sample:shade", *args)
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["geometry"] == "map" and list(data)[4:6] == ["scenario", "geometry"]
    duel = json.loads(shipyard("duel", "sample:lancer", "sample:shade", *args).stdout)
    [row] = [r for r in data["matrix"] if r["a"] == "Lancer"]
    assert [row["wins"], row["draws"], row["losses"]] == [
        duel[k]["count"] for k in ("wins", "draws", "losses")]
    track = json.loads(shipyard("tournament", "sample:lancer", "sample:shade",
                                *args[:-2]).stdout)
    assert "geometry" not in track
    text = shipyard("tournament", "sample:lancer", "sample:shade", *args[:4], "--geometry",
                    "map")
    assert text.stdout.startswith("2 designs, 1 pairs, 3 duels (up to 3 a pair) on the map, "
                                  "seed 3, policy default\n")


def test_an_optimize_run_on_the_map_measures_on_the_map(tmp_path: Path) -> None:
    """The fresh measurement against each opponent is the batch of that stream on the map."""
    search = ("optimize", "--budget", "140", "--against", "sample:zelta-dee", "--generations",
              "1", "--runs", "2", "--seed", "2", "-o", "best.ship.json", "--force")
    ran = shipyard(*search, "--json", "--geometry", "map", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["geometry"] == "map" and list(data)[6:9] == ["scenario", "geometry", "points"]
    best = evaluate(read_design(tmp_path / "best.ship.json"))
    duels = duels_of(best.ruleset)
    for j, record in enumerate(data["opponents"]):
        rival = evaluate(read_design(resolve(record["file"])))
        picked = pick(duels, best.catalog, None, None, None, (None, None))
        assert picked.scenario.as_data() == data["scenario"]
        opened = opening(duels, picked.scenario, best, rival, picked.asked)
        fought = run_batch(Matchup(best, rival, scenario=opened, geometry="map"), 2,
                           stream_seed(2, "measure", j))
        winners = [r.winner for r in fought]
        assert [record["wins"], record["losses"]] == [winners.count(0), winners.count(1)]
    text = shipyard(*search, "--geometry", "map", cwd=tmp_path, env=WIDE)
    assert text.stdout.splitlines()[0] == (
        f"Optimized design for 140 points (The Pentagon War): seed 2, 1 generation(s), "
        f"{data['duels']} duels on the map; written to best.ship.json")


def test_compare_on_the_map_fights_the_tournaments_duels() -> None:
    """`compare --duel` plays the pairs a tournament plays: on the map, the same counts."""
    args = ("--seed", "3", "--json", "--geometry", "map")
    ran = shipyard("compare", "sample:lancer", "sample:shade", "--duel", "3", *args)
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["geometry"] == "map"
    [pair] = data["duels"]
    played = json.loads(shipyard("tournament", "sample:lancer", "sample:shade", "--runs", "3",
                                 *args).stdout)
    [row] = [r for r in played["matrix"] if r["a"] == "Lancer"]
    assert [pair[k]["count"] for k in ("wins", "draws", "losses")] == [
        row["wins"], row["draws"], row["losses"]]
    text = shipyard("compare", "sample:lancer", "sample:shade", "--duel", "3", *args[:2],
                    "--geometry", "map").stdout
    assert "Head to head: 3 duels a pair on the map, seed 3\n" in text


@pytest.mark.parametrize(("command", "asked", "known"), [
    (("tournament", "sample:lancer", "sample:shade"), "hex", "track, map"),
    (("tournament", "sample:valkyrie", "sample:harpy"), "track", "map"),
    (("optimize", "--budget", "140", "--against", "sample:starter"), "hex", "track, map"),
    (("optimize", "--ruleset", "tacship", "--against", "sample:harpy"), "track", "map"),
    (("compare", "sample:lancer", "sample:shade", "--duel", "2"), "hex", "track, map"),
], ids=["tournament", "tournament-tacship", "optimize", "optimize-tacship", "compare"])
def test_an_unknown_geometry_is_duels_own_line_and_exit_2(
        tmp_path: Path, command: tuple[str, ...], asked: str, known: str) -> None:
    output = tmp_path / "x.ship.json"
    wrong = shipyard(*command, "--geometry", asked,
                     *(("--runs", "2") if command[0] != "compare" else ()),
                     *(("-o", output) if command[0] == "optimize" else ()))
    assert (wrong.returncode, wrong.stdout) == (2, "")
    assert wrong.stderr == f"shipyard: unknown geometry {asked!r} (known: {known})\n"
    assert not output.exists()


def test_rulesets_lists_each_games_geometries() -> None:
    """`--geometry`'s help sends the player to `shipyard rulesets`: it names them."""
    lines = shipyard("rulesets").stdout.splitlines()
    game = {line.split(":")[0]: lines[k + 1] for k, line in enumerate(lines)
            if not line.startswith(" ")}
    assert game["pentagon-war"].endswith("; engines fast, reference; geometries track, map")
    assert game["tacship"].endswith("; engines fast, reference; geometries map")
