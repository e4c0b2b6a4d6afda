"""The rubber-bridge pad as players keep it, and its JSON.

Text: two columns (``NS``/``EW``, or ``We``/``They`` seen from one side), the points above the line written
upwards from the line as on a real pad (the latest entry on top), the heavy line, then below it each game's
trick points with a thin line under every game won, the totals and the settlement.  Every row says which
deal earned it and why.

Every word comes from the project's one catalogue (``locale/nl/LC_MESSAGES/bridgescore.po``) through
:func:`bridgescore.core.i18n.translator`: ``lang="nl"`` gives Wij/Zij, boven/onder de streep, robber, manche.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from bridgescore.core.contract import Notation, Side, Vulnerability
from bridgescore.core.i18n import N_, format_number, translator
from bridgescore.rubber.read import parse_entry
from bridgescore.rubber.sheet import (
    Entry,
    Rounding,
    RubberError,
    RubberOptions,
    Settlement,
    Sheet,
    settle,
    settle_session,
)

__all__ = [
    "HELP_EN",
    "label",
    "render_json",
    "render_pad",
    "render_session",
    "render_state",
    "run_session",
    "session_json",
    "sheet_json",
]

#: What the live session prints on ``help`` (a message of the catalogue, like every word of the pad).
HELP_EN = N_(
    "Type a deal as contract, declarer and result: 4S S 10, 4SX E -1, 3NT N =, 2H W +1 "
    "(Dutch 3SA Z C, 4R O -2); honours after it: 4S S = hon NS 100, 3NT N = hon EW 150; "
    "PASS for a passed-out deal. undo takes back the last deal, show prints the pad, end closes the sheet."
)

#: The settlement's rounding in words.
_ROUNDING_WORDS = {Rounding.HALF_UP: N_("half-up"), Rounding.HALF_DOWN: N_("half-down"), Rounding.NONE: N_("exact")}


def label(text: str, lang: Notation = "en") -> str:
    """``text`` in ``lang`` from the catalogue (English as is; a word without a translation stays English)."""
    return translator(lang).gettext(text)


def _side_label(side: Side, we: Side | None, lang: Notation) -> str:
    _ = translator(lang).gettext
    if we is None:
        return side.label(lang)
    return _("We") if side is we else _("They")


def _vul_text(vul: Vulnerability, lang: Notation) -> str:
    _ = translator(lang).gettext
    if vul is Vulnerability.NONE:
        return _("nobody")
    if vul is Vulnerability.ALL:
        return _("both")
    return (Side.NS if vul is Vulnerability.NS else Side.EW).label(lang)


def _note(sheet: Sheet, entry: Entry, lang: Notation) -> str:
    _ = translator(lang).gettext
    reason = _(entry.kind.value)
    if entry.deal is None:
        return reason
    number = sheet.deal_label(entry.deal)
    return f"{_('deal')} {number}: {sheet.deals[entry.deal - 1].describe(lang)} – {reason}"


_WIDTH = 9


def render_pad(
    sheet: Sheet,
    lang: Notation = "en",
    we: Side | None = None,
    settlement: Settlement | None = None,
    closed: bool = True,
) -> str:
    """The pad as plain text (printable with rich or to a file).

    ``closed``: the sheet as settled, with the bonuses of an unfinished rubber (Law 80) and the settlement;
    ``closed=False`` shows the pad in the middle of play (running totals, nothing closed)."""
    _ = translator(lang).gettext
    left, right = (we, we.other) if we is not None else (Side.NS, Side.EW)
    title = _("Chicago") if sheet.chicago else _("Rubber")
    lines: list[str] = []
    state = _("finished") if sheet.finished else _("not finished")
    lines.append(f"{title}: {left.label(lang)} – {right.label(lang)} ({state})")
    lines.append("")

    def row(entry: Entry | None, left_text: str = "", right_text: str = "", note: str = "") -> str:
        if entry is not None:
            text = str(entry.points)
            left_text, right_text = (text, "") if entry.side is left else ("", text)
            note = _note(sheet, entry, lang)
        return f"{left_text:>{_WIDTH}} │ {right_text:>{_WIDTH}}   {note}".rstrip()

    thin = "─" * (_WIDTH + 1) + "┼" + "─" * (_WIDTH + 1)
    heavy = "═" * (_WIDTH + 1) + "╪" + "═" * (_WIDTH + 1)
    lines.append(row(None, _side_label(left, we, lang), _side_label(right, we, lang)))
    lines.append(thin)
    above = [e for e in sheet.all_entries(closed) if not e.below]
    for entry in reversed(above):  # written upwards from the line: the latest on top
        lines.append(row(entry))
    lines.append(heavy + f"   {_('above the line')} / {_('below the line')}")
    below = [e for e in sheet.entries if e.below]
    game_count = sheet.games_shown
    for game in range(1, game_count + 1):
        for entry in (e for e in below if e.game == game):
            lines.append(row(entry))
        if game <= len(sheet.games):
            game_winner = sheet.games[game - 1]
            lines.append(thin + f"   {_('Game')} {game} {_('won by')} {game_winner.label(lang)}")
    if game_count > len(sheet.games):
        lines.append(row(None))
    lines.append(heavy)
    lines.append(row(None, str(sheet.total(left, closed)), str(sheet.total(right, closed)), _("Total")))
    if not closed:
        return "\n".join(lines) + "\n"
    lines.append("")
    winner = sheet.winner()
    if winner is None:
        lines.append(_("The totals are equal") + ".")
    else:
        lines.append(f"{winner.label(lang)} {_('wins by')} {sheet.margin()} {_('points')}.")
    settled = settlement or settle(sheet)
    lines.append(f"{_('Settlement')}: {_settlement_text(settled, lang)}")
    return "\n".join(lines) + "\n"


def _settlement_text(s: Settlement, lang: Notation) -> str:
    _ = translator(lang).gettext
    if s.payer is None or s.payee is None or s.rounded == 0:
        return _("nothing to pay")
    how = _("exact") if s.rounding is Rounding.NONE else f"{_('rounded')} {_(_ROUNDING_WORDS[s.rounding])}"
    text = f"{s.payer.label(lang)} {_('pays')} {s.payee.label(lang)} {s.rounded}"
    text += f" ({how}, {s.difference})"
    if s.amount is not None:
        text += f" = {_money(s.amount, lang)} ({_money(s.stake_per_100, lang)} {_('per 100')})"
    return text


def _money(value: Decimal | None, lang: Notation) -> str:
    """An amount as written (its own decimals: 1.00, 0.10), with the language's decimal sign (Dutch 1,00)."""
    if value is None:
        return ""
    exponent = value.as_tuple().exponent
    return format_number(value, lang, max(0, -exponent) if isinstance(exponent, int) else 2)


