"""The replay's drawing pinned byte for byte for every replay that fills none of the map's
optional fields (a craft's `vector`, a shot's `arcs` and `reach`): Tacship's replays.

Two pictures are kept: the small battle of `test_replay_svg` written by hand, and the
replay of `shipyard battle sample-fleet:grey-flight sample-fleet:hornet-swarm --replay 1`
(its `Replay` stored as data, so the pin holds the drawing whatever the engine does).
"""

from __future__ import annotations

from pathlib import Path

from shipyard.render.replay_svg import replay_svg
from tests.replay_pin import DATA, load_replay, read_gz
from tests.test_replay_svg import battle


def _same(drawn: str, kept: str, name: str, tmp_path: Path) -> None:
    if drawn != kept:
        (tmp_path / name).write_text(drawn, encoding="utf-8")
        lines = [k for k, (a, b) in enumerate(zip(drawn.splitlines(), kept.splitlines(),
                                                     strict=False)) if a != b]
        first = lines[0] + 1 if lines else min(len(drawn.splitlines()), len(kept.splitlines()))
        raise AssertionError(f"the picture of {name} changed (first at line {first}); "
                             f"drawn now: {tmp_path / name}")


def test_the_small_battle_is_drawn_as_it_was(tmp_path: Path) -> None:
    kept = (DATA / "small-battle.svg").read_text(encoding="utf-8")
    _same(replay_svg(battle()), kept, "small-battle.svg", tmp_path)


def test_a_tacship_battle_is_drawn_as_it_was(tmp_path: Path) -> None:
    replay = load_replay("grey-flight-hornet-swarm-1.replay.json.gz")
    assert len(replay.frames) == 45 and len(replay.frames[0].tokens) == 8
    kept = read_gz("grey-flight-hornet-swarm-1.svg.gz")
    _same(replay_svg(replay), kept, "grey-flight-hornet-swarm-1.svg", tmp_path)
