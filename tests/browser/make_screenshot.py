"""Takes docs/screenshot.png: the table mid-deal with the hint open (not a test module).

    .venv/bin/python tests/browser/make_screenshot.py [OUTPUT]
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(output: Path) -> None:
    from playwright.sync_api import sync_playwright

    fixtures, table = _load("conftest"), _load("table")
    with tempfile.TemporaryDirectory() as data:
        server = fixtures.Server(Path(data)).start()
        try:
            path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=path, args=fixtures.CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="de-DE",
                                        extra_http_headers={"Accept-Language": "de-DE,de"})
                table.start_game(page, server.url)
                # Mid-deal: a few tricks played, the computers have started the current trick.
                for _ in range(40):
                    if len(table.hand(page)) <= 8 and table.trick(page):
                        break
                    if not table.take_turn(page):
                        break
                page.click('[data-action="hint"]')  # show the hint too: what the strong player would do, and why
                page.locator('[data-hint="hard"]').wait_for(timeout=30000)
                page.screenshot(path=str(output))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[1] / "docs" / "screenshot.png")
