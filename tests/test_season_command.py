"""``bridgescore season`` on a season of 8 club evenings made from the bundled example (tests/season_data.py):
ranked by each rule, every expected number worked out in the test from the example's one-evening results and the
season's schedule with plain arithmetic (not by the season engine); bad input and unmeetable rules refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import bridgescore
import season_data as sd
from bridgescore.cli import app
from bridgescore.pairs.standings import compute_standings

runner = CliRunner()


def example_slots(method: str = "matchpoints") -> dict[int, tuple[float, int]]:
    """Pair number of the example → (its percentage, or its IMPs, ; its boards), as one evening scores it."""
    scored = bridgescore.score(bridgescore.read(sd.EXAMPLE), method)
    slots = {}
    for standing in compute_standings(scored.scored):
        for e in standing.entries:
            value = e.percent if method == "matchpoints" else e.unfactored_total
            slots[int(e.pair)] = (float(value), int(e.boards))
    return slots


def evenings_of(line: str, partnership: int, slots: dict[int, tuple[float, int]]) -> list[tuple[float, int] | None]:
    """A partnership's 8 evenings (value, boards), None where absent (or, for Ann A03, playing with Zed)."""
    found: list[tuple[float, int] | None] = []
    for k in range(sd.EVENINGS):
        seats = {p: n for n, p in sd.seating(k).items()}
        if partnership not in seats or (k == 2 and partnership == 3):
            found.append(None)
        else:
            found.append(slots[seats[partnership]])
    return found


def name(line: str, p: int) -> str:
    return " & ".join(sd.players(line, p))


def run(folder: Path, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["season", str(folder), "-f", "json", *args])
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout[result.stdout.index("{") :])
    return document


def scores(document: dict[str, Any]) -> dict[str, float | None]:
    return {s["name"]: s["score"] for s in document["standings"]}


@pytest.fixture(scope="module")
def season_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("season")
    sd.write_season(folder)
    return folder


@pytest.fixture(scope="module")
def slots() -> dict[int, tuple[float, int]]:
    return example_slots()


def weighted(values: list[tuple[float, int]]) -> float:
    return sum(v * b for v, b in values) / sum(b for _, b in values)


def test_the_season_is_eight_evenings_in_date_order(season_folder: Path) -> None:
    document = run(season_folder)
    assert [s["date"] for s in document["sessions"]] == [sd.date(k) for k in range(8)]
    assert document["schema"] == "bridgescore.season/1"
    assert len(document["standings"]) == 17  # 16 partnerships and Ann A03 & Zed


def test_average_weighted_by_boards(season_folder: Path, slots: dict[int, tuple[float, int]]) -> None:
    got = scores(run(season_folder))
    for p in range(sd.PARTNERSHIPS):
        played = [e for e in evenings_of("A", p, slots) if e is not None]
        assert got[name("A", p)] == pytest.approx(weighted(played)), p
    # the one evening of Ann with Zed: pair 3 on evening 2 is the example's pair seated there
    zed_slot = next(n for n, q in sd.seating(2).items() if q == 3)
    assert got["Ann A03 & Zed"] == pytest.approx(slots[zed_slot][0])


def test_best_six_of_eight(season_folder: Path, slots: dict[int, tuple[float, int]]) -> None:
    document = run(season_folder, "--rule", "best:6")
    got = scores(document)
    for p in range(sd.PARTNERSHIPS):
        played = [e for e in evenings_of("A", p, slots) if e is not None]
        best = sorted(played, key=lambda e: -e[0])[:6]
        assert got[name("A", p)] == pytest.approx(weighted(best)), p
    nine = next(s for s in document["standings"] if s["name"] == name("A", 9))  # never absent: 8 played, 2 dropped
    assert (nine["played"], nine["counted"], nine["dropped"]) == (8, 6, 2)


