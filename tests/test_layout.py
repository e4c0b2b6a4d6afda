"""The layout's import rules (issue 20): imports run one way – core ← io, report ← pairs ← the other forms ←
season, archive ← api ← cli – the forms built on pairs are independent of each other, the model imports nothing
above it, and no module imports itself round a cycle of any length.

The rules are import-linter's contracts in ``pyproject.toml`` (``make test`` runs ``lint-imports`` too); these tests
run them as a process on this checkout, show that a deliberate back-import breaks them (on a copy of the package),
and build the whole import graph – ``TYPE_CHECKING`` imports included – to find any cycle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

_CYCLES = """
import sys
import grimp
import networkx as nx

graph = grimp.build_graph("bridgescore", cache_dir=None)
edges = nx.DiGraph()
for module in graph.modules:
    edges.add_node(module)
    for imported in graph.find_modules_directly_imported_by(module):
        edges.add_edge(module, imported)
cycles = [sorted(c) for c in nx.strongly_connected_components(edges) if len(c) > 1]
for cycle in cycles:
    print("cycle:", " ".join(cycle))
print(len(graph.modules), "modules")
sys.exit(1 if cycles else 0)
"""


def _run(args: list[str], src: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


def _lint(src: Path) -> subprocess.CompletedProcess[str]:
    return _run([str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")], src, ROOT)


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "src"
    shutil.copytree(SRC / "bridgescore", copy / "bridgescore", ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _add_import(src: Path, module: str, statement: str) -> None:
    path = src / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = src / module.replace(".", "/") / "__init__.py"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("from __future__ import annotations\n", f"from __future__ import annotations\n\n{statement}\n", 1)
    )


def test_the_import_contracts_hold() -> None:
    result = _lint(SRC)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "statement", "contract"),
    [
        # the model importing the API for its tables: the knot issue 20 untied
        ("bridgescore.core.event", "import bridgescore.api", "The model never imports"),
        # a reader importing what is built on it
        ("bridgescore.io.csv", "import bridgescore.pairs.scored", "Imports run one way"),
        # the pairs reports importing the teams they are shared with
        ("bridgescore.pairs.report.csv", "import bridgescore.teams.model", "Imports run one way"),
        # one form of event importing another
        ("bridgescore.teams.match", "import bridgescore.individual.engine", "know nothing of each other"),
        # the season importing the command line
        ("bridgescore.season.engine", "import bridgescore.cli.common", "Imports run one way"),
    ],
)
def test_a_back_import_breaks_the_contracts(tmp_path: Path, module: str, statement: str, contract: str) -> None:
    copy = _copy(tmp_path)
    _add_import(copy, module, statement)
    result = _lint(copy)
    assert result.returncode != 0, result.stdout
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(contract in line for line in broken), result.stdout


def test_no_import_cycle_of_any_length() -> None:
    result = _run([sys.executable, "-c", _CYCLES], SRC, ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert int(result.stdout.split()[-2]) > 100  # the whole package was read


def test_a_cycle_is_found(tmp_path: Path) -> None:
    """The cycle test can fail: two core modules that import each other (contract ← cards) are named."""
    copy = _copy(tmp_path)
    _add_import(copy, "bridgescore.core.contract", "import bridgescore.core.cards")
    result = _run([sys.executable, "-c", _CYCLES], copy, ROOT)
    assert result.returncode == 1
    assert "cycle: bridgescore.core.cards bridgescore.core.contract" in result.stdout
