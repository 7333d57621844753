"""A replay kept as data for the pinned-picture tests: a `Replay` to JSON and back.

The pinned Tacship replay is stored as its `Replay` (what the engine gave), so the pin
holds the drawing alone: a change to the engine's battles does not touch it.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from shipyard.core.battle import Frame, Replay, Shot, Token

DATA = Path(__file__).parent / "data" / "replays"


def _pair(value: Any) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def replay_data(replay: Replay) -> dict[str, Any]:
    """The replay's fields as JSON data (the fields every Tacship replay fills)."""
    return {
        "title": replay.title, "sides": list(replay.sides), "result": replay.result,
        "notes": list(replay.notes),
        "frames": [{
            "turn": f.turn, "caption": f.caption,
            "tokens": [[t.kind, t.key, t.side, t.q, t.r, t.heading, t.speed, t.label,
                        t.alive, t.boxes] for t in f.tokens],
            "shots": [[s.kind, list(s.source), list(s.target), s.hit, s.words]
                      for s in f.shots],
            "paths": [[key, [list(h) for h in hexes]] for key, hexes in f.paths],
        } for f in replay.frames],
    }


def replay_of(data: dict[str, Any]) -> Replay:
    frames = tuple(Frame(
        f["turn"], f["caption"],
        tuple(Token(*t) for t in f["tokens"]),
        tuple(Shot(s[0], _pair(s[1]), _pair(s[2]), s[3], s[4]) for s in f["shots"]),
        tuple((key, tuple(_pair(h) for h in hexes)) for key, hexes in f["paths"]),
    ) for f in data["frames"])
    return Replay(data["title"], (data["sides"][0], data["sides"][1]), frames,
                  data["result"], tuple(data["notes"]))


def read_gz(name: str) -> str:
    return gzip.decompress((DATA / name).read_bytes()).decode("utf-8")


def write_gz(name: str, text: str) -> None:
    (DATA / name).write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def load_replay(name: str) -> Replay:
    return replay_of(json.loads(read_gz(name)))
