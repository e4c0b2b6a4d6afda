"""The one place for the words and numbers a player reads: translations and number formatting.

Translations are gettext catalogues (``locale/<lang>/LC_MESSAGES/bridgescore.po``), the format every
translator's tool reads. They are read at run time with Babel (``babel.messages.pofile.read_po``) and turned
into a standard :class:`gettext.GNUTranslations` in memory, so there is no compile step: the same code works
from a checkout, an editable install and a wheel (the ``.po`` files are package data). English is the source
language (the message ids), so English needs no catalogue.

Use it from any output (HTML, text tables, CSV headers, the rubber pad)::

    _ = translator("nl").gettext
    _("Pair")                          # 'Paar'
    format_number(56.125, "nl", 2)     # '56,13'
    format_number(-3, "en", 0, signed=True)  # '-3'

Numbers follow the language's conventions through Babel's CLDR data (decimal comma in Dutch), without
grouping separators (a score of 1430 is written as on a score card, not as 1.430). Rounding is half away
from zero, the way directors and the established programs print percentages (Python's and Babel's default
would round halves to even, printing 56.125 as 56.12).  A program that prints halves to even – RealBridge
(48.125 → 48.12), Compscore3 – is followed within :func:`print_rounding` (``--print-rounding half-even``, set
by the ``--as`` presets): every number printed there rounds a half to even; the JSON's numbers are not rounded.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

# Babel is imported where it is used: a command that prints no translated word nor localised number (the
# Valet csv, a check in English) starts without loading it (some 15 ms of every run).

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "PRINT_ROUNDINGS",
    "Language",
    "MessageError",
    "format_message",
    "format_number",
    "localise_decimal",
    "parse_language",
    "parse_number",
    "print_rounding",
    "printed_rounding",
    "reset_print_rounding",
    "round_half_up",
    "round_printed",
    "set_print_rounding",
    "translator",
]

#: How a printed number rounds a half (``--print-rounding``): ``half-up`` – away from zero, as the NBB's programs,
#: EBUScore and ACBLscore print (48.125 → 48.13; the default); ``half-even`` – to the even digit, as RealBridge
#: prints its percentages (48.125 → 48.12) and Compscore3 its Neuberg values.
PRINT_ROUNDINGS = ("half-up", "half-even")
_PRINT_ROUNDING: ContextVar[str] = ContextVar("print_rounding", default="half-up")
_DECIMAL_ROUNDING = {"half-up": ROUND_HALF_UP, "half-even": ROUND_HALF_EVEN}


@contextmanager
def print_rounding(mode: str) -> Iterator[None]:
    """Within the block every number printed (:func:`format_number`, ``standings.format_percent``) rounds a
    half as ``mode`` says (one of :data:`PRINT_ROUNDINGS`); ValueError for another mode."""
    token = set_print_rounding(mode)
    try:
        yield
    finally:
        _PRINT_ROUNDING.reset(token)


def set_print_rounding(mode: str) -> Token[str]:
    """:func:`print_rounding` without a block: from here on (in this context) a printed half rounds as ``mode``
    says, until ``reset_print_rounding(token)`` with the token returned."""
    if mode not in _DECIMAL_ROUNDING:
        raise ValueError(f"print rounding is {' or '.join(PRINT_ROUNDINGS)}, not '{mode}'")
    return _PRINT_ROUNDING.set(mode)


def reset_print_rounding(token: Token[str]) -> None:
    """The rounding as it was before :func:`set_print_rounding` returned ``token``."""
    _PRINT_ROUNDING.reset(token)


def printed_rounding() -> str:
    """How a printed half rounds here (one of :data:`PRINT_ROUNDINGS`): what the reports' words on rounding say, so
    that a footer never says "halves rounded up" over numbers rounded to even (issue 18)."""
    return _PRINT_ROUNDING.get()


def round_printed(value: float | int | Decimal, decimals: int) -> Decimal:
    """``value`` rounded to ``decimals`` places as printed: halves away from zero, or to even within
    ``print_rounding("half-even")``; floats taken at their shortest repr, as in :func:`round_half_up`."""
    return _rounded(value, decimals, _DECIMAL_ROUNDING[_PRINT_ROUNDING.get()])


Language = Literal["en", "nl"]
LANGUAGES: tuple[Language, ...] = ("en", "nl")
DOMAIN = "bridgescore"


def parse_language(text: str) -> Language:
    """``'en'`` or ``'nl'`` (case-insensitive); raises ValueError with a readable message otherwise."""
    value = text.strip().lower()
    if value == "en":
        return "en"
    if value == "nl":
        return "nl"
    raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not '{text}'")


@cache
def translator(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` (``en`` or ``nl``): ``.gettext(msg)``, ``.ngettext(one, many, n)``.

    English (and any language without a catalogue) returns the message ids unchanged.
    """
    language = parse_language(lang)
    if language == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = resources.files("bridgescore").joinpath("locale", language, "LC_MESSAGES", f"{DOMAIN}.po")
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is kept in a table and translated later (the gettext idiom).

    Returns ``message`` unchanged; the catalogue test extracts every ``N_("…")`` as well as every ``_("…")``,
    ``gettext("…")`` and ``pgettext("…", "…")``, so a word kept in a table cannot be forgotten."""
    return message


def round_half_up(value: float | int | Decimal, decimals: int) -> Decimal:
    """``value`` rounded to ``decimals`` places, halves away from zero (56.125 → 56.13, -2.5 → -3).

    Floats are taken at their shortest repr (``repr(56.125)``), so what JSON says is what gets rounded.
    """
    return _rounded(value, decimals, ROUND_HALF_UP)


def _rounded(value: float | int | Decimal, decimals: int, rounding: str) -> Decimal:
    exact = value if isinstance(value, Decimal) else Decimal(repr(value) if isinstance(value, float) else value)
    return exact.quantize(Decimal(1).scaleb(-decimals), rounding=rounding)


@cache
def _symbols(lang: Language) -> tuple[str, str, str]:
    """The language's decimal separator, minus and plus signs (CLDR data, through Babel)."""
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol, get_plus_sign_symbol

    return get_decimal_symbol(lang), get_minus_sign_symbol(lang), get_plus_sign_symbol(lang)