def render_state(sheet: Sheet, lang: Notation = "en") -> str:
    """One line for the table after each deal: games, part scores, who is vulnerable, who deals next."""
    _ = translator(lang).gettext
    games = ", ".join(f"{s.label(lang)} {sheet.games_won(s)}" for s in Side)
    parts = ", ".join(f"{s.label(lang)} {sheet.partscore(s)}" for s in Side)
    totals = ", ".join(f"{s.label(lang)} {sheet.total(s, closed=False)}" for s in Side)
    if sheet.finished:
        return f"{_('games')}: {games} · {_('Total')}: {totals} · {_('finished')}"
    deal = sheet.next_deal_number
    where = f"{_('next deal')} {deal}" + (" / 4" if sheet.chicago else "")
    return (
        f"{where} · {_('dealer')} {sheet.dealer.label(lang)} · "
        f"{_('vulnerable')}: {_vul_text(sheet.vulnerability, lang)} · "
        f"{_('games')}: {games} · {_('part scores')}: {parts} · "
        f"{_('Total')}: {totals}"
    )


def _entry_json(sheet: Sheet, entry: Entry, lang: Notation) -> dict[str, Any]:
    _ = translator(lang).gettext
    return {
        "points": entry.points,
        "kind": entry.kind.name.lower(),
        "reason": _(entry.kind.value),
        "deal": sheet.deal_label(entry.deal) if entry.deal else None,
        "contract": sheet.deals[entry.deal - 1].describe(lang) if entry.deal else None,
    }


def sheet_json(sheet: Sheet, lang: Notation = "en", settlement: Settlement | None = None) -> dict[str, Any]:
    """The sheet as a JSON-ready dict: per side (``NS``, ``EW``) ``above``, ``below`` (per game) and
    ``total``; then ``games``, ``finished``, ``winner``, ``margin`` and ``settlement``."""
    out: dict[str, Any] = {"form": "chicago" if sheet.chicago else "rubber"}
    game_count = sheet.games_shown
    for side in Side:
        below = []
        for game in range(1, game_count + 1):
            entries = [e for e in sheet.below(side) if e.game == game]
            below.append({
                "game": game,
                "entries": [_entry_json(sheet, e, lang) for e in entries],
                "total": sum(e.points for e in entries),
                "won": game <= len(sheet.games) and sheet.games[game - 1] is side,
            })  # fmt: skip
        out[side.value] = {
            "above": [_entry_json(sheet, e, lang) for e in sheet.above(side)],
            "below": below,
            "total": sheet.total(side),
            "games_won": sheet.games_won(side),
            "partscore": sheet.partscore(side),
        }
    s = settlement or settle(sheet)
    winner = sheet.winner()
    out.update({
        "games": [g.value for g in sheet.games],
        "finished": sheet.finished,
        "winner": winner.value if winner else None,
        "margin": sheet.margin(),
        "settlement": _settlement_json(s),
        "deals": len(sheet.deals),
        "vulnerability": sheet.vulnerability.value if not sheet.finished else None,
    })  # fmt: skip
    return out


