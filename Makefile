# Club Director: `make run` serves the site with a demo party, `make test` runs the whole suite.
# Both are idempotent: the virtual environment is made once and reinstalled when a requirements file changes.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run install install-dev test lint format check bench backup clean

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo
	$(BIN)/python manage.py collectstatic --noinput -v 0
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python manage.py serve

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

test: lint check
	$(BIN)/pytest $(PYTEST_ARGS)

bench: install-dev
	$(BIN)/python -m bench.run

backup: install
	$(BIN)/python manage.py backup_db

clean:
	rm -rf $(VENV) staticfiles .hypothesis