def format_number(value: float | int | Decimal, lang: str = "en", decimals: int = 0, *, signed: bool = False) -> str:
    """``value`` with exactly ``decimals`` decimals in the conventions of ``lang`` (decimal comma in Dutch).

    ``signed=True`` writes a plus sign before positive numbers (IMPs, scores: ``+420``); zero stays ``0``.
    No grouping separators, so the separator and signs are all that differ between languages; they come
    from CLDR through Babel (cached: a page of 10,000 results formats some 130,000 numbers).  A half rounds
    away from zero, or to even within :func:`print_rounding`.
    """
    return _format_number(value, lang, decimals, signed, _PRINT_ROUNDING.get())


@lru_cache(maxsize=1 << 16)
def _format_number(value: float | int | Decimal, lang: str, decimals: int, signed: bool, mode: str) -> str:
    language = parse_language(lang)
    rounded = _rounded(value, decimals, _DECIMAL_ROUNDING[mode])
    point, minus, plus = _symbols(language)
    digits = f"{abs(rounded):f}".replace(".", point)
    if rounded < 0:
        return minus + digits
    return plus + digits if signed and rounded > 0 else digits


def localise_decimal(text: str, lang: str) -> str:
    """A number already written with a decimal point and a hyphen for minus (as a reference program prints
    it, with that program's rounding and its ``-0.00``) in the conventions of ``lang``: ``-0.64`` → ``-0,64``.

    For outputs whose English must stay byte-identical to another program's, so that both languages show the
    same digits."""
    point, minus, _plus = _symbols(parse_language(lang))
    return text.replace(".", point).replace("-", minus)


