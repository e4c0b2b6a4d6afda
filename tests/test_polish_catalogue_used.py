"""Every message of the Dutch catalogue is one the package can still write: a literal of the code (a call of
``_``/``N_``/``pgettext``, or a word kept in a table and looked up by value), a literal joined with a module's
constant (``"…" + _HINT``), or a word of a template.  A message no code writes any more is dead weight a translator
would keep translating."""

from __future__ import annotations

import ast
from pathlib import Path

from babel.messages.pofile import read_po

import bridgescore

PACKAGE = Path(bridgescore.__file__).parent
#: Words of issue 5's list that the catalogue keeps for the publication though no report writes them now
#: (tests/test_i18n.py::test_dutch_labels_of_the_issue)
KEPT = {"Traveller"}


def _texts(tree: ast.Module) -> set[str]:
    """The module's string literals, and the sums of literals and names the module assigns a literal to (a
    module's constant, or a function's ``message = "…"`` extended with a hint)."""
    names: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, set()).add(node.value.value)

    def values(node: ast.expr) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.Name):
            return names.get(node.id, set())
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return {a + b for a in values(node.left) for b in values(node.right)}
        return set()

    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant | ast.BinOp):
            found |= values(node)
    return found


def _written_by_the_package() -> tuple[set[str], str]:
    literals: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        literals |= _texts(ast.parse(path.read_text(encoding="utf-8")))
    templates = "\n".join(p.read_text(encoding="utf-8") for p in (PACKAGE / "report" / "templates").rglob("*.j2"))
    return literals, templates


def test_every_catalogue_message_is_still_written_by_the_package() -> None:
    with (PACKAGE / "locale" / "nl" / "LC_MESSAGES" / "bridgescore.po").open("rb") as handle:
        catalog = read_po(handle)
    literals, templates = _written_by_the_package()
    unused = sorted(
        message.id
        for message in catalog
        if message.id
        and isinstance(message.id, str)
        and message.id not in literals | KEPT
        and message.id not in templates
    )
    assert unused == []


def test_a_literal_joined_with_a_constant_counts() -> None:
    tree = ast.parse('_HINT = " (give --movement mitchell)"\ndef f():\n    m = "pair %(pair)s"\n    return m + _HINT\n')
    assert "pair %(pair)s (give --movement mitchell)" in _texts(tree)
