# Two commands on a fresh machine: `make play` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean warm

# Reinstall only when pyproject.toml changed since the last install.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The rummy solver's compiled core (numba): compiled into numba's on-disk cache once (~45 s after
# every change of ai/rummy_solver_jit.py), loaded from it in well under a second. Done here so
# that the game starts with it ready and pytest's two workers load it instead of compiling twice.
warm: $(STAMP)
	$(PY) -c "from ai.rummy_solver import warm_up; warm_up()"

play: warm
	$(PY) -m game

test: warm
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	for f in tests/bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
