# Club Director: `make run` serves the site with a demo party, `make test` runs the whole suite.
# Both are idempotent: the virtual environment is made once and reinstalled when a requirements file changes.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run install install-dev phone-bundle messages gettext test lint format check typecheck browser bench bench-smoke backup clean

# The party laptop: DEBUG off (guests never see a debug page), plain HTTP on the local network,
# gunicorn serving, a secret key made once and kept in .secret_key. No account is made here: the first
# page opened on the laptop itself sets up the club and its owner's login (with the demo events).
LAPTOP = DEBUG=false HTTPS=false ALLOWED_HOSTS='*' SECRET_KEY="$$(cat .secret_key)"

run: install messages .secret_key
	$(LAPTOP) $(BIN)/python manage.py migrate --noinput
	$(LAPTOP) $(BIN)/python manage.py collectstatic --noinput -v 0
	$(LAPTOP) HOST=$(HOST) PORT=$(PORT) $(BIN)/python manage.py serve

.secret_key:
	@$(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(60))' > $@

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Club Director needs Python 3.11 or newer: set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: requirements.txt $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# The compiled catalogues (.mo) are built from the committed .po files, in pure Python.
messages: install
	$(BIN)/python -m clubdirector.catalogues

# xgettext (Debian's gettext) lets the catalogue test find every marked string: installed here when
# missing and we are root.
gettext:
	@command -v xgettext >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	  else echo "xgettext is not installed: the catalogue test will fail (apt-get install gettext)"; fi; }
# The phone's one script, built from its four (tournaments/presentation/page_assets.py); a test fails
# until the rebuilt file is committed.
phone-bundle: install
	$(BIN)/python -m tournaments.presentation.page_assets .

install-dev: $(VENV)/.installed-dev

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

check: install-dev
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python manage.py check

typecheck: install-dev
	$(BIN)/mypy tournaments clubdirector tests bench

test: lint check typecheck browser gettext messages
	$(BIN)/pytest $(PYTEST_ARGS)

# The browser tests use Debian's chromium: installed here when missing and we are root, else skipped.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is not installed: the browser tests will be skipped (apt-get install chromium)"; fi; }

# Figures, never assertions: writes bench/results.json and prints it as the last line, its goals before it.
# `make bench DATABASE_URL=postgres://…` runs it (load test included) against PostgreSQL; BENCH_SERVERS=2 adds
# the load through two gunicorns behind nginx (Debian's, installed by the bench when missing and we are root).
BENCH_ENV = $(if $(DATABASE_URL),DATABASE_URL='$(DATABASE_URL)') $(if $(BENCH_SERVERS),BENCH_SERVERS='$(BENCH_SERVERS)')
bench: install-dev
	$(BENCH_ENV) $(BIN)/python -m bench.run

# The load alone, small (32 phones, one run) and bounded (5 minutes): fails on any error, lost or doubled
# entry. CI runs it on PostgreSQL with BENCH_SERVERS=2.
bench-smoke: install
	$(BENCH_ENV) BENCH_SMOKE=1 timeout -k 10 300 $(BIN)/python -m bench.run

backup: install
	$(BIN)/python manage.py backup_db

clean:
	rm -rf $(VENV) staticfiles .hypothesis
