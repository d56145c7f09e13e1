# Two commands on a fresh machine: `make play` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Two installs, each with its own stamp: the game's (`.[fast]`: what a player needs) and the
# developer's (`.[fast,test]`: the game plus pytest, hypothesis, ruff, mypy and import-linter).
# The developer's install holds the game's, so it refreshes both stamps: `make play` after
# `make test` installs nothing; `make test` after `make play` adds only the test tools.
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test lint bench clean warm mutants

# Extra arguments for the game, e.g. `make play PLAY_ARGS="--game rummy --players human,hard"`.
PLAY_ARGS ?=

# Reinstall only when pyproject.toml changed since the last install. pip's own lines show the
# progress (a fresh install downloads about 130 MB of wheels).
$(PLAY_STAMP): pyproject.toml
	@echo "== installing Robbers' Den into $(VENV) (once; again only when pyproject.toml changes)"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --progress-bar on -e '.[fast]'
	touch $(PLAY_STAMP)
	@echo "== installed"

$(TEST_STAMP): pyproject.toml
	@echo "== installing Robbers' Den and the test tools into $(VENV) (again only when pyproject.toml changes)"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --progress-bar on -e '.[fast,test]'
	touch $(TEST_STAMP) $(PLAY_STAMP)
	@echo "== installed"

# The rummy solver's compiled core (numba): compiled into numba's on-disk cache once (about a
# minute after every change of its source), loaded from it in well under a second. `make test`
# needs it ready so that pytest's two workers load it instead of compiling twice; the game does
# not wait for it (its AI process has it compiled by a short-lived process of its own, then
# loads it; the Python solver answers meanwhile).
WARM_UP = $(PY) -c "from ai.rummy_solver import warm_up; warm_up()"
WARM_NOTE = == compiling the rummy solver (once, about a minute; later runs load it from the cache)

warm: $(PLAY_STAMP)
	@echo "$(WARM_NOTE)"
	$(WARM_UP)

play: $(PLAY_STAMP)
	$(PY) -m game $(PLAY_ARGS)

test: $(TEST_STAMP)
	@echo "$(WARM_NOTE)"
	$(WARM_UP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2

# CI (.ci/run) lints first, on a clean clone: the linters are test tools.
lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: $(TEST_STAMP)
	for f in tests/bench/bench_*.py; do $(PY) $$f || exit 1; done

# Mutation testing of the rules engines and the save and review readers (tools/mutants.py, mutmut):
# about half an hour on two cores, outside CI; its own extra, installed here only. Some groups:
# `make mutants MUTANTS_ARGS="rummy review"`; `MUTANTS_ARGS=--report` prints the last results.
MUTANTS_ARGS ?=
MUTANTS_STAMP := $(VENV)/.mutants-installed

# Only the extra's own requirements (read from pyproject.toml): the game itself is installed by
# $(TEST_STAMP) already, and reinstalling it here would point the shared .venv at this checkout.
$(MUTANTS_STAMP): pyproject.toml $(TEST_STAMP)
	$(PY) -c "import subprocess, sys, tomllib; extra = tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['mutants']; subprocess.check_call([sys.executable, '-m', 'pip', 'install', '--quiet', *extra])"
	touch $(MUTANTS_STAMP)

mutants: $(MUTANTS_STAMP)
	$(PY) tools/mutants.py $(MUTANTS_ARGS)

# The standalone app (packaging/robbers-den.spec, PyInstaller, one folder): dist/robbers-den/,
# started by dist/robbers-den/robbers-den, runs without Python on the kind of machine it was
# built on. PyInstaller and the game's plain dependencies (no numba: the app ships the
# pure-Python solver) live in a build venv of their own, $(DIST_VENV), apart from $(VENV).
# `make dist-smoke` starts the built app headless from outside the source tree.
DIST_VENV := .venv-dist
DIST_STAMP := $(DIST_VENV)/.installed

$(DIST_STAMP): pyproject.toml
	test -x $(DIST_VENV)/bin/python || $(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(DIST_VENV)/bin/python -m pip install --quiet 'pyinstaller>=6.3' .
	$(DIST_VENV)/bin/python -m pip uninstall --quiet --yes robbers-den  # built from the source tree
	touch $(DIST_STAMP)

.PHONY: dist dist-smoke
dist: $(DIST_STAMP)
	$(DIST_VENV)/bin/python -m PyInstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller packaging/robbers-den.spec
	@echo "== built dist/robbers-den/robbers-den ($$(du -sh dist/robbers-den | cut -f1))"

dist-smoke:
	bash tools/dist_smoke.sh

# Everything the commands above build: both venvs, the app and PyInstaller's work folder.
clean:
	rm -rf $(VENV) $(DIST_VENV) build dist *.egg-info
