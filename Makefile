# Two commands matter (see README): `make run` and `make test`.
# Both create .venv with Python 3.11+ and install the project when pyproject.toml changes.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test soak lint bench clean web web-check

# setup.py compiles these modules with mypyc (optional; the .py runs where it cannot): a change to
# one of them reinstalls, so a compiled module never lags behind its source.
COMPILED := bot/engine/tricks.py bot/engine/randomplay.py bot/ai/consts.py bot/ai/passing.py bot/ai/policy.py bot/ai/textbook.py bot/ai/playout.py bot/ai/inference.py
$(STAMP): pyproject.toml setup.py $(COMPILED)
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed" if sys.version_info < (3, 11) else 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

# The Activity's browser tests (tests/activity_browser) drive Debian's Chromium through Playwright
# (no browser download of Playwright's own): installed from Debian's packages when missing.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	sudo=""; if [ "$$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi; \
	$$sudo apt-get update -qq && \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# The suite runs on pytest-xdist workers: much of it waits on bot processes, sockets and timers, so
# more workers than cores keep both busy, but each worker collects the suite again and they contend:
# three finish first on this project's 2-core machines (docs/BENCHMARKS.md, "The test suite";
# six took 8 % to 25 % longer); TEST_WORKERS=0 runs it in this process. Work stealing, with each worker's first share
# starting with its slowest tests (tests/schedule.py): xdist's default hands each worker its
# share up front, in file order, and one worker was left with the slow process tests while the
# others sat idle for minutes.
TEST_WORKERS ?= 3
# Python's bytecode cache even where the environment turns it off (PYTHONDONTWRITEBYTECODE, as on
# this project's machines): without it every worker and every bot process the tests start compiles
# the project again (collecting the suite: 5.0 s of CPU per worker from a fresh clone, 1.8 s).
test: export PYTHONDONTWRITEBYTECODE :=
test: $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

# The random-input tests over COUNT fresh seeds from FIRST instead of their own (tests/random_seeds.py),
# on more workers than cores so that races show; a failing seed reruns with the same SOAK.
SOAK ?= 1000:100
soak: $(STAMP)
	SOAK=$(SOAK) $(BIN)/python -m pytest -q -n 4 tests/cogs/test_random_input.py \
	  tests/cogs/test_random_activity.py tests/events/test_random_events.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/render_speed.py

# The Activity's page (web/activity, TypeScript) is built into the package (cogs/activity/static),
# committed, so `make run` and `make test` need no Node.js. `make web` rebuilds it after a change to
# its sources; `make web-check` (CI) builds them into a temporary directory and fails if that
# differs from what is committed.
WEB := web/activity
web:
	cd $(WEB) && npm ci --no-audit --no-fund && npm run build

web-check:
	cd $(WEB) && npm ci --no-audit --no-fund
	out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && \
	  (cd $(WEB) && ACTIVITY_OUT="$$out" npm run build >/dev/null) && \
	  diff -r "$$out" cogs/activity/static && echo "web-check: the built app is what its sources build"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build $(WEB)/node_modules
	find bot -name '*.so' -delete
