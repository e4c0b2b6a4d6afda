"""How a teams event is scored when the director does not say: the VP scale and the board scoring, from the
options given, the program named by ``--as`` (``[PROGRAM.teams]`` in ``presets.toml``) and what the file says.

Each value is taken in this order: the option given > the ``--as`` program's > the file's > the default:

* **VP scale** (``--vp``): ``none`` scores the matches in IMPs (or board points) alone.  From the file: a USEBIO
  ``MATCH_SCORING_METHOD`` that is not ``VPS`` (``PAB``, ``BAM``, ``IMPS``) means the matches are not scored in
  VPs; ``VPS`` in a file made by TeamsScorer or EBUScoreTeams (the EBU's programs) means the EBU's 20-VP scale
  ``ebu-20`` (TeamsScorer's multiple-teams example: whole VPs, 0 → 10-10, 1 → 11-9, 3 or 4 → 13-7 on 3 boards).
  The default is ``wbf``, the WBF 2013 continuous scale (the WBF General Conditions of Contest).  A scale that the
  file or the program names but this bridgescore does not know is a warning, and ``wbf`` is used.
* **board scoring** (``--form``): ``imps``, ``bam`` (board-a-match, point-a-board) or ``patton``; the file's
  (USEBIO ``BOARD_SCORING_METHOD``, PBN ``[Scoring]``), else IMPs.
* **tiebreak** (``--tiebreak``: ``wbf``, ``ebu``, ``nbb`` or ``none``), **board-a-match points** (``--board-points``:
  ``acbl`` 1/½/0, ``ebu`` 2/1/0) and the **Patton form** (``--patton``: ``acbl``, ``nbb``): the option given, else
  the program's (``--as``, else the program that made the file), else the engine's default (the WBF's tie-break;
  2/1/0 where the file's match scoring is PAB, else 1/½/0; the ACBL's Patton).
"""

from __future__ import annotations

import math
from typing import Any

from bridgescore.core.i18n import N_
from bridgescore.core.options import OptionError
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.teams.engine import TeamsOptions
from bridgescore.teams.model import TeamsEvent, TeamsForm
from bridgescore.teams.standings import TIEBREAKS
from bridgescore.teams.vp import VPScale, VPScaleError, scale_named

__all__ = ["FORMS", "teams_options"]

#: The board scorings ``--form`` takes.
FORMS: tuple[TeamsForm, ...] = ("imps", "bam", "patton")
#: USEBIO MATCH_SCORING_METHOD values that say the matches are not converted into VPs.
_NOT_VPS = frozenset({"PAB", "BAM", "IMPS", "IMP", "TOTAL_IMPS", "POINTS", "BOARD_POINTS"})
#: The programs (USEBIO PROGRAM_NAME, lower case, as they begin) that score in VPs on the EBU's 20-VP scale.
_EBU_PROGRAMS = ("teamsscorer", "ebuscore")


def _scale(name: str, option: str) -> VPScale:
    """The scale ``name`` names; a :class:`VPScaleError` (an unknown name, ``wbf-25``, a VP table file's bad lines,
    each located) is passed on for the command to report, as ``bridgescore vp`` does."""
    try:
        return scale_named(name)
    except VPScaleError:
        raise
    except (ValueError, OSError):
        raise OptionError("%(option)s: no VP scale '%(name)s' (wbf is one)", option=option, name=name) from None


def _file_scale(event: TeamsEvent) -> tuple[str | None, str]:
    """The VP scale the file says (None: not VPs), and why, or ("", "") when it does not say."""
    method = event.match_scoring.strip().upper()
    if method in _NOT_VPS:
        return None, f"MATCH_SCORING_METHOD {method}"
    program = event.extra.get("program", "").lower()
    if method.startswith("VP") and program.startswith(_EBU_PROGRAMS):
        return "ebu-20", event.extra.get("program", "")
    return "", ""


def _file_program(event: TeamsEvent) -> str | None:
    """The preset of the program that made the file (USEBIO ``PROGRAM_NAME``), when bridgescore has one: the file
    says whose conventions it was scored by, as ``--as`` would."""
    from bridgescore.pairs.presets import presets

    program = event.extra.get("program", "").strip().lower().replace(" ", "")
    if not program:
        return None
    for key, found in presets().items():
        if found.teams and (program.startswith(key) or (key == "ebuscore" and program.startswith("ebuscoreteams"))):
            return key
    return None


