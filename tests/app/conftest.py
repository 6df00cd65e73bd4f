"""Shared fixtures for the app tests: an app with its own key directory, a TestClient, game helpers."""

from __future__ import annotations

import random
import types
import warnings

import pytest

with warnings.catch_warnings():      # Starlette's notice about httpx versions is not ours to fix
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from app import service
from app.main import create_app
from app.settings import Settings
from tools.api_client import next_action  # noqa: F401  (also used by the test modules)


def name_the_deals(monkeypatch, name: str) -> None:
    """A new game's id and deal key come from ``name`` instead of the system's randomness."""
    draw = random.Random(name)
    monkeypatch.setattr(service, "secrets", types.SimpleNamespace(token_hex=lambda size: draw.randbytes(size).hex()))


@pytest.fixture(autouse=True)
def deals_named_by_the_test(request, monkeypatch):
    """Every run of a test sees the same deals, named by the test: a failure repeats and CI never hangs
    on a lucky draw."""
    name_the_deals(monkeypatch, request.node.nodeid)


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(data_dir=tmp_path / "data", key=None))


BASE_URL = "http://127.0.0.1:8000"      # a Host the server answers (TestClient's default "testserver" is not)


@pytest.fixture
def client(app):
    return TestClient(app, base_url=BASE_URL)


class ApiGame:
    """A game driven through the JSON API."""

    def __init__(self, client: TestClient, **settings):
        self.client = client
        response = client.post("/api/games", json={"animation_ms": 0, **settings})
        assert response.status_code == 201, response.text
        self.take(response)

    def take(self, response):
        body = response.json()
        self.token, self.view = body["token"], body["view"]
        return body

    def post(self, path: str, body: dict, token: str | None = None):
        return self.client.post(path, json=body, headers={"X-Game-Token": token or self.token})

    def act(self, body: dict):
        response = self.post("/api/game/actions", body)
        assert response.status_code == 200, response.text
        return self.take(response)

    def step(self) -> bool:
        action = next_action(self.view)
        if action is None:
            return False
        self.act(action)
        return True

    def play_until(self, predicate=lambda view: False, limit: int = 200) -> None:
        for _ in range(limit):
            if predicate(self.view) or not self.step():
                return
        raise AssertionError("the deal did not end")

    def next_deal(self):
        response = self.post("/api/game/next-deal", {"seq": self.view["seq"]})
        assert response.status_code == 200, response.text
        return self.take(response)


@pytest.fixture
def api_game(client):
    return lambda **settings: ApiGame(client, **settings)
