"""What legality checks return: `Issue`s, data rather than exceptions.

Every ruleset reports errors and warnings in this one shape, naming the
rule (a section or ruling id of docs/rules.md) and the field at fault, so
faces show them without knowing the game. `Agreement` is what the players
agreed that legality depends on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Issue:
    """One legality finding: what, how bad, why, where and under which rule."""

    code: str
    severity: Severity
    message: str
    path: str
    rule: str

    @property
    def cited(self) -> str:
        """The message with its rule in brackets, once (most messages carry it already)."""
        suffix = f"({self.rule})"
        return self.message if self.message.endswith(suffix) else f"{self.message} {suffix}"

    def to_data(self) -> dict[str, str]:
        return asdict(self)


@dataclass(frozen=True)
class Agreement:
    """What the players agreed that legality depends on."""

    budget: int | None = None
    hyper_bombs_allowed: bool = False
    mass_rule: bool = False



def is_legal(issues: Iterable[Issue]) -> bool:
    """No errors (warnings do not make a design illegal)."""
    return not any(issue.severity == "error" for issue in issues)
