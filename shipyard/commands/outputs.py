"""The files a command writes: checked before any work, and never one the user gave it.

A command that writes (`export -o`, `optimize -o`, `tournament --csv`) checks
its output before the first design is drawn or the first duel fought: the
folder must exist and take a new file. It then refuses, with one line and
exit 2, to write over one of its own inputs or over an existing design, fleet
or catalog file (by its name, `*.ship.json` or `*.fleet.json`, or by what it
holds; `services.kept_files`), saying what the file is, unless `--force` is
given. Exports (PDF, SVG, text, SSD documents, CSV) are written over freely:
writing them again is what the commands are for.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from shipyard.commands.terminal import fail
from shipyard.core.errors import ShipyardError
from shipyard.core.files import check_writable
from shipyard.services.kept_files import KEPT_SUFFIXES, kept_file

ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Write over the output file even if it is one of the inputs or an "
                    "existing design, fleet or catalog file.")]


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def check_output(path: Path, inputs: Iterable[Path] = (), force: bool = False,
                 option: str = "-o") -> None:
    """Exit 2 with one line unless `path` may be written (see the module's doc)."""
    try:
        check_writable(path)
    except ShipyardError as exc:
        fail(str(exc))
    if force:
        return
    if any(same_file(path, given) for given in inputs):
        fail(f"{path}: is one of the input files; not overwritten (choose another {option}, "
             "or --force to replace it)")
    what = kept_file(path)
    if what is not None:
        fail(f"{path}: an existing {what}; not overwritten (choose another "
             f"{option}, or --force to replace it)")


def free_name(wanted: Path) -> Path:
    """`wanted` if no file is there, else the first free `NAME-2.ship.json`, `NAME-3`, ..."""
    if not wanted.exists():
        return wanted
    suffix = next((s for s in KEPT_SUFFIXES if wanted.name.endswith(s)), wanted.suffix)
    stem = wanted.name[: len(wanted.name) - len(suffix)]
    number = 2
    while (candidate := wanted.with_name(f"{stem}-{number}{suffix}")).exists():
        number += 1
    return candidate
