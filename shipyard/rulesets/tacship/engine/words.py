"""The Tacship duel log in plain words a player can follow at the table (rules 4)."""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.tacship.engine.fire import Damage, Shot

_COUNTS = ("no", "one", "two", "three", "four", "five", "six")
_SIDES = {1: "left", -1: "right"}


def count_words(n: int, one: str, many: str) -> str:
    number = _COUNTS[n] if n < len(_COUNTS) else str(n)
    return f"{number} {one if n == 1 else many}"


def lasers_words(factors: Sequence[int], mount: str) -> str:
    """e.g. `2 fixed Laser-2`, `fixed Laser-2 and Laser-1`, `fore turret Laser-1`."""
    if len(set(factors)) == 1:
        lead = f"{len(factors)} " if len(factors) > 1 else ""
        return f"{lead}{mount} Laser-{factors[0]}"
    return f"{mount} " + " and ".join(f"Laser-{f}" for f in factors)


def turns_words(turns: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"turns {_SIDES[side]} after {flown}" for flown, side in turns)


def damage_words(damage: Damage, top: int) -> str:
    """e.g. `start box 9 + 2 = 11 → crosses 10, 9`."""
    total = damage.roll + damage.survivability
    head = (f"start box {damage.roll} + {damage.survivability} = {total}"
            if damage.survivability else f"start box {damage.roll}")
    if total > top:
        head += f", top box {top}"
    crossed = ", ".join(str(b) for b in damage.crossed)
    tail = ": DESTROYED" if damage.destroyed else ""
    return f"{head} → crosses {crossed}{tail}"


def volley_words(factors: Sequence[int], mount: str, target: str, hexes: int,
                 shots: Sequence[Shot], damages: Sequence[Damage], top: int) -> str:
    """e.g. `fires 2 fixed Laser-2 at Hawk, range 5: rolls 14, 3: one hit, start box ...`."""
    rolls = ", ".join(str(s.roll) for s in shots)
    hits = sum(1 for s in shots if s.hit)
    text = (f"fires {lasers_words(factors, mount)} at {target}, range {hexes}: "
            f"rolls {rolls}: {count_words(hits, 'hit', 'hits')}")
    return text + "".join(f"; Laser-{d.points}: {damage_words(d, top)}" if len(damages) > 1
                          else f", {damage_words(d, top)}" for d in damages)


def blast_words(what: str, hexes: int, points: int, damage: Damage, top: int) -> str:
    where = "in the same hex" if hexes == 0 else f"{count_words(hexes, 'hex', 'hexes')} away"
    return (f"{what} detonates {where}: {count_words(points, 'point', 'points')}, "
            f"{damage_words(damage, top)}")