def _choice(text: str | None, option: str, known: tuple[str, ...]) -> str | None:
    if text is None or not text.strip():
        return None
    value = text.strip().lower()
    if value not in known and option == "--form":
        raise OptionError("--form: '%(form)s' is not imps, bam or patton", form=value)
    if value not in known:
        raise OptionError(
            "%(option)s: '%(value)s' is not one of %(choices)s", option=option, value=value, choices=", ".join(known)
        )
    return value


def teams_options(
    event: TeamsEvent,
    *,
    vp: str | None = None,
    form: str | None = None,
    as_program: str | None = None,
    tiebreak: str | None = None,
    board_points: str | None = None,
    patton: str | None = None,
    knockout: bool = False,
    bye_vp: float | None = None,
) -> tuple[TeamsOptions, tuple[Problem, ...]]:
    """The options to score ``event`` with (see the module docstring) and the warnings about them; an option
    given with a value that does not exist is an :class:`~bridgescore.core.options.OptionError`.

    Without ``--as``, the program that made the file (USEBIO ``PROGRAM_NAME``: TeamsScorer, EBUScoreTeams) stands
    for it where bridgescore has its conventions (``[PROGRAM.teams]`` in ``presets.toml``), after what the file
    itself says of its match scoring."""
    from bridgescore.pairs.presets import preset

    notes: list[Problem] = []
    named = as_program or _file_program(event)
    program = preset(named).teams if named else {}
    why_program = f"--as {as_program}" if as_program else event.extra.get("program", "")
    form_text = _choice(form, "--form", FORMS)
    if form_text is None and as_program:
        form_text = _choice(program.get("form"), "--form", FORMS)
    if form_text is None and event.form is None:
        form_text = _choice(program.get("form"), "--form", FORMS)
    chosen_form: TeamsForm | None = event.form
    if form_text:
        chosen_form = "imps" if form_text == "imps" else "bam" if form_text == "bam" else "patton"
    scale: VPScale | None
    if vp is not None:
        scale = None if vp.strip().lower() == "none" else _scale(vp.strip(), "--vp")
    else:
        file_name, file_why = _file_scale(event)
        name: str | None
        if as_program and program.get("vp"):
            name, why = program["vp"], why_program
        elif file_name is None or file_name:
            name, why = file_name, file_why
        elif program.get("vp"):
            name, why = program["vp"], why_program
        else:
            name, why = "", ""
        if name is None:
            scale = None
        elif name == "":
            scale = scale_named("wbf")
        else:
            try:
                scale = scale_named(name)
            except (ValueError, OSError):
                notes.append(
                    Problem.make(
                        Location("--vp"),
                        "the VP scale %(name)s (%(why)s) is not known to this bridgescore; the WBF scale is used "
                        "(give --vp to choose another)",
                        Severity.WARNING,
                        name=name,
                        why=why,
                    )
                )
                scale = scale_named("wbf")
    chosen_tiebreak = _choice(tiebreak, "--tiebreak", TIEBREAKS) or _choice(
        program.get("tiebreak"), "--tiebreak", TIEBREAKS
    )
    chosen_points = _choice(board_points, "--board-points", ("acbl", "ebu")) or _choice(
        program.get("board_points"), "--board-points", ("acbl", "ebu")
    )
    chosen_patton = _choice(patton, "--patton", ("acbl", "nbb")) or _choice(
        program.get("patton"), "--patton", ("acbl", "nbb")
    )
    _check_bye_vp(bye_vp, scale)
    values: dict[str, Any] = {"form": chosen_form, "vp": scale, "knockout": knockout, "bye_vp": bye_vp}
    if chosen_tiebreak:
        values["tiebreak"] = chosen_tiebreak
    if chosen_points:
        values["board_points"] = chosen_points
    if chosen_patton:
        values["patton"] = chosen_patton
    return TeamsOptions(**values), tuple(notes)


def _check_bye_vp(bye_vp: float | None, scale: VPScale | None) -> None:
    """Refuse a bye worth more than a match can be on the scale (``--bye-vp 99999`` ranked the team with the bye
    first, ``inf`` and ``1e308`` stopped with a traceback): a bye is worth at most a won match, by the conditions
    of contest of every federation (the EBU's and the WBF's give 12 or 18 of 20, or an average)."""
    if bye_vp is None:
        return
    if not math.isfinite(bye_vp):
        raise OptionError(N_("--bye-vp %(value)s is not a number of VPs"), value=str(bye_vp))
    if scale is not None and bye_vp > scale.maximum:
        raise OptionError(
            N_("--bye-vp %(value)s is more than a match is worth on the VP scale %(scale)s (%(maximum)s VP at most)"),
            value=f"{bye_vp:g}",
            scale=scale.name,
            maximum=f"{scale.maximum:g}",
        )
