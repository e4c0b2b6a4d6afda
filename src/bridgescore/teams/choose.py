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
* **tiebreak**: the program's, where the engine takes one.
"""

from __future__ import annotations

from dataclasses import fields

from bridgescore.options import OptionError
from bridgescore.problems import Location, Problem, Severity
from bridgescore.teams.engine import TeamsOptions
from bridgescore.teams.model import TeamsEvent, TeamsForm
from bridgescore.teams.vp import VPScale, scale_named

__all__ = ["FORMS", "teams_options"]

#: The board scorings ``--form`` takes.
FORMS: tuple[TeamsForm, ...] = ("imps", "bam", "patton")
#: USEBIO MATCH_SCORING_METHOD values that say the matches are not converted into VPs.
_NOT_VPS = frozenset({"PAB", "BAM", "IMPS", "IMP", "TOTAL_IMPS", "POINTS", "BOARD_POINTS"})
#: The programs (USEBIO PROGRAM_NAME, lower case, as they begin) that score in VPs on the EBU's 20-VP scale.
_EBU_PROGRAMS = ("teamsscorer", "ebuscore")


def _scale(name: str, option: str) -> VPScale:
    try:
        return scale_named(name)
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


def teams_options(
    event: TeamsEvent, *, vp: str | None = None, form: str | None = None, as_program: str | None = None
) -> tuple[TeamsOptions, tuple[Problem, ...]]:
    """The options to score ``event`` with (see the module docstring) and the warnings about them; an option
    given with a value that does not exist is an :class:`~bridgescore.options.OptionError`."""
    from bridgescore.presets import preset

    notes: list[Problem] = []
    program = preset(as_program).teams if as_program else {}
    chosen_form: TeamsForm | None = None
    form_text = (form or program.get("form") or "").strip().lower()
    if form_text:
        if form_text not in FORMS:
            raise OptionError("--form: '%(form)s' is not imps, bam or patton", form=form_text)
        chosen_form = "imps" if form_text == "imps" else "bam" if form_text == "bam" else "patton"
    scale: VPScale | None
    if vp is not None:
        scale = None if vp.strip().lower() == "none" else _scale(vp.strip(), "--vp")
    else:
        name, why = (program["vp"], f"--as {as_program}") if program.get("vp") else _file_scale(event)
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
    values: dict[str, object] = {"form": chosen_form, "vp": scale}
    if program.get("tiebreak") and any(f.name == "tiebreak" for f in fields(TeamsOptions)):
        values["tiebreak"] = program["tiebreak"]
    return TeamsOptions(**values), tuple(notes)  # type: ignore[arg-type]