def test_minimum_evenings(season_folder: Path) -> None:
    document = run(season_folder, "--min-evenings", "7")
    ranked = {s["name"] for s in document["standings"] if s["ranked"]}
    # absent twice (1, 4, 5, 7) or three times (3, who also played once with Zed) → 6 evenings or fewer
    assert ranked == {name("A", p) for p in range(16) if p not in (1, 3, 4, 5, 7)}
    assert [s["ranked"] for s in document["standings"]] == sorted(
        (s["ranked"] for s in document["standings"]), reverse=True
    )
    assert all(s["place"] == "" for s in document["standings"] if not s["ranked"])


def test_absent_fixed_percentage(season_folder: Path, slots: dict[int, tuple[float, int]]) -> None:
    got = scores(run(season_folder, "--absent", "fixed:50"))
    top = max(b for _, b in slots.values())  # an absent evening weighs the evening's boards (14)
    for p in range(sd.PARTNERSHIPS):
        values = [e if e is not None else (50.0, top) for e in evenings_of("A", p, slots)]
        assert got[name("A", p)] == pytest.approx(weighted(values)), p


def test_absent_own_average_with_a_maximum(season_folder: Path, slots: dict[int, tuple[float, int]]) -> None:
    got = scores(run(season_folder, "--absent", "average:52"))
    for p in range(sd.PARTNERSHIPS):
        evenings = evenings_of("A", p, slots)
        own = weighted([e for e in evenings if e is not None])
        values = [e if e is not None else (min(own, 52.0), 14) for e in evenings]
        assert got[name("A", p)] == pytest.approx(weighted(values)), p


def test_per_player_follows_ann_with_both_partners(season_folder: Path, slots: dict[int, tuple[float, int]]) -> None:
    document = run(season_folder, "--per", "player")
    got = scores(document)
    zed_slot = next(n for n, q in sd.seating(2).items() if q == 3)
    ann = [e for e in evenings_of("A", 3, slots) if e is not None] + [slots[zed_slot]]
    assert got["Ann A03"] == pytest.approx(weighted(ann))
    bob = [e for e in evenings_of("A", 3, slots) if e is not None]
    assert got["Bob A03"] == pytest.approx(weighted(bob))
    assert got["Zed"] == pytest.approx(slots[zed_slot][0])
    ann_row = next(s for s in document["standings"] if s["name"] == "Ann A03")
    assert "Zed" in [e["partner"] for e in ann_row["evenings"]] and "Bob A03" in [
        e["partner"] for e in ann_row["evenings"]
    ]


def test_butler_season_in_imps_per_board(season_folder: Path) -> None:
    imps = example_slots("butler")
    got = scores(run(season_folder, "--method", "butler"))
    for p in range(sd.PARTNERSHIPS):
        played = [e for e in evenings_of("A", p, imps) if e is not None]
        assert got[name("A", p)] == pytest.approx(sum(v for v, _ in played) / sum(b for _, b in played)), p


def test_lines_with_correction_promotion_and_relegation(tmp_path: Path, slots: dict[int, tuple[float, int]]) -> None:
    sd.write_season(tmp_path, ("A", "B"))
    # every pair ranked (the substitute pair of one evening too), so that each line's places and moves are checked
    document = run(tmp_path, "--lines", "A,B", "--line-correction", "4", "--promote", "2", "--relegate", "2",
                   "--min-evenings", "0")  # fmt: skip
    rows = {s["name"]: s for s in document["standings"]}
    expected = {}
    for p in range(sd.PARTNERSHIPS):
        played = [e for e in evenings_of("A", p, slots) if e is not None]
        expected[name("A", p)] = weighted(played)
        expected[name("B", p)] = weighted(played) - 4  # the same evenings in the B line, 4 points a line lower
        assert rows[name("B", p)]["line"] == "B"
    zed_slot = next(n for n, q in sd.seating(2).items() if q == 3)
    expected["Ann A03 & Zed"], expected["Ann B03 & Zed"] = slots[zed_slot][0], slots[zed_slot][0] - 4
    for who, value in expected.items():
        assert rows[who]["score"] == pytest.approx(value), who
    for line in ("A", "B"):
        members = sorted((w for w in expected if w.startswith(f"Ann {line}")), key=lambda w: -expected[w])
        moved = {w: rows[w]["movement"] for w in members if rows[w]["movement"]}
        if line == "A":  # the top line: the worst two go down, no one goes up
            assert moved == {members[-1]: "relegate", members[-2]: "relegate"}
        else:  # the bottom line: the best two go up, no one goes down
            assert moved == {members[0]: "promote", members[1]: "promote"}
        assert [rows[w]["line_place"] for w in members] == [str(i) for i in range(1, 18)]


