"""Each installed ruleset loads from its entry point and offers the whole protocol."""

from __future__ import annotations

import inspect
from importlib.metadata import entry_points

import pytest

from shipyard.core.protocol import Ruleset
from shipyard.services.registry import GROUP, default_ruleset, rulesets

POINTS = sorted(entry_points(group=GROUP), key=lambda point: point.name)
MEMBERS = [name for name in dir(Ruleset) if not name.startswith("_")] + \
    list(Ruleset.__annotations__)


def test_both_games_are_installed_and_one_is_the_default() -> None:
    assert {point.name for point in POINTS} >= {"pentagon-war", "tacship"}
    assert [r.name for r in rulesets().values() if r.default] == [default_ruleset().name]


@pytest.mark.parametrize("point", POINTS, ids=lambda point: point.name)
def test_plugin_discovery(point: object) -> None:
    loaded = point.load()  # type: ignore[attr-defined]
    assert inspect.isclass(loaded)
    ruleset = loaded()
    assert ruleset.name == point.name  # type: ignore[attr-defined]
    missing = [name for name in MEMBERS if not hasattr(ruleset, name)]
    assert missing == []
    catalog = ruleset.catalog()
    assert catalog.manifest.ruleset == ruleset.name
    assert ruleset.samples(), "every game ships sample designs"
    assert ruleset.duels.policies and ruleset.sheets
    assert set(ruleset.sheet_titles) == set(ruleset.sheets) == set(ruleset.sheet_labels)


def test_a_broken_plugin_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import EntryPoint

    from shipyard.services import registry

    bad = EntryPoint("broken-game", "no_such_module.anywhere:Game", GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [*POINTS, bad])
    monkeypatch.setattr(registry, "_BROKEN", {})
    registry._installed.cache_clear()
    try:
        assert "broken-game" not in registry.rulesets()
        assert "pentagon-war" in registry.rulesets()
        assert "No module named" in registry.broken()["broken-game"]
        with pytest.raises(registry.RulesetError, match="cannot be loaded"):
            registry.get_ruleset("broken-game")
    finally:
        registry._installed.cache_clear()
