"""How the statistics page and the table behave with many archived deals (issue 12, item 7).

Fills this browser's archive with N random complete deals (engine-made, real records), then measures:
the statistics page from navigation to figures shown, the figures' own computation and drawing
(``data-rendered-ms``), and one table action with the archive full against an empty archive.

    .venv/bin/python -m tools.bench_statistics --deals 10000 --port 8766

Starts its own ``doppelkopf serve`` on the port; needs Chromium (CHROMIUM_PATH or /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from engine.randomplay import random_actions_deal
from engine.record import export
from tools import ROOT

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def entries(count: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    start = datetime(2026, 9, 1, tzinfo=timezone.utc)
    made = []
    for index in range(count):
        deal = random_actions_deal(rng, reservation_rate=0.1, call_rate=0.02)
        result = deal.result()
        game = index // 24
        declare = deal.declaration
        made.append({
            "key": f"bench-{game}:{index % 24 + 1}", "game_id": f"bench-{game}", "deal": index % 24 + 1,
            "date": (start + timedelta(minutes=7 * index)).isoformat(), "mode": rng.choice(["casual", "tournament"]),
            "level": rng.choice(["rules", "medium", "hard"]), "contract": result.contract,
            "declarer": declare.seat if declare else None, "compulsory": bool(declare and declare.compulsory),
            "re": result.re, "kontra": result.kontra, "winner": result.winner, "scores": result.scores,
            "eyes": result.eyes, "calls": [{"seat": c.seat, "call": c.call} for c in deal.calls_made],
            "special": [{"item": s.item, "party": s.party, "points": s.points} for s in result.special],
            "record": export(deal)})
    return made


def start_server(port: int, data_dir: str) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--no-browser", "--port", str(port)],
                              cwd=ROOT, env=os.environ | {"DOPPELKOPF_DATA_DIR": data_dir},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2.5)
    return server


def statistics_load(page, url: str) -> tuple[float, float]:
    started = time.perf_counter()
    page.goto(url + "statistics?lang=de")
    page.wait_for_selector('#statistics[data-state="ready"]', timeout=60_000)
    return (time.perf_counter() - started) * 1000, float(page.get_attribute("#statistics", "data-rendered-ms"))


def table_action(page, url: str, repeats: int = 5) -> float:
    """Median ms of starting a new game and playing a card (click → the table answered)."""
    times = []
    for _ in range(repeats):
        page.goto(url)
        page.evaluate("() => localStorage.removeItem('doppelkopf.token')")     # the start form, not the game
        page.reload()
        page.wait_for_selector('[data-action="new-game"]')
        page.select_option('select[name="animation_ms"]', "0")
        page.click('[data-action="new-game"]')
        page.wait_for_selector("#trick")
        seq = int(page.get_attribute(".table-wrap", "data-seq"))
        choice = '[data-reservation="healthy"]' if page.locator('[data-reservation="healthy"]').count() \
            else ".hand button[data-card]:not([disabled])"
        started = time.perf_counter()
        page.locator(choice).first.click()
        page.wait_for_selector(f'.table-wrap[data-seq="{seq + 1}"]')
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    made = entries(args.deals)
    with tempfile.TemporaryDirectory() as data_dir, sync_playwright() as playwright:
        server = start_server(args.port, data_dir)
        url = f"http://127.0.0.1:{args.port}/"
        try:
            path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
            browser = playwright.chromium.launch(executable_path=path if Path(path).exists() else None, args=ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="de-DE")
            empty_action = table_action(page, url)
            empty_total, empty_render = statistics_load(page, url)
            started = time.perf_counter()
            for first in range(0, len(made), 1000):
                page.evaluate("chunk => DoppelkopfArchive.add(chunk)", made[first:first + 1000])
            filled_s = time.perf_counter() - started
            loads = [statistics_load(page, url) for _ in range(3)]
            full_action = table_action(page, url)
            print(f"archive filled with {len(made)} deals in {filled_s:.1f} s")
            print(f"statistics page, empty archive: {empty_total:.0f} ms to figures shown (figures {empty_render:.1f} ms)")
            for number, (total, render) in enumerate(loads, 1):
                print(f"statistics page, {len(made)} deals, load {number}: {total:.0f} ms to figures shown "
                      f"(figures and charts {render:.1f} ms)")
            print(f"table action (median of 5): empty archive {empty_action:.0f} ms, "
                  f"{len(made)} deals archived {full_action:.0f} ms")
            browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
