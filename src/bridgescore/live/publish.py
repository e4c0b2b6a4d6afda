"""The evening closed (issue 22): scored by the engine with every check, published as the pairs page, USEBIO and
the travellers, and stored in the archive as a session – in the same database, with no export step.

A correction after the close is published again the same way (the page, the files, the archived session replaced,
``archive add --replace``'s path: the archive's history says what changed); the page lists the corrections made
after the close with their reasons, so the players see what changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgescore.core.problems import Severity
from bridgescore.live.store import LiveStore

__all__ = ["publish"]


def publish(store: LiveStore, root: Path, evening_id: int, lang: str = "en") -> str:
    """Close (or publish again) the evening, its files written into ``root``/its number: empty on success, else why
    not, in words (``lang``: the director's page's language; a message id where the page translates it)."""
    from bridgescore.archive.store import ArchiveRefusal, ToStore, session_key
    from bridgescore.live.scoring import score_files, write_files
    from bridgescore.live.store import now
    from bridgescore.pairs.report.usebio import to_bytes
    from bridgescore.pairs.sessions import lines_digest

    evening = store.evening(evening_id)
    if evening is None:
        return "there is no such evening"
    results = store.results(evening.id)
    if not results:
        return "no result has been entered: there is nothing to publish"
    folder = root / str(evening.id)
    files = write_files(evening, results, folder)
    scores = score_files(evening, files)
    errors = [p for p in scores.problems if p.severity is Severity.ERROR]
    if errors:
        from bridgescore.core.i18n import translator

        return translator(lang).gettext("the evening cannot be scored: ") + errors[0].text(lang)
    lang = "nl" if evening.settings.get("lang") == "nl" else "en"
    page = scores.to_html(lang=lang) or ""
    (folder / "index.html").write_text(_with_corrections(page, store.changes(evening.id), lang), encoding="utf-8")
    (folder / "usebio.xml").write_bytes(to_bytes(scores.scored))
    key = evening.session_key or session_key(evening.date, evening.club, evening.title or f"evening {evening.id}",
                                             files.travellers.name)  # fmt: skip
    options = {"method": evening.method, **({"as_program": evening.preset} if evening.preset else {})}
    to_store = ToStore(
        scores,
        str(files.travellers),
        files.travellers.read_bytes(),
        key,
        options,
        lines_digest(scores.event.table),
        evening.movement,
    )  # the movement kept with the session
    try:
        store.archive.add_all([to_store], replace=bool(evening.session_key))
    except ArchiveRefusal as refusal:
        return refusal.problem.text(lang)
    store.update(evening.id, state="closed", session_key=key, closed_at=now())
    return ""


def _with_corrections(page: str, changes: list[dict[str, Any]], lang: str) -> str:
    """The published page with the corrections made after the close, each with its board, table and reason, so the
    players see what changed since the results were first published (every value escaped)."""
    from markupsafe import escape

    from bridgescore.core.i18n import translator

    made = [c for c in changes if c["published"]]
    if not made:
        return page
    gettext = translator(lang).gettext
    items = "".join(
        f"<li>{escape(gettext('Board %(board)s, table %(table)s') % {'board': c['board'], 'table': c['table']})}: "
        f"{escape(c['reason'])} <small>({escape(c['at'][:16].replace('T', ' '))})</small></li>"
        for c in made
    )
    section = f'<section id="corrections"><h2>{escape(gettext("Corrections"))}</h2><ul>{items}</ul></section>\n'
    at = page.rfind("</main>")
    return page[:at] + section + page[at:] if at >= 0 else page + section
