"""Names made of any code points (surrogates, controls, bidi characters included) go
through cost, validate, export in every format and fleet: never a traceback, never a
raw control character on the terminal, and valid text round-trips through SSD JSON."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from shipyard.cli import app
from shipyard.services.samples import resolve

runner = CliRunner()
HOSTILE = ["\x1b", "\x1b[2J", "\n", "\r", "\x00", "\x7f", "\x9b", "\u202e", "\u2066", "\u200f",
           "\u2028", "\ud800", "\udfff", "\ufffe", "\U0010ffff", "\u200d", "龍", "Ж", "é"]
names = st.lists(st.one_of(st.characters(exclude_categories=()), st.sampled_from(HOSTILE)),
                 max_size=12).map("".join)
samples = st.sampled_from(["lancer", "valkyrie"])
# What a terminal would act on: C0 and C1 controls other than newline, bidi controls.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def valid(text: str) -> bool:
    """Text UTF-8 can carry (no lone surrogate)."""
    return not any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def write_design(folder: Path, sample: str, name: str) -> Path:
    data = json.loads(resolve(f"sample:{sample}").read_text())
    path = folder / "fuzz.ship.json"
    path.write_text(json.dumps({**data, "name": name}))  # escapes keep the file UTF-8
    return path


def finished(result: Result, codes: tuple[int, ...] = (0, 1)) -> None:
    """No traceback: the command ended with one of its own exit codes."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code in codes, result.output
    assert not RAW.search(result.stdout), repr(result.stdout)
    assert not RAW.search(result.stderr), repr(result.stderr)


@settings(max_examples=25)
@given(name=names, sample=samples)
def test_cost_and_validate_take_any_name(name: str, sample: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_design(Path(folder), sample, name)
        for command in (["cost"], ["validate"], ["cost", "--json"]):
            finished(runner.invoke(app, [*command, str(path)]))
        data = json.loads(runner.invoke(app, ["cost", "--json", str(path)]).stdout)
        # JSON keeps the exact text of the file, surrogates escaped (a lone surrogate stays
        # one; two written side by side are one character in JSON, as the file holds it).
        assert data["name"] == json.loads(json.dumps(name))


@settings(max_examples=10)
@given(name=names, sample=samples, fmt=st.sampled_from(["text", "md", "svg", "ssd-json"]))
def test_export_to_the_terminal_takes_any_name(name: str, sample: str, fmt: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_design(Path(folder), sample, name)
        result = runner.invoke(app, ["export", str(path), "-f", fmt])
        finished(result, (0,))
        if fmt == "ssd-json" and valid(name):
            # The SSD document reads back as the same design, name and all.
            again = Path(folder) / "again.ssd.json"
            again.write_text(result.stdout, encoding="utf-8")
            data = json.loads(runner.invoke(app, ["cost", "--json", str(again)]).stdout)
            assert data["name"] == name


@settings(max_examples=6)
@given(name=names, sample=samples)
def test_export_to_a_pdf_takes_any_name(name: str, sample: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_design(Path(folder), sample, name)
        out = Path(folder) / "x.pdf"
        finished(runner.invoke(app, ["export", str(path), "-o", str(out)]), (0,))
        assert out.read_bytes().startswith(b"%PDF")


@settings(max_examples=10)
@given(fleet_name=names, ship=names, fmt=st.sampled_from(["text", "ssd-json", "pdf"]))
def test_fleet_takes_any_fleet_and_ship_name(fleet_name: str, ship: str, fmt: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.fleet.json"
        path.write_text(json.dumps({"schema": "shipyard.fleet/1", "name": fleet_name,
                                    "ships": [{"design": "sample:lancer", "names": [ship]}]}))
        finished(runner.invoke(app, ["fleet", str(path)]))
        data = json.loads(runner.invoke(app, ["fleet", "--json", str(path)]).stdout)
        # As the file holds them: two surrogates side by side are one character in JSON.
        assert data["name"] == json.loads(json.dumps(fleet_name))
        assert data["ships"][0]["name"] == json.loads(json.dumps(ship))
        out = ["-o", str(Path(folder) / "pack.pdf")] if fmt == "pdf" else ["-f", fmt]
        finished(runner.invoke(app, ["export", str(path), *out]), (0,))
