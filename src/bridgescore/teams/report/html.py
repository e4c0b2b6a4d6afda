"""A scored teams event as one self-contained HTML page: "Uitslag" – the standings ("Stand"), the cross-table of a
round robin (each team's rounds of a Swiss), and a match card per match with both rooms side by side.

The page of issue 5 for teams: the pairs page's layout and stylesheet (``templates/_style.css.j2``, shared), inline
CSS, no scripts, no external requests; on a phone (390 px) the page itself never scrolls sideways – a wide table
scrolls in its own box and long headings give way to short ones; printed, each part starts on a new page.  Every
word and number comes from :class:`bridgescore.teams.report.view.TeamsView` (the ``bridgescore.teams/1`` dict in
the reader's language), so the page shows what the JSON holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgescore.core.version import __version__
from bridgescore.pairs.report.html import environment
from bridgescore.teams.report.view import TeamsView

if TYPE_CHECKING:
    from bridgescore.core.deal import HandRecords

__all__ = ["render_teams_html"]


def render_teams_html(view: TeamsView, deals: HandRecords | None = None, director: bool = True) -> str:
    """The whole page, as text, for the tables of ``view`` (in its language); with ``deals`` (``teams --deals``)
    each board's hand record drawn as the pairs page draws it (diagram, double-dummy table, par), after the
    matches.  The director's checks only on the director's page (``director``, the default of the API;
    ``teams --format html --director``), as the pairs page (:mod:`bridgescore.pairs.report.html`, issue 10): the
    members' page leaves them out (issue 18); the director's page says "All checks passed." where none found
    anything."""
    from bridgescore.report.hand_records import deal_dict
    from bridgescore.report.html_deals import deal_view

    _ = view._
    title = str(view.doc.get("title") or "") or _("Teams event")
    hands = []
    for index, number in enumerate(sorted(deals.deals) if deals is not None else ()):
        assert deals is not None
        drawn = deal_view(deal_dict(deals.deals[number]), view.lang, index)
        if drawn is not None:
            hands.append((f"deal-{number}", _("Board %(board)s") % {"board": number}, drawn))
    return (
        environment()
        .get_template("teams.html.j2")
        .render(
            lang=view.lang,
            _=_,
            title=title,
            description=view.description(),
            standings=view.standings_grid(),
            meetings=view.meetings_grid(),
            cards=view.match_cards(),
            director=director,
            checks=view.checks() if director else [],
            problems=view.problems(),
            session=" · ".join(str(view.doc.get(k) or "") for k in ("club", "date") if view.doc.get(k)),
            hands=hands,
            version=__version__,
        )
    )
