"""The scoring method and its options in words, English or Dutch, from the ``options`` of a
``bridgescore.score/1`` document: the line the published page and the text report print under the title, so
that a director can defend every number ("Butler, datum: 10% of the highest and lowest scores left out …").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeGuard

from bridgescore.core.i18n import N_, Language, format_number, parse_language, round_half_up, translator
from bridgescore.pairs.report.labels import penalty_text

__all__ = ["decimals_needed", "describe_method", "exact_decimal", "is_number", "method_name", "word", "word_signed"]

_MAX_DECIMALS = 2


def is_number(value: object) -> TypeGuard[int | float | Decimal]:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def exact_decimal(value: int | float | Decimal) -> Decimal:
    """The decimal a JSON number stands for (a float at its shortest repr: 0.1 is 0.1, not 0.1000000000000000055)."""
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


def decimals_needed(values: Iterable[object]) -> int:
    """Fewest decimals (0–2) that show every value exactly: integer IMPs stay integers, Neuberg MPs get 2."""
    needed = 0
    for value in values:
        if not is_number(value):
            continue
        exact = exact_decimal(value)
        while needed < _MAX_DECIMALS and round_half_up(exact, needed) != exact:
            needed += 1
        if needed == _MAX_DECIMALS:
            break
    return needed


def method_name(score: Mapping[str, Any]) -> str:
    method = score.get("method")
    if isinstance(method, Mapping):
        return str(method.get("name", ""))
    return str(method or "")


def _options(score: Mapping[str, Any]) -> dict[str, Any]:
    """Options from ``score["options"]`` and any extra keys of a ``method`` object (both shapes are accepted)."""
    found: dict[str, Any] = {}
    method = score.get("method")
    if isinstance(method, Mapping):
        for key, value in method.items():
            if key not in ("name", "description", "options"):
                found[key] = value
        inner = method.get("options")
        if isinstance(inner, Mapping):
            found.update(inner)
    options = score.get("options")
    if isinstance(options, Mapping):
        found.update(options)
    return found


_METHOD_NAMES = {
    "matchpoints": N_("Matchpoints"),
    "butler": N_("Butler"),
    "bastille": N_("Bastille"),
    "cross-imps": N_("Cross-IMPs"),
    "crossimps": N_("Cross-IMPs"),
}

_SENTENCES = {
    ("scale", "2-1-0"): N_("2 matchpoints per score beaten and 1 per tie (Law 78A)"),
    ("scale", "1-half-0"): N_("1 matchpoint per score beaten and ½ per tie (ACBL scale)"),
    ("neuberg", True): N_("Neuberg's formula for boards with fewer results"),
    ("neuberg", False): N_("no Neuberg adjustment for boards with fewer results"),
    ("rounding", "half-toward-zero"): N_("datum rounded to 10, halves toward zero"),
    ("rounding", "half-away-from-zero"): N_("datum rounded to 10, halves away from zero"),
    ("rounding", "half-even"): N_("datum rounded to 10, halves to even"),
    ("rounding", "down"): N_("datum rounded down to 10"),
    ("rounding", "none"): N_("datum not rounded"),
    ("form", "average"): N_("IMPs against every other score, averaged over the comparisons"),
    ("form", "total"): N_("IMPs against every other score, totalled"),
    ("imp_rounding", "half-up"): N_("differences rounded to 10, halves up, before the IMP scale"),
    ("imp_rounding", "truncate"): N_("differences truncated to 10 before the IMP scale"),
    ("across_sections", True): N_("all sections compared together"),
    ("across_sections", False): N_("each section scored separately"),
    ("factor", True): N_("totals of pairs who played fewer boards are factored up"),
    ("factor", False): N_("totals of pairs who played fewer boards are not factored up"),
    ("factor_short_boards", True): N_("boards with fewer results are factored up"),
    ("pair_percent", "total"): N_("a pair's percentage is its total over the most it could score"),
    ("pair_percent", "mean"): N_("a pair's percentage is the mean of its board percentages"),
    ("factor_printed_total", True): N_("the IMP total is factored as printed, rounded to 2 decimals"),
    ("factor_sit_outs", False): N_(
        "a pair that sat out is not factored up, only one whose table missed boards the others played"
    ),
    ("session_average_plus", True): N_(
        "average-plus is the pair's score on its other boards when that is higher (Law 12C2c)"
    ),
    ("session_average_minus", True): N_("average-minus is the pair's score on its other boards when that is lower"),
    ("print_rounding", "half-even"): N_("a printed value that is exactly a half rounds to even (48.125 → 48.12)"),
    ("traveller_own_points", True): N_(
        "a short board's traveller shows each line's own matchpoints, the Neuberg values the totals use beside them"
    ),
}
_SKIP_OPTIONS = {
    "movement",
    "factor",
    "factor_short_boards",
    "factor_sit_outs",
    "print_rounding",
    "adjusted",
    "phantoms",
    "datum",
    "datum_policy",
    "percent",
    "phantom_award",
    "round_board_points",
    "as",
    "neuberg_factor_decimals",
    "imp_cap",
    "penalties",
}
_IMP_METHODS = {"butler", "bastille", "cross-imps", "crossimps"}


def describe_method(score: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The scoring method and its options in words, one sentence each (the method first).

    Reads the ``method`` and ``options`` of the ``bridgescore.score/1`` dict (as ``pairs/report/json.py`` writes
    them) and says each in the page's language, e.g. "Butler, datum: 10% of the highest and lowest scores
    left out (rounded up) …; datum rounded to 10, halves toward zero". Nothing is dropped: an option the page
    has no words for is shown as "option: value".
    """
    language = parse_language(lang)
    _ = translator(language).gettext
    name = method_name(score).lower()
    options = _options(score)
    title = _(_METHOD_NAMES.get(name, name)) if name else _("Method")
    datum = options.get("datum")
    if isinstance(datum, Mapping):
        title = _("%(method)s, datum: %(policy)s") % {"method": title, "policy": _datum_words(datum, language)}
    else:  # a document without the structured datum: its sentence as written
        policy = options.get("datum_policy")
        if isinstance(policy, str) and policy:
            title = _("%(method)s, datum: %(policy)s") % {"method": title, "policy": policy}
        if name == "bastille" and is_number(options.get("percent")):
            title = _("%(method)s, datum: %(percent)s%% of the highest and lowest scores left out, not rounded") % {
                "method": title,
                "percent": word(options["percent"], language),
            }
    method = score.get("method")
    description = method.get("description") if isinstance(method, Mapping) else None
    if description:
        title = f"{title}: {description}"
    lines = [title]
    program = options.get("as")
    if isinstance(program, str) and program:
        lines.append(_("Scored as %(program)s does") % {"program": _(_program_name(program))})
    sections = {str(b.get("section") or "") for b in score.get("boards") or []}
    if isinstance(datum, Mapping) and isinstance(datum.get("rounding"), str):
        options = {**options, "rounding": datum["rounding"]}  # said once, where the datum's options are
        if name == "bastille":
            options.pop("rounding")  # already in the title: "not rounded"
    for key, value in options.items():
        if isinstance(value, bool | str) and (key, value) in _SENTENCES:
            if key in ("factor", "factor_short_boards", "factor_printed_total", "factor_sit_outs") and (
                name not in _IMP_METHODS or (key == "factor_sit_outs" and options.get("factor") is False)
            ):
                continue
            if key == "across_sections" and not value and len(sections) < 2:
                continue  # one section: nothing to say about comparing sections
            lines.append(_(_SENTENCES[(key, value)]))
        elif key in _SKIP_OPTIONS or value is None or value == [] or value is False:
            continue
        elif isinstance(value, Mapping | list):
            inner = (
                ", ".join(f"{str(k).replace('_', ' ')} {word(v, language)}" for k, v in value.items())
                if isinstance(value, Mapping)
                else ", ".join(word(v, language) for v in value)
            )
            lines.append(f"{str(key).replace('_', ' ')}: {inner}")
        else:
            lines.append(f"{str(key).replace('_', ' ')}: {word(value, language)}")
    cap = options.get("imp_cap")
    if is_number(cap):
        lines.append(_("each comparison worth at most %(imps)s IMPs") % {"imps": word(cap, language)})
    factor_decimals = options.get("neuberg_factor_decimals")
    if is_number(factor_decimals) and options.get("neuberg") is not False:
        lines.append(
            _("Neuberg's factor rounded to %(decimals)s decimals before it is applied")
            % {"decimals": word(factor_decimals, language)}
        )
    decimals = options.get("round_board_points")
    if is_number(decimals):
        lines.append(
            _("every line's points rounded to %(decimals)s decimals before they are added up")
            % {"decimals": word(decimals, language)}
        )
    lines.extend(_movements(score, language))
    adjusted = options.get("adjusted")
    if isinstance(adjusted, Mapping):
        if name in _IMP_METHODS:
            values = {k: word_signed(adjusted.get(f"{k}_imps"), language) for k in ("plus", "average", "minus")}
            lines.append(_("adjusted scores: average-plus %(plus)s IMPs, average %(average)s, average-minus "
                           "%(minus)s IMPs") % values)  # fmt: skip
            if is_number(adjusted.get("imps_per_percent")):
                lines.append(
                    _("an adjusted score given as a percentage: %(imps)s IMPs per percent above 50")
                    % {"imps": word(adjusted["imps_per_percent"], language)}
                )
        else:
            values = {k: word(adjusted.get(f"{k}_percent"), language) for k in ("plus", "average", "minus")}
            lines.append(_("adjusted scores: average-plus %(plus)s%%, average %(average)s%%, average-minus "
                           "%(minus)s%%") % values)  # fmt: skip
    phantoms = options.get("phantoms")
    if isinstance(phantoms, list) and phantoms:
        lines.append(
            _("phantom pairs: %(pairs)s (their opponents get an adjusted score; they are not ranked)")
            % {"pairs": ", ".join(str(p) for p in phantoms)}
        )
        award = options.get("phantom_award")
        if isinstance(award, str) and award:
            lines.append(_("a phantom's opponents get %(award)s") % {"award": _award_words(award, language)})
    lines.extend(_penalty_lines(options.get("penalties"), language))
    return lines


