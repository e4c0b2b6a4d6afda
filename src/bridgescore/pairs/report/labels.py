"""Words and numbers shared by the terminal and CSV reports, in the reader's language (``en`` or ``nl``).

Every word comes from the catalogue through :func:`bridgescore.core.i18n.translator`; every number through
:func:`bridgescore.core.i18n.format_number` (decimal comma in Dutch).  The English output is what these reports
printed before they spoke Dutch, to the character.
"""

from __future__ import annotations

from decimal import Decimal

from bridgescore.core.adjustments import (
    Adjustment,
    ArtificialScore,
    AssignedScore,
    Award,
    PhantomScore,
    WeightedScore,
)
from bridgescore.core.i18n import N_, format_number, printed_rounding, translator
from bridgescore.pairs.standings import PERCENT_DECIMALS, StandingEntry

__all__ = [
    "METHOD_NAMES",
    "adjustment_label",
    "method_name",
    "neuberg_points",
    "number",
    "penalty_cell",
    "penalty_text",
    "percent",
    "points",
]

#: The method's name on the title line (lower case, as ``--method`` spells it).
METHOD_NAMES = {
    "matchpoints": N_("matchpoints"),
    "butler": N_("butler"),
    "bastille": N_("bastille"),
    "cross-imps": N_("cross-imps"),
}


def method_name(name: str, lang: str) -> str:
    """``butler``, ``matchpunten`` …: a method without words in the catalogue keeps its own name."""
    return translator(lang).gettext(METHOD_NAMES[name]) if name in METHOD_NAMES else name


#: How percentages are printed, in the words of the text report's footer (``text``) and of the page's method
#: sentences (``page``), for each rounding of a printed half (``--print-rounding``; RealBridge and Compscore3 round
#: halves to even, issue 18)
_PERCENT_ROUNDING = {
    ("text", "half-up"): N_("Percentages to %(decimals)d decimals, halves rounded up."),
    ("text", "half-even"): N_("Percentages to %(decimals)d decimals, halves rounded to even."),
    ("page", "half-up"): N_("Percentages are rounded to %(decimals)d decimals, halves up."),
    ("page", "half-even"): N_("Percentages are rounded to %(decimals)d decimals, halves to even."),
}


def percent_rounding(lang: str, where: str = "text") -> str:
    """The sentence that says how the percentages are printed, in ``lang``, as the rounding in force rounds them
    (:func:`bridgescore.core.i18n.printed_rounding`); ``where`` is ``text`` (the text reports' footer) or ``page``."""
    message = _PERCENT_ROUNDING[where, printed_rounding()]
    return translator(lang).gettext(message) % {"decimals": PERCENT_DECIMALS}


def percent(value: float | None, lang: str, decimals: int = PERCENT_DECIMALS) -> str:
    """A percentage as printed: ``decimals`` places, halves rounded up (62.125 → 62.13, Dutch 62,13), or to even
    within :func:`bridgescore.core.i18n.print_rounding` (``--print-rounding half-even``).

    Rounded to 9 places first, as ``standings.format_percent`` does, so float noise (62.12499999…) does
    not decide a half."""
    if value is None:
        return ""
    return format_number(round(value, 9), lang, decimals)


def points(value: float | None, lang: str, decimals: int = 2) -> str:
    """Matchpoints or IMPs: whole numbers without decimals, others with ``decimals`` (halves up)."""
    if value is None:
        return ""
    if abs(value - round(value)) < 1e-9:
        return format_number(round(value), lang, 0)
    return percent(value, lang, decimals)


#: Decimals of a Neuberg value printed beside a short board's own matchpoints (Compscore3 prints one, issue 18)
NEUBERG_DECIMALS = 1


def neuberg_points(value: float | None, lang: str) -> str:
    """A Neuberg-fitted line value beside the line's own matchpoints (``--traveller-own-points``, Compscore3): one
    decimal, a half rounded as ``--print-rounding`` says (Compscore3: to even, 2.25 → 2.2)."""
    return percent(value, lang, NEUBERG_DECIMALS)


def number(value: float | int | None, lang: str) -> str:
    """An unrounded number for a data file: up to 6 decimals (float noise removed), no trailing zeros."""
    if value is None:
        return ""
    rounded = round(float(value), 6)
    if rounded == int(rounded):
        return format_number(int(rounded), lang, 0)
    exact = Decimal(repr(rounded)).normalize()
    exponent = exact.as_tuple().exponent
    return format_number(exact, lang, max(0, -exponent) if isinstance(exponent, int) else 6)


def _award(award: Award, lang: str) -> str:
    if award.level is None and award.percent is not None:  # a percentage: its number in the reader's language
        return f"{number(award.percent, lang)}%"
    return award.label()  # A+, A, A-: the directors' shorthand in both languages


def adjustment_label(adjustment: Adjustment | None, lang: str) -> str:
    """``A+/A-``, ``assigned +420``, ``weighted 60% +420 + 40% -50``, ``phantom, A`` – Dutch ``toegewezen +420``,
    ``gewogen 60% +420 + 40% -50``, ``spookpaar, A``."""
    if adjustment is None:
        return ""
    _ = translator(lang).gettext
    if isinstance(adjustment, ArtificialScore):
        return f"{_award(adjustment.ns, lang)}/{_award(adjustment.ew, lang)}"
    if isinstance(adjustment, AssignedScore):
        score = format_number(adjustment.ns_score, lang, 0, signed=True)
        return _("assigned %(score)s") % {"score": score}
    if isinstance(adjustment, WeightedScore):  # Law 12C1(c): each part's weight and NS score
        parts = " + ".join(
            f"{number(p.weight, lang)}% {format_number(p.ns_score, lang, 0, signed=True)}" for p in adjustment.parts
        )
        return _("weighted %(parts)s") % {"parts": parts}
    if isinstance(adjustment, PhantomScore):
        return _("phantom, %(award)s") % {"award": _award(adjustment.award, lang)}
    return adjustment.label()


_OF_A_TOP = N_("of a top")  # a penalty's unit, as Penalty.label writes it


def penalty_cell(entry: StandingEntry, lang: str) -> str:
    """A pair's penalties as the ranking shows them (see :func:`penalty_text`); empty without any."""
    return penalty_text(entry.penalty_label, entry.penalty, lang)


def penalty_text(label: str, worth: float | None, lang: str) -> str:
    """Penalties as written (``Penalty.label``), with their worth in points where a percentage had to be turned
    into points: ``-10% (-16.80)``, Dutch ``-10% (-16,80)``, ``-25% van een top (-3,00)``; ``-2 MP`` as it is."""
    if not label:
        return ""
    shown = label
    if lang != "en":
        shown = label.replace(".", ",").replace(" of a top", " " + translator(lang).gettext(_OF_A_TOP))
    if "%" not in label or worth is None:
        return shown
    return f"{shown} ({format_number(worth, lang, 2, signed=True)})"
