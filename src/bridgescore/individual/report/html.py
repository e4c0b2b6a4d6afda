"""The published page of an individual, made by the pairs page's machinery (:mod:`bridgescore.pairs.report.html`).

The page is the pairs page (one self-contained file, no scripts, readable on a phone, printable) made from the
``bridgescore.individual/1`` dict, with three differences, each a small override of the pairs page's view model:

* the ranking lists players, not pairs (``Player``, ``Name``);
* the travellers show each line's North-South and East-West players as the file wrote the line;
* every player has a personal score card: each board they were credited with, from their side (North and South
  the line's North-South score and points, East and West its East-West ones), with a running total – so a player
  can check every number of their own result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgescore.core.contract import Notation
from bridgescore.core.i18n import Language, parse_language
from bridgescore.individual import ScoredIndividual
from bridgescore.individual.report.base import individual_dict
from bridgescore.pairs.report.html import FULL_PAGE_LINES, Card, Page, PairRef, Table, slug, summarise

__all__ = ["render_individual_html"]


class _IndividualPage(Page):
    """The pairs page with players in the places of pairs (see the module docstring)."""

    def _index_pairs(self) -> None:
        _ = self._
        for standing in self.standings:
            for entry in standing.get("entries") or []:
                section = str(entry.get("section") or standing.get("section") or "")
                player = str(entry.get("pair"))
                anchor = "player-" + "-".join(slug(p) for p in (section, player) if p)
                while anchor in self.cards:
                    anchor += "-"
                self.pairs[("ALL", section, player)] = PairRef(anchor, "ALL")
                title = _("Player %(player)s") % {"player": player}
                self.cards[anchor] = Card(anchor, title, str(entry.get("names") or ""))

    def ranking_tables(self) -> list[Table]:
        _ = self._
        words = {_("Pair"): _("Player"), _("Names"): _("Name")}
        return [
            Table(
                t.anchor,
                t.title,
                tuple((words.get(text, text), css) for text, css in t.headings),
                t.rows,
                t.note,
                t.subtitle,
                t.json,
                t.datum,
            )
            for t in super().ranking_tables()
        ]

    def travellers(self) -> list[Table]:
        """The pairs page's travellers (the lines' sides are no one's score card), then each player's card lines."""
        tables = super().travellers()
        for b, board in enumerate(self.boards):
            section = str(board.get("section") or "")
            number = board.get("board")
            anchor = self.board_anchor(section, number)
            for r, result in enumerate(board.get("results") or []):
                contract, made = self.contract_cell(result)
                uncredited = set(result.get("uncredited") or ())
                for side, seats, opponents in (
                    ("NS", ("north", "south"), result.get("ew_pair")),
                    ("EW", ("east", "west"), result.get("ns_pair")),
                ):
                    for seat in seats:
                        player = str(result.get(seat) or "")
                        ref = self.pairs.get(("ALL", section, player)) or self.pairs.get(("ALL", "", player))
                        if not player or player in uncredited or ref is None:
                            continue
                        path = f"boards/{b}/results/{r}"
                        self._card_line(ref, side, section, number, anchor, path, result, opponents, contract, made)
        return tables


def _page_dict(scored: ScoredIndividual, notation: Notation) -> dict[str, Any]:
    """The individual's dict with each ranking entry also under the names the pairs page reads (``pair``,
    ``names``, group ``all``)."""
    data = individual_dict(scored, notation)
    data["standings"] = [
        {**s, "group": "all", "entries": [{**e, "pair": e["player"], "names": e["name"]} for e in s["entries"]]}
        for s in data["standings"]
    ]
    return data


def render_individual_html(scored: ScoredIndividual, lang: str = "en", notation: Notation = "en") -> str:
    """The whole page as text (``lang``: ``en`` or ``nl``); above the pairs page's limit of traveller lines the
    travellers are summarised and the score cards left out, as on the pairs page."""
    language: Language = parse_language(lang)
    page: Mapping[str, Any] = _page_dict(scored, notation)
    boards = page.get("boards") or []
    if sum(len(b.get("results") or []) for b in boards) > FULL_PAGE_LINES:
        page = {**page, "boards": list(summarise(boards))}
    return _IndividualPage(page, language).render()
