"""``serve --trust-proxy``: behind a reverse proxy on another machine (a federation's several machines, a club's
router), the limit on wrong table codes counted the proxy's address, so one guesser locked every phone out; the
proxy named with ``--trust-proxy`` is believed for the phone's address it forwards, every other device is not."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.live_server import Phone, Server, create_evening, director, serving
from typer.testing import CliRunner

from bridgescore.archive.store import open_archive
from bridgescore.cli import app
from bridgescore.live.store import LiveStore

PROXY, OTHER = "127.0.0.2", "127.0.0.3"  # the proxy's machine and some device of the network (loopback addresses)


def _wrong_codes(server: Server, address: str, forwarded: str, count: int = 3) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = Phone(server.url, address)
    for n in range(count):
        answer = phone.http.get(f"/t/{evening}?code=WRONG{n}", headers={"X-Forwarded-For": forwarded})
        assert "not a table code of this evening" in answer.text
    phone.close()
    desk.close()


def _failures(server: Server, address: str) -> int:
    store = LiveStore(open_archive(server.db))
    try:
        return store.failures(address, timedelta(minutes=10))
    finally:
        store.archive.close()


def test_a_trusted_proxy_is_believed_for_the_phone_it_forwards(tmp_path: Path) -> None:
    with serving(tmp_path, options=("--trust-proxy", PROXY)) as server:
        _wrong_codes(server, PROXY, "10.1.2.3")
        assert (_failures(server, "10.1.2.3"), _failures(server, PROXY)) == (3, 0)
        _wrong_codes(server, OTHER, "10.9.9.9")  # not the proxy: its header is a claim, not believed
        assert (_failures(server, OTHER), _failures(server, "10.9.9.9")) == (3, 0)


def test_without_it_a_proxy_on_another_machine_is_not_believed(server: Server) -> None:
    _wrong_codes(server, PROXY, "10.1.2.3")
    assert (_failures(server, PROXY), _failures(server, "10.1.2.3")) == (3, 0)


def test_a_name_or_a_wildcard_is_refused(tmp_path: Path) -> None:
    for address in ("*", "proxy.club.lan", "0.0.0.0/0", "::/0"):
        result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "c.db"), "--trust-proxy", address])
        assert result.exit_code != 0 and "give the proxy's IP address" in result.output, result.output
