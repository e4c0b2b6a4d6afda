"""Adjusted scores as scoring programs write them, put into the canonical text of ``Result.remarks``.

USEBIO files (``<SCORE>A5050</SCORE>``, ``A6040``, ``A60A40``, ``AVE+``) and PBN score tables carry
artificial adjusted scores (Law 12C2) in the score field.  The readers turn them into one canonical spelling
that the scoring methods' adjustment parser (``bridgescore.core.adjustments.parse_adjustment``) reads:

* percentages for each side: ``A60/40``, ``A50/50``, ``A40/40``;
* levels (whose worth is an option of the method): ``A+/A-``, ``A/A``, ``A-/A+``, ``A-/A-`` … (BBO writes
  them ``A+-``, ``A==``, ``A-+``, ``A--``: ``A`` and one sign per side, NS first);
* an assigned score (Law 12C1) written as ``assigned +420``.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["assigned_remark", "canonical_adjustment"]

_LEVEL = r"(?:AVERAGE|AVG|AVE|AV|A|G)"
_PCT = r"(\d{1,3}(?:\.\d+)?)"
_LEVEL_SIGN = {"+": "A+", "": "A", "=": "A", "-": "A-"}
_OPPOSITE = {"A+": "A-", "A": "A", "A-": "A+"}

_FOUR_DIGITS = re.compile(r"A(\d{2})(\d{2})")  # USEBIO A5050, A6040
_TWO_PCTS = re.compile(rf"(?:{_LEVEL})?{_PCT}%?(?:[/\-]|A|%)(?:{_LEVEL})?{_PCT}%?")  # A60A40, 60%-40%, A60/40
_ONE_PCT = re.compile(rf"(?:{_LEVEL}){_PCT}%?|{_PCT}%")  # A60, 60%
_ONE_LEVEL = re.compile(rf"{_LEVEL}([+=\-]?)")  # AVE+, A-, A
_BBO_LEVELS = re.compile(rf"{_LEVEL}([+=\-])([+=\-])")  # BBO: A== (both average), A+- (NS plus, EW minus)
_TWO_LEVELS = re.compile(rf"{_LEVEL}([+=\-]?)/{_LEVEL}([+=\-]?)")  # A+/A-


def _pct(text: str) -> str | None:
    value = float(text)
    if not 0 <= value <= 100:
        return None
    return f"{value:g}"


@lru_cache(maxsize=4096)
def canonical_adjustment(text: str) -> str | None:
    """The canonical remark for an artificial adjusted score written by a program, or None if ``text`` is not
    one (a plain number is a score, not an adjustment).

    >>> canonical_adjustment("A5050"), canonical_adjustment("A60A40"), canonical_adjustment("AVE+")
    ('A50/50', 'A60/40', 'A+/A-')
    """
    key = re.sub(r"\s+", "", text).upper().replace(",", ".").replace("−", "-")
    if not key or re.fullmatch(r"[+\-]?\d+", key):
        return None
    m = _FOUR_DIGITS.fullmatch(key)
    if m:
        ns, ew = _pct(m[1]), _pct(m[2])
        return f"A{ns}/{ew}" if ns and ew else None
    m = _TWO_PCTS.fullmatch(key)
    if m:
        ns, ew = _pct(m[1]), _pct(m[2])
        return f"A{ns}/{ew}" if ns is not None and ew is not None else None
    m = _ONE_PCT.fullmatch(key)
    if m:
        ns = _pct(m[1] or m[2])
        return f"A{ns}/{_pct(str(100 - float(ns)))}" if ns is not None else None
    m = _BBO_LEVELS.fullmatch(key)
    if m:
        return f"{_LEVEL_SIGN[m[1]]}/{_LEVEL_SIGN[m[2]]}"
    m = _TWO_LEVELS.fullmatch(key)
    if m:
        return f"{_LEVEL_SIGN[m[1]]}/{_LEVEL_SIGN[m[2]]}"
    m = _ONE_LEVEL.fullmatch(key)
    if m:
        ns_level = _LEVEL_SIGN[m[1]]
        return f"{ns_level}/{_OPPOSITE[ns_level]}"
    return None


def assigned_remark(ns_score: int) -> str:
    """The canonical remark of an assigned adjusted score (Law 12C1) that replaces the table result."""
    return f"assigned {ns_score:+d}"