def test_valet_across_the_season(season_folder: Path) -> None:
    from bridgescore.valet.read import from_event
    from bridgescore.valet.score import OVERALL, score_valet

    document = run(season_folder, "--valet")
    rows = {c["name"]: c for c in document["valet"]["competitors"]}
    ten = rows[name("A", 10)]
    assert ten["overall"] == pytest.approx(ten["bidding"] + ten["play"] + ten["lead"] + ten["defence"])
    hands = overall = 0.0
    for k, path in enumerate(sorted(season_folder.glob("*.csv"))):
        seats = {q: n for n, q in sd.seating(k).items()}
        if 10 not in seats:
            continue
        result = score_valet(from_event(bridgescore.read(path)).tables)
        label = "+".join(sd.players("A", 10))
        index = next(i for i, (a, _) in enumerate(result.pairs) if result.tables.pair_of_player[a] == label)
        hands += int(result.counts[index, OVERALL])
        overall += float(result.sums[index, OVERALL])
    assert (ten["hands"], ten["overall"]) == (hands, pytest.approx(overall))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rule", "best:10"], "--rule best:10 cannot be met: the season has 8 evening(s)"),
        (["--min-evenings", "9"], "--min-evenings 9 cannot be met"),
        (["--lines", "A,C"], "--lines names section C (line C), which no evening has"),
        (["--promote", "1"], "--promote and --relegate need two lines or more"),
        (["--rule", "best"], "--rule is average, best:N (the N best evenings) or drop:K"),
        (["--absent", "fixed"], "--absent is none, fixed:P"),
        (["--from", "yesterday"], "--from is a date (YYYY-MM-DD), not 'yesterday'"),
    ],
)
def test_a_rule_that_cannot_be_met_exits_2(season_folder: Path, tmp_path: Path, args: list[str], words: str) -> None:
    out = tmp_path / "season.json"
    result = runner.invoke(app, ["season", str(season_folder), "-o", str(out), *args])
    assert result.exit_code == 2
    assert words in " ".join(result.output.split())
    assert not out.exists()


def test_unmeetable_rule_in_dutch(season_folder: Path) -> None:
    result = runner.invoke(app, ["season", str(season_folder), "--rule", "best:10", "--lang", "nl"])
    assert result.exit_code == 2
    assert "kan niet gehaald worden: de competitie heeft 8 avond(en)" in " ".join(result.output.split())


def test_an_evening_with_a_bad_line_stops_with_its_place(season_folder: Path, tmp_path: Path) -> None:
    bad = tmp_path / "2026-11-02.csv"
    text = (season_folder / "2026-09-07.csv").read_text(encoding="utf-8").splitlines()
    text[3] = text[3].replace(",4S,", ",9Z,", 1) if ",4S," in text[3] else text[3].replace(",", ",,", 1)
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["season", str(season_folder), str(bad)])
    assert result.exit_code == 2
    assert "2026-11-02.csv, line 4" in " ".join(result.output.split())
    assert "--skip-invalid" in result.output
    going_on = runner.invoke(app, ["season", str(season_folder), str(bad), "--skip-invalid", "-f", "json"])
    assert going_on.exit_code == 0


def test_period_selects_evenings(season_folder: Path) -> None:
    document = run(season_folder, "--from", "2026-09-14", "--to", "2026-10-05")
    assert [s["date"] for s in document["sessions"]] == [sd.date(k) for k in range(1, 5)]


