"""End-to-end fixtures: a real ``doppelkopf serve`` subprocess and headless Chromium (Playwright, sync API)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """``doppelkopf serve`` on a port of its own, with its own data directory (and so its own key)."""

    def __init__(self, data_dir: Path, port: int | None = None):
        self.data_dir = data_dir
        self.port = port or free_port()
        self.process = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "Server":
        env = {**os.environ, "DOPPELKOPF_DATA_DIR": str(self.data_dir)}
        env.pop("DOPPELKOPF_KEY", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(self.port)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.wait_until_it_answers()
        return self

    def wait_until_it_answers(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.process.stdout.read().decode(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer in time")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("data")).start()
    yield running
    running.stop()


@pytest.fixture
def make_server(tmp_path):
    """Servers a test starts and stops itself (restarts); all are stopped at the end."""
    started = []

    def make(data_dir: Path | None = None, port: int | None = None) -> Server:
        server = Server(data_dir or tmp_path / "data", port).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path if Path(path).exists() else None, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors
