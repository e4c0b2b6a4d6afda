"""Translations and number formatting (bridgescore.core.i18n): the one place for the words a player reads."""

from __future__ import annotations

import ast
import fnmatch
import json
import tomllib
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.i18n import format_number, parse_language, parse_number, round_half_up, translator
from catalogue_recorder import MissingWords

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bridgescore"
PO = PACKAGE / "locale" / "nl" / "LC_MESSAGES" / "bridgescore.po"


def _catalog():  # type: ignore[no-untyped-def]
    with PO.open("rb") as handle:
        return read_po(handle, locale="nl")


def test_dutch_labels_of_the_issue() -> None:
    """The words issue 5 names, as Dutch clubs write them (seeds 000 and 001)."""
    _ = translator("nl").gettext
    expected = {
        "Results": "Uitslag",
        "Pair": "Paar",
        "Board": "Spel",
        "Datum": "Datum",
        "Contract": "Contract",
        "By": "Door",
        "Lead": "Uitkomst",
        "Result": "Resultaat",
        "Score": "Score",
        "Percentage": "Percentage",
        "Average": "Gemiddeld",
        "We": "Wij",
        "They": "Zij",
        "Traveller": "Scorekaart",
        "NS": "NZ",
        "EW": "OW",
    }
    assert {msgid: _(msgid) for msgid in expected} == expected
    assert _("Board %(board)s") % {"board": 7} == "Spel 7"


def test_english_is_the_source_language() -> None:
    _ = translator("en").gettext
    assert _("Lead") == "Lead"
    assert _("Board %(board)s") % {"board": 7} == "Board 7"


def test_unknown_language_is_a_readable_error() -> None:
    with pytest.raises(ValueError, match="en, nl"):
        translator("fr")
    assert parse_language(" NL ") == "nl"


def test_catalogue_is_complete_and_consistent() -> None:
    """Every message has a Dutch translation whose placeholders match the English (Babel's checkers)."""
    catalog = _catalog()
    untranslated = [m.id for m in catalog if m.id and not m.string]
    assert untranslated == []
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert problems == []
    assert not any(m.fuzzy for m in catalog if m.id)


_GETTEXT = {"_", "gettext", "N_"}  # message first
_PGETTEXT = {"pgettext"}  # context, then message


