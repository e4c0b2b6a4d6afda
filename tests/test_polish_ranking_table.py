"""The pairs' and the players' text rankings are one table (``report.text.ranking_table``): the same columns in
the same order, in the reader's language, so the individual report cannot drift from the pairs report."""

from __future__ import annotations

from bridgescore.pairs.report.text import ranking_table


def _headings(*args: object, **kwargs: object) -> list[str]:
    table = ranking_table(*args, **kwargs)  # type: ignore[arg-type]
    return [str(column.header) for column in table.columns]


def test_pairs_at_matchpoints_with_a_penalty() -> None:
    headings = _headings("Section A", False, ("Pair", "Names"), True, "en", penalised=True)
    assert headings == ["Place", "Pair", "Names", "Boards", "Total", "Max", "%", "Penalty"]


def test_players_at_imps_across_sections_in_dutch() -> None:
    headings = _headings("", True, ("Speler", "Naam"), False, "nl")
    assert headings[:4] == ["Plaats", "Lijn", "Speler", "Naam"] and len(headings) == 7
    assert ranking_table("", True, ("Speler", "Naam"), False, "nl").title is None