def _settlement_json(s: Settlement) -> dict[str, Any]:
    return {
        "difference": s.difference,
        "rounding": s.rounding.value,
        "rounded": s.rounded,
        "payer": s.payer.value if s.payer else None,
        "payee": s.payee.value if s.payee else None,
        "stake_per_100": _decimal(s.stake_per_100),
        "amount": _decimal(s.amount),
    }


def render_session(
    sheets: Sequence[Sheet],
    lang: Notation = "en",
    we: Side | None = None,
    stake_per_100: Decimal | None = None,
    rounding: Rounding = Rounding.NONE,
    numbers: Sequence[int] | None = None,
) -> str:
    """Several rubbers of one evening: each pad (settled on its own), then the evening's balance.

    ``numbers``: each rubber's number as the file's ``rubber`` column writes it (a file with rubbers 3 and 5
    prints "Rubber 3" and "Rubber 5", so the pad names the rubber the players wrote); 1, 2, … without it."""
    _ = translator(lang).gettext
    title = _("Chicago") if sheets and sheets[0].chicago else _("Rubber")
    parts: list[str] = []
    for number, sheet in zip(_numbers(sheets, numbers), sheets, strict=True):
        parts.append(f"{title} {number}\n" + render_pad(sheet, lang, we, settle(sheet, rounding=rounding)))
    session = settle_session(sheets, stake_per_100, rounding)
    totals = ", ".join(f"{s.label(lang)} {sum(sh.total(s) for sh in sheets)}" for s in Side)
    parts.append(
        f"{_('Session')} ({len(sheets)}): {_('Total')} {totals}\n{_('Settlement')}: {_settlement_text(session, lang)}\n"
    )
    return "\n".join(parts)


