# Targets match the README. Each sets up .venv itself.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test check bench clean

run:
	python3 -m venv $(VENV) && $(VENV)/bin/pip install -q . && $(VENV)/bin/shipyard

test:
	python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -e '.[test]' && $(PY) -m pytest

check:
	$(VENV)/bin/ruff check shipyard tests benchmarks && $(VENV)/bin/mypy --strict shipyard && $(VENV)/bin/lint-imports

bench:
	$(PY) benchmarks/pricing_bench.py
	$(PY) benchmarks/export_bench.py
	$(PY) benchmarks/duel_bench.py
	$(PY) benchmarks/tui_bench.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
