"""Whatever a browser (or anything else) sends, the server answers below 500."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PATHS = ["/", "/new-game", "/act", "/next-deal", "/settings", "/api/games", "/api/game", "/api/game/actions",
         "/api/game/next-deal", "/api/game/settings", "/api/game/deal", "/docs", "/openapi.json",
         "/static/app.css", "/static/../app/main.py", "/nothing"]
FIELDS = ["seq", "reservation", "declare", "call", "play", "mode", "level", "animation_ms", "language"]
latin = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40)
values = st.one_of(st.integers(-10**20, 10**20), st.booleans(), st.none(), latin,
                   st.sampled_from(["H10", "CQ", "re", "no90", "wedding", "solo-queens", "true", "0", "-1"]),
                   st.lists(st.integers(), max_size=3))
bodies = st.dictionaries(st.sampled_from(FIELDS), values, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(method=st.sampled_from(["GET", "POST", "PUT", "HEAD"]), path=st.sampled_from(PATHS), body=bodies,
       encoding=st.sampled_from(["json", "form", "raw"]), token=st.sampled_from(["none", "good", "garbage", "text"]),
       junk=latin, hx=st.booleans(), current_seq=st.booleans())
def test_nothing_gets_a_500(client, method, path, body, encoding, token, junk, hx, current_seq):
    if current_seq and token == "good":
        body = body | {"seq": 1}        # get past the stale check into the game itself
    headers = {"Accept-Language": junk}
    if hx:
        headers["HX-Request"] = "true"
    if token == "good":
        headers["X-Game-Token"] = good_token(client)
    elif token == "garbage":
        headers["X-Game-Token"] = junk
    elif token == "text":
        headers["X-Game-Token"] = "gAAAAA" + junk
    kwargs = {}
    if method != "GET":
        if encoding == "json":
            kwargs["json"] = body
        elif encoding == "form":
            kwargs["data"] = {k: json.dumps(v) if not isinstance(v, str) else v for k, v in body.items()}
        else:
            kwargs["content"] = junk.encode("latin-1")
            headers["Content-Type"] = "multipart/form-data; boundary=x"
    headers = {name: value.encode("latin-1") for name, value in headers.items()}   # as bytes on the wire
    response = client.request(method, path, headers=headers, **kwargs)
    assert response.status_code < 500, (method, path, body, response.text[:300])


_tokens = {}


def good_token(client) -> str:
    if client not in _tokens:
        _tokens[client] = client.post("/api/games", json={"animation_ms": 0}).json()["token"]
    return _tokens[client]
