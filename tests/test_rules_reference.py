"""The rules reference ships with the project, and every citation leads into it."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.services.rules_text import index, lookup, rules_file

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [ROOT / "README.md", *(ROOT / "shipyard").rglob("*.py"),
           *(ROOT / "shipyard").rglob("*.tcss"), *(ROOT / "catalog").rglob("*.toml"),
           *(ROOT / "catalog").rglob("*.json"), *(ROOT / "docs").rglob("*.md")]
OUTSIDE = re.compile(r"RULES\.md|seeds?/|\bseed 00\d|shared/")
CITED = re.compile(r"\brules ([RT]\d+|\d+(?:\.\d+)?)\b")


def test_no_shipped_file_cites_a_file_outside_the_repository() -> None:
    offenders = [f"{path.relative_to(ROOT)}: {match.group(0)}" for path in SHIPPED
                 for match in OUTSIDE.finditer(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_every_citation_names_a_section_or_ruling_of_the_reference() -> None:
    known = {key for key, _ in index()}
    cited = {match.group(1).rstrip(".") for path in SHIPPED
             for match in CITED.finditer(path.read_text(encoding="utf-8"))}
    assert cited and cited <= known, sorted(cited - known)


def test_the_reference_has_every_section_and_ruling() -> None:
    known = {key for key, _ in index()}
    wanted = {f"1.{n}" for n in range(1, 7)} | {f"2.{n}" for n in range(1, 10)} \
        | {f"R{n}" for n in range(1, 18)} | {"1", "2", "3", "4"}
    assert wanted <= known
    assert rules_file().is_file()


def test_shipyard_rules_r2_prints_the_rounding_ruling() -> None:
    result = CliRunner().invoke(app, ["rules", "R2"])
    assert result.exit_code == 0
    assert result.output.startswith("### R2 Rounding")
    assert "rounded down" in result.output and "### R3" not in result.output


def test_a_top_section_includes_its_subsections_and_an_unknown_id_is_one_line() -> None:
    text = lookup("1")
    assert "### 1.2 Price list" in text and "### 1.6 Legality" in text
    assert "## 2." not in text
    result = CliRunner().invoke(app, ["rules", "R99"])
    assert result.exit_code == 2
    assert "no section or ruling 'R99'" in result.output
