"""The live evening's web application (issue 22): the director's desk, the tables' phones, the club room's
ranking screen and the published results, served by ``bridgescore serve``.

Built on Starlette (a small, mainstream ASGI toolkit: routing, forms, signed-cookie sessions – and nothing we would
not use; FastAPI adds request models for JSON APIs that server-rendered forms do not need) under uvicorn.  Pages are
rendered on the server with the project's one Jinja environment (:mod:`bridgescore.report.page`, escaping every
value); the forms work without scripts; the few lines of JavaScript only refresh the ranking screen and keep a
table's typed result in the phone when the network drops.  They and the stylesheet are files the application
serves (``/static/``, package data), each page's own values in ``data-`` attributes: no page carries an inline
script, event handler or style, so every response's Content-Security-Policy runs the site's own scripts only –
the second wall behind the escaping, should a value ever reach a page as markup.

Every state lives in the database (:mod:`bridgescore.live.store`): the cookie key and the director's password hash
too, so any number of processes serve one evening.  A form carries a CSRF token bound to the signed session, and
an entry its idempotency key; a table's session names its evening, section and table, and a table can enter only
its own boards of its current round.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgescore.core.cards import format_lead
from bridgescore.core.contract import words_in_notation
from bridgescore.core.i18n import Language, format_number, translator
from bridgescore.live.store import Evening, LiveStore, Place, Refused, Seat
from bridgescore.movement.model import Movement

__all__ = ["make_app"]

#: Wrong codes or passwords from one address in :data:`_WINDOW` before it must wait (the guessing slowed).
_FAILURES = 10
_WINDOW = timedelta(minutes=10)
#: The largest form a page takes (the names of 60 tables are about 10 kB), and the largest file the desk loads (a
#: hand record of 36 boards with its analysis is about 20 kB; a federation's members file of 50,000 a few MB).
_MAX_FORM = 256 * 1024
_MAX_UPLOAD = 8 * 1024 * 1024
_MAX_FIELD = 2000
#: What no field of a form holds: a line break, a tab, a control (C0, DEL, C1), a Unicode line or paragraph separator.
_NOT_ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")

#: The Content-Security-Policy of every response (the W3C's CSP Level 3, as OWASP's cheat sheet advises it): scripts,
#: styles and everything else from this site only – no inline script, event handler, ``javascript:`` link or style
#: runs, whatever reached a page – no plugin, no ``<base>`` moving the links, forms sent to this site only.
_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'{styles}; object-src 'none'; base-uri 'none'; "
           "form-action 'self'")  # fmt: skip
#: The folder of the pages' scripts and stylesheet (package data), served as ``/static/``.
_STATIC = Path(__file__).with_name("static")


def _headers(styles: str = "", framed: bool = False) -> dict[str, str]:
    """The headers of a response: not kept by a browser or a proxy, not read as another content type, no address of
    this site (a table's code in an entry link) sent to another as the Referer, the policy above – ``styles``: the
    inline stylesheets allowed besides (:func:`_inline_styles`) – and, unless ``framed``, not shown inside another
    site's frame (where a page laid over the desk could make the director press "Close the evening").  The published
    results (``/e/…``) are left free to be framed: a club's own site may show them."""
    policy = _POLICY.format(styles=styles) + ("" if framed else "; frame-ancestors 'none'")
    headers = {"Cache-Control": "no-store", "Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff",
               "Referrer-Policy": "same-origin"}  # fmt: skip
    return headers if framed else {**headers, "X-Frame-Options": "DENY"}


_HEADERS = _headers()
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def _inline_styles(html: str) -> str:
    """The inline stylesheets of a page written to stand alone as a file (the published results, the movement's
    cards: ``report/templates``) allowed by their SHA-256 digests, as CSP's hash sources name them: those in its
    ``<head>`` only, which the page's template writes – nothing of the body, where a value is shown."""
    head = html[: html.find("</head>")] if "</head>" in html else ""
    digests = (hashlib.sha256(style.encode("utf-8")).digest() for style in _STYLE.findall(head))
    return "".join(f" 'sha256-{base64.b64encode(digest).decode('ascii')}'" for digest in digests)


class _SecurityHeaders:
    """Every response with :func:`_headers`: a response that sets its own Content-Security-Policy (a page, the
    published results) keeps its own; any other (a redirect, a file of ``/static/``, an address that is no page,
    the screen's revision) gets the defaults, each header it does not set itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = {name.lower() for name, _ in message.get("headers", [])}
                own = b"content-security-policy" in given
                added = [
                    (name.lower().encode("latin-1"), value.encode("latin-1"))
                    for name, value in _HEADERS.items()
                    if name.lower().encode("latin-1") not in given and not (own and name == "X-Frame-Options")
                ]
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        await self.app(scope, receive, with_headers)


class _Static(StaticFiles):
    """The pages' scripts and stylesheet: kept by the phone for a year, as their addresses change with their content
    (:func:`_asset`), so a page costs the club's Wi-Fi no second request."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


@lru_cache(maxsize=16)
def _asset(name: str) -> str:
    """The address of a file of ``/static/`` with its content's digest, so a phone never runs an old script with a
    new page after an update (the digest read once per process)."""
    digest = hashlib.sha256((_STATIC / name).read_bytes()).hexdigest()[:12]
    return f"/static/{name}?v={digest}"


Handler = Callable[[Request], Awaitable[Response]]


class Live:
    """What every request needs: the store, the folder results are published in."""

    def __init__(self, store: LiveStore, publish: Path) -> None:
        self.store = store
        self.publish = publish
        self._ranking: dict[tuple[int, int], Any] = {}  # (evening, revision) → scores: a cache, never the truth

    def ranking(self, evening: Evening, results: list[dict[str, Any]] | None = None) -> Any:
        """The evening scored as it stands, computed once per revision (the database says which is current);
        ``results``: the evening's results where the caller read them at that revision already."""
        key = (evening.id, evening.revision)
        found = self._ranking.get(key)
        if found is None:
            from bridgescore.live.scoring import score_files, write_files

            results = self.store.results(evening.id) if results is None else results
            with tempfile.TemporaryDirectory(prefix="bridgescore-live-") as folder:
                found = score_files(evening, write_files(evening, results, Path(folder))) if results else None
            self._ranking = {k: v for k, v in self._ranking.items() if k[0] != evening.id}
            self._ranking[key] = found
        return found


# --- the page ---------------------------------------------------------------------------------------------------------


def _lang(request: Request) -> Language:
    asked = request.query_params.get("lang") or request.session.get("lang")
    if asked in ("en", "nl"):
        return "nl" if asked == "nl" else "en"
    return "nl" if request.headers.get("accept-language", "").lower().startswith("nl") else "en"


def _csrf(request: Request) -> str:
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        request.session["csrf"] = token
    return token


def _page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
    from bridgescore.report.page import environment

    lang = _lang(request)
    t = translator(lang)

    def gettext(message: str, **params: Any) -> str:
        text = t.gettext(message)
        return text % params if params else text

    def number(value: float | None, decimals: int = 2) -> str:
        """A percentage as the pages print it: halves rounded up, the language's decimal comma."""
        return "" if value is None else format_number(value, lang, decimals)

    def bridge(text: str, lead: bool = False) -> str:
        """A contract with its declarer and result (``4H W -1``), or a lead (``HQ``), in the page's notation:
        Dutch ``4H W -1``, ``3SA O C``, ``HV`` (:func:`~bridgescore.core.contract.words_in_notation`)."""
        return format_lead(text, lang) if lead else words_in_notation(text, lang)

    html = environment().get_template(f"live/{template}").render(
        _=gettext, lang=lang, csrf=_csrf(request), path=request.url.path, number=number, bridge=bridge, asset=_asset,
        **values,
    )  # fmt: skip
    return HTMLResponse(html, status_code=status, headers=_HEADERS)


def _message(request: Request, message: str, status: int, **values: Any) -> HTMLResponse:
    return _page(request, "message.html.j2", status, message=message, values=values, came_from=_came_from(request))


def _came_from(request: Request) -> str:
    """Where a message's "Back" goes without scripts (with them: the page before, as it was typed): the page of this
    site the browser came from (its Referer: sent for this site's own pages only), else the home page."""
    referer = urlsplit(request.headers.get("referer", ""))
    path = referer.path
    if referer.netloc != request.url.netloc or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"  # another site's page, or a path a browser reads as another site's (``/\host`` is ``//host``)
    return path + (f"?{referer.query}" if referer.query else "")


class _FormRefused(Exception):
    """A request body the server will not read – too large (413), or no form (400) – answered by the page that
    says so (:func:`_form_refused`): nothing of it is stored."""

    def __init__(self, status: int, message: str, **values: str | int) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.values = values


class _FormExpired(_FormRefused):
    """A form whose CSRF token is not this session's: forged, replayed from another page, or older than the session
    (answered as every refused form is, 400)."""

    def __init__(self) -> None:
        super().__init__(400, "the form has expired: open the page again")


def _too_large(limit: int) -> _FormRefused:
    return _FormRefused(413, "what was sent is too large (this form takes at most %(kb)s kB, a field %(chars)s "
                        "characters): nothing was stored", kb=limit // 1024, chars=_MAX_FIELD)  # fmt: skip


async def _server_error(request: Request, problem: Exception) -> Response:
    """A fault of the server (a bug, logged by uvicorn) answered in the words every browser shows, with the headers
    of every response: Starlette answers it from its outermost layer, outside :class:`_SecurityHeaders`."""
    return PlainTextResponse("Internal Server Error", status_code=500, headers=_HEADERS)


async def _form_refused(request: Request, problem: Exception) -> Response:
    assert isinstance(problem, _FormRefused)
    return _message(request, problem.message, problem.status, **problem.values)


#: Where :func:`_form` tells :class:`_BodyLimit` the limit of the form it reads (the scope is the request's own).
_LIMIT_KEY = "bridgescore.body_limit"
#: What a body may hold besides its form's limit: a file's multipart headers, the other fields.
_SLACK = 64 * 1024


class _BodyLimit:
    """Stops reading a request's body past its form's limit (:func:`_form`, else ``limit`` bytes), whatever its
    Content-Length says (a body sent in chunks has none): the handler reading it gets :func:`_too_large`, so no
    form is parsed into memory whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            limit = int(scope.get(_LIMIT_KEY, self.limit))
            if received > limit + _SLACK:
                raise _too_large(limit)
            return message

        await self.app(scope, limited, send)


async def _form(request: Request, limit: int = _MAX_FORM) -> dict[str, str]:
    """The posted form as text fields; refused (:class:`_FormExpired`) where its CSRF token is not this session's
    (a forged or replayed form from another page).  A form larger than ``limit`` bytes, a field longer than
    :data:`_MAX_FIELD` characters, a line break or control in a field (a file the desk loads has lines), or no form
    at all, is refused (:class:`_FormRefused`): a field is never cut short, nor stored as no page or file could show
    it."""
    if (_number(request.headers.get("content-length", "")) or 0) > limit:
        raise _too_large(limit)
    request.scope[_LIMIT_KEY] = limit
    try:
        # starlette's own limit of a part set past the body's (_BodyLimit), so a part too large is always refused
        # there, as too large – whichever limit a body sent in chunks reached first depended on the chunks' sizes
        form = await request.form(max_files=2, max_fields=2000, max_part_size=limit + _SLACK + 1)
    except HTTPException as problem:  # starlette's words for a body that is no form
        raise _FormRefused(400, "the form could not be read (%(reason)s): nothing was stored",
                           reason=str(problem.detail)) from None  # fmt: skip
    fields: dict[str, str] = {}
    for name, value in form.multi_items():
        if isinstance(value, str):
            if len(value) > _MAX_FIELD:
                raise _too_large(limit)
            if _NOT_ONE_LINE.search(value):  # a name with a line break broke the names file written at the close
                raise _FormRefused(400, "the field %(field)s holds a line break or a control character: write it on "
                                   "one line; nothing was stored", field=name[:40])  # fmt: skip
            fields[name] = value
        else:  # a file the desk loads: a hand record, a members file
            content = await value.read(limit + 1)
            if len(content) > limit:
                raise _too_large(limit)
            fields[name] = content.decode("utf-8-sig", "replace")
    token = request.session.get("csrf")
    if not isinstance(token, str) or not hmac.compare_digest(token, fields.get("csrf", "")):
        raise _FormExpired()
    return fields


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _live(request: Request) -> Live:
    live: Live = request.app.state.live
    return live


def _number(text: object) -> int | None:
    """A number from a path or a form: ASCII digits only, at most nine of them (so it fits any database's integer);
    anything else (a superscript ², which ``isdigit`` takes and ``int`` refuses; a number past 32 bits) is None."""
    value = str(text)
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None


def _evening_id(request: Request) -> int | None:
    return _number(request.path_params.get("evening", ""))


# --- the director ---------------------------------------------------------------------------------------------------


def _director(handler: Handler) -> Handler:
    async def guarded(request: Request) -> Response:
        if not request.session.get("director"):
            return RedirectResponse("/desk/login", status_code=303)
        return await handler(request)

    return guarded


async def home(request: Request) -> Response:
    live = _live(request)
    evenings = await run_in_threadpool(live.store.evenings)
    return _page(request, "home.html.j2", evenings=[e for e in evenings if e.state == "running"])


async def language(request: Request) -> Response:
    asked = request.path_params["lang"]
    if asked in ("en", "nl"):
        request.session["lang"] = asked
    back = request.query_params.get("next", "/")
    return RedirectResponse(back if back.startswith("/") and not back.startswith("//") else "/", status_code=303)


async def setup(request: Request) -> Response:
    """The director's password chosen on the first run, with the token ``bridgescore serve`` printed."""
    from bridgescore.live.security import hash_password, setup_token_matches

    store = _live(request).store
    if await run_in_threadpool(store.setting, "director_password"):
        return RedirectResponse("/desk/login", status_code=303)
    if request.method == "GET":
        return _page(request, "setup.html.j2", token=request.query_params.get("token", ""))
    form = await _form(request)
    attempt = await run_in_threadpool(store.attempt, _client(request), _WINDOW, _FAILURES)
    if attempt is None:
        return _page(request, "setup.html.j2", 429, token="", error="too many wrong attempts: wait ten minutes")
    if not await run_in_threadpool(setup_token_matches, store, form.get("token", "")):
        return _page(request, "setup.html.j2", 403, token="", error="the setup code is not the one bridgescore printed")
    await run_in_threadpool(store.forget_attempt, attempt)
    password = form.get("password", "")
    if len(password) < 8 or password != form.get("again", ""):
        return _page(request, "setup.html.j2", 400, token=form.get("token", ""),
                     error="choose a password of at least 8 characters, the same twice")  # fmt: skip
    await run_in_threadpool(store.set_setting, "director_password", hash_password(password))
    await run_in_threadpool(store.set_setting, "setup_token", "")  # used up: the password is changed no more here
    request.session.clear()
    request.session["director"] = True
    return RedirectResponse("/desk", status_code=303)


async def login(request: Request) -> Response:
    from bridgescore.live.security import verify_password

    store = _live(request).store
    if request.method == "GET":
        return _page(request, "login.html.j2")
    form = await _form(request)
    stored = await run_in_threadpool(store.setting, "director_password")
    if stored is None:
        return _message(request, "no director's password yet: use the setup link bridgescore serve printed", 403)
    attempt = await run_in_threadpool(store.attempt, _client(request), _WINDOW, _FAILURES)
    if attempt is None:
        return _page(request, "login.html.j2", 429, error="too many wrong attempts: wait ten minutes")
    if not await run_in_threadpool(verify_password, stored, form.get("password", "")):
        return _page(request, "login.html.j2", 403, error="that is not the director's password")
    await run_in_threadpool(store.forget_attempt, attempt)
    request.session.clear()
    request.session["director"] = True
    return RedirectResponse("/desk", status_code=303)


async def logout(request: Request) -> Response:
    try:
        await _form(request)
        request.session.pop("director", None)
    except _FormExpired:  # a forged sign-out signs nobody out
        pass
    return RedirectResponse("/", status_code=303)


@_director
async def desk(request: Request) -> Response:
    from bridgescore.movement.suggest import suggest

    live = _live(request)
    evenings = await run_in_threadpool(live.store.evenings)
    pairs = request.query_params.get("pairs", "")
    boards = request.query_params.get("boards", "")
    suggestions: list[Any] = []
    error = ""
    if pairs or boards:
        present, played = _number(pairs), _number(boards)
        if present is not None and played is not None and 4 <= present <= 200 and 1 <= played <= 100:
            suggestions = await run_in_threadpool(suggest, present, played)
        else:
            error = "give the number of pairs (4 to 200) and of boards (1 to 100)"
    return _page(request, "desk.html.j2", evenings=evenings, suggestions=suggestions, pairs=pairs, boards=boards,
                 error=error)  # fmt: skip


@_director
async def create(request: Request) -> Response:
    form = await _form(request)
    name = form.get("movement", "").strip()
    movement = _movement_of(form)
    if isinstance(movement, tuple):
        return _message(request, movement[0], 400, **movement[1])
    method = form.get("method", "matchpoints")
    if method not in ("matchpoints", "butler", "cross-imps", "bastille"):
        return _message(request, "'%(name)s' is no method bridgescore knows", 400, name=method)
    lead = form.get("lead", "optional")
    settings = {"lead": lead if lead in ("off", "optional", "required") else "optional",
                "traveller": form.get("traveller", "show") == "show",
                "lang": "nl" if form.get("lang", _lang(request)) == "nl" else "en",
                "numbers": form.get("numbers") == "table"}  # fmt: skip
    evening_id = await run_in_threadpool(
        lambda: _live(request).store.create(
            movement, name, date=form.get("date", "")[:40], club=form.get("club", "")[:200],
            title=form.get("title", "")[:200], method=method, settings=settings,
        )
    )  # fmt: skip
    return RedirectResponse(f"/desk/e/{evening_id}", status_code=303)


def _movement_of(form: Mapping[str, str]) -> Movement | tuple[str, dict[str, str]]:
    """The movement the form names (a name ``movement suggest`` prints) with its boards per round, or why not."""
    from bridgescore.movement.generate import by_name
    from bridgescore.movement.model import MovementError

    name = form.get("movement", "").strip()[:80]
    per_round = _number(form.get("boards_per_round", ""))
    if per_round is None or not 1 <= per_round <= 8:
        return "boards per round: 1 to 8", {}
    try:
        return by_name(name, per_round)
    except (MovementError, ValueError):
        return "'%(name)s' is no movement bridgescore knows", {"name": name}


async def _desk_evening(request: Request) -> Evening | None:
    evening_id = _evening_id(request)
    if evening_id is None:
        return None
    return await run_in_threadpool(_live(request).store.evening, evening_id)


def _grid(evening: Evening, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rounds × tables: for each stand its pairs, boards, how many are entered, and whether it is late – results
    missing from a round before the latest one any table of its section has entered in (or missing when the
    evening is closed), as a scoring program's table status marks a late table; a round not yet reached is not."""
    entered: dict[tuple[str, int, int], int] = {}
    latest: dict[str, int] = {}
    for r in results:
        key = (r["section"], r["round"], r["table"])
        entered[key] = entered.get(key, 0) + 1
        latest[r["section"]] = max(latest.get(r["section"], 0), r["round"])
    grid = []
    for p in evening.places():
        count = entered.get((p.section, p.round, p.table), 0)
        late = count < len(p.boards) and (evening.state == "closed" or p.round < latest.get(p.section, 0))
        grid.append({"place": p, "entered": count, "boards": len(p.boards), "late": late})
    return grid


@_director
async def evening_page(request: Request) -> Response:
    live = _live(request)
    evening = await _desk_evening(request)
    if evening is None:
        return _message(request, "there is no such evening", 404)
    results = await run_in_threadpool(live.store.results, evening.id)
    calls = await run_in_threadpool(live.store.calls, evening.id)
    changes = await run_in_threadpool(live.store.changes, evening.id)
    tables = await run_in_threadpool(live.store.tables, evening.id)
    scores = await run_in_threadpool(live.ranking, evening) if results else None
    lang = _lang(request)
    return _page(request, "evening.html.j2", evening=evening, grid=_grid(evening, results), results=results,
                 calls=calls, tables=tables,
                 changes=[{**c, "before": _result_words(c["before"], lang), "after": _result_words(c["after"], lang)}
                          for c in changes if c["reason"]],
                 standings=_standings(scores, evening),
                 problems=_problems(scores, lang, evening.state == "running"))  # fmt: skip


def _result_words(text: str, lang: Language = "en") -> str:
    """A result as the history of changes keeps it (its fields as JSON) in a traveller's words for the desk:
    ``4S N +1 HQ 450``, ``PASS 0``, ``A60/40``; a director's mark adds the pairs (``NS 5 v EW 1``) and the version of
    the deal (``[B]``)."""
    try:
        fields = json.loads(text) if text else {}
    except ValueError:
        return text
    if not isinstance(fields, dict):
        return text
    words = [str(fields[f]) for f in ("contract", "declarer", "result", "lead", "score", "remarks") if fields.get(f)]
    if "fouled" in fields:  # a mark of the director's (fouled deal, pairs that sat the wrong way): the pairs too
        pairs = {"ns": fields.get("ns", ""), "ew": fields.get("ew", "")}
        words.append(translator(lang).gettext("NS %(ns)s v EW %(ew)s") % pairs)
        if fields.get("fouled"):
            words.append(f"[{fields['fouled']}]")
    return " ".join(words)


def _standings(scores: Any, evening: Evening) -> list[dict[str, Any]]:
    """The rankings as the pages show them: a title (NS, EW, a section) and its pairs in order."""
    if scores is None:
        return []
    shown = []
    for standing in scores.standings:
        if standing.section == "*" and len(scores.standings) > 1:
            continue
        rows = [{"place": e.place_label, "pair": e.pair, "names": e.names, "percent": e.percent, "total": e.total,
                 "boards": e.boards} for e in standing.entries]  # fmt: skip
        shown.append({"group": "" if standing.group == "all" else standing.group, "section": standing.section,
                      "rows": rows})  # fmt: skip
    return shown


def _problems(scores: Any, lang: Language, running: bool) -> list[str]:
    """The engine's checks of the evening as the desk shows them: the message alone (the line of a file the
    director never sees says nothing), and while play goes on without the results still to come (the grid shows
    them)."""
    if scores is None:
        return []
    shown = [p for p in scores.problems if not (running and "missing" in p.fields)]
    return [p.text(lang) if p.severity.name == "ERROR" else _warning(p.text(lang), lang) for p in shown][:200]


def _warning(text: str, lang: Language) -> str:
    return translator(lang).gettext("warning: ") + text


@_director
async def evening_update(request: Request) -> Response:
    """Names, hand record, start, close, a call answered: one form each, on the evening's page."""
    live = _live(request)
    evening = await _desk_evening(request)
    action = request.path_params["action"]
    form = await _form(request, _MAX_UPLOAD if action in ("deals", "members") else _MAX_FORM)
    if evening is None:
        return _message(request, "the form has expired: open the page again", 400)
    store = live.store
    if action == "names":
        refused = await run_in_threadpool(_save_names, store, evening, form)
        if refused:
            return _message(request, refused[0], 400, **refused[1])
    elif action == "members":
        said = await run_in_threadpool(_save_members, store, evening, form.get("members", ""), _lang(request))
        if said:
            return _message(request, said, 400)
    elif action == "deals":
        solved = await run_in_threadpool(_solved_deals, form.get("deals", ""), _lang(request))
        if solved[1]:
            return _message(request, solved[1], 400)
        await run_in_threadpool(lambda: store.update(evening.id, deals=solved[0]))
    elif action == "movement" and evening.state == "setup":
        chosen = _movement_of(form)
        if isinstance(chosen, tuple):
            return _message(request, chosen[0], 400, **chosen[1])
        try:
            await run_in_threadpool(store.change_movement, evening.id, chosen, form.get("movement", "").strip())
        except Refused as refused:
            return _message(request, refused.message, 409, **refused.values)
    elif action == "start" and evening.state == "setup":
        await run_in_threadpool(lambda: store.update(evening.id, state="running"))
    elif (action == "close" and evening.state == "running") or (action == "republish" and evening.state == "closed"):
        from bridgescore.live.publish import publish

        problem = await run_in_threadpool(publish, live.store, live.publish, evening.id, _lang(request))
        if problem:
            return _message(request, problem, 409)
    elif action == "answer" and (call := _number(form.get("call", ""))) is not None:
        await run_in_threadpool(store.answer, evening.id, call)
    else:
        return _message(request, "that cannot be done now", 409)
    return RedirectResponse(f"/desk/e/{evening.id}", status_code=303)


_MEMBER_NUMBER = re.compile(r"[0-9A-Za-z][0-9A-Za-z./-]{0,19}")


def _save_names(store: LiveStore, evening: Evening, form: Mapping[str, str]) -> tuple[str, dict[str, str]] | None:
    """The pairs' names and their players' member numbers from the desk's form.  A pair given by member numbers
    only is named from the members file the director loaded, else from the archive (players of sessions stored
    before); a number neither knows is refused, so the evening's file never names a player it cannot name."""
    valid = [f"{s}:{p}" for s, p in evening.pairs()]
    names = {key: form.get(f"pair:{key}", "").strip()[:200] for key in valid}
    players: dict[str, list[str]] = {}
    for key in valid:
        numbers = [form.get(f"num{i}:{key}", "").strip() for i in (1, 2)]
        if not any(numbers):
            continue
        for number in numbers:
            if number and not _MEMBER_NUMBER.fullmatch(number):
                return "'%(number)s' is not a member number", {"number": number[:40]}
        players[key] = numbers
    known = dict(evening.settings.get("members", {}))
    wanted = [n for pair in players.values() for n in pair if n and n not in known]
    known.update(store.member_names(wanted))
    for key, numbers in players.items():
        missing = next((n for n in numbers if n and n not in known), None)
        if missing:
            return ("member number %(number)s is in neither the members file nor the archive: load the members file",
                    {"number": missing})  # fmt: skip
        if not names[key]:
            names[key] = " & ".join(known[n] for n in numbers if n)
    used = {n for pair in players.values() for n in pair if n}
    settings = {**evening.settings, "players": players,
                "members": {**evening.settings.get("members", {}), **{n: known[n] for n in used}}}  # fmt: skip
    store.update(evening.id, names={k: v for k, v in names.items() if v}, settings=settings)
    return None


def _save_members(store: LiveStore, evening: Evening, text: str, lang: Language = "en") -> str:
    """A members file (``number,name``, as ``--members`` reads it) loaded for this evening's players."""
    from bridgescore.core.problems import Severity
    from bridgescore.io.members import loads as load_members

    members, problems = load_members(text, "members file")
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        return errors[0].describe(lang)
    loaded = {number: members[number].name for number in members if members[number].name}
    store.update(evening.id, settings={**evening.settings, "members": {**evening.settings.get("members", {}),
                                                                        **loaded}})  # fmt: skip
    return ""


def _solved_deals(text: str, lang: Language = "en") -> tuple[str, str]:
    """The hand record loaded (PBN), with each deal's double-dummy table solved (:func:`bridgescore.core.dd.analyse`,
    cached as ``deals --dd`` caches them), written back as PBN; or why it cannot be used."""
    from bridgescore.core.dd import analyse
    from bridgescore.io.deals import dumps_pbn, loads_pbn

    if not text.strip():
        return "", ""
    records = loads_pbn(text, "hand record")
    errors = [p for p in records.problems if p.severity.name == "ERROR"]
    if errors:
        return "", errors[0].describe(lang)
    if not records.deals:
        return "", "the hand record holds no deal"
    solved = analyse(records.deals, dd=True, par=True)
    return dumps_pbn(solved[n] for n in sorted(solved)), ""


async def _desk_result(request: Request) -> tuple[Live, Evening, dict[str, str], Place, int] | Response:
    """What a desk form about one result names: the evening, the form, the stand (round, table, section) and the
    board; or the page saying what is missing."""
    live = _live(request)
    evening = await _desk_evening(request)
    form = await _form(request)
    if evening is None:
        return _message(request, "the form has expired: open the page again", 400)
    place = _place_of(evening, form)
    board = _number(form.get("board", ""))
    if place is None or board is None:
        return _message(request, "choose a round and table of the movement, and a board", 400)
    return live, evening, form, place, board


async def _changed(request: Request, live: Live, evening: Evening, work: Callable[[], object]) -> Response:
    """A change of the director's stored (``work``, refused in words where the store refuses it); after the close
    the evening published again; then the evening's page."""
    try:
        await run_in_threadpool(work)
    except Refused as refused:
        return _message(request, refused.message, 400, **refused.values)
    if evening.state == "closed":
        from bridgescore.live.publish import publish

        problem = await run_in_threadpool(publish, live.store, live.publish, evening.id, _lang(request))
        if problem:
            return _message(request, problem, 409)
    return RedirectResponse(f"/desk/e/{evening.id}", status_code=303)


@_director
async def correct(request: Request) -> Response:
    """A result entered or changed by the director, with the reason kept."""
    from bridgescore.live.entry import check_entry

    named = await _desk_result(request)
    if isinstance(named, Response):
        return named
    live, evening, form, place, board = named
    adjusted = form.get("adjusted", "").strip()
    if adjusted:
        fields = {"contract": "", "declarer": "", "result": "", "lead": "", "score": "", "remarks": adjusted[:100]}
        problem, why = _check_adjusted(adjusted)
        if problem:
            return _message(request, problem, 400, **why)
    else:
        checked = check_entry(board, form, lead_rule="optional")
        if checked.problems:
            message, values = checked.problems[0]
            return _message(request, message, 400, **values)
        fields = dict(checked.fields)
    reason = form.get("reason", "")[:500]
    return await _changed(request, live, evening,
                          lambda: live.store.correct(evening, place, board, fields, "director", reason))  # fmt: skip


@_director
async def mark(request: Request) -> Response:
    """A result marked by the director, with the reason kept: played on a fouled deal (Law 87; a version named,
    with ``later`` every result of the board from that round on), or its pairs sat the wrong way (``swapped``)."""
    what = request.path_params.get("what", "")
    if what not in ("fouled", "swapped"):
        return _message(request, "there is no such evening", 404)
    named = await _desk_result(request)
    if isinstance(named, Response):
        return named
    live, evening, form, place, board = named
    reason = form.get("reason", "")[:500]
    if what == "fouled":
        deal, later = form.get("deal", ""), form.get("later", "") == "yes"
        return await _changed(request, live, evening, lambda: live.store.mark_fouled(
            evening, place, board, deal, "director", reason, later=later
        ))  # fmt: skip
    swapped = form.get("swapped", "") == "yes"
    return await _changed(request, live, evening, lambda: live.store.mark_swapped(
        evening, place, board, swapped, "director", reason
    ))  # fmt: skip


def _check_adjusted(text: str) -> tuple[str, dict[str, Any]]:
    """An adjusted score as the remarks column takes it (A+, A, A-, A60/40, N.G., a weighted score), read by the
    CSV reader's rule so the evening's file scores it as written: empty, or why not (a message id and its values,
    so the page says it in the desk's language)."""
    from bridgescore.core.adjustments import AdjustmentError, looks_weighted, parse_adjustment, parse_weighted_score

    try:
        if looks_weighted(text):
            parse_weighted_score(text, 1)
        elif parse_adjustment(text) is None and text.upper() not in ("N.G.", "NG"):
            return "'%(text)s' is no adjusted score: write A+, A, A-, A60/40, N.G. or a weighted score", {"text": text}
    except AdjustmentError as problem:
        return problem.message, dict(problem.values)
    except ValueError as problem:
        return str(problem), {}
    return "", {}


def _place_of(evening: Evening, form: Mapping[str, str]) -> Place | None:
    """The stand the desk's form names; its section may be left out when the evening has one (the form then has
    no section field)."""
    round_number, table = _number(form.get("round", "").strip()), _number(form.get("table", "").strip())
    if round_number is None or table is None:
        return None
    section = form.get("section", "").strip()
    if not section and len(evening.movement.sections) == 1:
        section = evening.movement.sections[0].name
    return evening.place(section, round_number, table)


@_director
async def traveller(request: Request) -> Response:
    evening = await _desk_evening(request)
    board = _number(request.path_params.get("board", ""))
    if evening is None or board is None:
        return _message(request, "there is no such evening", 404)
    results = await run_in_threadpool(_live(request).store.results, evening.id)
    lines = [r for r in results if r["board"] == board]
    return _page(request, "traveller.html.j2", evening=evening, board=board, lines=lines)


@_director
async def cards(request: Request) -> Response:
    """The tables' entry cards: each table's code and its link as a QR code, to print and put on the table."""
    import segno

    evening = await _desk_evening(request)
    if evening is None:
        return _message(request, "there is no such evening", 404)
    base = str(request.base_url).rstrip("/")
    tables = await run_in_threadpool(_live(request).store.tables, evening.id)
    shown = []
    for section, number, code in tables:
        link = f"{base}/t/{evening.id}?code={code}"
        qr = segno.make(link, error="m").svg_inline(scale=4)
        shown.append({"section": section, "table": number, "code": code, "link": link, "qr": qr})
    return _page(request, "cards.html.j2", evening=evening, tables=shown)


@_director
async def movement_cards(request: Request) -> Response:
    """The movement's own cards to print (``movement cards``): table cards, guide cards, the board slips."""
    from bridgescore.movement.cards import KINDS, PAPERS, Kind, render_cards

    evening = await _desk_evening(request)
    kind = request.path_params.get("kind", "")
    paper = request.query_params.get("paper", "a4")
    if evening is None or kind not in KINDS or paper not in PAPERS:
        return _message(request, "there is no such page", 404)
    html = render_cards(evening.movement, cast("Kind", kind), _lang(request), paper)
    return HTMLResponse(html, headers=_headers(_inline_styles(html)))


# --- the table ------------------------------------------------------------------------------------------------------


async def table_login(request: Request) -> Response:
    live = _live(request)
    evening_id = _evening_id(request)
    evening = await run_in_threadpool(live.store.evening, evening_id) if evening_id is not None else None
    if evening is None:
        return _message(request, "there is no such evening", 404)
    code = request.query_params.get("code", "")
    if request.method == "GET" and not code:
        return _page(request, "table_login.html.j2", evening=evening)
    if request.method == "POST":
        form = await _form(request)
        code = form.get("code", "")
    found = await run_in_threadpool(live.store.table_by_code, _client(request), _WINDOW, _FAILURES, evening.id,
                                    code[:20])  # fmt: skip
    if found == "limited":
        return _page(request, "table_login.html.j2", 429, evening=evening,
                     error="too many wrong codes: wait ten minutes, or call the director")  # fmt: skip
    if found is None:
        return _page(request, "table_login.html.j2", 403, evening=evening,
                     error="that is not a table code of this evening: it is on the card on your table")  # fmt: skip
    request.session["table"] = {"evening": evening.id, "section": found[0], "table": found[1]}
    return RedirectResponse(f"/t/{evening.id}/table", status_code=303)


async def _table_of(request: Request, board: int | None = None) -> Seat | Response:
    """The evening and the table this phone entered for, the round it plays now and its results so far (and the
    scores of ``board`` entered so far), read at once (:meth:`~bridgescore.live.store.LiveStore.seat`); or the page
    that says it must give its code."""
    evening_id = _evening_id(request)
    seat = request.session.get("table")
    if evening_id is None or not isinstance(seat, dict) or seat.get("evening") != evening_id:
        return RedirectResponse(f"/t/{evening_id or 0}", status_code=303)
    found = await run_in_threadpool(_live(request).store.seat, evening_id, str(seat.get("section", "")),
                                    int(seat.get("table", 0)), board)  # fmt: skip
    if found is None:
        return _message(request, "there is no such evening", 404)
    return found


async def table_page(request: Request) -> Response:
    found = await _table_of(request)
    if isinstance(found, Response):
        return found
    evening, section, table, current = found.evening, found.section, found.table, found.round
    mine = {(r["round"], r["board"]): r for r in found.results}
    place = evening.place(section, current, table) if current else None
    moves = _next(evening, section, table, current) if current else None
    unnamed = [
        pair
        for pair in ((place.ns, place.ew) if place else ())
        if evening.settings.get("numbers") and not all(evening.players.get(f"{section}:{pair}", ["", ""]))
    ]
    return _page(request, "table.html.j2", evening=evening, section=section, table=table, round=current,
                 place=place, entered=mine, moves=moves, names=evening.names, unnamed=unnamed)  # fmt: skip


async def table_players(request: Request) -> Response:
    """The players' member numbers, given at the table at the start of a round where the director asks for them:
    each number must be one the members file or the archive knows (the name it gives is shown on the desk)."""
    found = await _table_of(request)
    if isinstance(found, Response):
        return found
    evening, section, table, current = found.evening, found.section, found.table, found.round
    form = await _form(request)
    store = _live(request).store
    place = evening.place(section, current, table) if current else None
    if place is None or not evening.settings.get("numbers"):
        return _message(request, "that cannot be done now", 409)
    back = f"/t/{evening.id}/table"
    for side, pair in (("ns", place.ns), ("ew", place.ew)):
        numbers = [form.get(f"{side}{i}", "").strip()[:20] for i in (1, 2)]
        if not any(numbers):
            continue
        if not all(numbers) or not all(_MEMBER_NUMBER.fullmatch(n) for n in numbers):
            return _message(request, "give both players' member numbers of pair %(pair)s", 400, pair=pair, back=back)
        known = {**evening.members, **await run_in_threadpool(store.member_names, numbers)}
        missing = next((n for n in numbers if n not in known), None)
        if missing is not None:
            return _message(request, "member number %(number)s is not known: check it, or call the director", 400,
                            number=missing, back=back)  # fmt: skip
        await run_in_threadpool(store.seat_players, evening, f"{section}:{pair}", numbers,
                                [known[n] for n in numbers], f"table {table}")  # fmt: skip
    return RedirectResponse(back, status_code=303)


def _next(evening: Evening, section: str, table: int, round_number: int) -> dict[str, Any] | None:
    """Where this table's pairs and boards go after ``round_number``, as the table card says it: for each pair its
    table and direction (None: it sits out), and the tables the boards go to (a bye stand marked); None after the
    last round."""
    place = evening.place(section, round_number, table)
    schedule = evening.section(section)
    if place is None or schedule is None or round_number >= len(schedule.rounds):
        return None
    after = [p for p in evening.places() if p.section == section and p.round == round_number + 1]
    where: dict[str, Any] = {}
    for pair, side in ((place.ns, "ns"), (place.ew, "ew")):
        where[side] = next(((p.table, "NS" if p.ns == pair else "EW") for p in after if pair in (p.ns, p.ew)), None)
    following = schedule.rounds[round_number]
    where["boards"] = [(s.table, s.is_bye) for s in following.stands if s.boards == frozenset(place.boards)]
    return where


async def board_page(request: Request) -> Response:
    """The entry form of one board (GET), its check and the opponents' confirmation (POST), and the store."""
    from bridgescore.live.entry import check_entry

    board_text = str(request.path_params.get("board", ""))
    # a POST is a check (which compares the board's other scores: read with the table's state) or a confirmation
    found = await _table_of(request, _number(board_text) if request.method == "POST" else None)
    if isinstance(found, Response):
        return found
    evening, section, table, current = found.evening, found.section, found.table, found.round
    live = _live(request)
    form: dict[str, str] | None = None
    if request.method == "POST":
        form = await _form(request)
    place = evening.place(section, current, table) if current else None
    board_number = _number(board_text)
    if place is None or board_number is None or board_number not in place.boards:
        key = form.get("key", "").strip() if form is not None and form.get("confirmed") == "yes" else ""
        if key:
            # a confirmation sent again (its answer lost, a double tap) after it moved the table on to its next
            # round (the round's last board) gets the stored answer, not a refusal that leaves the players not
            # knowing whether it was stored; looked up after the round was read, so the commit that moved the
            # table on is seen
            known = await run_in_threadpool(live.store.answer_of, evening.id, key)
            if known is not None and (known["section"], known["table"]) == (section, table):
                return RedirectResponse(f"/t/{evening.id}/stored/{known['id']}", status_code=303)
        return _message(request, "board %(board)s is not played at this table in this round", 400,
                        board=board_text[:6])  # fmt: skip
    board = board_number
    lead_rule = str(evening.settings.get("lead", "optional"))
    if form is None:
        return _page(request, "board.html.j2", evening=evening, place=place, board=board, typed={},
                     key=secrets.token_urlsafe(16), lead_rule=lead_rule)  # fmt: skip
    deal = _deal(evening, board)
    checked = check_entry(board, form, lead_rule=lead_rule, deal=deal)
    key = form.get("key", "")[:64]
    if checked.problems:
        return _page(request, "board.html.j2", 400, evening=evening, place=place, board=board, typed=form, key=key,
                     lead_rule=lead_rule, problems=checked.problems)  # fmt: skip
    if form.get("confirmed") != "yes":  # the opponents see the result and its score before it is stored
        from bridgescore.live.entry import far_from_double_dummy, far_from_the_field

        far = checked.ns_score is not None and far_from_the_field(checked.ns_score, found.scores)
        far = far or far_from_double_dummy(checked, deal)
        return _page(request, "confirm.html.j2", evening=evening, place=place, board=board, fields=checked.fields,
                     key=key, typed=form, far=far)  # fmt: skip
    try:
        outcome = await run_in_threadpool(
            live.store.submit, evening, section, table, place.round, board, checked.fields, key, f"table {table}"
        )
    except Refused as refused:
        return _message(request, refused.message, 409, **refused.values)
    return RedirectResponse(f"/t/{evening.id}/stored/{outcome.result['id']}", status_code=303)


def _deal(evening: Evening, board: int) -> Any:
    if not evening.deals.strip():
        return None
    return _hand_record(evening.deals).get(board)


@lru_cache(maxsize=8)
def _hand_record(text: str) -> Mapping[int, Any]:
    """The deals of an evening's hand record, read once per hand record, not for every check and confirmation of
    every table (a 24-board PBN took 4–9 ms each time, in the server's event loop)."""
    from bridgescore.io.deals import loads_pbn as loads_deals

    return MappingProxyType(dict(loads_deals(text, "hand record").deals))


async def stored_page(request: Request) -> Response:
    """After an entry: the result stored and, as the director set it, the board's traveller so far."""
    found = await _table_of(request)
    if isinstance(found, Response):
        return found
    evening, section = found.evening, found.section
    result_id = _number(str(request.path_params.get("result", "")))
    # the table's own results are read with the table: a result of another table is no such result here
    result = next((r for r in found.results if r["id"] == result_id), None)
    if result is None:
        return _message(request, "there is no such result", 404)
    store = _live(request).store
    lines: list[dict[str, Any]] = []
    if evening.settings.get("traveller", True):
        lines = await run_in_threadpool(lambda: store.results(evening.id, section=section, board=result["board"]))
    return _page(request, "stored.html.j2", evening=evening, result=result, lines=lines)


async def call_director(request: Request) -> Response:
    found = await _table_of(request)
    if isinstance(found, Response):
        return found
    await _form(request)  # its CSRF token checked: a forged call is refused
    store = _live(request).store
    await run_in_threadpool(store.call, found.evening.id, found.section, found.table, found.round or 0)
    return _message(request, "the director has been called", 200, back=f"/t/{found.evening.id}/table")


# --- the club room and the published results ------------------------------------------------------------------------


async def screen(request: Request) -> Response:
    live = _live(request)
    evening_id = _evening_id(request)
    found = await run_in_threadpool(_screen_of, live, evening_id) if evening_id is not None else None
    if found is None:
        return _message(request, "there is no such evening", 404)
    evening, results, standings = found
    last = sorted(results, key=lambda r: r["id"], reverse=True)[:12]
    return _page(request, "screen.html.j2", evening=evening, standings=standings, last=last,
                 entered=len(results), expected=sum(len(p.boards) for p in evening.places()))  # fmt: skip


def _screen_of(live: Live, evening_id: int) -> tuple[Evening, list[dict[str, Any]], list[dict[str, Any]]] | None:
    """The ranking screen's evening, its results and the rankings shown, in a worker thread: the evening and its
    results read in one transaction (the scores kept under the revision they are of), the standings computed there
    too – in the event loop (the first one importing numpy's masked arrays) every table's request waited for them."""
    found = live.store.evening_results(evening_id)
    if found is None:
        return None
    evening, results = found
    return evening, results, _standings(live.ranking(evening, results) if results else None, evening)


async def revision(request: Request) -> Response:
    """The evening's revision: a screen reloads when it changed (a few bytes a poll, whichever process answers)."""
    evening_id = _evening_id(request)
    value = await run_in_threadpool(_live(request).store.revision, evening_id) if evening_id is not None else None
    return PlainTextResponse(str(value if value is not None else ""))


async def published(request: Request) -> Response:
    """The evening's published page (or its USEBIO file), as written at the close and after every correction."""
    evening_id = _evening_id(request)
    kind = request.path_params.get("kind", "html")
    names = {"html": ("index.html", "text/html; charset=utf-8"), "usebio": ("usebio.xml", "application/xml"),
             "csv": (f"evening-{evening_id}.csv", "text/csv; charset=utf-8")}  # fmt: skip
    if evening_id is None or kind not in names:
        return _message(request, "there is no such page", 404)
    path = _live(request).publish / str(evening_id) / names[kind][0]
    if not path.is_file():
        return _message(request, "the results of this evening are published when the director closes it", 404)
    content = path.read_bytes()
    styles = _inline_styles(content.decode("utf-8", "replace")) if kind == "html" else ""
    return Response(content, media_type=names[kind][1], headers=_headers(styles, framed=True))


def make_app(store: LiveStore, publish: Path, *, https_only: bool = False) -> Starlette:
    """The application over ``store``, publishing into ``publish``."""
    secret = store.shared_secret("cookie_key")
    routes = [
        Route("/", home),
        Route("/lang/{lang}", language),
        Route("/desk/setup", setup, methods=["GET", "POST"]),
        Route("/desk/login", login, methods=["GET", "POST"]),
        Route("/desk/logout", logout, methods=["POST"]),
        Route("/desk", desk),
        Route("/desk/new", create, methods=["POST"]),
        Route("/desk/e/{evening}", evening_page),
        Route("/desk/e/{evening}/do/{action}", evening_update, methods=["POST"]),
        Route("/desk/e/{evening}/correct", correct, methods=["POST"]),
        Route("/desk/e/{evening}/mark/{what:str}", mark, methods=["POST"]),
        Route("/desk/e/{evening}/board/{board}", traveller),
        Route("/desk/e/{evening}/cards", cards),
        Route("/desk/e/{evening}/movement/{kind}", movement_cards),
        Route("/t/{evening}", table_login, methods=["GET", "POST"]),
        Route("/t/{evening}/table", table_page),
        Route("/t/{evening}/board/{board}", board_page, methods=["GET", "POST"]),
        Route("/t/{evening}/stored/{result}", stored_page),
        Route("/t/{evening}/call", call_director, methods=["POST"]),
        Route("/t/{evening}/players", table_players, methods=["POST"]),
        Route("/screen/{evening}", screen),
        Route("/screen/{evening}/revision", revision),
        Route("/e/{evening}/{kind}", published),
        Mount("/static", _Static(directory=_STATIC), name="static"),
    ]
    middleware = [
        Middleware(_SecurityHeaders),
        Middleware(
            SessionMiddleware, secret_key=secret, session_cookie="bridgescore", same_site="lax",
            https_only=https_only, max_age=14 * 24 * 3600,
        ),
    ]  # fmt: skip
    middleware.append(Middleware(_BodyLimit, limit=_MAX_FORM))
    handlers = {_FormRefused: _form_refused, Exception: _server_error}
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=handlers)
    app.state.live = Live(store, publish)
    return app
