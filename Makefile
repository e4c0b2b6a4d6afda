# The two entry points of the README: `make demo` and `make test`. Nothing else is needed on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test docs lint typecheck bench bench-kernels bench-valet bench-leads bench-deals bench-archive bench-live clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/bridgescore check src/bridgescore/examples/club-evening.csv
	$(BIN)/bridgescore score src/bridgescore/examples/club-evening.csv --method matchpoints
	$(BIN)/bridgescore score src/bridgescore/examples/club-evening.csv --method butler
	$(BIN)/bridgescore season src/bridgescore/examples/season --rule best:6 --absent average:50

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest

# The documentation site (docs/, mkdocs.yml) into site/: every warning an error (a broken link or anchor, a page
# missing from the navigation, a docstring the API page cannot read); nothing is fetched from the network.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

bench-kernels: $(STAMP)
	$(BIN)/python -m benchmarks.kernels

bench-valet: $(STAMP)
	$(BIN)/python -m benchmarks.valet_bench

bench-leads: $(STAMP)
	$(BIN)/python -m benchmarks.leads_bench

bench-deals: $(STAMP)
	$(BIN)/python -m benchmarks.deals_bench

bench-archive: $(STAMP)
	$(BIN)/python -m benchmarks.archive_bench

bench-live: $(STAMP)
	$(BIN)/python -m benchmarks.live_bench

clean:
	rm -rf $(VENV) build dist site .mypy_cache .pytest_cache .ruff_cache
