# Targets match the README. Each sets up .venv itself.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test check bench pin-duels mutate mutate-tacship clean

run:
	python3 -m venv $(VENV) && $(VENV)/bin/pip install -q . && $(VENV)/bin/shipyard

test:
	python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -e '.[test]' && $(PY) -m pytest

check:
	$(VENV)/bin/ruff check shipyard tests benchmarks tools && $(VENV)/bin/mypy --strict shipyard && $(VENV)/bin/lint-imports

bench:
	$(PY) benchmarks/pricing_bench.py
	$(PY) benchmarks/export_bench.py
	$(PY) benchmarks/duel_bench.py
	$(PY) benchmarks/tournament_bench.py
	$(PY) benchmarks/tui_bench.py

# The known duels of every game, seed in, duel out (tests/data/duels/, docs/testing.md):
# fought again on the reference engine and written after a change of rules or captains.
pin-duels:
	$(PY) tools/pin_duels.py

# Mutation testing of pricing and legality (docs/testing.md); slow, not part of CI.
# KILL_RATES reads `mutmut results --all true` and prints each module's kill rate.
KILL_RATES := awk -F': ' \
	  '{ split($$1, name, "."); m = name[4]; n[m]++; if ($$2 == "killed" || $$2 == "timeout") k[m]++ } \
	  END { for (m in n) printf "%s: %d of %d mutants killed (%.1f%%)\n", m, k[m], n[m], 100 * k[m] / n[m] }'

mutate:
	$(VENV)/bin/pip install -q -e '.[test,mutation]'
	rm -rf mutants
	$(VENV)/bin/mutmut run --max-children 2
	$(VENV)/bin/mutmut results --all true | $(KILL_RATES)
	$(VENV)/bin/mutmut results

# The same for Tacship: [tool.shipyard.mutate.tacship] of pyproject.toml over [tool.mutmut].
MUTATE_TACSHIP := $(PY) tools/mutate.py tacship

mutate-tacship:
	$(VENV)/bin/pip install -q -e '.[test,mutation]'
	rm -rf mutants
	$(MUTATE_TACSHIP) run --max-children 2
	$(MUTATE_TACSHIP) results --all true | $(KILL_RATES)
	$(MUTATE_TACSHIP) results

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
