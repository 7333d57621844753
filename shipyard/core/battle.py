"""How fleet battles are set up and how they end, in terms every game shares.

A game's battle engine takes two fleets (lists of craft, each side in fleet order)
and a `DuelScenario`, and returns one `BattleResult` per seed: who won, in how
many turns, and each craft's fate. Batches, statistics, replays and faces read
only these. A fleet of one against a fleet of one is the game's duel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

SURVIVED = 0  # `Fate.turn` of a craft still flying at the end
# What a replay's `Token` may be: craft first, then what craft launch, lay or fire.
KINDS = ("craft", "drone", "missile", "mine", "decoy", "bolt")
EXPLOSION = "explosion"  # the `Shot.kind` of a blast that reaches `Shot.reach` hexes


@dataclass(frozen=True, slots=True)
class Fate:
    """What became of one craft in one battle."""

    side: int  # 0 = the first fleet, 1 = the second
    index: int  # its place in its fleet, ships in fleet order from 0
    turn: int  # the turn it was destroyed on; SURVIVED (0) if it was not
    cause: str  # what destroyed it ("laser", "missile", "mine", ...); "" if it survived
    taken: int  # damage it took (the game's own unit: boxes crossed off, points...)

    @property
    def survived(self) -> bool:
        return self.turn == SURVIVED


@dataclass(frozen=True, slots=True)
class BattleResult:
    """How one battle ended: every craft's fate, side 0's in fleet order, then side 1's."""

    winner: int | None  # 0 = the first fleet, 1 = the second, None = a draw
    turns: int
    fates: tuple[Fate, ...]
    draws: int = 0  # dice drawn: both engines of a game draw as many for the same seed
    log: tuple[str, ...] = ()

    def side(self, side: int) -> tuple[Fate, ...]:
        return tuple(fate for fate in self.fates if fate.side == side)

    @property
    def damage(self) -> tuple[int, int]:
        """Damage each side dealt the other: by side 0, by side 1."""
        return (sum(f.taken for f in self.fates if f.side == 1),
                sum(f.taken for f in self.fates if f.side == 0))

    @property
    def cause(self) -> str:
        """What destroyed the loser's last craft ("" for a draw), as a duel's cause."""
        if self.winner is None:
            return ""
        lost = [f for f in self.fates if f.side != self.winner and not f.survived]
        return max(lost, key=lambda f: f.turn).cause if lost else ""


@dataclass(frozen=True, slots=True)
class Token:
    """One thing on the map in one frame of a replay.

    `kind` is one of `KINDS`: a "craft" (named, in the roster, a wreck where it falls), a
    "drone" (a craft of its own, launched by a carrier), a "missile", a "mine", a "decoy"
    or a "bolt" (a liquid metal bolt). Only craft have names on the map, rows in the
    roster and wrecks; the others show in the frame they are spent in and are gone after.

    The map is axial: hex (q, r), the six headings 0-5 counter-clockwise from the +q
    direction (0 (1, 0), 1 (1, -1), 2 (0, -1), 3 (-1, 0), 4 (-1, 1), 5 (0, 1)). `heading`
    is where the thing faces. `vector`, optional, is its velocity as two components
    (dq, dr) in hexes per turn, in the same axial terms as the position and not
    necessarily whole (2.25 along +q and -0.5 along +r is (2.25, -0.5)), for a game where
    velocity and facing are apart: it is drawn as an arrow from its hex to where that
    velocity carries it in one turn, its speed written is the vector's hex distance, and
    the glyph keeps its facing while it moves. None (the default): the thing flies where
    it faces at `speed` hexes a turn.
    """

    kind: str  # one of KINDS
    key: str  # the same thing keeps its key from frame to frame
    side: int
    q: int  # axial hex coordinates (the game's own map)
    r: int
    heading: int = 0  # 0-5, counter-clockwise from the +q direction
    speed: int = 0
    label: str = ""  # a craft's name
    alive: bool = True
    boxes: str = ""  # what is left of it, as the game says it ("7 of 10 boxes")
    vector: tuple[float, float] | None = None  # velocity (dq, dr), hexes a turn; see above


@dataclass(frozen=True, slots=True)
class Shot:
    """What is drawn in one frame for one shot: a line from the hex it came from to the
    hex it struck at, and for an explosion the hexes it reaches.

    `kind` is what fired or went off ("laser", "missile", "mine", a game's own weapon) or
    `EXPLOSION`. Two optional fields serve a map where weapons have arcs and blasts reach:
    - `arcs`: the 60-degree sectors of the map the firing weapon covers, relative to the
      map, not to the shooter: sector k (0-5) lies between headings k and k + 1 (as
      `Token.heading`: counter-clockwise from +q), so a line straight along heading k is
      the edge of sectors k - 1 and k and either covers it. A craft facing heading h sees
      its arc n clockwise from dead ahead (0 the right front) as sector (h - n - 1) mod 6.
      Drawn as faint wedges at `source`, out past `target`. () (the default) draws none.
    - `reach`: the hexes an explosion reaches from its centre (`source`): every hex within
      `reach` of the centre is shaded in the frame it goes off (1 + 3 r (r + 1) hexes: 7
      for 1, 19 for 2), darker nearer the centre. `target` is a hex it struck at (the
      centre itself when it struck nothing); shots of one explosion share its centre and
      reach, and its hexes are shaded once. 0 (the default) shades none.
    """

    kind: str  # "laser", "missile", "mine", EXPLOSION, ...
    source: tuple[int, int]  # hex it came from (an explosion's centre)
    target: tuple[int, int]  # hex it struck at
    hit: bool
    words: str = ""  # e.g. "Blue 1: Laser-2 at 3 hexes, hit, 2 boxes"
    arcs: tuple[int, ...] = ()  # sectors 0-5 of the map the weapon covers; see above
    reach: int = 0  # hexes an explosion reaches from its centre; see above


class Keys:
    """The keys a battle's pictures give what they show: each thing (a missile, a drone, a
    mine...) gets `KIND-N` the first time it is seen and keeps it from frame to frame."""

    def __init__(self) -> None:
        self._keys: dict[int, str] = {}  # id of a thing -> its key
        self._kept: list[object] = []  # every thing keyed, so that no id is used again

    def key(self, thing: object, kind: str) -> str:
        found = self._keys.get(id(thing))
        if found is None:
            found = f"{kind}-{len(self._keys) + 1}"
            self._keys[id(thing)] = found
            self._kept.append(thing)
        return found


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a battle: the map after one craft's move (or a missile's)."""

    turn: int
    caption: str
    tokens: tuple[Token, ...]
    shots: tuple[Shot, ...] = ()
    paths: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()  # (key, hexes flown)


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole battle, frame by frame, for a replay on the map."""

    title: str
    sides: tuple[str, str]  # the fleets' names
    frames: tuple[Frame, ...]
    result: str  # how it ended, in words
    notes: tuple[str, ...] = field(default=())


@runtime_checkable
class BattleLineup(Protocol):
    """Two fleets made ready to fight many battles; each battle is one seed.

    Battle `k` of `fight_many` is fought with `seeds[k]` alone, so results are the same
    whatever the worker count or the way a batch is cut into calls.
    """

    def fight(self, seed: int, log: bool = False) -> BattleResult: ...

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]: ...

    def ready(self) -> bool: ...

    def replay(self, seed: int) -> Replay: ...
