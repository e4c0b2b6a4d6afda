"""Presets: the conventions of another scoring program as one choice (``bridgescore score --as ACBLSCORE``).

The table is data, ``presets.toml`` next to this module: per program the name the reports print, who uses it and
how it was checked, the method it scores with when ``--method`` is not given, and option values for every method
(``[program.all]``) or one method (``[program.matchpoints]``, ``[program.butler]`` …).  A ``[program.teams]`` table
holds the program's teams conventions for ``bridgescore teams --as``: ``vp`` (the VP scale's name, as ``--vp``
takes it), ``form`` (``imps``, ``bam`` or ``patton``), ``tiebreak`` and ``source`` (who uses it, how it was checked);
:attr:`Preset.teams` gives it, checked.

:func:`scoring_options` turns the options a director gave into :class:`~bridgescore.pairs.scored.ScoringOptions`, each
option resolved in this order: the option as given > the preset's value for the method > the preset's value for
every method > the built-in default (the module docstrings of the methods name their sources).  It refuses, as
an :class:`~bridgescore.core.options.OptionError` with words a director understands:

* an option given that does not apply to the method (``--datum`` at matchpoints, ``--acbl-scale`` at Butler):
  an option a director types must change something, or it is a misunderstanding;
* values outside what an adjusted score can be worth: average-plus below average or average-minus above it
  (Law 12C2(a): average-plus is at least 60 %, average-minus at most 40 %), negative average-plus IMPs, or IMPs
  beyond 24, the most a board can be worth on the IMP scale (Law 78B);
* ``--factor-printed`` with ``--no-factor`` (the first factors the total as printed, the second does not factor).

What describes the event – its files, ``--across-sections``, ``--movement``, ``--phantom`` – is never in a preset.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from bridgescore.core.adjustments import AdjustmentValues, parse_award
from bridgescore.core.i18n import N_, PRINT_ROUNDINGS
from bridgescore.core.options import OptionError
from bridgescore.pairs.methods import METHODS, make_method
from bridgescore.pairs.scored import Movement, PairPercent, ScoringOptions

__all__ = ["DEFAULTS", "OPTION_METHODS", "Preset", "preset", "presets", "resolve", "scoring_options"]

_IMP_METHODS = frozenset({"butler", "bastille", "cross-imps"})
_ALL_METHODS = frozenset(METHODS)

#: The methods each option applies to (an option given for another method is refused).
OPTION_METHODS: Mapping[str, frozenset[str]] = MappingProxyType({
    "acbl_scale": frozenset({"matchpoints"}),
    "neuberg": frozenset({"matchpoints", "cross-imps"}),  # cross-IMPs: short boards factored in the total
    "neuberg_factor_decimals": frozenset({"matchpoints"}),
    "pair_percent": frozenset({"matchpoints"}),
    "average_plus": frozenset({"matchpoints"}),
    "average_minus": frozenset({"matchpoints"}),
    "datum": frozenset({"butler"}),
    "datum_rounding": frozenset({"butler"}),
    "cross_imps": frozenset({"cross-imps"}),
    "imp_cap": frozenset({"cross-imps"}),
    "factor": _IMP_METHODS,
    "factor_printed": _IMP_METHODS,
    "factor_sit_outs": _IMP_METHODS,
    "adjusted_imps": _IMP_METHODS,
    "imps_per_percent": _IMP_METHODS,
    "round_board_points": _ALL_METHODS,
    "session_average_plus": _ALL_METHODS,
    "session_average_minus": _ALL_METHODS,
    "phantom_award": _ALL_METHODS,
    "print_rounding": _ALL_METHODS,
    "traveller_own_points": frozenset({"matchpoints"}),
})  # fmt: skip

#: The built-in default of every option (used when neither the director nor the preset sets it).
DEFAULTS: Mapping[str, object] = MappingProxyType({
    "acbl_scale": False,
    "neuberg": True,
    "neuberg_factor_decimals": None,
    "pair_percent": "total",
    "average_plus": 60.0,
    "average_minus": 40.0,
    "datum": "nbb",
    "datum_rounding": "half-toward-zero",
    "cross_imps": "average",
    "imp_cap": None,
    "factor": True,
    "factor_printed": False,
    "factor_sit_outs": True,
    "adjusted_imps": 3.0,
    "imps_per_percent": 0.3,
    "round_board_points": None,
    "session_average_plus": False,
    "session_average_minus": False,
    "phantom_award": "A",
    "print_rounding": "half-up",
    "traveller_own_points": False,
})  # fmt: skip

_TYPES: Mapping[str, tuple[type, ...]] = MappingProxyType({
    "acbl_scale": (bool,), "neuberg": (bool,), "factor": (bool,), "factor_printed": (bool,), "factor_sit_outs": (bool,),
    "session_average_plus": (bool,), "session_average_minus": (bool,),
    "neuberg_factor_decimals": (int,), "round_board_points": (int,), "imp_cap": (int,),
    "pair_percent": (str,), "datum": (str,), "datum_rounding": (str,), "cross_imps": (str,), "phantom_award": (str,),
    "print_rounding": (str,), "traveller_own_points": (bool,),
    "average_plus": (int, float), "average_minus": (int, float), "adjusted_imps": (int, float),
    "imps_per_percent": (int, float),
})  # fmt: skip

#: The keys of a ``[program.teams]`` table (``bridgescore teams --as``).
_TEAMS_KEYS = frozenset({"vp", "form", "tiebreak", "board_points", "patton", "source"})

#: The most IMPs one board can be worth (Law 78B: 4000 or more is 24 IMPs).
MOST_IMPS = 24.0


@dataclass(frozen=True, slots=True)
class Preset:
    """One program's conventions: ``options[method]`` and ``options["all"]`` hold option values by name."""

    key: str
    name: str
    source: str
    method: str
    options: Mapping[str, Mapping[str, object]]

    @property
    def teams(self) -> Mapping[str, str]:
        """The program's ``[program.teams]`` table (``vp``, ``form``, ``tiebreak``, ``source``); empty if none."""
        return MappingProxyType({k: str(v) for k, v in self.options.get("teams", {}).items()})

    def values(self, method: str) -> dict[str, object]:
        """The preset's option values for ``method`` (its own table over the one for every method)."""
        return {**self.options.get("all", {}), **self.options.get(method, {})}


