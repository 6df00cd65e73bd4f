"""A token sealed with the real key but malformed inside is refused with a 4xx, never a 500 (issue 11, item 6)."""

from __future__ import annotations

import copy
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROW = {"number": 1, "dealer": 0, "contract": "normal", "soloist": None, "compulsory": False, "forced": False,
       "scores": [1, -1, 1, -1], "totals": [1, -1, 1, -1]}


def seal_text(sealer, state_text: str) -> str:
    """Seal JSON text as it is, so that it may hold what json.dumps would not write (NaN, deep nesting)."""
    payload = '{"v":1,"state":' + state_text + "}"
    return sealer.fernet.encrypt(zlib.compress(payload.encode())).decode()


def changed(path: str, value):
    def change(state):
        *parents, last = path.split(".")
        target = state
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[int(last) if isinstance(target, list) else last] = value
    return change


MALFORMED = {
    "scores not a list": changed("round.rows.0.scores", "abc"),
    "totals of null": changed("round.rows.0.totals", [None] * 4),
    "three scores": changed("round.rows.0.scores", [1, 2, 3]),
    "row number as text": changed("round.rows.0.number", "1"),
    "soloist as text": changed("round.rows.0.soloist", "x"),
    "contract a number": changed("round.rows.0.contract", 5),
    "row a list": changed("round.rows.0", [1, 2]),
    "deal a list": changed("deal", [1]),
    "settings a list": changed("settings", [1]),
    "game id an object": changed("game_id", {"a": 1}),
    "seq a fraction": changed("seq", 1.5),
    "seq a true": changed("seq", True),
    "seq negative": changed("seq", -1),
    "seq huge": changed("seq", 10**30),
    "compulsory_done as text": changed("round.compulsory_done", "0"),
    "compulsory_done a seat 7": changed("round.compulsory_done", [7]),
    "round dealer 9": changed("round.dealer", 9),
    "unknown key": changed("round.extra", 1),
    # Issue 21, item 9: a round and a deal under different rules (each valid alone).
    "deal under other rules": changed("deal.rules", {"preset": "kneipe"}),
    "round under other rules": changed("round.rules", {"preset": "sonderregeln"}),
}


def state_text(base: dict, case: str) -> str:
    state = copy.deepcopy(base)
    state["round"]["rows"] = [copy.deepcopy(ROW)]
    if case in MALFORMED:
        MALFORMED[case](state)
        return json.dumps(state)
    text = json.dumps(state)
    if case == "deep nesting":
        return text.replace('"rows": [', '"rows": [' + "[" * 100_000 + "]" * 100_000 + ",", 1)
    if case == "nesting within the recursion limit":
        return text.replace('"rows": [', '"rows": [' + "[" * 900 + "]" * 900 + ",", 1)
    if case == "NaN seq":
        return text.replace(f'"seq": {base["seq"]}', '"seq": NaN')
    if case == "Infinity dealer":
        return text.replace('"compulsory_done"', '"dealer": Infinity, "compulsory_done"')
    if case == "-Infinity speed":
        return text.replace('"animation_ms": 0', '"animation_ms": -Infinity')
    raise KeyError(case)


CASES = [*MALFORMED, "deep nesting", "nesting within the recursion limit", "NaN seq", "Infinity dealer",
         "-Infinity speed"]


@pytest.fixture(scope="module")
def probe():
    """One app and one game for all the cases (a game start costs the computer players' moves)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    import tempfile
    from pathlib import Path

    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings(data_dir=Path(tempfile.mkdtemp()) / "data", key=None))
    client = TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False)
    response = client.post("/api/games", json={"animation_ms": 0, "level": "random"})
    assert response.status_code == 201
    return client, app.state.sealer, app.state.sealer.unseal(response.json()["token"])


def test_the_base_state_with_a_score_row_is_fine(probe):
    client, sealer, base = probe
    token = seal_text(sealer, state_text(base, "unknown key").replace(', "extra": 1', ""))
    assert client.get("/api/game", headers={"X-Game-Token": token}).status_code == 200


@pytest.mark.parametrize("case", CASES)
def test_a_malformed_state_is_a_clear_4xx_on_every_route(probe, case):
    client, sealer, base = probe
    token = seal_text(sealer, state_text(base, case))
    headers = {"X-Game-Token": token}
    seq = {"seq": base["seq"]}
    answers = [client.get("/api/game", headers=headers), client.get("/api/game/deal", headers=headers),
               client.post("/api/game/settings", json=seq | {"level": "random"}, headers=headers),
               client.post("/api/game/next-deal", json=seq, headers=headers)]
    for response in answers:
        assert response.status_code == 400, (response.request.url, response.text)
        body = response.json()
        assert body["error"].startswith("token-") and body["detail"]
    page = client.get("/", headers=headers | {"HX-Request": "true"})
    assert page.status_code == 400


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.sampled_from([10**30, -(10**30), 0.5]),
                 st.text(max_size=5), st.sampled_from(["normal", "CQ", "tsr", "casual", "tournament", "medium"]),
                 st.lists(st.integers(-2, 5), max_size=5), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def paths(value, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_value_anywhere_in_the_state_is_never_a_500(probe, data):
    client, sealer, base = probe
    state = copy.deepcopy(base)
    state["round"]["rows"] = [copy.deepcopy(ROW)]
    for _ in range(data.draw(st.integers(1, 3))):
        places = [p for p in paths(state) if p]
        place = data.draw(st.sampled_from(places))
        target = state
        for key in place[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            del target[place[-1]]
        else:
            target[place[-1]] = data.draw(JUNK)
    token = sealer.seal(state)
    for response in (client.get("/api/game", headers={"X-Game-Token": token}),
                     client.get("/", headers={"X-Game-Token": token, "HX-Request": "true"}),
                     client.post("/api/game/next-deal", json={"seq": base["seq"]}, headers={"X-Game-Token": token})):
        assert response.status_code < 500, (state, response.text)