def _called_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _python_messages(path: Path) -> set[tuple[str | None, str]]:
    """Literal messages of ``_``, ``gettext``, ``N_`` and ``pgettext`` calls, read from the syntax tree (so
    calls inside f-strings count too, which Babel's tokenizer does not see before Python 3.12)."""
    found: set[tuple[str | None, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        name = _called_name(node)
        args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
        if name in _GETTEXT and args and args[0] is not None:
            found.add((None, args[0]))
        elif name in _PGETTEXT and len(args) >= 2 and args[0] is not None and args[1] is not None:
            found.add((args[0], args[1]))
    return found


def _messages_in_the_code() -> set[tuple[str | None, str]]:
    """Every (context, message) the code writes as ``_("…")``, ``gettext``, ``pgettext`` or ``N_("…")`` (the
    marker for words kept in tables), in every module of the package, and every message of the templates
    (Babel's Jinja extractor)."""
    used: set[tuple[str | None, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        used |= _python_messages(path)
    for template in sorted((PACKAGE / "report" / "templates").rglob("*.j2")):
        for _lineno, message, _comments, context in extract_from_file("jinja2.ext:babel_extract", str(template)):
            used.add((context, message if isinstance(message, str) else message[0]))
    return used


def test_every_message_in_the_code_is_translated() -> None:
    """No word of any report (page, text, CSV, rubber pad) is missing from the Dutch catalogue."""
    catalog = _catalog()
    used = _messages_in_the_code()
    assert len(used) > 150  # the extractor sees the reports' words (a broken scan would find none)
    assert (None, "Percentages to %(decimals)d decimals, halves rounded up.") in used  # text report
    assert (None, "unfactored_total") in used  # CSV header (N_ table)
    assert (None, "rubber bonus") not in used  # an EntryKind value: covered by the runtime test below
    assert (None, "above the line") in used  # rubber pad
    assert ("short heading", "By") in used  # pgettext with its context
    missing = sorted(
        (context or "", message)
        for context, message in used
        if catalog.get(message, context=context) is None or not catalog.get(message, context=context).string
    )
    assert missing == []


def test_catalogue_and_templates_are_package_data() -> None:
    """The .po file and templates ship in a wheel: pyproject's package-data globs cover them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["bridgescore"]
    files = [PO, *(PACKAGE / "report" / "templates").rglob("*.j2")]
    for path in files:
        relative = path.relative_to(PACKAGE).as_posix()
        assert any(fnmatch.fnmatch(relative, g) for g in globs), relative
    assert resources.files("bridgescore").joinpath("locale/nl/LC_MESSAGES/bridgescore.po").is_file()


@pytest.mark.parametrize(
    ("value", "lang", "decimals", "signed", "text"),
    [
        (56.125, "nl", 2, False, "56,13"),  # halves up, as directors print (Babel alone: 56,12)
        (56.125, "en", 2, False, "56.13"),
        (-2.5, "en", 0, True, "-3"),  # half away from zero, symmetric
        (2.5, "en", 0, True, "+3"),
        (0, "nl", 2, True, "0,00"),
        (-0.001, "nl", 2, False, "0,00"),  # never "-0,00"
        (1430, "nl", 0, False, "1430"),  # no grouping: a score is written as on the card
        (-990, "nl", 0, True, "-990"),
        (8.4, "nl", 1, False, "8,4"),
    ],
)
def test_format_number(value: float, lang: str, decimals: int, signed: bool, text: str) -> None:
    assert format_number(value, lang, decimals, signed=signed) == text


@settings(max_examples=200, deadline=None)
@given(
    st.decimals(min_value=-100000, max_value=100000, places=3, allow_nan=False, allow_infinity=False),
    st.sampled_from(["en", "nl"]),
    st.integers(0, 2),
    st.booleans(),
)
def test_format_then_parse_gives_the_rounded_number(value: Decimal, lang: str, decimals: int, signed: bool) -> None:
    text = format_number(value, lang, decimals, signed=signed)
    assert parse_number(text, lang) == round_half_up(value, decimals)
    if lang == "nl" and decimals:
        assert "," in text and "." not in text


def test_every_word_written_at_run_time_is_translated(tmp_path: Path) -> None:
    """Words looked up by value (check names, reasons on the rubber pad, method names) cannot be found by
    reading the code: write Dutch text, CSV, pages and rubber pads and note every message the catalogue
    lacked. Only the checks' details that carry numbers may stay as written."""
    from typer.testing import CliRunner

    from bridgescore.cli import app
    from bridgescore.rubber.report import run_session
    from bridgescore.rubber.sheet import RubberOptions

    examples = PACKAGE / "examples"
    runs = [
        [str(examples / "club-evening.csv"), "--boards"],
        [str(examples / "club-evening.csv"), "--boards", "--method", "butler"],
        [str(examples / "club-evening.csv"), "--method", "bastille"],
        [str(examples / "club-evening.csv"), "--method", "cross-imps", "--phantom", "14"],
        [str(ROOT / "tests" / "data" / "travellers" / "mistakes.csv"), "--skip-invalid", "--boards"],
    ]
    recorder = MissingWords()
    dutch = translator("nl")
    dutch.add_fallback(recorder)
    details: set[str] = set()
    runner = CliRunner()
    try:
        for args in runs:
            for fmt in ("text", "csv", "html"):
                page = tmp_path / "out"
                result = runner.invoke(app, ["score", *args, "--lang", "nl", "--format", fmt, "--output", str(page)])
                assert result.exit_code == 0, result.output
            result = runner.invoke(app, ["score", *args, "--format", "json"])
            details |= {c["detail"] for c in json.loads(result.output)["checks"]}
        for args in (
            ["rubber.csv"],
            ["chicago.csv", "--chicago", "--we", "NS", "--stake", "1", "--rounding", "half-up"],
        ):
            result = runner.invoke(app, ["rubber", str(examples / args[0]), *args[1:], "--lang", "nl"])
            assert result.exit_code == 0, result.output
        typed = iter(["help", "4S N 10", "undo", "4S N 14", "show", "4S N 10 hon NS 100", "PASS", "3NT E 9",
                      "6HX S 12", "7NT W 13", "end"])  # fmt: skip
        run_session(lambda _prompt: next(typed, None), lambda _text: None, RubberOptions(), "nl")
    finally:
        dutch._fallback = None  # type: ignore[attr-defined]
    assert recorder.missing - details == set()
