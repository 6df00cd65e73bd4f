"""The package as users install it, by the Dockerfile's own steps, in a venv instead of an image.

The wheel is built from exactly what the Dockerfile's build stage copies, installed into a fresh
venv outside the checkout, and ``doppelkopf serve`` is started from another directory with the
Dockerfile's CMD (bound to 127.0.0.1 on a free port); then the page, its static files and the docs
load and a whole deal is played through the API. About 15 s: pip fetches the dependencies from
its configured index or cache (the wheel itself comes from the build).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.app.conftest import ApiGame
from tests.browser.conftest import Server

# One worker builds and installs once for the whole module (scripts/test.sh runs --dist loadgroup).
pytestmark = [pytest.mark.package, pytest.mark.xdist_group("package")]

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def build_stage_sources(dockerfile: str) -> list[str]:
    """What the build stage copies from the checkout: every ``COPY`` without ``--from``."""
    sources = []
    for line in dockerfile.splitlines():
        words = shlex.split(line) if line.startswith("COPY ") else []
        if words and not any(word.startswith("--from") for word in words):
            sources += words[1:-1]
    return sources


def container_command(dockerfile: str) -> list[str]:
    """The image's ``CMD`` (exec form)."""
    return json.loads(re.findall(r"^CMD (\[.*\])$", dockerfile, re.MULTILINE)[-1])


def pip(*args: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source")     # a clean copy: no stale build/ of the checkout
    for name in build_stage_sources(DOCKERFILE):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=IGNORED)
        else:
            shutil.copy2(ROOT / name, source / name)
    dist = tmp_path_factory.mktemp("dist")
    pip("wheel", "--no-deps", "--wheel-dir", str(dist), str(source), cwd=source)
    [built] = dist.glob("doppelkopf-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv (outside the checkout) with the wheel and its dependencies: its ``bin``."""
    environment = tmp_path_factory.mktemp("venv")
    venv.create(environment, with_pip=False)      # installed into with this pip: seconds, not ten
    pip("--python", str(environment / "bin" / "python"), "install", str(wheel), cwd=environment)
    return environment / "bin"


def files_under(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}


def test_the_wheel_carries_every_module_template_static_file_and_catalog(wheel):
    carried = set(zipfile.ZipFile(wheel).namelist())
    expected = ({f"app/templates/{name}" for name in files_under(ROOT / "templates")}
                | {f"app/static/{name}" for name in files_under(ROOT / "static")}
                | {f"{package}/{name}" for package in ("engine", "app") for name in files_under(ROOT / package)
                   if name.endswith((".py", ".json"))})
    assert "app/i18n/de.json" in expected and "app/templates/layout.html" in expected
    assert not expected - carried, f"missing from the wheel: {sorted(expected - carried)}"
    assert not [name for name in carried if name.startswith(("tests/", "tools/", "docs/"))]


class InstalledServer(Server):
    """The Dockerfile's CMD run by the venv's ``doppelkopf`` in a directory of its own."""

    def __init__(self, bin_dir: Path, home: Path):
        super().__init__(home / "data")
        self.bin_dir, self.home = bin_dir, home

    def start(self) -> "InstalledServer":
        command = container_command(DOCKERFILE)
        assert command[:2] == ["doppelkopf", "serve"] and "--no-browser" in command
        command = [str(self.bin_dir / "doppelkopf"), *command[1:], "--host", "127.0.0.1", "--port", str(self.port)]
        env = {name: value for name, value in os.environ.items()
               if not name.startswith(("DOPPELKOPF_", "PYTHON", "VIRTUAL_ENV"))}
        env |= {"HOME": str(self.home), "DOPPELKOPF_DATA_DIR": str(self.data_dir)}
        self.process = subprocess.Popen(command, cwd=self.home, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.wait_until_it_answers()
        return self


@pytest.fixture
def server(installed, tmp_path):
    running = InstalledServer(installed, tmp_path).start()
    yield running
    running.stop()


def test_the_installed_code_is_the_wheel_not_the_checkout(installed, tmp_path):
    where = subprocess.run([str(installed / "python"), "-c", "import app, engine; print(app.__file__, engine.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, env={"PATH": os.environ.get("PATH", "")})
    assert where.returncode == 0, where.stderr
    assert all(Path(path).is_relative_to(installed.parent) for path in where.stdout.split())


def test_doppelkopf_serve_from_elsewhere_loads_the_page_and_plays_a_deal(server):
    with httpx.Client(base_url=server.url.rstrip("/"), timeout=30) as client:
        page = client.get("/", headers={"Accept-Encoding": "gzip"})
        assert page.status_code == 200 and page.headers["content-encoding"] == "gzip"
        assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)
        names = {url.split("/")[-1].split("?")[0] for url in assets}
        assert {"app.css", "replay.js", "htmx-2.0.4.min.js"} <= names and all("?v=" in url for url in assets)
        for other in ("/docs", "/rules?lang=de", "/statistics?lang=en"):
            assets += re.findall(r'(?:src|href)="(/static/[^"]+)"', client.get(other).text)
        for url in assets:
            response = client.get(url)
            assert response.status_code == 200 and "immutable" in response.headers["cache-control"], url
        game = ApiGame(client, level="random")
        game.play_until()
        assert game.view["waiting_for"] == "next-deal" and sum(game.view["result"]["scores"]) == 0
        game.next_deal()
        assert game.view["deal_number"] == 2
    assert (server.data_dir).is_dir()       # the key went where DOPPELKOPF_DATA_DIR says