def test_text_csv_and_the_dutch_page(season_folder: Path) -> None:
    text = runner.invoke(app, ["season", str(season_folder), "--rule", "best:6"])
    assert text.exit_code == 0
    assert "The best 6 evening(s) count" in text.output
    grid = text.output[text.output.index("Evenings") :]
    assert "[" in grid and "]" in grid  # dropped evenings in brackets
    lines = runner.invoke(app, ["season", str(season_folder), "--absent", "fixed:45"]).output
    assert "a45.00" in lines  # an absent evening's value, marked
    table = runner.invoke(app, ["season", str(season_folder), "-f", "csv", "--lang", "nl"])
    assert table.exit_code == 0
    header = table.stdout.splitlines()[0].split(";")
    assert header[:3] == ["Plaats", "Paar", "Gem.%"] and header[-1] == "2026-10-26"
    page = runner.invoke(
        app, ["season", str(season_folder), "-f", "html", "--lang", "nl", "--absent", "fixed:50", "--min-evenings", "7"]
    )
    assert page.exit_code == 0
    html = page.stdout
    for word in ("Competitie", "Gem.%", "Avonden", "Afwezig", "Niet in de stand"):
        assert word in html
    assert "<script" not in html and 'name="viewport"' in html and html.count('<div class="scroll">') == 3


def test_the_dutch_page_with_lines(tmp_path: Path) -> None:
    sd.write_season(tmp_path, ("A", "B"))
    page = runner.invoke(
        app,
        ["season", str(tmp_path), "-f", "html", "--lang", "nl", "--lines", "A,B", "--promote", "1", "--relegate", "1"],
    )
    assert page.exit_code == 0
    for word in ("Lijn A", "Lijn B", "Promotie", "Degradatie", "Promotie/degradatie"):
        assert word in page.stdout
    assert "−4" not in page.stdout  # no correction asked for
    corrected = runner.invoke(app, ["season", str(tmp_path), "--lines", "A,B", "--line-correction", "4"]).output
    assert "−4" in corrected  # a B evening, 4 points less


def test_the_bundled_example_season_is_what_the_generator_writes(tmp_path: Path) -> None:
    bundled = sd.EXAMPLE.parent / "season"
    made = sd.write_season(tmp_path)
    assert sorted(p.name for p in bundled.glob("*.csv")) == [p.name for p in made]
    for path in made:
        assert (bundled / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), path.name


def test_files_are_a_session_source_as_the_archive_is(season_folder: Path) -> None:
    """The command's core takes stored sessions from any SessionSource (files here, the archive at merge)."""
    from bridgescore.pairs.sessions import SessionSource
    from bridgescore.season import SeasonRules, run_season
    from bridgescore.season.files import FileSessions

    source: SessionSource = FileSessions(sorted(season_folder.glob("*.csv")))
    stored = source.sessions("autumn", "2026-09-14", None)
    assert [s.summary.competition for s in stored] == ["autumn"] * 7
    assert all(s.event.results for s in stored)
    season, valet = run_season(stored, SeasonRules(best=5))
    assert valet is None and len(season.sessions) == 7


def test_evenings_of_scores_only(tmp_path: Path) -> None:
    """Evenings without players or declarers: the pairs cannot be followed (each evening's own), a player ranking
    says who it leaves out, and the Valet score, which needs declarers, is refused with exit 2."""
    for day, score in (("2026-09-07", 420), ("2026-09-14", 400)):  # two evenings: their lines differ
        (tmp_path / f"{day}.csv").write_text(
            f"board,ns,ew,score\n1,1,2,{score}\n1,3,4,450\n2,1,4,-100\n2,3,2,-50\n", encoding="utf-8"
        )
    document = run(tmp_path)
    assert len(document["standings"]) == 8  # 4 pairs an evening, none known to be the same
    players = run(tmp_path, "--per", "player")
    assert players["standings"] == [] and len(players["left_out"]) == 8
    valet = runner.invoke(app, ["season", str(tmp_path), "--valet"])
    assert valet.exit_code == 2
    assert "--valet needs the declarer and tricks of the contracts: 2026-09-07.csv has none" in valet.output


