# regelwerk: `make run` starts the HTTP server, `make test` runs every check.
# Both create the virtual environment in .venv and install the exact versions of
# requirements.lock, then the project itself without dependencies.
# `make lock` rewrites requirements.lock from pyproject.toml (run it after adding
# or changing a dependency there, and commit both).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
LOCK   := requirements.lock
PIP    := $(BIN)/python -m pip --disable-pip-version-check
SHARED := ../shared/examples/protocol-examples.jsonl
# d20 (benchmark peer and differential test) pins lark-parser 0.9, which clashes
# with Lark 1.x: it gets its own environment, from PyPI
BENCH_D20 := .bench-d20
HOST   ?= 127.0.0.1
PORT   ?= 8000
# pytest-xdist workers of `make test` (`auto`: one per CPU; WORKERS=0 runs in one process)
WORKERS ?= auto
# Hypothesis examples per test (profiles in tests/conftest.py): `quick` (50) for
# `make test`, `ci` (200) under CI, `deep` (1000) for `make test-deep`
HYPOTHESIS ?= $(if $(CI),ci,quick)

.PHONY: run test test-deep checks lint typecheck unit examples bench bench-env messages clean system-deps \
	mutation screenshots

# The locked wheels are kept in WHEELS, outside the checkout (like pip's own cache,
# which PyPI's answers do not fill here): a fresh clone installs them without the
# network, and what is missing there (after a new lock) is fetched first (`pip wheel`:
# an sdist such as d20's lark-parser is built into a wheel once).
WHEELS ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/regelwerk/wheels
# $(call wheels_install,PYTHON,REQUIREMENTS,FOLDER): that environment's pip installs them
define wheels_install
	$(1) -m pip --disable-pip-version-check install --quiet --no-compile --no-index \
		--find-links $(3) $(2) 2>/dev/null || { \
	$(1) -m pip --disable-pip-version-check wheel --quiet --wheel-dir $(3) $(2) && \
	$(1) -m pip --disable-pip-version-check install --quiet --no-compile --no-index \
		--find-links $(3) $(2); }
endef

$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) tools/lockcheck.py
	$(PYTHON) -m venv $(VENV)
	$(call wheels_install,$(BIN)/python,-r $(LOCK),$(WHEELS))
	$(PIP) install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/regelwerk serve --host $(HOST) --port $(PORT)

# The system packages first, then .venv beside d20's environment, then the four
# checks side by side (ruff and mypy beside pytest's workers); each step's output is
# shown whole when it ends, and any failure fails `make test`. docs/testing.md has
# the timings.
test: system-deps
	$(MAKE) --no-print-directory -j4 --output-sync=target checks

checks: lint typecheck unit examples

# System packages the tests need: PostgreSQL (the store tests start their own server)
# and Chromium (the browser tests). Installed with apt when missing; root or sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
system-deps:
	@if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && [ -x /usr/lib/chromium/chromium ]; then \
		echo "system packages present (postgresql, chromium)"; \
	else \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=120 postgresql chromium; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/python tools/catalogues.py check

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) $(BENCH_D20)/bin/python
	$(BIN)/pytest -n $(WORKERS) --dist loadgroup --durations=12 --hypothesis-profile=$(HYPOTHESIS)

# `make test` with 1000 Hypothesis examples per test (a test's own settings win)
test-deep:
	$(MAKE) test HYPOTHESIS=deep

# The browser tests again, saving their screenshots to docs/screenshots (the README
# shows them); `make test` keeps its screenshots in a temporary folder.
screenshots: system-deps $(STAMP)
	REGELWERK_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web -q

examples: $(STAMP)
	@if [ -f $(SHARED) ]; then \
		$(BIN)/python ../shared/examples/check.py $(SHARED) --venv $(VENV); \
	else echo "no shared protocol examples beside this checkout; skipped"; fi

$(BENCH_D20)/bin/python:
	$(PYTHON) -m venv $(BENCH_D20)
	$(call wheels_install,$(BENCH_D20)/bin/python,'d20==1.1.2',$(WHEELS)/d20)

bench-env: $(BENCH_D20)/bin/python

bench: $(STAMP) $(BENCH_D20)/bin/python
	nice $(BIN)/python -m benchmarks
	@command -v wrk >/dev/null || { apt-get update -o DPkg::Lock::Timeout=120 && \
		apt-get install -y -o DPkg::Lock::Timeout=120 wrk; } || echo "no wrk: the HTTP benchmark uses its Python client"
	$(BIN)/python -m benchmarks.costs
	nice $(BIN)/python -m benchmarks.exploding
	$(BIN)/python -m benchmarks.http

# Mutation testing of dice/, odds/ and systems/ (not part of `make test`; one
# worker a core); writes docs/mutation.md. One module: make mutation ONLY=w6/pool.py;
# a time box in minutes after which no mutant starts: make mutation MINUTES=30;
# only the modules without whole results yet: make mutation RESUME=1
mutation: $(STAMP)
	nice -n 19 $(BIN)/python -m tools.mutation run $(if $(ONLY),--only $(ONLY)) \
		$(if $(MINUTES),--minutes $(MINUTES)) $(if $(RESUME),--resume)

messages: $(STAMP)
	$(BIN)/python tools/catalogues.py update

# Exact versions of every dependency in pyproject.toml (all extras); keeps the
# pins that still fit, adds what is new. `make lock-upgrade` moves to the newest.
.PHONY: lock lock-upgrade
LOCK_FLAGS := --quiet --all-extras --strip-extras --allow-unsafe --no-emit-index-url \
	--no-emit-find-links --output-file $(LOCK)

lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet pip-tools
	$(BIN)/pip-compile $(LOCK_FLAGS) $(LOCK_EXTRA) pyproject.toml
	sed -i '/^regelwerk @ /d' $(LOCK)

lock-upgrade:
	$(MAKE) lock LOCK_EXTRA=--upgrade

clean:
	rm -rf $(VENV) $(BENCH_D20) .mutation .pytest_cache .mypy_cache .ruff_cache .hypothesis
