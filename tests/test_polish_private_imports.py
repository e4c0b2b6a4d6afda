"""No module of the package reaches into another module's private names (a leading underscore).

A helper two modules share gets a public name in its own module (and a place in its ``__all__``), so that
changing it is a visible change of that module's interface, not a silent break of a reader elsewhere."""

from __future__ import annotations

import ast
from pathlib import Path

import bridgescore

PACKAGE = Path(bridgescore.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _reaches(text: str, own: str, label: str) -> list[str]:
    """The private names of other bridgescore modules that module ``own`` (source ``text``) uses."""
    tree = ast.parse(text)
    modules: set[str] = set()  # local names bound to another bridgescore module
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bridgescore"):
            for alias in node.names:
                if _private(alias.name) and node.module != own:
                    found.append(f"{label}:{node.lineno}: from {node.module} import {alias.name}")
                else:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("bridgescore") and alias.asname:
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{label}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        for hit in _reaches(path.read_text(encoding="utf-8"), _module_name(path), str(path.relative_to(PACKAGE)))
    ]
    assert found == []


def test_the_check_sees_a_private_name_reached_both_ways() -> None:
    text = "from bridgescore.io import usebio\nfrom bridgescore.pairs.standings import _rank\nusebio._parse(1)\n"
    assert len(_reaches(text, "bridgescore.teams.read_usebio", "probe")) == 2
    assert _reaches("from bridgescore.pairs.standings import _rank\n", "bridgescore.pairs.standings", "own") == []