@cache
def presets() -> Mapping[str, Preset]:
    """Every preset of ``presets.toml``, by key (``acblscore``), checked: known methods and option names."""
    text = resources.files("bridgescore").joinpath("presets.toml").read_text(encoding="utf-8")
    table = tomllib.loads(text)
    found: dict[str, Preset] = {}
    for key, entry in table.items():
        method = entry.get("method", "matchpoints")
        if method not in METHODS:
            raise ValueError(f"presets.toml [{key}]: unknown method '{method}'")
        options: dict[str, Mapping[str, object]] = {}
        for scope, values in entry.items():
            if not isinstance(values, dict):
                continue
            if scope not in _ALL_METHODS and scope not in ("all", "teams"):
                raise ValueError(f"presets.toml [{key}.{scope}]: not a method, 'all' or 'teams'")
            if scope == "teams":
                for name, value in values.items():
                    if name not in _TEAMS_KEYS or not isinstance(value, str):
                        raise ValueError(f"presets.toml [{key}.teams]: '{name} = {value!r}' is not a teams value")
                if values.get("form", "imps") not in ("imps", "bam", "patton"):
                    raise ValueError(f"presets.toml [{key}.teams]: form must be imps, bam or patton")
            else:
                for name, value in values.items():
                    if name not in DEFAULTS or not isinstance(value, _TYPES[name]):
                        raise ValueError(f"presets.toml [{key}.{scope}]: '{name} = {value!r}' is not an option value")
            options[scope] = MappingProxyType(dict(values))
        found[key] = Preset(key, str(entry["name"]), str(entry["source"]), method, MappingProxyType(options))
    return MappingProxyType(found)


def preset(key: str) -> Preset:
    """The preset named ``key`` (case-insensitive); an OptionError naming the choices if there is none."""
    found = presets().get(key.strip().lower())
    if found is None:
        raise OptionError(
            N_("--as: no program '%(name)s'; choose one of %(choices)s"), name=key, choices=", ".join(presets())
        )
    return found


def _option_name(name: str) -> str:
    return "--" + name.replace("_", "-")


_METHOD_WORDS = {"matchpoints": "matchpoints", "butler": "Butler", "bastille": "Bastille", "cross-imps": "cross-IMPs"}


def resolve(
    method: str | None, given: Mapping[str, object], as_program: str | None = None
) -> tuple[str, dict[str, object]]:
    """The method and every option's value: ``given`` (the options the director typed, None = not given) over the
    preset over the defaults.  Refuses an option given that does not apply to the method."""
    chosen = preset(as_program) if as_program else None
    name = method if method is not None else (chosen.method if chosen else "matchpoints")
    try:
        name = make_method(name).name  # the canonical name (cross-imps for crossimps)
    except ValueError:
        raise OptionError(
            N_("unknown method '%(method)s'; choose one of %(choices)s"), method=name, choices=", ".join(METHODS)
        ) from None
    for option, value in given.items():
        if value is not None and name not in OPTION_METHODS[option]:
            methods = ", ".join(_METHOD_WORDS[m] for m in METHODS if m in OPTION_METHODS[option])
            raise OptionError(
                N_("%(option)s does not apply to %(method)s (only to %(methods)s); leave it out or choose that method"),
                option=_option_name(option), method=_METHOD_WORDS[name], methods=methods,
            )  # fmt: skip
    from_preset = chosen.values(name) if chosen else {}
    values: dict[str, object] = dict(DEFAULTS)
    values.update(from_preset)
    values.update({k: v for k, v in given.items() if v is not None})
    if values["factor_printed"] and not values["factor"]:
        if given.get("factor_printed") and given.get("factor") is False:
            raise OptionError(
                N_("--factor-printed factors the total as printed and --no-factor says not to factor it; leave one out")
            )
        values["factor_printed"] = False  # the preset's factoring gives way to the director's --no-factor
    return name, values


