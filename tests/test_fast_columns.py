"""The compiled engines' array columns: each name once, each array's columns 0..N-1 in a row.

The column modules number their columns with `core.columns.Columns` in the order the
names are written. Read back from the source, every counter's names must take its
columns one after another from its first, with no gap and no column taken twice, and
no name may be bound twice (a second binding would silently renumber a column the
kernels already read). That the engines still fight the same duels is
test_engine_equivalence's and test_seeded_contract's to show.
"""

from __future__ import annotations

import ast
import inspect
from types import ModuleType
from typing import Any

import pytest

from shipyard.core.columns import Columns
from shipyard.rulesets.pentagon_war.fast import columns as pentagon_war_columns
from shipyard.rulesets.tacship.fast import battle as tacship_duel
from shipyard.rulesets.tacship.fast import fields as tacship_fields

MODULES = [pentagon_war_columns, tacship_fields, tacship_duel]


def _value(node: ast.expr, module: ModuleType) -> Any:
    return eval(compile(ast.Expression(node), module.__name__, "eval"), vars(module))


def _module_bindings(module: ModuleType) -> list[ast.Assign]:
    return [n for n in ast.parse(inspect.getsource(module)).body if isinstance(n, ast.Assign)]


def _spans(module: ModuleType) -> dict[str, tuple[int, list[tuple[str, int, int]]]]:
    """For each counter: its first column and its names' (name, column, width)."""
    counters: dict[str, tuple[int, list[tuple[str, int, int]]]] = {}
    for node in _module_bindings(module):
        value = node.value
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            continue
        if value.func.id == "Columns":
            first = _value(value.args[0], module) if value.args else 0
            counters[node.targets[0].id] = (first, [])  # type: ignore[attr-defined]
        elif value.func.id in counters:
            name = node.targets[0].id  # type: ignore[attr-defined]
            width = _value(value.args[0], module) if value.args else 1
            counters[value.func.id][1].append((name, getattr(module, name), width))
    return counters


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_array_numbers_its_columns_in_a_row(module: ModuleType) -> None:
    counters = _spans(module)
    assert counters, "no Columns counter found"
    for counter, (first, names) in counters.items():
        assert names, f"{counter} names no column"
        taken = first
        for name, column, width in sorted(names, key=lambda n: n[1]):
            assert column == taken, f"{name} is column {column}, expected {taken}"
            taken += width
        assert taken == getattr(module, counter).count, counter


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_name_is_bound_once(module: ModuleType) -> None:
    names = [t.id for node in _module_bindings(module) for target in node.targets
             for t in ast.walk(target) if isinstance(t, ast.Name) and t.id.isupper()]
    assert len(names) == len(set(names)), sorted(n for n in set(names) if names.count(n) > 1)


def test_widths_are_counted() -> None:
    m = pentagon_war_columns
    assert m.BOX + len(m.SYSTEMS) == m.ARMOR
    assert m.CI_COLUMNS == m.ARMOR + 7  # side 0 unused, sides 1-6
    assert tacship_fields.ARMED == tacship_fields.STORES + tacship_fields.ITEMS


def test_a_column_group_is_at_least_one_wide() -> None:
    row = Columns()
    assert (row(), row(3), row()) == (0, 1, 4)
    assert row.count == 5
    with pytest.raises(ValueError, match="at least 1"):
        row(0)
