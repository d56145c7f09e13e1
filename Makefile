# Two commands on a fresh machine: `make play` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

# Reinstall only when pyproject.toml changed since the last install.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

bench: $(STAMP)
	for f in tests/bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