def _number(values: Mapping[str, object], name: str) -> float:
    value = values[name]
    assert isinstance(value, int | float)
    return float(value)


def _check_adjusted(values: Mapping[str, object]) -> None:
    """The worth of the adjusted scores within what Law 12C2 and the IMP scale allow (see the module docstring)."""
    plus, minus = _number(values, "average_plus"), _number(values, "average_minus")
    for name, value in (("average_plus", plus), ("average_minus", minus)):
        if not 0.0 <= value <= 100.0:  # False for NaN
            raise OptionError(N_("%(option)s must be a percentage from 0 to 100, not %(value)s"),
                              option=_option_name(name), value=f"{value:g}")  # fmt: skip
    if plus < 50.0:
        raise OptionError(N_("--average-plus is at least average (50%%), not %(value)s%%"), value=f"{plus:g}")
    if minus > 50.0:
        raise OptionError(N_("--average-minus is at most average (50%%), not %(value)s%%"), value=f"{minus:g}")
    imps, per_percent = _number(values, "adjusted_imps"), _number(values, "imps_per_percent")
    if not 0.0 <= imps <= MOST_IMPS:
        raise OptionError(
            N_("--adjusted-imps is the IMPs for average-plus, from 0 to %(most)s (the most a board is worth), "
               "not %(value)s"), most=int(MOST_IMPS), value=f"{imps:g}",
        )  # fmt: skip
    if not 0.0 <= per_percent * 50.0 <= MOST_IMPS:
        raise OptionError(
            N_("--imps-per-percent must be from 0 to %(most)s, so that 100%% is worth at most %(imps)s IMPs, "
               "not %(value)s"), most="0.48", imps=int(MOST_IMPS), value=f"{per_percent:g}",
        )  # fmt: skip


def scoring_options(
    method: str | None,
    given: Mapping[str, object],
    *,
    as_program: str | None = None,
    across_sections: bool = False,
    movement: str = "auto",
    phantoms: frozenset[str] = frozenset(),
) -> ScoringOptions:
    """The options to score with, from the options the director typed (``given``, None = not given), the preset
    ``as_program`` and the defaults, plus what describes the event.  Raises OptionError (or ValueError with a
    readable message from the methods) on a value that cannot be used."""
    name, values = resolve(method, given, as_program)
    _check_adjusted(values)
    decimals = values["neuberg_factor_decimals"]
    if decimals is not None and not (isinstance(decimals, int) and 0 <= decimals <= 10):
        raise OptionError(N_("--neuberg-factor-decimals must be from 0 to 10, not %(value)s"), value=str(decimals))
    imp_cap = values["imp_cap"]
    if imp_cap is not None and not (isinstance(imp_cap, int) and 1 <= imp_cap <= MOST_IMPS):
        raise OptionError(
            N_("--imp-cap is the most IMPs one comparison is worth, from 1 to %(most)s, not %(value)s"),
            most=int(MOST_IMPS), value=str(imp_cap),
        )  # fmt: skip
    scoring_method = make_method(
        name, acbl_scale=bool(values["acbl_scale"]), neuberg=bool(values["neuberg"]), datum=str(values["datum"]),
        datum_rounding=str(values["datum_rounding"]), cross_imps=str(values["cross_imps"]),
        neuberg_factor_decimals=decimals, imp_cap=imp_cap,
    )  # fmt: skip
    imps = _number(values, "adjusted_imps")
    round_board_points = values["round_board_points"]
    assert round_board_points is None or isinstance(round_board_points, int)
    try:
        pair_percent = PairPercent(values["pair_percent"])
    except ValueError:
        raise OptionError(
            N_("--pair-percent is 'total' or 'mean', not '%(value)s'"), value=str(values["pair_percent"])
        ) from None
    if values["print_rounding"] not in PRINT_ROUNDINGS:
        raise OptionError(
            N_("--print-rounding is half-up or half-even, not '%(value)s'"), value=str(values["print_rounding"])
        )
    try:
        movement_value = Movement(movement)
    except ValueError:
        raise OptionError(N_("--movement is auto, mitchell or howell, not '%(value)s'"), value=movement) from None
    return ScoringOptions(
        method=scoring_method,
        adjustments=AdjustmentValues(
            plus_percent=_number(values, "average_plus"),
            minus_percent=_number(values, "average_minus"),
            plus_imps=imps,
            minus_imps=-imps,
            imps_per_percent=_number(values, "imps_per_percent"),
        ),
        across_sections=across_sections,
        movement=movement_value,
        phantoms=phantoms,
        phantom_award=parse_award(str(values["phantom_award"])),
        factor=bool(values["factor"]),
        factor_printed_total=bool(values["factor_printed"]),
        factor_sit_outs=bool(values["factor_sit_outs"]),
        pair_percent=pair_percent,
        round_board_points=round_board_points,
        session_average_plus=bool(values["session_average_plus"]),
        session_average_minus=bool(values["session_average_minus"]),
        print_rounding=str(values["print_rounding"]),
        traveller_own_points=bool(values["traveller_own_points"]),
        preset=preset(as_program).key if as_program else None,
    )
