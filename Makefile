# The README's two commands: `make run` and `make test`. Both create/update .venv and are
# no-ops when nothing changed.
#
# To add an optional part: one line in pyproject.toml's [project.optional-dependencies]
#   (`redis = ["redis>=5"]`). `make test` installs every extra declared there, so nothing to do
#   here. If the service itself needs it at run time, add its name to RUN_EXTRAS too.
# To add a Debian package the tests need (a browser, a server): add its name to
#   TEST_APT_PACKAGES below. `make test` installs what is missing (as root, or through sudo).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GIEOK_HOST ?= 127.0.0.1
GIEOK_PORT ?= 8420

# Extras `make run` installs: what the service needs beyond the core dependencies.
RUN_EXTRAS := local,web,mcp,redis,encryption,ann
# Extras `make test` installs: every one pyproject.toml declares (dev tools included).
TEST_EXTRAS = $(shell $(PYTHON) -c 'import tomllib; print(",".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]))')

# Debian packages the tests need, space separated: the one place they are named.
# chromium + fonts-noto-cjk: the browser tests drive Debian's Chromium (never a downloaded
# browser) and Korean must render.
TEST_APT_PACKAGES := chromium fonts-noto-cjk

# apt runs under a lock so parallel `make test`s (and people running apt by hand with the same
# lock) take turns; apt's own lock is waited for rather than failed on.
APT_LOCK ?= $(or $(wildcard /work/apt.lock),/tmp/gieok-apt.lock)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq

.PHONY: install install-run install-test system-packages run test bench clean

# `make install` is the test setup (what PREAMBLE-style dev work needs); `make run` uses less.
install: install-test
install-run: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test system-packages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "python3 -m venv failed: installing Debian's python3-venv"; \
	  $(SUDO) flock $(APT_LOCK) sh -c '$(APT_GET) update && $(APT_GET) install -y python3-venv' \
	  && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml Makefile | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(RUN_EXTRAS)]'
	touch $@

$(VENV)/.installed-test: pyproject.toml Makefile | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(TEST_EXTRAS)]'
	touch $@

# Checks every run (dpkg-query, milliseconds); calls apt only for what is missing.
system-packages:
	@missing=""; for p in $(TEST_APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' "$$p" 2>/dev/null | grep -q '^install ok installed' \
	    || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
	  $(SUDO) flock $(APT_LOCK) sh -c \
	    "$(APT_GET) update && $(APT_GET) install -y --no-install-recommends $$missing"; fi

run: install-run
	$(BIN)/gieok serve --host $(GIEOK_HOST) --port $(GIEOK_PORT)

test: install-test
	$(BIN)/python -m pytest -q

bench: install-run
	$(BIN)/gieok bench --sizes 10000,100000 --json docs/bench.json

clean:
	rm -rf $(VENV) .pytest_cache build dist
