"""A house catalog set against the standard one (`shipyard audit --against catalog`).

Both audits are `shipyard.audit/1` data: the house catalog's, just measured, and the
standard catalog's, from the store when one was saved with the same seed and settings
(else measured too). The comparison says which flags went away, which appeared and
which changed their way, and what the optimizer's best design at each audit budget
becomes (those designs are contexts of both audits, so no extra duel is fought).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FlagChange:
    key: str
    label: str
    standard: str  # "under", "over" or ""
    house: str


@dataclass(frozen=True)
class BestChange:
    budget: str  # the context's design words, "best at 600 points"
    standard_points: int | None
    house_points: int | None
    differs: tuple[str, ...]  # the design fields that differ ("systems.screen 4 -> 6")


@dataclass(frozen=True)
class Comparison:
    gone: tuple[FlagChange, ...]
    appeared: tuple[FlagChange, ...]
    turned: tuple[FlagChange, ...]
    kept: tuple[FlagChange, ...]
    bests: tuple[BestChange, ...]

    def to_data(self) -> dict[str, Any]:
        def flags(found: tuple[FlagChange, ...]) -> list[dict[str, str]]:
            return [{"key": f.key, "label": f.label, "standard": f.standard, "house": f.house}
                    for f in found]
        return {"gone": flags(self.gone), "appeared": flags(self.appeared),
                "turned": flags(self.turned), "kept": flags(self.kept),
                "bests": [{"design": b.budget, "standard_points": b.standard_points,
                           "house_points": b.house_points, "differs": list(b.differs)}
                          for b in self.bests]}


def same_settings(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two audits measured alike (seed and settings): their tables may be compared."""
    return a.get("seed") == b.get("seed") and a.get("settings") == b.get("settings")


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """A design's data as `path: value` pairs (lists by position)."""
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}{key}."))
        return out
    if isinstance(data, list):
        out = {}
        for index, value in enumerate(data):
            out.update(flatten(value, f"{prefix}{index}."))
        return out
    return {prefix[:-1]: data}


def _differs(standard: dict[str, Any], house: dict[str, Any]) -> tuple[str, ...]:
    a, b = flatten(standard), flatten(house)
    return tuple(f"{key} {a.get(key, '-')} -> {b.get(key, '-')}"
                 for key in sorted(set(a) | set(b)) if key != "name" and a.get(key) != b.get(key))


def compare(standard: dict[str, Any], house: dict[str, Any]) -> Comparison:
    """Flags and optimized designs of the house audit against the standard one."""
    before = {s["key"]: s for s in standard["systems"]}
    after = {s["key"]: s for s in house["systems"]}
    gone, appeared, turned, kept = [], [], [], []
    for key in [*before, *(k for k in after if k not in before)]:
        old = str(before.get(key, {}).get("flag", ""))
        new = str(after.get(key, {}).get("flag", ""))
        label = str(after.get(key, before.get(key, {})).get("label", key))
        change = FlagChange(key, label, old, new)
        if old and not new:
            gone.append(change)
        elif new and not old:
            appeared.append(change)
        elif old and new and old != new:
            turned.append(change)
        elif old and new:
            kept.append(change)
    bests = []
    designs = {c["design"]: c for c in standard["contexts"] if c["design"].startswith("best")}
    houses = {c["design"]: c for c in house["contexts"] if c["design"].startswith("best")}
    for name in [*designs, *(d for d in houses if d not in designs)]:
        a, b = designs.get(name), houses.get(name)
        bests.append(BestChange(
            name, None if a is None else int(a["points"]), None if b is None else int(b["points"]),
            _differs(a["design_data"] if a else {}, b["design_data"] if b else {})))
    return Comparison(tuple(gone), tuple(appeared), tuple(turned), tuple(kept), tuple(bests))
