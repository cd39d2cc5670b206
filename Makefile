# 6E Club — two commands: `make` (set up and serve on http://127.0.0.1:8000)
# and `make test` (ruff, ESLint, tsc, pytest, conformance vectors, browser end-to-end).
PY      := .venv/bin/python
PORT    ?= 8000
UPSTREAM_SPEC ?= ../shared/spec
VECTORS ?= $(wildcard spec/vectors/*.json)
OWN_VECTORS := $(wildcard tests/vectors/*.json)
STAMP   := .venv/.installed-$(shell cat requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: all setup serve build vendor test lint lint-js types typecheck unit conformance e2e bench dist clean sync-spec spec-check browser

all: setup serve

setup: $(STAMP) vendor/versions.json build

$(STAMP): requirements-dev.txt
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

vendor/versions.json: node_modules/.package-lock.json tools/vendor.py
	$(PY) tools/vendor.py

vendor: vendor/versions.json

build: $(STAMP) vendor/versions.json
	$(PY) tools/build.py

serve: setup
	$(PY) tools/serve.py --port $(PORT)

lint: $(STAMP)
	$(PY) -m ruff check py tests e2e tools

# The served JavaScript, checked as is: ESLint, and tsc over JSDoc types with the
# engine's views as TypeScript (build/types/views.d.ts, made from the TypedDicts).
lint-js: node_modules/.package-lock.json
	npx --no-install eslint web

types: $(STAMP)
	$(PY) tools/viewtypes.py

typecheck: types node_modules/.package-lock.json
	npx --no-install tsc --noEmit -p tsconfig.json
	npx --no-install tsc --noEmit -p tsconfig.sw.json

unit: $(STAMP)
	$(PY) -m pytest tests py/club

conformance: $(STAMP)
	PYTHONPATH=py $(PY) -m club.conformance $(VECTORS)
	$(if $(OWN_VECTORS),PYTHONPATH=py $(PY) -m club.conformance $(OWN_VECTORS))

# The repo keeps its own copy of the rules spec (spec/); the upstream is
# ../shared/spec when it is beside the checkout. A clone without it tests
# against spec/ alone; with it, the two must agree.
sync-spec:
	@test -d $(UPSTREAM_SPEC) || { echo "sync-spec: no $(UPSTREAM_SPEC) beside the repo: nothing to sync"; exit 1; }
	rm -rf spec && cp -R $(UPSTREAM_SPEC) spec && chmod -R u+w spec
	@echo "sync-spec: spec/ now equals $(UPSTREAM_SPEC); implement what changed and commit it"

spec-check:
	@if [ -d $(UPSTREAM_SPEC) ] && ! diff -rq $(UPSTREAM_SPEC) spec >/dev/null; then \
	  diff -rq $(UPSTREAM_SPEC) spec; \
	  echo "spec/ differs from the upstream $(UPSTREAM_SPEC): run 'make sync-spec', implement what changed, commit"; exit 1; fi

browser: $(STAMP)
	@$(PY) e2e/browser.py

e2e: setup browser
	$(PY) -m pytest e2e -p no:cacheprovider

test: spec-check setup lint lint-js typecheck unit conformance e2e

bench: setup
	$(PY) tools/bench.py
	$(PY) tools/balance.py

dist: setup
	$(PY) tools/build.py --dist dist

clean:
	rm -rf build dist vendor node_modules .venv
