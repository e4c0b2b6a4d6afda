"""Translations and number formatting (bridgescore.i18n): the one place for the words a player reads."""

from __future__ import annotations

import fnmatch
import tomllib
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.i18n import format_number, parse_language, parse_number, round_half_up, translator

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


def test_every_message_used_by_the_page_is_translated() -> None:
    """Messages written as ``_("…")`` in html.py and the templates all have a Dutch entry."""
    catalog = _catalog()
    sources = [(PACKAGE / "report" / "html.py", "python")]
    sources += [(p, "jinja2.ext:babel_extract") for p in (PACKAGE / "report" / "templates").glob("*.j2")]
    used = set()
    for path, method in sources:
        for _lineno, message, _comments, _context in extract_from_file(method, str(path)):
            used.add(message if isinstance(message, str) else message[0])
    assert len(used) > 30
    missing = sorted(m for m in used if catalog.get(m) is None or not catalog.get(m).string)
    assert missing == []


def test_catalogue_and_templates_are_package_data() -> None:
    """The .po file and templates ship in a wheel: pyproject's package-data globs cover them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["bridgescore"]
    files = [PO, *(PACKAGE / "report" / "templates").glob("*.j2")]
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