def _penalty_lines(penalties: object, lang: Language) -> list[str]:
    """The penalties and corrections of the ``options`` (``bridgescore.pairs.penalties``) in words, and what a
    percentage is of where one is used."""
    if not isinstance(penalties, list) or not penalties:
        return []
    _ = translator(lang).gettext
    listed = []
    for p in penalties:
        if not isinstance(p, Mapping):
            continue
        pair = " ".join(str(x) for x in (p.get("direction"), p.get("pair")) if x)
        pair = f"{p['section']}:{pair}" if p.get("section") else pair
        text = _("pair %(pair)s %(amount)s") % {
            "pair": pair,
            "amount": penalty_text(str(p.get("label") or ""), None, lang),
        }
        listed.append(f"{text} ({p['reason']})" if p.get("reason") else text)
    lines = [
        _("penalties and corrections, added to the pairs' scores after the boards: %(list)s")
        % {"list": "; ".join(listed)}
    ]
    units = {p.get("unit") for p in penalties if isinstance(p, Mapping)}
    if "%" in units:
        sentence = _("a penalty in %(unit)s is percentage points of the pair's session score (BridgeWx)")
        lines.append(sentence % {"unit": "%"})
    if "% top" in units:
        sentence = _("a penalty in %(unit)s of a top is a percentage of a board's top (EBU White Book 8.12.3)")
        lines.append(sentence % {"unit": "%"})
    return lines