def parse_number(text: str, lang: str = "en") -> Decimal:
    """Read back a number written by :func:`format_number` (tests compare a page with the JSON this way)."""
    from babel.numbers import parse_decimal

    language = parse_language(lang)
    cleaned = text.strip().replace("\u2212", "-")
    if cleaned.startswith("+"):
        cleaned = cleaned[1:]
    return parse_decimal(cleaned, locale=language, strict=False)


#: A named placeholder of a catalogue message: ``%(name)s``, ``%(name)d``, ``%(name)+d``, ``%(name)g``,
#: ``%(name)+g``, ``%(name).2f``, ``%(name)+.1f``; and ``%%``.
_PLACEHOLDER = re.compile(r"%\((\w+)\)(\+?)(?:\.(\d+))?([sdgf])|%%")


def _shortest(value: float | int, lang: Language, signed: bool) -> str:
    """``value`` with the decimals it needs, at most 6 and no trailing zeros (``%g`` in words: 12, 5.5)."""
    rounded = round(float(value), 6)
    if rounded == int(rounded):
        return format_number(int(rounded), lang, 0, signed=signed)
    exponent = Decimal(repr(rounded)).normalize().as_tuple().exponent
    return format_number(rounded, lang, -exponent if isinstance(exponent, int) else 6, signed=signed)


def _format_value(value: int | float | str, sign: str, decimals: str | None, kind: str, lang: Language) -> str:
    if isinstance(value, str):
        return value
    signed = sign == "+"
    if kind == "d":
        return format_number(round(value), lang, 0, signed=signed)
    if kind == "g":
        return _shortest(value, lang, signed)
    if kind == "f":
        return format_number(value, lang, int(decimals or 6), signed=signed)
    if isinstance(value, int):  # %(name)s: the convention of the one-sentence check details
        return format_number(value, lang, 0)
    return format_number(value, lang, 2, signed=True)


class MessageError(Exception):
    """An error told as a catalogue message and its values (:func:`format_message`), so that the command line
    says it in the language asked for (:meth:`text`); ``str()`` is the English sentence.  An option refused
    (:class:`bridgescore.core.options.OptionError`) and an archive that cannot be used
    (:class:`bridgescore.archive.ArchiveError`) are such errors."""

    def __init__(self, message: str, **values: int | float | str) -> None:
        self.message = message
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return format_message(self.message, self.values, lang)


#: The message fields that hold a contract or a seat in English notation (the readers' and checks' problems): written
#: in the message's language (:func:`bridgescore.core.contract.words_in_notation`).
_NOTATION_FIELDS = frozenset({"contract", "declarer", "leader"})


def format_message(message: str, values: Mapping[str, int | float | str], lang: str = "en") -> str:
    """``message`` (a catalogue message with ``%(name)…`` fields) in ``lang``, its numbers written the
    language's way.  The placeholder says how: ``%(n)d`` a whole number, ``%(n)+d`` with its sign (``+420``),
    ``%(n)g`` with the decimals it needs (``5.5``, Dutch ``5,5``), ``%(n).2f`` two decimals, a ``+`` before
    the letter a sign; ``%(n)s`` keeps the older convention: an ``int`` as a whole number (``2``), a
    ``float`` with 2 decimals and a sign, as IMP sums are printed (``+3.00``, Dutch ``+3,00``).  Text values
    (pair numbers, a contract) are written as they are."""
    language = parse_language(lang)
    if language != "en":  # a contract and a seat in the language's notation: Dutch 3SA Z, not 3NT S
        from bridgescore.core.contract import words_in_notation

        values = {
            name: words_in_notation(value, language) if name in _NOTATION_FIELDS and isinstance(value, str) else value
            for name, value in values.items()
        }

    def field(match: re.Match[str]) -> str:
        if match.group(0) == "%%":
            return "%"
        name, sign, decimals, kind = match.groups()
        return _format_value(values[name], sign, decimals, kind, language)

    return _PLACEHOLDER.sub(field, translator(language).gettext(message))
