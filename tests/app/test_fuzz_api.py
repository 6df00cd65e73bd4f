"""The JSON API fuzzed from its own OpenAPI schema (schemathesis): never a 5xx, every 4xx says why.

Three in four generated requests carry a real token (a fresh game, one in the middle of the card
play, one whose deal is over), most of those with the sequence number (and game id) the token
expects, some with a legal action, so the fuzzing reaches past the token and the stale check into
the game itself. Each operation is also called once with a known-good request, which must succeed:
Hypothesis hits a valid body only now and then, so that part is not left to chance.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
import schemathesis
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode, checks

from app.main import create_app
from app.settings import Settings

from .conftest import BASE_URL, ApiGame, TestClient, name_the_deals, next_action

EXAMPLES = 150          # per operation; the whole module stays well under a minute on 2 cores
# The analysis judges in a helper at the lowest priority (the table goes first): on a machine busy with other
# work a judgement can take longer than schemathesis' default of 10 s. Slow is not what this test looks for.
TIMEOUT = 60

# Only for reading the schema (schemathesis fetches it as "testserver"); the requests go to the test's app.
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(Settings(key=Fernet.generate_key().decode(), allowed_hosts=["testserver"])))
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


def readable_detail(ctx, response, case):
    """Every refusal says why, in words: a non-empty string ``detail``."""
    if 400 <= response.status_code < 500:
        detail = response.json().get("detail")
        assert isinstance(detail, str) and detail.strip(), f"{response.status_code} without a readable detail"


CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.negative_data_rejection, readable_detail]


class Game(NamedTuple):
    token: str
    seq: int
    game_id: str
    legal_action: dict | None
    record: dict | None = None          # the deal's record once it is over (the analysis takes it)
    last_point: int = 0                 # its last decision to judge: few cards left, quickly judged


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for the module: the server keeps nothing between requests, so no operation changes what
    the next one meets."""
    return create_app(Settings(data_dir=tmp_path_factory.mktemp("fuzz") / "data", key=None))


@pytest.fixture(scope="module")
def games(app):
    """Real games: fresh, mid-play, deal over, a computer to act; each with its token, step, id and a legal
    action. Made once for the module: a token is a value, and every operation is given the same ones."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        name_the_deals(monkeypatch, __name__)
        return made_games(TestClient(app, base_url=BASE_URL))


def made_games(client) -> list[Game]:
    fresh = ApiGame(client)
    playing = ApiGame(client)
    playing.play_until(lambda view: view["waiting_for"] == "play" and len(view["hand"]) <= 9)
    done = ApiGame(client)
    done.play_until()
    record = done.client.get("/api/game/deal", headers={"X-Game-Token": done.token}).json()
    points = len(done.client.post("/api/analysis/points", json={"record": record}).json()["points"])
    # A streamed game whose computers are to act (POST /api/game/step has something to do).
    streamed = client.post("/api/games?stream=true", json={"animation_ms": 0}).json()
    while streamed["view"]["waiting_for"] != "computers":
        streamed = client.post("/api/game/actions?stream=true", json=next_action(streamed["view"]),
                                     headers={"X-Game-Token": streamed["token"]}).json()
    return [Game(game.token, game.view["seq"], game.view["game_id"], next_action(game.view))
            for game in (fresh, playing)] + [
        Game(streamed["token"], streamed["view"]["seq"], streamed["view"]["game_id"], None)] + [
        Game(done.token, done.view["seq"], done.view["game_id"], next_action(done.view), record, points - 1)]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_the_api_answers_every_generated_request(app, games, operation):
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(case=cases, game=st.sampled_from([None, *games]), aim=st.sampled_from(["token", "seq", "game", "legal"]))
    def fuzz(case, game, aim):
        if game is not None:
            with_game(case, game, aim)
        response = case.call(base_url=BASE_URL, app=app, timeout=TIMEOUT)
        case.validate_response(response, checks=CHECKS)

    fuzz()
    # Hypothesis favours its first choices (no game, a token only), so a valid body comes rarely by chance
    # (CI once met none in 150): one known-good request as well makes sure every handler is reached.
    case = known_good(operation, games)
    response = case.call(base_url=BASE_URL, app=app, timeout=TIMEOUT)
    assert 200 <= response.status_code < 300, response.text
    case.validate_response(response, checks=CHECKS)


def known_good(operation, games):
    """A request that must succeed for each operation: a valid body is rare among the generated ones."""
    fresh, playing, streamed, done = games
    path, method = operation.path, operation.method.upper()
    if path.startswith("/api/analysis/"):
        body = {"record": done.record, "seat": 0}
        if path.endswith("/judge"):
            body["point"] = done.last_point
        return operation.Case(body=body)
    if path == "/api/games":
        return operation.Case(body={"animation_ms": 0})
    game = {"/api/game/deal": done, "/api/game/next-deal": done, "/api/game/take-back": playing,
            "/api/game/step": streamed}.get(path, fresh)
    headers = {"X-Game-Token": game.token}
    if method == "GET":
        return operation.Case(headers=headers)
    body = {"seq": game.seq, "game_id": game.game_id}
    if path == "/api/game/actions":
        body |= game.legal_action
    return operation.Case(body=body, headers=headers)


def with_game(case, game: Game, aim: str) -> None:
    """Send a real token and, by ``aim``, the step it expects, its game id, a legal action."""
    case.headers = {**(case.headers or {}), "X-Game-Token": game.token}
    if aim == "token" or case.meta.generation.mode != GenerationMode.POSITIVE:
        return          # a body made to be invalid stays invalid
    if not isinstance(case.body, dict):
        return
    case.body["seq"] = game.seq
    if aim == "game":
        case.body["game_id"] = game.game_id
    if aim == "legal" and game.legal_action and case.operation.path == "/api/game/actions":
        case.body = dict(game.legal_action)
    if aim in ("legal", "game") and game.record and case.operation.path.startswith("/api/analysis/"):
        case.body = {"record": game.record, "seat": 0, "point": game.last_point}