def test_an_evening_without_a_date_is_kept_in_any_period_with_a_warning(season_folder: Path, tmp_path: Path) -> None:
    undated = tmp_path / "extra.csv"
    evening = (season_folder / "2026-09-07.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    undated.write_text("".join(evening[:-1]), encoding="utf-8")  # another evening's lines: not a copy of it
    result = runner.invoke(app, ["season", str(season_folder), str(undated), "--from", "2026-10-01", "-f", "json"])
    assert result.exit_code == 0
    assert "extra.csv gives no date" in " ".join(result.stderr.split())
    document = json.loads(result.stdout)
    assert [p["message"] for p in document["problems"]] == [
        "extra.csv gives no date (nor is it named by one): it is counted whatever --from and --to say"
    ]
    assert [s["key"] for s in document["sessions"]] == [*(f"{sd.date(k)}.csv" for k in range(4, 8)), "extra.csv"]


def test_an_archive_without_the_seasons_sessions_is_said_in_the_directors_language(tmp_path: Path) -> None:
    """``season --db … --lang nl`` said that the archive holds no sessions in English only."""
    db = str(tmp_path / "club.sqlite3")
    evening = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"
    assert (
        runner.invoke(
            app, ["archive", "add", str(evening), "--db", db, "--competition", "maandag", "--date", "2026-09-07"]
        ).exit_code
        == 0
    )
    asked = ["season", "--db", db, "--competition", "dinsdag", "--from", "2026-01-01", "--lang", "nl"]
    dutch = runner.invoke(app, asked)
    assert dutch.exit_code == 2
    assert "bevat geen zittingen van de competitie 'dinsdag' in die periode" in " ".join(dutch.output.split())
    english = runner.invoke(app, ["season", "--db", db, "--from", "2030-01-01"])
    assert english.exit_code == 2 and "holds no sessions in that period" in " ".join(english.output.split())


def test_a_pair_of_one_evening_is_not_ranked_by_default(season_folder: Path) -> None:
    """Issue 18: the substitute pair Ann A03 & Zed played one evening of eight; ranked by default it could head
    the season on that one evening.  By default a pair must play half of the evenings held (NBB clubs' rule),
    and the others are listed below the ranking without a place, never dropped; the rule is printed."""
    document = run(season_folder)
    rows = {s["name"]: s for s in document["standings"]}
    zed = rows["Ann A03 & Zed"]
    assert (zed["played"], zed["ranked"], zed["place"]) == (1, False, "")
    assert len(document["standings"]) == 17  # listed, not dropped
    assert document["standings"][-1]["name"] == "Ann A03 & Zed"
    assert document["rules"]["min_share"] == 0.5 and document["rules"]["min_evenings_needed"] == 4
    assert all(s["ranked"] for s in document["standings"] if s["played"] >= 4)
    text = runner.invoke(app, ["season", str(season_folder)]).stdout
    assert "At least 4 of the 8 evening(s) played to be ranked (50 % of them, rounded up)" in text
    assert "Ann A03 & Zed" in text
    everyone = run(season_folder, "--min-evenings", "0")
    assert {s["ranked"] for s in everyone["standings"]} == {True}
    share = run(season_folder, "--min-evenings", "75%")
    assert share["rules"]["min_evenings_needed"] == 6
    html = runner.invoke(app, ["season", str(season_folder), "-f", "html"]).stdout
    assert "Not ranked (too few evenings)" in html and "At least 4 of the 8 evening(s)" in html


def test_min_evenings_that_is_no_number_or_share_is_refused(season_folder: Path) -> None:
    result = runner.invoke(app, ["season", str(season_folder), "--min-evenings", "most"])
    assert result.exit_code == 2 and "a share of the evenings held (50%)" in result.output
