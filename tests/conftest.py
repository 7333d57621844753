"""Shared fixtures and hypothesis profiles.

`ci` (the default) keeps the suite fast; set HYPOTHESIS_PROFILE=thorough for a
longer local run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from shipyard.rulesets.pentagon_war.catalog import Catalog, load_catalog
from shipyard.rulesets.pentagon_war.design import Design, parse_design
from shipyard.rulesets.pentagon_war.pricing import Sheet, price

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the cores. A designer test waits on its screen for
    about half of its time, and the worker beside it uses that core meanwhile (measured:
    2 min 14 s on this 2-core machine with 3 workers, 2 min 36 s with 2)."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config: pytest.Config) -> None:
    """Once per run (not in each xdist worker): compile the games' fast engines in the
    background, as the designer does at launch. Tests that fight duels meanwhile get the
    reference engine's identical results, and a test that asks for a compiled engine
    waits for that compile instead of building it a second time (`core.compiled`).

    Shipyard's modules are compiled to bytecode first, once: where the environment says
    not to write bytecode (PYTHONDONTWRITEBYTECODE), every worker and every command a
    test starts would otherwise compile the package again from its source."""
    if hasattr(config, "workerinput"):
        return
    import compileall

    import shipyard
    from shipyard.services import warming

    compileall.compile_dir(Path(shipyard.__file__).parent, quiet=1)
    from shipyard.services.registry import rulesets

    for ruleset in rulesets().values():
        warming.start(ruleset)


@pytest.hookimpl(wrapper=True)
def pytest_report_to_serializable(config: pytest.Config, report: Any) -> Any:
    """A report as an xdist worker sends it, lone surrogates escaped: a failing example
    named with one (tests/test_any_name.py) must fail its test, not stop the run."""
    data = yield
    return _encodable(data)


def _encodable(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_encodable(key): _encodable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_encodable(item) for item in value)
    return value


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


def make(**fields: Any) -> Design:
    """A design from keyword fields; everything omitted takes its default."""
    return parse_design({"schema": "shipyard.design/1", "name": "test", **fields})


def sheet_of(**fields: Any) -> Sheet:
    return price(make(**fields), load_catalog())