def session_json(
    sheets: Sequence[Sheet],
    lang: Notation = "en",
    stake_per_100: Decimal | None = None,
    rounding: Rounding = Rounding.NONE,
    numbers: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Several rubbers: ``rubbers`` (each as ``sheet_json`` with its ``rubber`` number, settled on its own) and
    the ``session`` balance.  ``numbers`` as in ``render_session``."""
    session = settle_session(sheets, stake_per_100, rounding)
    return {
        "rubbers": [
            {"rubber": number, **sheet_json(sheet, lang, settle(sheet, rounding=rounding))}
            for number, sheet in zip(_numbers(sheets, numbers), sheets, strict=True)
        ],
        "session": {
            "NS": sum(sheet.total(Side.NS) for sheet in sheets),
            "EW": sum(sheet.total(Side.EW) for sheet in sheets),
            "settlement": _settlement_json(session),
        },
    }


def _numbers(sheets: Sequence[Sheet], numbers: Sequence[int] | None) -> Sequence[int]:
    """The rubbers' numbers: as given (one per sheet), or 1, 2, … in order."""
    if numbers is None:
        return range(1, len(sheets) + 1)
    if len(numbers) != len(sheets):
        raise ValueError(f"{len(numbers)} rubber numbers for {len(sheets)} rubbers")
    return numbers


def _decimal(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def render_json(sheet: Sheet, lang: Notation = "en", settlement: Settlement | None = None) -> str:
    return json.dumps(sheet_json(sheet, lang, settlement), ensure_ascii=False, indent=2)


_UNDO = {"undo", "u", "terug", "herstel"}
_END = {"end", "stop", "quit", "q", "exit", "einde", "klaar"}
_SHOW = {"show", "pad", "sheet", "blad", "toon"}
_HELP = {"help", "?", "h"}
_NEW = {"new", "next", "nieuw", "nieuwe", "volgende"}

#: What the session says once a rubber (or a Chicago) is over, and the prompt it then shows.
OVER_EN = N_(
    "%(form)s %(number)s is over: undo takes back its last deal, new starts the next one, end closes the evening."
)
OVER_PROMPT_EN = N_("undo, new or end> ")
#: ``new`` in the middle of a rubber.
NOT_OVER_EN = N_(
    "%(form)s %(number)s is not over yet: new starts the next one once it is; end closes the evening as it stands."
)
#: The words of ``help`` about an evening of several rubbers.
HELP_NEW_EN = N_(
    "When a rubber (or Chicago) is over, new starts the next one; end settles the evening over all of them."
)


def run_session(
    read: Callable[[str], str | None],
    write: Callable[[str], None],
    options: RubberOptions | None = None,
    lang: Notation = "en",
    we: Side | None = None,
    stake_per_100: Decimal | None = None,
    rounding: Rounding = Rounding.NONE,
) -> tuple[Sheet, ...]:
    """Keep the sheets of an evening live at the table: read one deal at a time (``read(prompt)`` returns None
    at the end of input), write the state after each and take back the last deal on ``undo``.

    When a rubber (or a Chicago) is over its pad is written with its result, and the table says what comes
    next: ``undo`` (its last deal was written wrongly: the rubber is open again), ``new`` (the next rubber,
    numbered 2, 3, …; ``undo`` right after ``new`` returns to the rubber that ended) or ``end``.  On ``end`` (or
    the end of input) the evening is closed: one rubber is written as its pad with the settlement; several as
    every pad and the evening's balance, each rubber settled on its own (``render_session``, as a file with a
    ``rubber`` column).  Returns every rubber of the evening; a rubber begun with ``new`` but without a deal is
    not one."""
    _ = translator(lang).gettext
    history: list[Sheet] = [Sheet.new(options)]
    ended: list[list[Sheet]] = []  # the rubbers that are over, each with its history (undo may return to one)
    form = _("Chicago") if history[0].chicago else _("Rubber")
    write(form + ". " + _(HELP_EN) + " " + _(HELP_NEW_EN))
    write(render_state(history[-1], lang))

    def over() -> str:
        return _(OVER_EN) % {"form": form, "number": len(ended) + 1}

    while True:
        sheet = history[-1]
        # Chicago: a redealt deal keeps its number
        text = read(_(OVER_PROMPT_EN) if sheet.finished else f"{_('deal')} {sheet.next_deal_number}> ")
        if text is None:
            break
        command = text.strip().lower()
        if not command:
            continue
        if command in _END:
            break
        if command in _HELP:
            write(_(HELP_EN) + " " + _(HELP_NEW_EN))
            continue
        if command in _SHOW:
            write(render_pad(sheet, lang, we, settle(sheet, stake_per_100, rounding), closed=sheet.finished))
            continue
        if command in _UNDO:
            if len(history) > 1:
                undone = history.pop()
                taken_back = f"{undone.deal_label(len(undone.deals))} ({undone.deals[-1].describe(lang)})"
                write(f"{_('undone')}: {_('deal')} {taken_back}")
                write(render_state(history[-1], lang))
            elif ended:  # right after ``new``: back to the rubber that ended
                history = ended.pop()
                write(f"{_('undone')}: {form} {len(ended) + 2}")
                write(render_state(history[-1], lang))
                write(over())
            else:
                write(_("nothing to undo"))
            continue
        if command in _NEW:
            if not sheet.finished:
                write(_(NOT_OVER_EN) % {"form": form, "number": len(ended) + 1})
                continue
            ended.append(history)
            history = [Sheet.new(options)]
            write(f"{form} {len(ended) + 1}")
            write(render_state(history[-1], lang))
            continue
        if sheet.finished:  # a deal typed after the end: the table decides first
            write(over())
            continue
        try:
            history.append(sheet.play(parse_entry(text)))
        except RubberError as err:
            write(f"{_('error')}: {err}")
            continue
        new = history[-1]
        scored = [e for e in new.entries[len(sheet.entries) :]]
        summary = ", ".join(f"{e.side.label(lang)} {e.points} {_(e.kind.value)}" for e in scored)
        write(f"{new.deals[-1].describe(lang)}: {summary or _('passed out')}")
        write(render_state(new, lang))
        if new.finished:
            write(render_pad(new, lang, we, settle(new, stake_per_100, rounding)))
            write(over())
    current = history[-1]
    sheets = tuple(h[-1] for h in ended) + ((current,) if current.deals or not ended else ())
    if len(sheets) == 1:
        write(render_pad(sheets[0], lang, we, settle(sheets[0], stake_per_100, rounding)))
    else:
        write(render_session(sheets, lang, we, stake_per_100, rounding))
    return sheets
