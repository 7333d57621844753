"""Names in any script come out as written in every format; control and bidi characters
never reach the terminal raw; JSON keeps the exact text."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.drawing import text_width
from shipyard.core.lettering import face_of, runs
from shipyard.core.visible import visible
from shipyard.services.samples import resolve

runner = CliRunner()
WORLD = "Корабль Zürich € 龍 Ελλάδα 한국 ひらがな"
HOSTILE = "Esc\x1b[31mRED\nnext\u202eevil\x9b2J\u2066x\x07"
# Bytes a terminal would act on: C0 and C1 controls other than the newlines of the layout,
# and the bidi embeddings, overrides, isolates and marks.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def design(tmp_path: Path, name: str, sample: str = "lancer") -> Path:
    data = json.loads(resolve(f"sample:{sample}").read_text())
    path = tmp_path / f"{sample}.ship.json"
    path.write_text(json.dumps({**data, "name": name}))
    return path


def fleet(tmp_path: Path, name: str, ship: str) -> Path:
    path = tmp_path / "f.fleet.json"
    path.write_text(json.dumps({"schema": "shipyard.fleet/1", "name": name, "ships": [
        {"design": "sample:lancer", "names": [ship]}]}), encoding="utf-8")
    return path


# -- the helper ------------------------------------------------------------------------

def test_visible_escapes_controls_bidi_and_surrogates_only() -> None:
    assert visible(WORLD) == WORLD
    assert visible("a\x1b[31m\n\t\x7f\x9b") == "a\\x1b[31m\\n\\t\\x7f\\x9b"
    assert visible("\u202eabc\u2066\u200f") == "\\u202eabc\\u2066\\u200f"
    assert visible("\ud800 \ufffe \U0010ffff") == "\\ud800 \\ufffe \\U0010ffff"
    # A joiner, a no-break space and an emoji are text: kept as written.
    assert visible("\U0001f468\u200d\U0001f680\u00a0\u3000") == \
        "\U0001f468\u200d\U0001f680\u00a0\u3000"


# -- every format ---------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "md", "svg"])
def test_text_formats_print_any_script_as_written(tmp_path: Path, fmt: str) -> None:
    result = runner.invoke(app, ["export", str(design(tmp_path, WORLD)), "-f", fmt])
    assert result.exit_code == 0, result.output
    assert WORLD in result.stdout
    assert "?" not in result.stdout.split(WORLD)[0][-3:]


def test_ssd_json_keeps_the_exact_name(tmp_path: Path) -> None:
    name = WORLD + HOSTILE
    result = runner.invoke(app, ["export", str(design(tmp_path, name)), "-f", "ssd-json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == name
    assert not RAW.search(result.stdout)


def pdf_text(path: Path) -> str:
    return PdfReader(io.BytesIO(path.read_bytes())).pages[0].extract_text()


def test_pdf_embeds_fonts_that_draw_every_script(tmp_path: Path) -> None:
    out = tmp_path / "world.pdf"
    result = runner.invoke(app, ["export", str(design(tmp_path, WORLD)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert WORLD in pdf_text(out)
    fonts = {str(font["/BaseFont"]) for page in PdfReader(out).pages
             for font in page["/Resources"]["/Font"].values()}
    assert any("Liberation" in font for font in fonts), fonts
    assert any("Droid" in font for font in fonts), fonts


def test_a_character_no_font_has_is_drawn_as_its_code_not_a_question_mark(
        tmp_path: Path) -> None:
    out = tmp_path / "rocket.pdf"
    result = runner.invoke(app, ["export", str(design(tmp_path, "Ship \U0001f680 One")),
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    first_line = pdf_text(out).splitlines()[0]
    assert "?" not in first_line
    assert first_line.startswith("Ship") and "1F6" in first_line and "80" in first_line


def test_each_script_has_a_face() -> None:
    for char in "AzéЖλ€":
        assert face_of(char) == "sans", char
    for char in "龍한ひカ":
        assert face_of(char) == "cjk", char
    assert face_of("\U0001f680") is None
    assert [run.face for run in runs("Ab龍c")] == ["sans", "cjk", "sans"]


def test_latin_widths_are_helveticas() -> None:
    # Helvetica's widths, in thousandths of an em: L 556, a 556, n 556, c 500, e 556,
    # r 333; 3057 in all, at 10 points of 25.4/72 mm.
    assert text_width("Lancer", 10) == pytest.approx(3057 * 10 * 25.4 / 72 / 1000)
    # An ideograph is one em wide; an invisible joiner takes no room.
    assert text_width("龍", 10) == pytest.approx(10 * 25.4 / 72)
    assert text_width("a\u200db", 10) == text_width("ab", 10)


# -- the terminal ---------------------------------------------------------------------

def clean(output: str) -> None:
    assert not RAW.search(output), repr(output)


def test_cost_and_validate_show_control_characters_as_escapes(tmp_path: Path) -> None:
    path = design(tmp_path, HOSTILE)
    result = runner.invoke(app, ["cost", str(path)])
    assert result.exit_code == 0, result.output
    clean(result.output)
    assert "Esc\\x1b[31mRED\\nnext\\u202eevil\\x9b2J\\u2066x\\x07" in result.output
    named = path.rename(tmp_path / "a\nb\x1b[2J.ship.json")
    result = runner.invoke(app, ["validate", str(named), str(named)])
    assert result.exit_code == 0, result.output
    clean(result.output)
    # A newline in a file name never breaks the one line per file.
    assert result.output.splitlines() == [
        f"{tmp_path}/a\\nb\\x1b[2J.ship.json: legal (215 points, size class I)"] * 2 + [
        "2 files checked: 2 legal, 0 illegal, 0 unreadable"]


def test_json_output_keeps_the_exact_text(tmp_path: Path) -> None:
    result = runner.invoke(app, ["cost", "--json", str(design(tmp_path, HOSTILE))])
    assert result.exit_code == 0, result.output
    clean(result.stdout)
    assert json.loads(result.stdout)["name"] == HOSTILE


def test_fleet_roster_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fleet", str(fleet(tmp_path, HOSTILE, "Ship\x1b]0;pwned\x07"))])
    assert result.exit_code == 0, result.output
    clean(result.output)
    assert "Ship\\x1b]0;pwned\\x07" in result.output
    assert json.loads(runner.invoke(app, ["fleet", "--json", str(fleet(
        tmp_path, HOSTILE, "S"))]).stdout)["name"] == HOSTILE


def test_export_text_and_problems_show_control_characters_as_escapes(tmp_path: Path) -> None:
    path = design(tmp_path, HOSTILE)
    result = runner.invoke(app, ["export", str(path), "-f", "text"])
    assert result.exit_code == 0, result.output
    clean(result.output)
    assert "Esc\\x1b[31mRED" in result.output
    bad = tmp_path / "evil\x1b[2J.ship.json"
    bad.write_text("{")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 2
    clean(result.output)
    assert "evil\\x1b[2J.ship.json" in result.output


def test_duel_log_and_compare_show_control_characters_as_escapes(tmp_path: Path) -> None:
    path = design(tmp_path, HOSTILE)
    log = runner.invoke(app, ["duel", str(path), "sample:zelta-dee", "--log"])
    assert log.exit_code == 0, log.output
    clean(log.output)
    assert "Esc\\x1b[31mRED" in log.output
    compare = runner.invoke(app, ["compare", str(path), "sample:shade"])
    assert compare.exit_code == 0, compare.output
    clean(compare.output)


# -- the designer --------------------------------------------------------------------

def test_the_designer_draws_control_characters_as_the_clis_escapes(tmp_path: Path) -> None:
    """Textual and Rich text both: every control or bidi character drawn as the escape
    `shipyard cost` prints (`\\x1b`), nothing raw; the name field, the sheet and the title
    on one line each; the cursor on the character it stands on; the name kept as written."""
    from rich.text import Text
    from textual.content import Content

    from shipyard.tui.widgets.sheet import SheetPanel
    from tests.test_tui import designer_app, drive

    path = design(tmp_path, HOSTILE)
    app = designer_app(path, tmp_path / "state")
    escaped = visible(HOSTILE)  # Esc\x1b[31mRED\nnext\u202eevil\x9b2J\u2066x\x07

    async def flow(app: Any, pilot: Any) -> None:
        name = app.screen.query_one("#name")
        shown = name.render_line(0).text
        assert shown.startswith(escaped) and not RAW.search(shown)
        sheet = app.designer.query_one(SheetPanel).shown.plain
        assert sheet.splitlines()[0].startswith(escaped) and not RAW.search(sheet)
        title = app.screen.query_one("TitleBar").render().plain
        assert str(path) in title and not RAW.search(title)
        name.focus()
        name.cursor_position = 4  # after "Esc" and the ESC: drawn at cell 7, after "\\x1b"
        await pilot.pause()
        assert name._cursor_offset == 7
        cells = [segment for segment in name.render_line(0) for _ in segment.text]
        assert cells[7].text == "[" and cells[7].style != cells[6].style  # the cursor

    drive(app, flow)
    assert app.session.design.name == HOSTILE
    assert Content("a\x1bb\u202ec\nd").plain == "a\\x1bb\\u202ec\nd"
    assert Text("a\x1bb\x9bc\td").plain == "a\\x1bb\\x9bc\td"


# -- files the commands and the designer write ------------------------------------------

def test_a_fleet_named_with_a_lone_surrogate_is_saved_and_read_back(tmp_path: Path) -> None:
    from shipyard.services.fleet_session import open_fleet_session

    name = "A\ud800B Корабль \x1b"
    source = fleet(tmp_path, name, "S")
    session = open_fleet_session(source, tmp_path / "state")
    target = tmp_path / "saved.fleet.json"
    session.save(target)
    text = target.read_text(encoding="utf-8")
    assert "Корабль" in text  # every script as written, not as \u escapes
    assert json.loads(text)["name"] == name


def test_the_tournament_csv_takes_a_lone_surrogate(tmp_path: Path) -> None:
    out = tmp_path / "m.csv"
    result = runner.invoke(app, ["tournament", str(design(tmp_path, "Sur\ud800")),
                                 "sample:shade", "--runs", "2", "--csv", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines()[1].startswith("Sur\\ud800,Shade,")
