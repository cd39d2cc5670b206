# 6E Club — two commands: `make` (set up and serve on http://127.0.0.1:8000)
# and `make test` (ruff, pytest, conformance vectors, browser end-to-end).
PY      := .venv/bin/python
PORT    ?= 8000
VECTORS ?= $(wildcard ../shared/spec/vectors/*.json)
OWN_VECTORS := $(wildcard tests/vectors/*.json)
STAMP   := .venv/.installed-$(shell cat requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: all setup serve build vendor test lint unit conformance e2e bench dist clean

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

unit: $(STAMP)
	$(PY) -m pytest tests py/club

conformance: $(STAMP)
	PYTHONPATH=py $(PY) -m club.conformance $(VECTORS)
	$(if $(OWN_VECTORS),PYTHONPATH=py $(PY) -m club.conformance $(OWN_VECTORS))

e2e: setup
	$(PY) -m pytest e2e -p no:cacheprovider

test: setup lint unit conformance e2e

bench: setup
	$(PY) tools/bench.py

dist: setup
	$(PY) tools/build.py --dist dist

clean:
	rm -rf build dist vendor node_modules .venv
