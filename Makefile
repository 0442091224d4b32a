# The README's two commands: `make run` and `make test`. Both go through `make install`,
# which creates/updates .venv and is a no-op when pyproject.toml has not changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GIEOK_HOST ?= 127.0.0.1
GIEOK_PORT ?= 8420

.PHONY: install run test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[local,dev]'
	touch $(STAMP)

run: install
	$(BIN)/gieok serve --host $(GIEOK_HOST) --port $(GIEOK_PORT)

test: install
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/gieok bench --sizes 10000,100000 --json docs/bench.json

clean:
	rm -rf $(VENV) .pytest_cache build dist
