"""``bridgescore serve``: the live evening's web application (issue 22)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import DatabaseOption, ReportLangOption, app, fail, language_option, open_or_fail


@app.command(rich_help_panel="Live evening")
def serve(
    db: DatabaseOption = None,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on: 127.0.0.1 (this computer only) unless you say "
            "0.0.0.0 (every device of the club's network).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)] = 8000,
    workers: Annotated[
        int, typer.Option("--workers", help="Server processes (PostgreSQL; one is enough for a club).", min=1, max=64)
    ] = 1,
    publish: Annotated[Path, typer.Option("--publish", help="The folder the published results are written to.")] = Path(
        "bridgescore-published"
    ),
    https: Annotated[
        bool,
        typer.Option(
            "--https",
            help="Served behind a proxy that gives it HTTPS (Caddy, nginx): the session "
            "cookie is then sent over HTTPS only.",
        ),
    ] = False,
    trust_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trust-proxy",
            metavar="ADDRESS",
            help="A reverse proxy on another "
            "machine (its address or network, e.g. 192.168.1.10): the phones' addresses "
            "it forwards are believed, so the limit on wrong table codes counts each "
            "phone, not the proxy. A proxy on this computer is always believed.",
        ),
    ] = None,
    lang: ReportLangOption = "en",
) -> None:
    """Run the live evening: the director's desk, the tables' phones and the ranking screen in a browser."""
    from bridgescore.archive.store import database_url
    from bridgescore.live.security import new_setup_token
    from bridgescore.live.server import run
    from bridgescore.live.store import LiveStore

    page_lang = language_option(lang)
    proxies = [_proxy(address) for address in trust_proxy or ()]
    archive = open_or_fail(db, page_lang, create=True)
    if workers > 1 and archive.backend != "postgresql":
        raise fail("--workers: several processes need PostgreSQL (--db postgresql://…); SQLite serves one")
    try:
        publish.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise fail(f"cannot make the folder {publish}: {problem.strerror or problem}") from None
    store = LiveStore(archive)
    token = new_setup_token(store)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    address = f"http://{shown}:{port}/"
    print(f"bridgescore serves the evening at {address} (archive {archive.shown}); stop it with Ctrl-C")
    if host == "0.0.0.0":
        print("every device of this network can open it: give them this computer's address on the network")
    if token is not None:
        print(f"first run: choose the director's password at {address}desk/setup?token={token}")
    else:
        print(f"director's desk: {address}desk")
    archive.close()
    run(database_url(db), publish.resolve(), host, port, workers, https, proxies)


def _proxy(address: str) -> str:
    """A ``--trust-proxy`` address or network as uvicorn's ``forwarded_allow_ips`` takes it; anything else (a host
    name; ``*`` or ``0.0.0.0/0``, which would believe every device's header) refused with the reason."""
    import ipaddress

    try:
        network = ipaddress.ip_network(address.strip(), strict=False)
    except ValueError:
        network = None
    if network is not None and network.prefixlen > 0:  # a prefix of 0 is every device, as '*' is
        return str(network)
    raise fail(
        f"--trust-proxy {address!r}: give the proxy's IP address or network (192.168.1.10, 10.0.0.0/24); a name, "
        "'*' or 0.0.0.0/0 would let any device claim another's address"
    )
