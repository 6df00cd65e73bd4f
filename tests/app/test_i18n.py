"""Every user-visible text comes from the catalogs, and both catalogs say everything."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from string import Formatter

from app.i18n import (CATALOG_DIR, DECIMAL_POINT, LANGUAGES, catalog, choose_language, decimal, is_plural_form,
                      translator)
from app.game_settings import SPEEDS
from engine.actions import CALLS
from engine.bots import LEVELS
from engine.bots.ideas import ENGLISH as IDEAS
from engine.bots.reasons import ENGLISH as REASONS
from engine.contracts import CONTRACTS
from engine.scoring import ABSAGE_ITEMS

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
ITEMS = ("won", "under90", "under60", "under30", "schwarz", "announced-re", "announced-kontra", *ABSAGE_ITEMS,
         "reached120", "reached90", "reached60", "reached30", "against-the-queens", "doppelkopf", "fox", "karlchen")


def template_texts() -> str:
    return "\n".join(path.read_text() for path in TEMPLATES.rglob("*.html"))


def test_every_catalog_has_the_same_keys_as_the_german_one():
    for language in LANGUAGES:
        own = {key for key in catalog(language) if not is_plural_form(key)}     # plural forms are a language's own
        assert own ^ set(catalog("de")) == set(), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_form_belongs_to_a_text_with_a_count_and_says_the_same_things(language):
    texts = catalog(language) | json.loads((CATALOG_DIR / f"rules_{language}.json").read_text(encoding="utf-8"))
    for key, text in texts.items():
        if is_plural_form(key):
            base = key.rpartition(".")[0]
            assert "count" in _placeholders(texts[base]), (language, key)
            assert _placeholders(text) == _placeholders(texts[base]), (language, key)


def test_a_count_picks_the_plural_form_of_its_language():
    uk = translator("uk")
    assert [uk("seat.card" if n == 1 else "seat.cards", count=n) for n in (0, 1, 2, 4, 5, 11, 12, 21, 22)] == [
        "0 карт", "1 карта", "2 карти", "4 карти", "5 карт", "11 карт", "12 карт", "21 карта", "22 карти"]
    assert uk("review.return", count="3", trumps="1").startswith("повертає 3 карти")   # a count split from text
    assert translator("de")("seat.cards", count=3) == "3 Karten"                       # no plural forms: the key


def test_every_key_a_template_names_exists():
    keys = set(re.findall(r"""\bt\(\s*["']([\w.\-]+)["'](?!\s*~)""", template_texts()))
    assert keys, "no t() calls found"
    for language in LANGUAGES:
        assert keys - set(catalog(language)) == set(), language


@pytest.mark.parametrize("prefix, names", [
    ("contract.", CONTRACTS), ("call.", CALLS), ("party.", ("re", "kontra")), ("item.", ITEMS),
    ("rank.", ("A", "10", "K", "Q", "J", "9")), ("rank_name.", ("A", "10", "K", "Q", "J", "9")),
    ("suit_name.", "CSHD"), ("suit_class.", ("C", "S", "H", "D", "trump")),
    ("problem.", ("not-playing", "not-your-turn", "must-follow")), ("speed.", SPEEDS),
    ("language.", ("auto",)), ("round.", ("casual", "tournament")),
    ("mode_help.", ("casual", "tournament")), ("token.", ("invalid", "outdated")),
    ("seat.", "0123"),
])
def test_every_name_the_engine_and_views_use_has_a_text(prefix, names):
    for language in LANGUAGES:
        missing = [name for name in names if prefix + name not in catalog(language)]
        assert not missing, (language, missing)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


@pytest.mark.parametrize("key", REASONS)
def test_every_reason_of_the_rule_player_has_a_text_with_its_parameters(key):
    for language in LANGUAGES:
        text = catalog(language).get(f"hint.reason.{key}")
        assert text, (language, key)
        assert _placeholders(text) == _placeholders(REASONS[key]), (language, key)


def test_numbers_are_written_as_the_language_writes_them():
    assert set(DECIMAL_POINT) == set(LANGUAGES)
    assert decimal(1.5, "de") == "1,5" and decimal(1.5, "en") == "1.5"


def test_a_computer_strength_without_a_text_shows_its_name():
    assert "random" in LEVELS            # the others may be added by the engine at any time
    assert translator("en").has("level.random")


def test_templates_hold_no_text_of_their_own():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        text = re.sub(r"{#.*?#}|{{.*?}}|{%.*?%}", " ", text, flags=re.S)     # Jinja
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", text, flags=re.S)                    # tags and attributes
        words = re.findall(r"[^\W\d_]{2,}", text)
        assert not words, (path.name, words[:10])


def test_no_text_in_attributes_people_read():
    attribute = re.compile(r"""\b(title|aria-label|placeholder|alt)=(["'])(.*?)\2""", re.S)
    for path in TEMPLATES.rglob("*.html"):
        for name, _, value in attribute.findall(path.read_text()):
            assert not re.sub(r"{{.*?}}|{%.*?%}", "", value).strip(), (path.name, name, value)


@pytest.mark.parametrize("setting, header, expected", [
    ("de", "en-US", "de"), ("en", None, "en"), ("auto", "de-AT,de;q=0.9,en;q=0.8", "de"),
    ("auto", "pt, en;q=0.9, de;q=0.1", "en"), ("auto", "en;q=0.2, de;q=0.9", "de"), ("auto", None, "en"),
    ("auto", ";;;q=x,,", "en"), (None, "DE", "de"), ("auto", "uk-UA,uk;q=0.9,en-US;q=0.8", "uk"),
])
def test_the_language_follows_the_setting_then_the_browser(setting, header, expected):
    assert choose_language(setting, header) == expected


def _strings(value):
    """Every text in a catalog, however nested (the rules catalogs hold lists and sections); a block's
    ``if`` holds the rule options it depends on, names and not texts, the same in every language."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "if":
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _catalog_texts(language: str) -> dict[str, str]:
    rules = json.loads((CATALOG_DIR / f"rules_{language}.json").read_text(encoding="utf-8"))
    rules = {key: value for key, value in rules.items() if not is_plural_form(key)}
    return ({key: text for key, text in catalog(language).items() if not is_plural_form(key)}
            | {f"rules:{i}": text for i, text in enumerate(_strings(rules))})


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code not in ("de", "en")])
def test_a_new_language_leaves_no_sentence_in_german_or_english(language):
    """Kept terms (Re, Kontra, Dulle, Fuchs ...) may stay as they are; a text of three words or more that
    reads exactly as in German or English was not translated."""
    german, english, own = _catalog_texts("de"), _catalog_texts("en"), _catalog_texts(language)
    assert set(own) == set(german), language        # the same texts, in the same places
    untranslated = [key for key, text in own.items()
                    if len(re.findall(r"[^\W\d_]{2,}", text)) >= 3 and text in (german[key], english[key])]
    assert not untranslated, (language, untranslated[:10])


def test_german_game_terms_stay_german_in_english():
    english = catalog("en")
    assert english["call.re"] == "Re" and english["call.kontra"] == "Kontra"
    assert english["contract.wedding"] == "Hochzeit" and english["item.karlchen"] == "Karlchen"
    assert "Fuchs" in english["item.fox"]


# ----- sentences about a seat: the player's own seat is "du"/"you", with its own verb forms --------

BROKEN_SECOND_PERSON = {
    "de": re.compile(r"\bDu (hat|spielt|sagt|ist|nimmt|gewinnt|bekommt|wird|muss)\b|\b(an|von|für|gegen|mit) Du\b"),
    "fr": re.compile(r"\bVous (a|est|joue|prend|annonce|propose|refuse|rend|entame|devient|n’a|passe)\b|\b(à|de|pour|contre|avec|par) Vous\b"),
    "en": re.compile(r"\bYou (leads|has|plays|says|takes|is|wins|gets|announces|names|partners)\b"
                     r"|\b(by|to|for|against|with) You\b"),
    "uk": re.compile(r"\bТи (має|грає|бере|виграє|отримує|оголошує|пропонує|відмовляється|повертає|ходить|стає|мусить)\b|\b(бере|грає|має|оголошує|ходить|стає) Ти\b|\b(до|для|від|у|в|з|із|проти) Ти\b"),
    "fi": re.compile(r"\bSinä (saa|ottaa|pelaa|ilmoittaa|on|tekee|aloittaa|antaa)\b|\bSinä(n|lle|ltä)\b"),
}


def seat_keys(language: str) -> list[str]:
    """Every catalog text that names a seat (its ``{name}`` placeholder)."""
    return [key for key, text in catalog(language).items() if "name" in _placeholders(text)]


def _render(text: str, **known) -> str:
    return text.format(**{name: known.get(name, "7") for name in _placeholders(text)})


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_about_a_seat_has_a_second_person_form(language):
    from app.pages import seat_translator

    t = translator(language)
    ts = seat_translator(t)
    keys = seat_keys(language)
    assert {"trick.taken_by", "trick.number_taken_by", "log.call", "log.trick", "bubble.call"} <= set(keys)
    for key in keys:
        own = catalog(language).get(f"{key}.you")
        assert own is not None, f"{language}: {key} has no second-person form {key}.you"
        assert "name" not in _placeholders(own), (language, key)
        params = {name: "Re" for name in _placeholders(own) | _placeholders(catalog(language)[key]) if name != "name"}
        for seat in (0, 2):
            text = ts(key, seat, **params)
            assert not BROKEN_SECOND_PERSON[language].search(text), (language, key, text)
            assert (t("seat.2") in text) == (seat == 2), (language, key, text)


@pytest.mark.parametrize("language, broken", [("de", "Du hat den Stich"), ("de", "Stich 12, an Du"),
                                              ("de", "Du spielt aus"), ("en", "You leads"), ("en", "taken by You"),
                                              ("uk", "Ти бере взятку"), ("uk", "Взятку бере Ти"), ("uk", "для Ти"),
                                              ("fi", "Sinä saa tikin"), ("fi", "Tikki 3: Sinälle")])
def test_the_second_person_check_catches_the_broken_forms(language, broken):
    assert BROKEN_SECOND_PERSON[language].search(broken)


def test_every_sentence_a_template_says_about_a_seat_exists_in_both_forms():
    keys = set(re.findall(r"""\bts\(\s*["']([\w.\-]+)["']""", template_texts()))
    assert "trick.taken_by" in keys
    for language in LANGUAGES:
        for key in keys:
            # A key built from a prefix (ts("declares." ~ kind, seat)): every key under it, in both forms.
            named = [k for k in catalog(language) if k.startswith(key) and not k.endswith(".you")] if key.endswith(".") else [key]
            assert named, (language, key)
            for name in named:
                assert name in catalog(language) and f"{name}.you" in catalog(language), (language, name)


@pytest.mark.parametrize("key", IDEAS)
def test_every_idea_of_a_hint_has_a_text_with_its_parameters(key):
    for language in LANGUAGES:
        text = catalog(language).get(f"hint.idea.{key}")
        assert text, (language, key)
        assert _placeholders(text) == _placeholders(IDEAS[key]), (language, key)
