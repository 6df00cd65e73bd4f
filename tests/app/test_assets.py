"""gzip for text answers; static files linked with a content hash and cached for a year only under it."""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil

import pytest

from app.guard import SECURITY_HEADERS
from app.main import create_app
from app.settings import SOURCE_ROOT, Settings

from .conftest import BASE_URL, TestClient

ASSET_URL = re.compile(r'(?:src|href)="(/static/[^"?]+)\?v=([0-9a-f]+)"')


def raw(client, path: str, encoding: str, **headers):
    """The answer as sent (httpx would undo the gzip): status, headers and the body's bytes."""
    with client.stream("GET", path, headers={"Accept-Encoding": encoding, **headers}) as response:
        return response, b"".join(response.iter_raw())


@pytest.mark.parametrize("path", ["/", "/static/app.css", "/static/replay.js", "/openapi.json"])
def test_text_answers_are_gzipped_and_keep_their_headers(client, path):
    plain, plain_body = raw(client, path, "identity")
    packed, packed_body = raw(client, path, "gzip")
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert gzip.decompress(packed_body) == plain_body
    assert len(packed_body) < len(plain_body) / 2
    assert int(packed.headers["content-length"]) == len(packed_body)
    assert "Accept-Encoding" in packed.headers["vary"]
    for name, value in SECURITY_HEADERS.items():
        assert packed.headers[name] == value


def test_a_page_keeps_no_store_and_its_own_vary(client):
    page, _ = raw(client, "/", "gzip")
    assert page.headers["cache-control"] == "no-store"
    assert [v.strip() for v in page.headers["vary"].split(",")] == \
        ["HX-Request", "Accept-Language", "X-Game-Token", "Accept-Encoding"]


def test_the_api_answer_and_its_token_survive_gzip(client):
    response = client.post("/api/games", json={"level": "random", "animation_ms": 0},
                           headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 201 and response.headers["content-encoding"] == "gzip"
    token = response.headers["x-game-token"]
    assert response.json()["token"] == token
    assert client.get("/api/game", headers={"X-Game-Token": token}).status_code == 200


def test_small_answers_stay_plain(client):
    response, body = raw(client, "/nothing", "gzip")
    assert response.status_code == 404 and "content-encoding" not in response.headers
    assert b"Not Found" in body


def test_the_page_links_static_files_by_their_content_hash(client):
    links = ASSET_URL.findall(client.get("/").text)
    assert {"/static/app.css", "/static/htmx-2.0.4.min.js", "/static/token.js", "/static/controls.js", "/static/replay.js",
            "/static/sheet.js"} <= {path for path, _ in links}
    for path, version in links:
        content = (SOURCE_ROOT / path.lstrip("/")).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:12]
    docs = ASSET_URL.findall(client.get("/docs").text)
    assert {path for path, _ in docs} == {"/static/swagger-ui-5.35.0/swagger-ui.css",
                                         "/static/swagger-ui-5.35.0/swagger-ui-bundle.js", "/static/docs.js"}


def test_only_the_current_version_is_cached_for_a_year(client):
    [(path, version)] = [link for link in ASSET_URL.findall(client.get("/").text) if link[0].endswith("replay.js")]
    current = client.get(f"{path}?v={version}")
    assert current.headers["cache-control"] == "public, max-age=31536000, immutable"
    for other in (path, f"{path}?v=0123456789ab", f"{path}?v="):
        assert client.get(other).headers["cache-control"] == "no-cache", other
    again = client.get(path, headers={"If-None-Match": current.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"


def test_a_changed_file_gets_a_new_url(tmp_path):
    for folder in ("templates", "static"):
        shutil.copytree(SOURCE_ROOT / folder, tmp_path / folder)
    client = TestClient(create_app(Settings(data_dir=tmp_path / "data", web_root=tmp_path)), base_url=BASE_URL)

    def app_css_version():
        return dict(ASSET_URL.findall(client.get("/").text))["/static/app.css"]

    before = app_css_version()
    with (tmp_path / "static" / "app.css").open("a") as css:
        css.write("\n/* changed */\n")
    after = app_css_version()
    assert after != before
    assert client.get(f"/static/app.css?v={after}").text.endswith("/* changed */\n")
    assert client.get(f"/static/app.css?v={before}").headers["cache-control"] == "no-cache"


def test_no_version_for_a_missing_file_or_one_outside_static(app, client):
    static_url = app.state.templates.env.globals["static_url"]
    assert static_url("nothing.js") == "/static/nothing.js"
    assert static_url("../app/main.py") == "/static/../app/main.py"      # no hash of a file outside
    assert client.get("/static/nothing.js?v=abc").status_code == 404
