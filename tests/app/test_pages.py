"""The HTML pages and htmx fragments: same service, token in headers, errors rendered for people."""

from __future__ import annotations

import re


HX = {"HX-Request": "true"}


def seq_of(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


def start(client, **form):
    response = client.post("/new-game", data={"animation_ms": "0", "language": "en", **form}, headers=HX)
    assert response.status_code == 200, response.text
    return through_the_computers(client, response)


def through_the_computers(client, response):
    """What the page does while the table waits for the computers: POST /step, one decision each,
    until the player is to act (or the deal is over); the last answer."""
    while 'data-waiting-for="computers"' in response.text:
        response = client.post("/step", data={"seq": seq_of(response.text)},
                               headers={**HX, "X-Game-Token": response.headers["X-Game-Token"]})
        assert response.status_code == 200, response.text
    return response


def test_the_page_is_a_shell_that_loads_the_table(client):
    response = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert response.status_code == 200
    html = response.text
    assert '<html lang="de">' in html and "htmx-2.0.4.min.js" in html and 'hx-trigger="load"' in html
    assert "http" not in re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", html)   # nothing from elsewhere
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_without_a_game_the_fragment_offers_a_new_one(client):
    response = client.get("/", headers={**HX, "Accept-Language": "en"})
    assert response.status_code == 200
    assert 'data-action="new-game"' in response.text and "X-Game-Token" not in response.headers


def test_starting_and_playing_through_the_pages(client):
    response = start(client)
    token = response.headers["X-Game-Token"]
    html = response.text
    assert 'id="trick"' in html and 'id="score-sheet"' in html
    assert html.count('data-card="') >= 12
    # The same table comes back for the stored token (a reload).
    again = client.get("/", headers={**HX, "X-Game-Token": token})
    assert again.status_code == 200 and seq_of(again.text) == seq_of(html)


def test_an_action_through_the_page(client):
    response = start(client)
    token, html = response.headers["X-Game-Token"], response.text
    if 'data-reservation="healthy"' in html:
        action = {"seq": seq_of(html), "reservation": "false"}
    else:
        action = {"seq": seq_of(html), "play": re.search(r'data-card="(\w+)"[^>]*hx-post', html).group(1)}
    answer = client.post("/act", data=action, headers={**HX, "X-Game-Token": token})
    assert answer.status_code == 200
    assert seq_of(answer.text) == seq_of(html) + 1 and answer.headers["X-Game-Token"] != token


def test_a_stale_action_shows_the_current_table(client):
    response = start(client)
    token = response.headers["X-Game-Token"]
    answer = client.post("/act", data={"seq": 0, "reservation": "false"}, headers={**HX, "X-Game-Token": token})
    assert answer.status_code == 409
    assert 'role="alert"' in answer.text and 'id="trick"' in answer.text
    assert "X-Game-Token" not in answer.headers


def test_an_invalid_form_is_a_422_with_the_table(client):
    token = start(client).headers["X-Game-Token"]
    answer = client.post("/act", data={"seq": "many"}, headers={**HX, "X-Game-Token": token})
    assert answer.status_code == 422 and 'role="alert"' in answer.text


def test_a_bad_token_offers_a_new_game_and_keeps_nothing(client):
    routes = (("/", "GET"), ("/act", "POST"), ("/next-deal", "POST"), ("/settings", "POST"), ("/new-game", "GET"))
    for path, method in routes:
        answer = client.request(method, path, data={"seq": 1} if method == "POST" else None,
                                headers={**HX, "X-Game-Token": "garbage", "Accept-Language": "en"})
        assert answer.status_code == 400, path
        assert 'id="token-error"' in answer.text and 'data-action="new-game"' in answer.text
        assert "X-Game-Token" not in answer.headers       # the page keeps the stored token


def test_settings_through_the_page(client):
    response = start(client)
    token = response.headers["X-Game-Token"]
    answer = client.post("/settings", data={"seq": seq_of(response.text), "language": "de", "animation_ms": "150",
                                            "level": "random"}, headers={**HX, "X-Game-Token": token})
    assert answer.status_code == 200 and 'data-lang="de"' in answer.text and 'data-animation-ms="150"' in answer.text


def test_the_new_game_form_keeps_the_current_game_until_started(client):
    token = start(client, language="de").headers["X-Game-Token"]
    answer = client.get("/new-game", headers={**HX, "X-Game-Token": token})
    assert answer.status_code == 200 and 'data-action="resume"' in answer.text
    assert "X-Game-Token" not in answer.headers


def test_bad_new_game_settings(client):
    answer = client.post("/new-game", data={"mode": "marathon"}, headers=HX)
    assert answer.status_code == 422 and 'role="alert"' in answer.text


def test_the_table_names_its_game_in_every_request(client):
    html = start(client).text
    game_id = re.search(r'data-game-id="(\w+)"', html).group(1)
    assert f"""hx-vals='{{"game_id": "{game_id}"}}'""" in html      # htmx adds it to every form below


def test_an_action_for_another_game_shows_the_current_table(client):
    old = start(client).text                    # a tab still shows this game ...
    new = start(client)                         # ... while another tab started a new one
    old_id = re.search(r'data-game-id="(\w+)"', old).group(1)
    answer = client.post("/act", data={"seq": seq_of(new.text), "game_id": old_id, "reservation": "false"},
                         headers={**HX, "X-Game-Token": new.headers["X-Game-Token"], "Accept-Language": "en"})
    assert answer.status_code == 409 and "another game" in answer.text
    assert "X-Game-Token" not in answer.headers
    assert re.search(r'data-game-id="(\w+)"', answer.text).group(1) != old_id     # the current table



def test_the_table_marks_turn_leader_trick_and_log(client):
    response = start(client)
    html, token = response.text, response.headers["X-Game-Token"]
    for _ in range(6):      # answer the query (and a naming) until the first card is due
        if 'data-reservation="healthy"' in html:
            action = {"reservation": "false"}
        elif "data-declare=" in html:
            action = {"declare": re.search(r'data-declare="([\w-]+)"', html).group(1)}
        else:
            break
        answer = client.post("/act", data={"seq": seq_of(html), **action}, headers={**HX, "X-Game-Token": token})
        answer = through_the_computers(client, answer)
        html, token = answer.text, answer.headers["X-Game-Token"]
    assert len(re.findall(r'class="seat [^"]*"[^>]*data-turn', html)) == 1
    assert len(re.findall(r"\sdata-leader[\s>]", html)) == 1
    assert re.search(r'id="trick"[^>]*data-trick="1" data-tricks="12"', html)
    assert 'id="last-trick"' in html
    log = re.search(r'<ol id="game-log".*?</ol>', html, re.S).group(0)
    assert log.count('data-kind="reservation"') == 4


def test_the_new_game_form_sets_claiming_for_anyone_and_shows_it_again(client):
    token = start(client, claim_anyone=["false", "true"]).headers["X-Game-Token"]   # hidden field, then the box
    game = client.get("/api/game", headers={"X-Game-Token": token}).json()
    assert game["view"]["settings"]["claim_anyone"] is True
    form = client.get("/new-game", headers={**HX, "X-Game-Token": token}).text
    assert 'name="claim_anyone" value="true" checked' in form
    unchecked = start(client, claim_anyone="false").headers["X-Game-Token"]
    assert client.get("/api/game", headers={"X-Game-Token": unchecked}).json()["view"]["settings"]["claim_anyone"] is False
