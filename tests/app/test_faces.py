"""The deck chosen in the browser (cookie `deck`) draws the review and the rules page; unknown values fall back."""

from __future__ import annotations

import re

import pytest

from tests.app.test_review import record_text


@pytest.fixture
def with_deck(client):
    def choose(deck: str | None):
        client.cookies.clear()
        if deck is not None:
            client.cookies.set("deck", deck)
        return client
    yield choose
    client.cookies.clear()


def test_the_review_draws_the_german_deck_with_german_names(with_deck):
    text = with_deck("german").post("/review", data={"record": record_text(), "step": "12", "lang": "de"}).text
    assert 'href="#suit-german-' in text and 'href="#suit-C"' not in text
    labels = re.findall(r'aria-label="([^"]*)"', text)
    assert any(re.search("(Eichel|Grün|Herz|Schellen)-(Daus|Zehn|König|Ober|Unter|Neun)", label) for label in labels)
    assert not any(re.search("(Kreuz|Pik|Karo)-", label) for label in labels)


def test_the_rules_page_names_the_cards_of_the_deck(with_deck):
    german = with_deck("german").get("/rules?lang=de")
    assert 'aria-label="Eichel-Ober"' in german.text and 'aria-label="Kreuz-Dame"' not in german.text
    assert "Cookie" in german.headers["Vary"]
    four = with_deck("four").get("/rules?lang=en").text
    assert 'class="face deck-four suit-S"' in four and 'aria-label="Queen of clubs"' in four


@pytest.mark.parametrize("value", ["", "klingon", "<script>", "french"])
def test_an_unknown_deck_is_the_french_one(with_deck, value):
    response = with_deck(value).get("/rules?lang=de")
    assert response.status_code == 200
    assert 'aria-label="Kreuz-Dame"' in response.text and 'class="face deck-french suit-C"' in response.text
