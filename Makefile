# 6E Club — two commands: `make` (set up and serve on http://127.0.0.1:8000)
# and `make test` (ruff, ESLint, tsc, pytest, conformance vectors, browser end-to-end).
PY      := .venv/bin/python
PORT    ?= 8000
UPSTREAM_SPEC ?= ../shared/spec
VECTORS ?= $(wildcard spec/vectors/*.json)
OWN_VECTORS := $(wildcard tests/vectors/*.json)
E2E     ?= e2e
# pytest-xdist workers for the unit tests and the e2e suite: two on two cores. A third (an e2e
# test mostly waits for its page) was faster, but its load made Chromium abort module requests
# and boots fail in tests whose subject was not the boot.
WORKERS ?= 2
STAMP   := .venv/.installed-$(shell cat requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: all help setup serve build vendor test check lint lint-js format types typecheck unit unit-js conformance e2e bench dist clean sync-spec spec-check browser

all: setup serve

# `make help`: every target with its line (the `##` comments below).
help: ## list the targets and what each does
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /  make \1\t/' | expand -t 22

setup: $(STAMP) vendor/versions.json build ## install the venv, the pinned npm runtime, vendor/ and build/

$(STAMP): requirements-dev.txt
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

vendor/versions.json: node_modules/.package-lock.json tools/vendor.py
	$(PY) tools/vendor.py

vendor: vendor/versions.json ## copy the pinned runtime from node_modules into vendor/

build: $(STAMP) vendor/versions.json ## zip py/club into build/club.zip and write the precache list
	$(PY) tools/build.py

serve: setup ## serve the arcade on http://127.0.0.1:$(PORT)
	$(PY) tools/serve.py --port $(PORT)

lint: $(STAMP) ## ruff over py, tests, e2e and tools
	$(PY) -m ruff check py tests e2e tools

# The served JavaScript, checked as is: ESLint, and tsc over JSDoc types with the
# engine's views as TypeScript (build/types/views.d.ts, made from the TypedDicts).
# The page's JavaScript in one format (Prettier, pinned in package.json; .prettierrc.json).
JS_FORMATTED = "web/**/*.{js,mjs}" "tests/js/**/*.mjs" eslint.config.js

lint-js: node_modules/.package-lock.json ## ESLint over web/ and the node tests; Prettier checks their format
	npx --no-install eslint web tests/js
	npx --no-install prettier --check --log-level warn $(JS_FORMATTED)

format: node_modules/.package-lock.json ## write the JavaScript in Prettier's format (what lint-js checks)
	npx --no-install prettier --write --log-level warn $(JS_FORMATTED)

types: $(STAMP) ## write the engine's TypedDicts as TypeScript (build/types)
	$(PY) tools/viewtypes.py

typecheck: types node_modules/.package-lock.json ## tsc over the JSDoc types of web/
	npx --no-install tsc --noEmit -p tsconfig.json
	npx --no-install tsc --noEmit -p tsconfig.sw.json

unit: $(STAMP) ## pytest: engines, notation, properties, fuzz, doctests
	$(PY) -m pytest -n $(WORKERS) tests py/club

# The page's pure logic (routes, paint and cue tables, the replay bar, the kit
# session, i18n, the backup plan) under node's own test runner: no browser.
unit-js: $(STAMP) ## node --test over tests/js (the page's pure modules, in seconds)
	node --test --test-reporter=dot tests/js/

conformance: $(STAMP) ## the spec's vectors and ours (VECTORS=... for others)
	PYTHONPATH=py $(PY) -m club.conformance $(VECTORS)
	$(if $(OWN_VECTORS),PYTHONPATH=py $(PY) -m club.conformance $(OWN_VECTORS))

# The repo keeps its own copy of the rules spec (spec/); the upstream is
# ../shared/spec when it is beside the checkout. A clone without it tests
# against spec/ alone; with it, the two must agree.
sync-spec: ## copy the upstream spec (../shared/spec) into spec/
	@test -d $(UPSTREAM_SPEC) || { echo "sync-spec: no $(UPSTREAM_SPEC) beside the repo: nothing to sync"; exit 1; }
	rm -rf spec && cp -R $(UPSTREAM_SPEC) spec && chmod -R u+w spec
	@echo "sync-spec: spec/ now equals $(UPSTREAM_SPEC); implement what changed and commit it"

spec-check: ## fail when spec/ differs from the upstream
	@if [ -d $(UPSTREAM_SPEC) ] && ! diff -rq $(UPSTREAM_SPEC) spec >/dev/null; then \
	  diff -rq $(UPSTREAM_SPEC) spec; \
	  echo "spec/ differs from the upstream $(UPSTREAM_SPEC): run 'make sync-spec', implement what changed, commit"; exit 1; fi

browser: $(STAMP) ## find Chromium for the e2e tests
	@$(PY) e2e/browser.py

e2e: setup browser ## Playwright in Chromium (one file: make e2e E2E=e2e/test_kit.py)
	$(PY) -m pytest $(E2E) -p no:cacheprovider -n $(WORKERS)

# The edit loop: everything but the browser, in under two minutes. The node tools
# (ESLint, tsc, node --test) run beside pytest: two jobs, output kept whole per target.
check: spec-check setup ## the quick loop: lint, types, pytest, node tests, vectors
	@$(MAKE) --no-print-directory -j2 -Otarget lint conformance unit lint-js typecheck unit-js

test: check e2e ## everything: `make check`, then the e2e suite

bench: setup ## benchmarks (engine, boot, paint, bytes): prints numbers, writes bench/report.json
	$(PY) tools/bench.py
	$(PY) tools/balance.py
	$(PY) tools/replay_bench.py

dist: setup ## a static folder for any host (dist/)
	$(PY) tools/build.py --dist dist

clean: ## remove every generated folder
	rm -rf build dist vendor node_modules .venv
