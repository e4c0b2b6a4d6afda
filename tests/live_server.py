"""A real ``bridgescore serve`` process for the live evening's tests (issue 22), and a client that plays the
director and the tables over loopback HTTP (httpx), as a phone's browser would: pages, cookies, CSRF tokens.

``Server`` starts the process on a free port of 127.0.0.1 over the given database, waits until it answers, reads
the first-run setup code it printed, and stops it (``stop``, or ``kill`` for ``kill -9``); nothing here runs longer
than its timeouts.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

_CSRF = re.compile(r'name="csrf" value="([^"]+)"')
_KEY = re.compile(r'name="key" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    db: str
    publish: Path
    workers: int = 1
    options: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    token: str = ""
    output: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> Server:
        command = [sys.executable, "-m", "bridgescore", "serve", "--db", self.db, "--port", str(self.port),
                   "--publish", str(self.publish), "--workers", str(self.workers), *self.options]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        while time.monotonic() < deadline:
            self.output += (self.process.stdout.read() or b"").decode("utf-8", "replace")
            if self.process.poll() is not None:
                raise RuntimeError(f"bridgescore serve stopped: {self.output}")
            try:
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    found = re.search(r"token=(\S+)", self.output)
                    self.token = found.group(1) if found else ""
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"bridgescore serve did not answer in {timeout} s: {self.output}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)

    def kill(self) -> None:
        """``kill -9`` of the server and its workers: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


class Browser:
    """One device: a cookie jar, and the CSRF token of the last page it read."""

    def __init__(self, base: str, timeout: float = 30) -> None:
        self.http = httpx.Client(base_url=base, timeout=timeout, follow_redirects=True)
        self.csrf = ""
        self.page = ""

    def get(self, path: str) -> httpx.Response:
        response = self.http.get(path)
        self._read(response)
        return response

    def post(self, path: str, data: dict[str, Any], files: dict[str, Any] | None = None) -> httpx.Response:
        if not self.csrf:
            self.get("/")
        response = self.http.post(path, data={"csrf": self.csrf, **data}, files=files)
        self._read(response)
        return response

    def _read(self, response: httpx.Response) -> None:
        self.page = response.text
        found = _CSRF.search(response.text)
        if found:
            self.csrf = found.group(1)

    def key(self) -> str:
        found = _KEY.search(self.page)
        assert found, self.page
        return found.group(1)

    def close(self) -> None:
        self.http.close()


def director(server: Server, password: str = "club-password-1") -> Browser:
    """The director, signed in (the password chosen on the first run with the printed setup code)."""
    desk = Browser(server.url)
    if server.token:
        desk.get(f"/desk/setup?token={server.token}")
        response = desk.post("/desk/setup", {"token": server.token, "password": password, "again": password})
        if "/desk" in str(response.url) and "login" not in str(response.url):
            return desk
    desk.get("/desk/login")
    desk.post("/desk/login", {"password": password})
    return desk


def create_evening(desk: Browser, movement: str, boards_per_round: int, **fields: str) -> int:
    response = desk.post("/desk/new", {"movement": movement, "boards_per_round": str(boards_per_round),
                                       "method": "matchpoints", **fields})  # fmt: skip
    found = re.search(r"/desk/e/(\d+)$", str(response.url))
    assert found, response.text
    return int(found.group(1))


def table_codes(desk: Browser, evening: int) -> dict[int, str]:
    page = desk.get(f"/desk/e/{evening}/cards").text
    found = re.findall(r'Table (\d+)(?: · [^<]*)?</div>.*?<div class="code">([A-Z0-9]+)</div>', page, re.S)
    return {int(t): c for t, c in found}


def sit_down(server: Server, evening: int, code: str) -> Browser:
    phone = Browser(server.url)
    phone.get(f"/t/{evening}?code={code}")
    return phone


def enter(phone: Browser, evening: int, board: int, contract: str, declarer: str, result: str, lead: str = "",
          ) -> httpx.Response:  # fmt: skip
    """A board entered and confirmed by the opponents, as a phone does it: the form, the check, the confirmation."""
    phone.get(f"/t/{evening}/board/{board}")
    key = phone.key()
    typed = {"key": key, "contract": contract, "declarer": declarer, "result": result, "lead": lead}
    phone.post(f"/t/{evening}/board/{board}", typed)
    return phone.post(f"/t/{evening}/board/{board}", {**typed, "confirmed": "yes"})


def boards_to_play(phone: Browser, evening: int) -> list[int]:
    page = phone.get(f"/t/{evening}/table").text
    return [int(b) for b in re.findall(rf'href="/t/{evening}/board/(\d+)"', page)]
