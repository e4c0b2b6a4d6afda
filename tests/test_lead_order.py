"""Issue 18: a lead written rank first (BBO's Extractor, ScoreBridge, Compscore3: ``QH``, ``KH`` the heart king) is
read so.  ``KH`` is the one entry that reads two ways (klaveren heer suit first, the heart king rank first): it was
always read as the club king, so a rank-first file's heart kings were clubs and 'not in the leader's hand'."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore import api
from bridgescore.core.cards import card_readings, parse_card
from bridgescore.core.contract import Strain

HANDS = Path(__file__).parent / "data" / "reference" / "events" / "usebio-brian-welwyn" / "original" / "hands.pbn"
#: board 1: N A98.J92.A75.Q852, E 532.86.K632.KJT7, S KQ4.AKT73.JT.A93, W JT76.Q54.Q984.64
#: East declares: South leads and holds the heart king, not the club king; North declares: East holds the club king


def _file(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "club.csv"
    path.write_text("board,ns,ew,contract,declarer,result,lead\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def _leads(event: api.Event) -> list[str | None]:
    return [r.lead for r in event.results]


def _said(event: api.Event) -> list[str]:
    return [str(p) for p in event.problems]


def test_only_kh_reads_two_ways() -> None:
    """Of every two-letter entry of both notations and both orders, only KH reads as two different cards."""
    letters = "CDHSKRAQJTBV23456789"
    two_ways = [a + b for a in letters for b in letters if None not in (c := card_readings(a + b)) and c[0] != c[1]]
    assert two_ways == ["KH"]
    assert parse_card("KH") == parse_card("CK")  # alone, suit first (Dutch klaveren heer)


def test_a_rank_first_file_reads_kh_as_the_heart_king(tmp_path: Path) -> None:
    source = _file(tmp_path, "1,1,2,4H,S,10,JS", "1,3,4,4H,S,10,QH", "1,5,6,4S,E,9,KH", "1,7,8,4S,E,9,KH")
    event = api.read(source)
    assert _leads(event) == ["JS", "QH", "HK", "HK"]
    assert not any("KH" in t for t in _said(event))  # the file's other leads tell it: nothing to say


def test_a_suit_first_file_keeps_kh_as_the_club_king(tmp_path: Path) -> None:
    """Dutch suit first: RV ruiten vrouw, HB harten boer, KH klaveren heer."""
    event = api.read(_file(tmp_path, "1,1,2,4H,S,10,RV", "1,3,4,4H,S,10,HB", "1,5,6,3NT,N,9,KH"))
    card = parse_card(event.results[2].lead or "")
    assert card is not None and (card.suit, card.rank) == (Strain.CLUBS, 13)
    assert not any("KH" in t for t in _said(event))


def test_the_hand_record_settles_kh_when_the_leads_do_not(tmp_path: Path) -> None:
    """Only KH leads: South (on lead against East) holds the heart king, not the club king: read rank first, said,
    and no false 'lead not in hand'."""
    source = _file(tmp_path, "1,5,6,4S,E,9,KH", "1,7,8,4S,E,9,KH")
    event = api.read(source, deals=HANDS)
    assert _leads(event) == ["HK", "HK"]
    said = _said(event)
    assert not any("not in the hand" in t for t in said), said
    (note,) = [t for t in said if "written KH" in t]
    assert "2 opening lead(s) written KH read as HK, not CK" in note and "leader's hand on 2 line(s)" in note


def test_kh_that_nothing_settles_is_read_suit_first_and_said(tmp_path: Path) -> None:
    event = api.read(_file(tmp_path, "1,5,6,4S,E,9,KH"))
    assert _leads(event) == ["CK"]
    (note,) = [t for t in _said(event) if "written KH" in t]
    assert "read as CK, not HK" in note and "nothing in the file tells" in note


@pytest.mark.parametrize(
    ("written", "suit", "rank"),
    [("QH", Strain.HEARTS, 12), ("HQ", Strain.HEARTS, 12), ("10D", Strain.DIAMONDS, 10), ("KB", Strain.CLUBS, 11)],
)
def test_one_way_entries_read_as_before(written: str, suit: Strain, rank: int) -> None:
    card = parse_card(written)
    assert card is not None and (card.suit, card.rank) == (suit, rank)


def test_the_lines_table_gives_the_lead_as_json_does(tmp_path: Path) -> None:
    """``lines.to_pandas().lead`` kept the text as typed (``RA``, ``KB``, ``AD``) while the JSON gives ``DA``,
    ``CJ``: a group by suit counted Dutch diamonds as no suit at all."""
    source = _file(tmp_path, "1,1,2,4H,S,10,RA", "1,3,4,4H,S,10,KB", "1,5,6,4H,S,10,DA", "1,7,8,4H,S,10,")
    scores = api.score(api.read(source))
    frame = scores.lines.to_pandas()
    assert frame.lead.tolist()[:3] == ["DA", "CJ", "DA"] and frame.lead.isna().tolist()[3]
    assert frame.lead_written.tolist()[:3] == ["RA", "KB", "DA"]
    assert api.read(source).to_pandas(notation="nl").lead.tolist()[:3] == ["RA", "KB", "RA"]
    assert frame.lead.str[0].value_counts()["D"] == 2  # analyses by suit
