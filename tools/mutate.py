"""Run mutmut on one game's rules core: `python tools/mutate.py GAME MUTMUT-ARGS...`.

mutmut 3 reads its settings from `[tool.mutmut]` of `pyproject.toml` only,
and that section mutates the Pentagon War modules (`make mutate`). This runs
mutmut with `[tool.mutmut]` overlaid by `[tool.shipyard.mutate.GAME]`, which
names another game's modules and tests, so that no file is edited for a run:

    python tools/mutate.py tacship run --max-children 2
    python tools/mutate.py tacship results
    python tools/mutate.py tacship show NAME

Use the same GAME for `results` and `show` as for `run`: they read the
mutated modules from the settings. mutmut keeps one `mutants/` folder, so a
run of one game replaces the results of the other. The overlay replaces
mutmut's private settings reader, which is why mutmut is pinned exactly.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mutmut.configuration

ROOT = Path(__file__).resolve().parent.parent


def games(pyproject: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every game's settings overlay, by name."""
    overlays: dict[str, dict[str, Any]] = (
        pyproject.get("tool", {}).get("shipyard", {}).get("mutate", {}))
    return overlays


def overlaid(base: dict[str, Any], overlay: dict[str, Any]) -> Callable[[str, Any], Any]:
    """mutmut's settings reader: the overlay's value, else the base's, else mutmut's default."""
    settings = {**base, **overlay}

    def read(key: str, default: Any) -> Any:
        return settings.get(key, default)

    return read


def main(argv: list[str]) -> int:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    known = games(pyproject)
    if not argv or argv[0] not in known:
        names = ", ".join(sorted(known))
        print(f"usage: python tools/mutate.py GAME MUTMUT-ARGS... (GAME: {names})",
              file=sys.stderr)
        return 2
    reader = overlaid(pyproject["tool"]["mutmut"], known[argv[0]])
    # mutmut's own settings reader, replaced (see the docstring)
    mutmut.configuration._config_reader = lambda: reader
    mutmut.configuration.reset_config()

    from mutmut.__main__ import cli  # after the overlay: its imports read the settings

    cli.main(args=argv[1:], prog_name=f"tools/mutate.py {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
