"""A scored individual as a report: each field's players ranked, and with ``boards`` every traveller line with
its four players.  One function per format (text, CSV, JSON in :mod:`bridgescore.individual.report.base`, the page
in :mod:`bridgescore.individual.report.html`), all through :func:`write_individual`.

Every label comes from the catalogue (``lang="nl"``: Dutch) and every number passes through
:func:`bridgescore.core.i18n.format_number` (decimal comma in Dutch); the JSON holds unrounded numbers.

JSON schema ``bridgescore.individual/1``::

    schema      "bridgescore.individual/1"
    title       the event's title ("" if none)
    method      the scoring method of the boards (matchpoints, butler, cross-imps, bastille)
    unit        "matchpoints" or "imps"
    options     the options that change a number, as in the score JSON (bridgescore.score/1)
    standings[] one per field: section ("" where the file has none; "*" scored across sections) and entries[]:
                place (null: no board scored), place_label ("3=" where shared), section, player (the number or
                name as the file writes it), name, boards (played and scored), total (matchpoints, or IMPs as
                ranked: factored where the player played fewer boards), unfactored_total, maximum (the tops of
                the player's boards; null at IMPs), percent (null at IMPs), average (IMPs per board; null at
                matchpoints)
    boards[]    every board as in the score JSON (section, board, datum, top, scores, full_count, results[]), each
                result with its four players added: north, south, east, west ("" for a seat not written), and
                uncredited (the players not credited with the line: in two seats, or on two lines of the board)
    checks[]    the director's checks of the boards, as in the score JSON (NS and EW mirror, board totals, scores
                against contracts; the checks of pairs are left out)
    problems[]  file, line, field, severity, message – every problem of the reading, scoring and seating
"""

from __future__ import annotations

import json
from typing import Literal, TextIO

from bridgescore.core.contract import Notation
from bridgescore.core.i18n import Language
from bridgescore.individual import ScoredIndividual
from bridgescore.individual.report.base import (
    SCHEMA,
    boards_csv,
    individual_dict,
    render_individual_text,
    standings_csv,
)
from bridgescore.report.printable import console as printable_console

__all__ = ["INDIVIDUAL_FORMATS", "SCHEMA", "IndividualFormat", "individual_dict", "write_individual"]

IndividualFormat = Literal["text", "json", "csv", "html"]
#: The formats :func:`write_individual` writes.
INDIVIDUAL_FORMATS: tuple[IndividualFormat, ...] = ("text", "json", "csv", "html")


def write_individual(
    scored: ScoredIndividual,
    fmt: IndividualFormat,
    out: TextIO,
    lang: Language = "en",
    notation: Notation = "en",
    boards: bool = False,
) -> None:
    """``scored`` written to ``out`` in ``fmt``: text (rankings, with ``boards`` the travellers first, then the
    checks and problems), CSV (the rankings, or with ``boards`` the travellers instead: a CSV file holds one
    table), JSON (everything, schema ``bridgescore.individual/1``) or HTML (the pairs page's machinery, with a
    score card per player: :mod:`bridgescore.individual.report.html`)."""
    if fmt == "json":
        json.dump(individual_dict(scored, notation), out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif fmt == "csv":
        out.write(boards_csv(scored, lang, notation) if boards else standings_csv(scored, lang))
    elif fmt == "html":
        from bridgescore.individual.report.html import render_individual_html

        out.write(render_individual_html(scored, lang, notation))
    else:
        render_individual_text(scored, printable_console(file=out, width=120), lang, notation, boards)
