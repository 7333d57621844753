"""The replay's clock: when each frame shows, and SMIL animations that step with it.

Every animation of a replay runs on one loop of `total` seconds that starts with the
picture and repeats for ever, so they all stay in step. Values change in discrete steps
(`calcMode="discrete"`): a value holds from its key time to the next one, the last
until the loop ends. No script: browsers play SMIL in an <img>, a tab or a page alike,
with scripts disabled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MOVE_S = 0.9  # a frame of movement alone
FIRE_S = 1.2  # a frame with shots: a little longer, to read who fired at whom
FIRST_S = 1.6  # the opening picture, to find one's bearings at each start of the loop
HOLD_S = 4.0  # the last frame, held before the loop starts again
HOP_S = 0.09  # a mover steps from hex to hex at most this long a hex ...
HOPPING = 0.5  # ... and is done within this part of its frame


@dataclass(frozen=True, slots=True)
class Clock:
    starts: tuple[float, ...]  # each frame's start, seconds from the start of the loop
    total: float  # the loop's length

    @classmethod
    def of(cls, fired: Sequence[bool]) -> Clock:
        """The clock of frames that do (True) or do not (False) draw shots."""
        lengths = [FIRE_S if shots else MOVE_S for shots in fired]
        if lengths:
            lengths[0] = max(lengths[0], FIRST_S)
            lengths[-1] = max(lengths[-1], HOLD_S)
        starts, at = [], 0.0
        for length in lengths:
            starts.append(round(at, 3))
            at += length
        return cls(tuple(starts), round(at, 3))

    @property
    def frames(self) -> int:
        return len(self.starts)

    def end(self, frame: int) -> float:
        return self.starts[frame + 1] if frame + 1 < self.frames else self.total

    def hops(self, frame: int, count: int) -> list[float]:
        """When each of `count` hops of a mover in `frame` lands."""
        if count <= 0:
            return []
        start = self.starts[frame]
        step = min(HOP_S, HOPPING * (self.end(frame) - start) / count)
        return [start + step * (k + 1) for k in range(count)]

    def _key(self, time: float) -> str:
        digits = max(3, math.ceil(math.log10(max(self.total, 1.0) * 100)))  # to 10 ms
        return f"{time / self.total:.{digits}f}".rstrip("0").rstrip(".") or "0"

    def steps(self, changes: Sequence[tuple[float, str]]) -> tuple[str, str] | None:
        """`values` and `keyTimes` of a value that takes each of `changes` (time, value)
        from its time on; None when it never changes. Times must not go back."""
        kept: list[tuple[str, str]] = []
        for time, value in changes:
            key = self._key(min(max(time, 0.0), self.total))
            if kept and kept[-1][0] == key:
                kept.pop()  # two changes at one key time: the later one is seen
            if not kept or kept[-1][1] != value:
                kept.append((key, value))
        if not kept:
            return None
        if kept[0][0] != "0":
            kept.insert(0, ("0", changes[0][1]))
        if len(kept) == 1:
            return None
        return ";".join(v for _, v in kept), ";".join(k for k, _ in kept)

    def animate(self, attribute: str, changes: Sequence[tuple[float, str]],
                transform: str = "") -> str:
        """A SMIL element that steps `attribute` through `changes`; "" if it never changes.

        `transform` ("translate", "rotate") makes it an <animateTransform>."""
        found = self.steps(changes)
        if found is None or self.total <= 0:
            return ""
        values, keys = found
        kind = f'animateTransform attributeName="transform" type="{transform}"' if transform \
            else f'animate attributeName="{attribute}"'
        return (f'<{kind} values="{values}" keyTimes="{keys}" calcMode="discrete" '
                f'dur="{self.total:g}s" repeatCount="indefinite"/>')

    def shown(self, first: float, until: float | None) -> str:
        """Visible from `first` until `until` (None: the end of the loop), hidden else."""
        changes = [(0.0, "hidden"), (first, "visible")]
        if until is not None:
            changes.append((until, "hidden"))
        return self.animate("visibility", changes)
