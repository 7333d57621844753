"""Pictures of a Pentagon War battle on the hex map as it is fought, for its replay
(`core.battle.Replay`): one frame an impulse.

Each frame shows every craft in the battle with its facing and velocity vector, what it
has in flight in its own hex (missiles and bolts heading as they home, R30; drones
facing as they last thrust, R31), the impulse's
fire as lines with the firing weapon's arcs, and each blast with the hexes it reaches.
The map's terms become the replay's through `map_picture`.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import EXPLOSION, Frame, Keys, Replay, Shot, Token
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Missile, total_boxes
from shipyard.rulesets.pentagon_war.map_picture import (
    picture_arcs,
    picture_heading,
    picture_hex,
    picture_vector,
)

ARC_ORDER = ("RF", "R", "RR", "LR", "L", "LF")  # R12: clockwise from dead ahead


class MapPictures(Keys):
    """The frames of one battle on the map, taken as it is fought."""

    def __init__(self, crafts: Sequence[Craft]) -> None:
        super().__init__()
        self.frames: list[Frame] = []
        self.shots: list[Shot] = []  # the impulse's lines of fire and blasts, so far
        self.boxes = [total_boxes(craft) for craft in crafts]  # each craft's, whole

    def fired(self, hexmap: HexMap, i: int, j: int, kind: str, arcs: frozenset[str],
              hit: bool, words: str) -> None:
        """A line of fire from craft `i` to craft `j` (or what it shot at there)."""
        sectors = picture_arcs(hexmap.facing[i], [ARC_ORDER.index(a) for a in sorted(arcs)
                                                  if a in ARC_ORDER])
        self.shots.append(Shot(kind.replace("_", " "), picture_hex(hexmap.a[i], hexmap.c[i]),
                               picture_hex(hexmap.a[j], hexmap.c[j]), hit, words, sectors))

    def blast(self, hexmap: HexMap, i: int, struck: Sequence[int], reach: int,
              words: str) -> None:
        """Craft `i` blowing up, reaching `reach` hexes; one line to each craft struck."""
        centre = picture_hex(hexmap.a[i], hexmap.c[i])
        for j in struck or [i]:
            self.shots.append(Shot(EXPLOSION, centre, picture_hex(hexmap.a[j], hexmap.c[j]),
                                   bool(struck), words, reach=max(reach, 0)))

    def take(self, hexmap: HexMap, crafts: Sequence[Craft], sides: Sequence[int],
             shown: Sequence[bool], targets: Sequence[int], turn: int, caption: str) -> None:
        """A picture of the map now, with the impulse's shots."""
        tokens: list[Token] = []
        for i, craft in enumerate(crafts):
            if not shown[i]:
                continue  # it left the battle
            left = total_boxes(craft)
            tokens.append(Token(
                "craft", f"craft-{i + 1}", sides[i], *picture_hex(hexmap.a[i], hexmap.c[i]),
                picture_heading(hexmap.facing[i]), int(hexmap.speed(i)), craft.name,
                not craft.destroyed,
                "destroyed" if craft.destroyed else f"{left} of {self.boxes[i]} boxes",
                picture_vector(hexmap.va[i], hexmap.vc[i], hexmap.m.unit)))
        for i, craft in enumerate(crafts):
            j = targets[i]
            if craft.destroyed or not shown[i] or j < 0:
                continue
            seekers: list[tuple[str, Missile | Bolt]] = [
                *(("missile", m) for m in craft.missiles if m.alive),
                *(("bolt", b) for b in craft.bolts if b.alive)]
            for kind, seeker in seekers:
                q, r = picture_hex(seeker.a, seeker.c)  # R30: homing on the map
                tokens.append(Token(kind, self.key(seeker, kind), sides[i], q, r,
                                    picture_heading(seeker.heading)))
            for drone in craft.drones:
                if drone.alive:  # R31: a craft of its own
                    q, r = picture_hex(drone.a, drone.c)
                    tokens.append(Token("drone", self.key(drone, "drone"), sides[i], q, r,
                                        picture_heading(drone.facing)))
        self.frames.append(Frame(turn, caption, tuple(tokens), tuple(self.shots)))
        self.shots = []

    def replay(self, result: str) -> Replay:
        return Replay("", ("Side A", "Side B"), tuple(self.frames), result)
