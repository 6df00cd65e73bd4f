"""The computers' decisions one request each (issue 23.1): POST /step (page) and /api/game/step (API).

Every intermediate token is a state to continue from, the stream plays exactly what the one-answer
API plays, and the API without ``stream`` answers as it always did.
"""

from __future__ import annotations

import re

from tools.api_client import next_action

HX = {"HX-Request": "true"}


def seq_of(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


def waiting_of(html: str) -> str:
    return re.search(r'data-waiting-for="([\w-]+)"', html).group(1)


def api_steps(client, body: dict) -> tuple[dict, list[dict], int]:
    """Step a streamed API answer through to the player's turn; the last answer, every event, the steps."""
    events = list(body["view"]["events"])
    steps = 0
    while body["view"]["waiting_for"] == "computers":
        response = client.post("/api/game/step", json={"seq": body["view"]["seq"]},
                               headers={"X-Game-Token": body["token"]})
        assert response.status_code == 200, response.text
        body = response.json()
        # one decision per answer, unless a computer claimed the rest of the deal (every card at once)
        assert len(body["view"]["events"]) == 1 or body["view"]["waiting_for"] in ("next-deal", "round-over")
        events += body["view"]["events"]
        steps += 1
    return body, events, steps


def test_the_api_answers_after_the_computers_unless_asked_to_stream(client):
    plain = client.post("/api/games", json={"level": "rules"}).json()
    assert plain["view"]["waiting_for"] != "computers" and plain["view"]["thinking"] == []
    streamed = client.post("/api/games?stream=true", json={"level": "rules"}).json()
    assert streamed["view"]["events"] == []                  # dealt, nobody has said anything yet
    if streamed["view"]["waiting_for"] == "computers":
        assert streamed["view"]["thinking"] and 0 not in streamed["view"]["thinking"]


def test_a_stream_plays_what_the_one_answer_plays(client):
    """Each decision's bot is seeded by the state it decides in, so streaming changes nothing."""
    body = client.post("/api/games", json={"level": "rules"}).json()
    for _ in range(30):                                      # a good part of a deal, both ways at every turn
        action = next_action(body["view"])
        if action is None:
            break
        at_once = client.post("/api/game/actions", json=action, headers={"X-Game-Token": body["token"]}).json()
        first = client.post("/api/game/actions?stream=true", json=action, headers={"X-Game-Token": body["token"]})
        streamed, events, steps = api_steps(client, first.json())
        assert events == at_once["view"]["events"]
        assert streamed["view"]["hand"] == at_once["view"]["hand"]
        assert streamed["view"]["trick"] == at_once["view"]["trick"]
        # each step is one request, and one request moves the sequence on by one; a claim of the rest of the
        # deal gives many events in one step, so the steps are counted, not the events
        assert first.json()["view"]["seq"] == at_once["view"]["seq"]
        assert streamed["view"]["seq"] == at_once["view"]["seq"] + steps
        body = streamed


def test_every_token_of_a_stream_reloads_and_goes_on(client):
    """A reload at any moment: the page shows the table of the token it stored, and steps on from it."""
    answer = client.post("/new-game", data={"animation_ms": "0", "language": "en", "level": "rules"}, headers=HX)
    tokens = []
    for _ in range(40):
        html = answer.text
        if waiting_of(html) != "computers":
            if waiting_of(html) not in ("reservation", "play"):
                break
            action = {"reservation": "false"} if waiting_of(html) == "reservation" else \
                {"play": re.search(r'data-card="(\w+)"[^>]*hx-post', html).group(1)}
            answer = client.post("/act", data={"seq": seq_of(html), **action},
                                 headers={**HX, "X-Game-Token": answer.headers["X-Game-Token"]})
            continue
        token = answer.headers["X-Game-Token"]
        tokens.append(token)
        again = client.get("/", headers={**HX, "X-Game-Token": token})       # the reload
        assert again.status_code == 200 and waiting_of(again.text) == "computers"
        assert seq_of(again.text) == seq_of(html)
        assert re.search(r'class="seat [^"]*"[^>]*data-thinking', again.text)   # who is thinking
        answer = client.post("/step", data={"seq": seq_of(html)}, headers={**HX, "X-Game-Token": token})
        assert answer.status_code == 200 and seq_of(answer.text) == seq_of(html) + 1
        assert answer.text.count('class="frame"') == 1                          # one decision, one frame
    assert len(tokens) >= 6


def test_a_step_when_no_computer_is_to_act_is_refused_and_a_stale_one_too(client):
    body, _, _ = api_steps(client, client.post("/api/games?stream=true", json={"level": "rules"}).json())
    assert body["view"]["waiting_for"] == "reservation" or body["view"]["waiting_for"] == "play"
    refused = client.post("/api/game/step", json={"seq": body["view"]["seq"]}, headers={"X-Game-Token": body["token"]})
    assert refused.status_code == 400 and "no computer" in refused.json()["detail"]
    page = client.post("/step", data={"seq": body["view"]["seq"]}, headers={**HX, "X-Game-Token": body["token"]})
    assert page.status_code == 400 and 'role="alert"' in page.text and "X-Game-Token" not in page.headers
    stale = client.post("/step", data={"seq": body["view"]["seq"] - 1}, headers={**HX, "X-Game-Token": body["token"]})
    assert stale.status_code == 409


def test_the_player_cannot_act_while_a_computer_is_to(client):
    body = client.post("/api/games?stream=true", json={"level": "rules"}).json()
    while body["view"]["waiting_for"] != "computers":        # the player says first: until a computer must
        body = client.post("/api/game/actions?stream=true", json=next_action(body["view"]),
                           headers={"X-Game-Token": body["token"]}).json()
    action = {"seq": body["view"]["seq"], "reservation": False}
    if body["view"]["phase"] == "play":
        action = {"seq": body["view"]["seq"], "play": body["view"]["hand"][0]["code"]}
    refused = client.post("/api/game/actions", json=action, headers={"X-Game-Token": body["token"]})
    assert refused.status_code == 400


def test_the_page_answers_the_players_action_without_waiting_for_the_computers(client):
    answer = client.post("/new-game", data={"animation_ms": "400", "language": "en", "level": "hard"}, headers=HX)
    assert answer.status_code == 200
    assert 'class="frame"' not in answer.text                 # nothing decided by a computer yet
    while waiting_of(answer.text) == "computers":
        answer = client.post("/step", data={"seq": seq_of(answer.text)},
                             headers={**HX, "X-Game-Token": answer.headers["X-Game-Token"]})
    answer = client.post("/act", data={"seq": seq_of(answer.text), "reservation": "false"},
                         headers={**HX, "X-Game-Token": answer.headers["X-Game-Token"]})
    # Only the player's own reservation in the answer; the computers come with /step.
    assert answer.text.count('class="frame"') == 1 and 'data-seat="0" data-value="False"' in answer.text