#: Preset names (``presets.toml``) that are words rather than a program's name, translated with their sentence.
_WORDED_NAMES = (N_("the NBB's scoring program"),)


def _program_name(key: str) -> str:
    """The name of the program a preset follows (``acblscore`` → ACBLscore), or the key when it is unknown; a name
    that is words rather than a program's name (``the NBB's scoring program``) has a catalogue entry, so the caller
    translates it."""
    from bridgescore.pairs.presets import presets

    found = presets().get(key)
    return found.name if found is not None else key


def _award_words(award: str, lang: Language) -> str:
    """A phantom award label (``A+``, ``A``, ``A-`` or ``60%``, as ``Award.label`` writes it) in words."""
    _ = translator(lang).gettext
    words = {"A+": _("average-plus"), "A": _("average"), "A-": _("average-minus")}
    if award in words:
        return words[award]
    number = award.rstrip("%")
    try:
        value = float(number)
    except ValueError:
        return award
    return f"{word(value, lang)}%"


def _datum_words(datum: Mapping[str, Any], lang: Language) -> str:
    """The datum rule from the JSON's structured ``datum`` fields (``pairs/report/json.py`` ``datum_fields``), in
    ``lang``; a policy the page has no words for is given by its English ``description``."""
    _ = translator(lang).gettext
    policy = datum.get("policy")
    values = {
        "percent": word(datum.get("trim_percent"), lang),
        "small": word(datum.get("small_field"), lang),
        "weight": word(datum.get("inner_weight"), lang),
        "kept": word(datum.get("min_kept"), lang),
        "count": word(datum.get("drop_count"), lang),
        "from": word(datum.get("drop_from"), lang),
    }
    if policy == "nbb":
        return (
            _(
                "%(percent)s%% of the highest and lowest scores left out (rounded up); under %(small)s scores the "
                "outer scores count once and the others %(weight)s times (NBB)"
            )
            % values
        )
    if policy == "trim":
        kept = datum.get("min_kept")
        if is_number(kept) and kept > 1:
            return (
                _("%(percent)s%% of the highest and lowest scores left out (rounded up), at least %(kept)s scores kept")
                % values
            )
        return _("%(percent)s%% of the highest and lowest scores left out (rounded up)") % values
    if policy == "drop":
        start = datum.get("drop_from")
        if datum.get("drop_count") == 1 and is_number(start) and start > 3:
            return _("the highest and the lowest score left out where a board has %(from)s scores or more") % values
        if datum.get("drop_count") == 1:
            return _("the highest and the lowest score left out")
        return _("the %(count)s highest and %(count)s lowest scores left out") % values
    if policy == "mean":
        return _("the average of all scores")
    if policy == "fractional-trim":
        return _("%(percent)s%% of the highest and lowest scores left out, fractions included, not rounded") % values
    return str(datum.get("description") or policy or "")


def _movements(score: Mapping[str, Any], lang: Language) -> list[str]:
    _ = translator(lang).gettext
    movements = score.get("movements")
    if not isinstance(movements, Mapping):
        return []
    words = {
        "mitchell": _("Mitchell: North-South and East-West ranked separately"),
        "howell": _("Howell: one field"),
    }
    lines = []
    for section, movement in movements.items():
        text = words.get(str(movement), str(movement))
        lines.append(f"{_('Section %(section)s') % {'section': section}}: {text}" if len(movements) > 1 else text)
    return lines


def word(value: object, lang: Language) -> str:
    _ = translator(lang).gettext
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if is_number(value):
        return format_number(value, lang, decimals_needed([value]))
    text = "" if value is None else str(value).replace("_", " ")
    return _(text) if text else ""


def word_signed(value: object, lang: Language) -> str:
    return format_number(value, lang, decimals_needed([value]), signed=True) if is_number(value) else ""
