"""The USEBIO reader's streamed reading (issue 19): a file whose traveller lines all read without a problem is
read as a stream into columns, and gives the same event – lines, names, problems at the same places – as the
reading of the whole tree; every other file is read as a tree."""

from __future__ import annotations

from typing import Any

import pytest

from bridgescore.core.event import Event
from bridgescore.io import usebio

_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="{version}">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'


def _line(ns: str, ew: str, body: str) -> str:
    pairs = f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    return f"<TRAVELLER_LINE>{pairs}{body}</TRAVELLER_LINE>\n"


_LINES = (
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><LEAD>HK</LEAD>",
    "<CONTRACT>3NTx</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>8</TRICKS>",
    "<SCORE>A6040</SCORE>",
    "<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>",
    "<SCORE> -110 </SCORE>",
    "<CONTRACT>2H</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><LEAD>D2</LEAD>",
    "<SCORE>NP</SCORE>",
    "<SCORE>-50</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>4</EW_MATCH_POINTS>",
    "<SCORE>A5050</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS><NOTES>Adjusted</NOTES>",
)


def _file(version: str = "1.2", extra: str = "", line: str | None = None, sessions: int = 2) -> str:
    out = [_HEAD.format(version=version), "<EVENT_DESCRIPTION>Club &amp; friends</EVENT_DESCRIPTION>\n", extra]
    for session in range(1, sessions + 1):
        out.append(f'<SESSION SESSION_ID="{session}">\n')
        for section in "AB":
            out.append(f"<SECTION><SECTION_ID>{section}</SECTION_ID>\n<PARTICIPANTS>\n")
            for pair in range(1, 9):
                out.append(f"<PAIR><PAIR_NUMBER>{pair}</PAIR_NUMBER><PLAYER><PLAYER_NAME>P{pair}a</PLAYER_NAME>"
                           f"</PLAYER><PLAYER><PLAYER_NAME>P{pair}b</PLAYER_NAME></PLAYER></PAIR>\n")  # fmt: skip
            out.append("</PARTICIPANTS>\n")
            for board in range(1, 7):
                out.append(f"<BOARD>\n<BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
                for table in range(4):
                    body = _LINES[(board + table + session) % len(_LINES)]
                    out.append(_line(str(table + 1), str(5 + (table + board) % 4), body))
                if board == 3 and line is not None:
                    out.append(line)
                out.append("</BOARD>\n")
            out.append("</SECTION>\n")
        out.append("</SESSION>\n")
    out.append("</EVENT>\n</USEBIO>\n")
    return "".join(out)


def _facts(event: Event) -> tuple[Any, ...]:
    return (
        list(event.results), event.problems, dict(event.names), event.title, event.form, event.form_sign,
        dict(event.info), dict(event.players), {k: dict(v) for k, v in event.pair_info.items()}, dict(event.deals),
    )  # fmt: skip


def _as_tree(text: str, monkeypatch: pytest.MonkeyPatch, **options: Any) -> Event:
    """The reading of the whole tree (the streamed reading turned off), the reference of behaviour."""
    with monkeypatch.context() as patch:
        patch.setattr(usebio, "_loads_streamed", lambda *args: None)
        return usebio.loads(text, "f.xml", **options)


@pytest.mark.parametrize(
    ("version", "extra", "sessions"),
    [
        ("1.2", "", 2),
        ("1.2", "", 1),
        ("1.3", "<CLUB_NAME>Oddities</CLUB_NAME>\n<ODD_ELEMENT>x</ODD_ELEMENT>\n", 1),
        ("1.2", "<!-- a comment -->\n<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n", 2),
    ],
)
def test_a_plain_file_is_streamed_and_reads_as_the_tree(
    version: str, extra: str, sessions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _file(version, extra, sessions=sessions)
    streamed = usebio._loads_streamed(text, "f.xml", None)
    assert streamed is not None
    assert len(streamed.results) == sessions * 2 * 6 * 4
    assert {"NOTES", "NS_MATCH_POINTS", "EW_MATCH_POINTS"} <= set(streamed.table.extra)
    assert _facts(usebio.loads(text, "f.xml")) == _facts(_as_tree(text, monkeypatch))
    assert _facts(usebio.loads(text.encode(), "f.xml")) == _facts(_as_tree(text, monkeypatch))


def test_a_second_event_and_a_handset_read_as_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _file().replace(
        "</USEBIO>",
        "<EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2", "<SCORE>50</SCORE>") + "</BOARD></EVENT>\n"
        "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND><DIRECTION>N</DIRECTION><SPADES>AKQ</SPADES>"
        "</HAND></BOARD></HANDSET></USEBIO>",
    )
    assert usebio._loads_streamed(text, "f.xml", None) is not None
    assert _facts(usebio.loads(text, "f.xml")) == _facts(_as_tree(text, monkeypatch))


@pytest.mark.parametrize(
    "line",
    [
        _line("1", "", "<SCORE>50</SCORE>"),  # a pair missing
        _line("1", "1", "<SCORE>50</SCORE>"),  # a pair on both sides
        _line("1", "5", "<SCORE>50</SCORE>"),  # pair 1 plays board 3 twice
        _line("2", "7", "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>999</SCORE>"),
        _line("2", "7", "<SCORE>5<!-- x -->0</SCORE>"),  # a comment inside a value
        _line("2", "7", "<SCORE>50</SCORE><SCORE>60</SCORE>"),
        _line("2", "7", "<SCORE>50</SCORE><ODD>3</ODD>"),  # an element bridgescore does not know
        _line("2", "7", "<SCORE>50</SCORE><N_PLAYER_NUMBER>3</N_PLAYER_NUMBER>"),
        _line("2", "7", "<SCORE>50</SCORE><NOTES><B>x</B></NOTES>"),
        _line("2", "7", "<EW_MATCH_POINTS>1</EW_MATCH_POINTS><SCORE>50</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS>"),
        '<TRAVELLER_LINE ID="9"><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>7</EW_PAIR_NUMBER></TRAVELLER_LINE>',
        _line("2", "7", "<SCORE>50</SCORE>").replace("TRAVELLER", "TRAVELER"),
        "<NOTES>late</NOTES>",
        _line("2", "7", "<SCORE>bad</SCORE>"),
        _line("2", "7", "<SCORE><![CDATA[50]]></SCORE>"),  # CDATA in a line
        _line("2", "7", "<SCORE>50"),  # not well-formed
    ],
)
def test_a_file_with_a_problem_reads_as_the_tree(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _file(line=line)
    assert usebio._loads_streamed(text, "f.xml", None) is None
    assert _facts(usebio.loads(text, "f.xml")) == _facts(_as_tree(text, monkeypatch))


@pytest.mark.parametrize("per_direction", [True, False])
def test_the_movement_given_reads_as_the_tree(per_direction: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _file()
    event = usebio.loads(text, "f.xml", pairs_per_direction=per_direction)
    assert _facts(event) == _facts(_as_tree(text, monkeypatch, pairs_per_direction=per_direction))


def test_an_entity_is_still_refused() -> None:
    text = _file().replace("<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY a "aaaa">]>\n<USEBIO', 1)
    event = usebio.loads(text, "f.xml")
    assert not event.results
    assert "refused for safety" in event.problems[0].message
