"""Pictures of a Tacship battle as it is fought, for its replay (`core.battle.Replay`).

The reference engine takes a picture of the whole map after every fighter's move and
every missile's: each fighter, missile, mine and decoy as a `Token`, the lines of fire
and blasts of that step as `Shot`s, the hexes the mover flew. Ordnance gets a key the
first time it is seen and keeps it, so a replay can follow it from frame to frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import Frame, Keys, Replay, Shot, Token
from shipyard.rulesets.tacship.engine.hexes import Hex
from shipyard.rulesets.tacship.engine.state import Board, Craft, Missile

SIDE = {"a": 0, "b": 1}


class Pictures(Keys):
    """The frames of one battle, taken as it is fought."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[Frame] = []
        self.shots: list[Shot] = []  # the lines of the step being fought

    def take(self, crafts: Sequence[Craft], board: Board, turn: int, caption: str,
             mover: Craft | None = None,
             path: list[Hex] | None = None,
             missile: tuple[Missile, Hex] | None = None) -> None:
        """A picture of the map now, with the shots since the last one."""
        tokens = [craft_token(c) for c in crafts]
        flown: list[tuple[str, tuple[Hex, ...]]] = []
        moving = [missile[0]] if missile is not None and not any(
            m is missile[0] for m in board.missiles) else []
        for m in board.missiles:
            tokens.append(Token("missile", self.key(m, "missile"), SIDE[m.owner], m.pos[0],
                                m.pos[1], m.heading, m.speed))
        for m in moving:  # spent this step: shown where it ended, gone from the next
            tokens.append(Token("missile", self.key(m, "missile"), SIDE[m.owner], m.pos[0],
                                m.pos[1], m.heading, m.speed, alive=False))
        if missile is not None:
            flown.append((self.key(missile[0], "missile"), (missile[1], missile[0].pos)))
        for mine in board.mines:
            tokens.append(Token("mine", self.key(mine, "mine"), SIDE[mine.owner], *mine.pos))
        for decoy in board.decoys:
            tokens.append(Token("decoy", self.key(decoy, "decoy"), SIDE[decoy.owner],
                                *decoy.pos))
        if mover is not None and path:
            flown.append((f"craft-{mover.key}", tuple(path)))
        self.frames.append(Frame(turn, caption, tuple(tokens), tuple(self.shots),
                                 tuple(flown)))
        self.shots = []

    def replay(self, title: str, sides: tuple[str, str], result: str) -> Replay:
        return Replay(title, sides, tuple(self.frames), result)


def craft_token(craft: Craft) -> Token:
    boxes = craft.fighter.damage_boxes
    left = "destroyed" if craft.destroyed else f"{craft.boxes_left} of {boxes} boxes"
    return Token("craft", f"craft-{craft.key}", SIDE[craft.side], craft.pos[0], craft.pos[1],
                 craft.heading, craft.speed, craft.name, not craft.destroyed, left)
