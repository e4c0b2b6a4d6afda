"""The live evening (issue 22) speaks Dutch: every word its pages show – the templates' ``_("…")`` and the message
ids the application, the entry check, the store and the close hand to the pages – has an entry in the Dutch
catalogue, with the same placeholders (Babel's checks), and the words looked up by value (an evening's state, a
seat, a ranking's direction) too.

tests/test_i18n.py reads the report templates of ``report/templates`` alone; the live ones sit in its ``live/``
folder, and the live modules do not call ``_()``: they name a message where the page translates it –
``_message(request, "…")``, ``Refused("…")``, ``error="…"``, an entry's problem ``("…", {values})``, the close's
``return "…"``.  This test reads those places from the syntax tree.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from bridgescore.core.i18n import translator

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bridgescore"
LIVE = PACKAGE / "live"
TEMPLATES = PACKAGE / "report" / "templates" / "live"
PO = PACKAGE / "locale" / "nl" / "LC_MESSAGES" / "bridgescore.po"

#: the calls whose first argument is a message id a page shows
_MESSAGE_CALLS = {"_message", "Refused"}
#: words the templates translate by value (``_(e.state)``, ``_(seat)``, ``_(s.group)``): every value they take
_BY_VALUE = {
    "e.state": ("setup", "running", "closed"),
    "evening.state": ("setup", "running", "closed"),
    "seat": ("N", "E", "S", "W"),
    "fields.declarer": ("N", "E", "S", "W"),
    "s.group": ("NS", "EW"),
    "moves[side][1]": ("NS", "EW"),  # where a pair goes after the round
    "side | upper": ("NS", "EW"),
}
#: values passed to ``_()`` that are message ids found elsewhere (the Python side, read below)
_PASSED_ON = {"error", "message", "m"}


def _called_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def live_python_messages() -> set[str]:
    """The message ids the live modules hand to a page, read from their syntax trees."""
    found: set[str] = set()
    for path in sorted(LIVE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Call):
                name = _called_name(node)
                if name in _MESSAGE_CALLS:
                    # _message(request, "…") and Refused("…")
                    args = node.args[1:] if name == "_message" else node.args
                    if args and _text(args[0]):
                        found.add(_text(args[0]) or "")
                for keyword in node.keywords if name == "_page" else ():  # _page(…, error="…")
                    if keyword.arg == "error" and _text(keyword.value):
                        found.add(_text(keyword.value) or "")
            elif isinstance(node, ast.Assign) and _text(node.value):
                if any(isinstance(t, ast.Name) and t.id == "error" for t in node.targets):  # error = "…" (the desk)
                    found.add(_text(node.value) or "")
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict):
                if _text(node.elts[0]):  # an entry's problem: ("…", {values})
                    found.add(_text(node.elts[0]) or "")
            elif isinstance(node, ast.Return) and node.value is not None:
                # publish: why the evening cannot be closed; ("", "why the hand record cannot be used")
                returned = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                found |= {t for t in map(_text, returned) if t and " " in t}
    return found


def live_template_messages() -> tuple[set[str], set[str]]:
    """The templates' literal messages (Babel's Jinja extractor), and the expressions ``_()`` is given instead of
    a literal (translated by value)."""
    literal: set[str] = set()
    by_value: set[str] = set()
    for template in sorted(TEMPLATES.glob("*.j2")):
        for _lineno, _function, message, _comments in _extract(template):
            literal.add(message)
        text = template.read_text(encoding="utf-8")
        by_value |= set(re.findall(r"""\b_\(\s*([^"'\s,)][^,)]*?)\s*[,)]""", text))
    return literal, by_value


def _extract(template: Path) -> list[tuple[int, str, str, list[str]]]:
    out = []
    for lineno, message, comments, _context in extract_from_file("jinja2.ext:babel_extract", str(template)):
        out.append((lineno, "_", message if isinstance(message, str) else message[0], comments))
    return out


def test_the_scan_finds_the_live_words() -> None:
    """The scan sees what it is meant to see (a broken scan would find nothing and pass)."""
    python = live_python_messages()
    assert "the form has expired: open the page again" in python  # _message
    assert "board %(board)s was entered already; the director can change it" in python  # Refused
    assert "that is not the director's password" in python  # error=
    assert "choose the declarer: N, E, S or W" in python  # an entry's problem
    assert "no result has been entered: there is nothing to publish" in python  # publish's return
    assert "the hand record holds no deal" in python  # a returned pair
    assert "'%(text)s' is no adjusted score: write A+, A, A-, A60/40, N.G. or a weighted score" in python
    assert "nl" not in python and "" not in python
    literal, by_value = live_template_messages()
    assert {"e.state", "seat", "moves[side][1]"} <= by_value
    assert "Confirmed by East-West" in literal and "Board %(board)s is stored." in literal
    assert len(literal) > 80


def test_every_live_word_has_a_dutch_translation() -> None:
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="nl")
    literal, by_value = live_template_messages()
    unknown = by_value - set(_BY_VALUE) - _PASSED_ON
    assert unknown == set(), f"a template translates {unknown} by value: list the values it takes in _BY_VALUE"
    wanted = literal | live_python_messages() | {v for values in _BY_VALUE.values() for v in values}
    missing = sorted(m for m in wanted if catalog.get(m) is None or not catalog.get(m).string)
    assert missing == []
    # the placeholders of each are the English ones (Babel's python-format check), and none is fuzzy
    checked = {m.id: [str(e) for e in errors] for m, errors in catalog.check() if m.id in wanted}
    assert checked == {}
    assert not [m.id for m in catalog if m.id in wanted and m.fuzzy]


def test_the_table_reads_dutch() -> None:
    """A few words a table reads, as Dutch clubs say them (the catalogue's own bridge words: spel, tafel, ronde,
    NZ/OW, leider, uitkomst)."""
    _ = translator("nl").gettext
    assert _("Board %(board)s is stored.") % {"board": 7} == "Spel 7 is opgeslagen."
    assert _("Round %(round)s") % {"round": 2} == "Ronde 2"
    assert _("Table %(table)s") % {"table": 3} == "Tafel 3"
    assert "leider" in _("choose the declarer: N, E, S or W").lower()
    assert "uitkomst" in _("write the opening lead").lower()
