"""The rules page: every section in both languages, no broken links, facts drawn from the engine."""

from __future__ import annotations

import html
import json
import re

import pytest

from app.i18n import LANGUAGES
from app.rules_page import ORDER_GROUPS, inline, rules_text
from engine.cards import card_from_code, code
from engine.contracts import ORDERS

SECTIONS = ("overview", "cards", "order", "tricks", "parties", "reservations", "hochzeit", "solos",
            "tournament", "announcements", "winning", "scoring", "special", "glossary")
HOUSE_SECTIONS = ("armut", "schweine", "schmeissen", "bock")     # only where the table plays them
GLOSSARY = ("Dulle", "Fuchs", "Karlchen", "Doppelkopf", "Klärungsstich", "Schmieren", "Fehl", "Vorbehalt",
            "Pflichtsolo", "Vorführung", "Absage", "Erwiderung")


@pytest.fixture(params=LANGUAGES)
def page(request, client) -> str:
    response = client.get(f"/rules?lang={request.param}")
    assert response.status_code == 200
    return response.text


def ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_every_catalog_has_the_same_sections_in_the_same_order():
    for language in LANGUAGES:
        assert tuple(section["id"] for section in rules_text(language)["sections"]) == SECTIONS


def test_every_section_is_on_the_page_and_every_link_inside_it_resolves(page):
    assert 'id="rules"' in page
    assert SECTIONS == tuple(s for s in re.findall(r'<section id="([^"]+)"', page))
    anchors = set(re.findall(r'href="#([^"]+)"', page))
    assert anchors >= set(SECTIONS)                      # the table of contents
    assert anchors <= ids(page), anchors - ids(page)


def test_the_other_language_and_the_game_are_linked(client):
    german = client.get("/rules?lang=de").text
    assert 'href="/"' in german
    for other in LANGUAGES[1:]:
        assert f'href="/rules?lang={other}"' in german
    assert client.get("/rules", headers={"Accept-Language": "de-DE"}).text.startswith("<!doctype html>")
    assert '<html lang="de">' in client.get("/rules", headers={"Accept-Language": "de-DE"}).text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_glossary_names_the_words_players_meet(language):
    glossary = next(s for s in rules_text(language)["sections"] if s["id"] == "glossary")["glossary"]
    terms = " ".join(term for term, _ in glossary)
    for word in GLOSSARY:
        assert word in terms, word


@pytest.mark.parametrize("contract", [contract for contract, _ in ORDER_GROUPS if contract in ORDERS
                                      and contract not in ("solo-kings", "solo-koehler")])
def test_card_orders_are_the_engines(client, contract):
    page = client.get("/rules?lang=en").text
    figure = re.search(rf'data-contract="{contract}">(.*?)</figure>', page, re.S).group(1)
    trumps, fails = figure.split('class="fails"')
    order = ORDERS[contract]
    assert re.findall(r'data-card="([^"]+)"', trumps) == [code(card) for card in order.trumps]
    shown = [card_from_code(c) for c in re.findall(r'data-card="([^"]+)"', fails)]
    assert len(shown) == 24 - len(order.trumps)
    assert all(order.strength[a] > order.strength[b] for a, b in zip(shown, shown[1:]) if a // 6 == b // 6)


def test_normal_trumps_run_from_the_dulle_to_the_karo_nine(client):
    page = client.get("/rules?lang=en").text
    figure = re.search(r'data-contract="normal">(.*?)</figure>', page, re.S).group(1)
    trumps = figure.split('class="fails"')[0]
    labels = re.findall(r'aria-label="([^"]+)"', trumps)
    assert len(labels) == 13
    assert labels[0] == "Ten of hearts" and labels[1] == "Queen of clubs" and labels[-1] == "Nine of diamonds"


def test_the_winning_targets_and_deadlines_come_from_the_engine(client):
    page = client.get("/rules?lang=de").text
    assert re.search(r"<th scope=\"row\">nichts</th><td>121 Augen</td><td>120 Augen</td>", page)
    assert re.search(r"<th scope=\"row\">Kontra</th><td>120 Augen</td><td>121 Augen</td>", page)
    assert re.search(r"<th scope=\"row\">Re: Keine 90</th><td>151 Augen</td><td>90 Augen</td>", page)
    row = re.search(r'<tr data-call="no60">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">(\d+)</td>', row) == ["9", "8", "7"]


def test_the_worked_examples_add_up(page):
    examples = re.findall(r'data-example="([^"]+)" data-scores="([^"]+)"', page)
    assert len(examples) == 5
    for key, scores in examples:
        entries = [int(s) for s in scores.split(",")]
        assert sum(entries) == 0, key
    scores = dict(examples)
    assert scores["example.plain"] == "1,1,-1,-1"
    assert scores["example.re_lost"] == "-4,-4,4,4"
    assert scores["example.no90_fox"] == "6,6,-6,-6"
    assert scores["example.solo"] == "9,-3,-3,-3"
    assert scores["example.nobody"] == "1,1,-1,-1"


def test_inline_marks_escape_everything_else():
    assert str(inline("**Re** <b> [Solo](#solos)")) == '<strong>Re</strong> &lt;b&gt; <a href="#solos">Solo</a>'


def test_the_table_links_only_to_sections_that_exist():
    """Result lines and seat badges open the rules page at a section: each must be one of the page's."""
    from pathlib import Path
    partials = Path(__file__).resolve().parents[2] / "templates" / "partials"
    result = (partials / "result.html").read_text()
    mapped = set(re.findall(r'"[\w-]+": "(\w+)"', result.split("%}")[0]))
    linked = set(re.findall(r'rules_link\("(\w+)"', (partials / "seat.html").read_text()))
    assert mapped and linked
    assert mapped | linked <= set(SECTIONS) | set(HOUSE_SECTIONS)


TEXT_FIXES = {   # against ../shared/rules/ddv-tsr.md: §8.2 (shift), §10.1 e/f (per level), §6 (search order), §8.2 (hand size)
    "de": ["verschieben sie sich um einen bzw. zwei Stiche", "Je 1 Punkt, wenn die Gewinner gegen Absagen",
           "zuletzt beim Geber selbst", "noch mindestens so viele Karten auf der Hand", '<td class="num">11</td>',
           "oder ein <a href=\"#solos\">Solo</a>", ">Frei</dt>", ">Blank</dt>",
           # the audit of issue 12: §7.1 (Karo-Solo: trick 3 clarifies), §4 (no second deal after a
           # Vorführung), §6 (this deal counted), §9 (Kontra only: 121), §8.3.4 (Re skipped), §8.3.5 (reply)
           "zählt der dritte als Klärungsstich", "(nicht nach einer Vorführung)", "(dieses mitgezählt)",
           "und Kontra braucht 121", "auch Re bzw. Kontra selbst", "gegen Re also mit 10 Karten",
           "(oder Hochzeiter allein)", "die der Verlierer gehen davon ab"],
    "en": ["they move by one or two tricks", "1 point each time the winners reached", "the dealer last",
           "still hold at least this many cards", '<td class="num">11</td>', "or a <a href=\"#solos\">solo</a>",
           ">Frei</dt>", ">Blank</dt>",
           "the third counts as the Klärungsstich", "(not after a Vorführung)", "(this one included)",
           "and Kontra 121", "Re or Kontra itself included", "against Re with 10 cards",
           "(or Hochzeit player alone)", "are taken off it"],
}
STALE = ["um die Zahl der Stiche bis zur Klärung", "by the number of tricks it took", "ab 11 Karten",
         "fehl sein", "\"1 Punkt, wenn die Gewinner", "solange niemand etwas angesagt hat",
         "as long as nobody has announced anything", "näher links vom Geber", "nearer to the dealer's left",
         "wer auch immer angesagt hat", "whoever announced them", "two ten of hearts", "\"gegen die Alten\""]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_texts_say_what_the_rules_say(client, language):
    page = client.get(f"/rules?lang={language}").text.replace("&#34;", '"')
    for text in TEXT_FIXES[language]:
        assert text in page, text
    for text in STALE:
        assert text not in page, text


def test_a_house_table_links_to_a_page_that_says_what_it_plays(api_game, client):
    import html
    import re

    game = api_game(rules="kneipe", language="de")
    table = client.get("/", headers={"X-Game-Token": game.token, "HX-Request": "true"}).text
    link = html.unescape(re.search(r'href="([^"]+)" data-action="rules"', table).group(1))
    assert "rules=" in link
    page = client.get(link).text
    assert "mit den Hausregeln „Kneipe / Hausrunde“" in page and 'data-option="armut"' in page
    assert "Armut: ja" in page and "so, wie dieser Tisch es spielt" in page
    assert "So spielt dieser Tisch: nach den Turnierspielregeln des Deutschen" not in page
    assert 'href="/rules?lang=en&amp;rules=' in page                 # the other language keeps the rules

    tsr = api_game(language="de")
    table = client.get("/", headers={"X-Game-Token": tsr.token, "HX-Request": "true"}).text
    assert 'href="/rules?lang=de" data-action="rules"' in table


@pytest.mark.parametrize("rules", ['{"preset":"x"}', "[", '{"armut": 3}', "x" * 3000, '{"preset":"tsr"}', "null"])
def test_a_bad_or_plain_rules_parameter_describes_the_tsr(client, rules):
    response = client.get("/rules", params={"lang": "de", "rules": rules})
    assert response.status_code == 200
    assert "So spielt dieser Tisch: nach den Turnierspielregeln des Deutschen" in response.text
    assert "table-rules" not in response.text


# ----- the house rules' sections: what the TSR do not have, as this table plays it -----------------

def house_page(client, language: str, **rules) -> str:
    response = client.get("/rules", params={"lang": language, "rules": json.dumps(rules)})
    assert response.status_code == 200
    return html.unescape(response.text)


def section_text(page: str, section: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", re.search(rf'<section id="{section}".*?</section>', page, re.S)[0]))


def catalog_shape(sections: list[dict]) -> list:
    """Each section's blocks: their kinds, their conditions and those of their list items."""
    def item(entry):
        return [sorted(entry), json.dumps(entry.get("if"), sort_keys=True)] if isinstance(entry, dict) else "text"
    return [(section["id"], [(sorted(block), json.dumps(block.get("if"), sort_keys=True),
                              [item(entry) for entry in block.get("ul", [])]) for block in section.get("blocks", [])],
             len(section.get("glossary", []))) for section in sections]


def test_every_catalog_has_the_same_sections_blocks_and_conditions():
    shapes = [catalog_shape(rules_text(language)["sections"]) for language in LANGUAGES]
    assert all(shape == shapes[0] for shape in shapes)


def test_every_catalog_has_the_same_house_sections_with_the_same_conditions():
    shapes = [[(section["id"], [(sorted(block), block.get("if")) for block in section["blocks"]])
               for section in rules_text(language)["house_sections"]] for language in LANGUAGES]
    assert all(shape == shapes[0] for shape in shapes) and [section for section, _ in shapes[0]] == list(HOUSE_SECTIONS)


@pytest.mark.parametrize("preset, shown", [("tsr", ()), ("einsteiger", ()), ("sonderregeln", ("armut", "schweine")),
                                           ("kneipe", HOUSE_SECTIONS), ("ohne_neunen", ("armut", "schweine", "schmeissen", "bock"))])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_gets_a_section_for_each_house_rule_it_plays_before_the_glossary(client, language, preset, shown):
    page = house_page(client, language, preset=preset)
    assert tuple(re.findall(r'<section id="([^"]+)"', page)) == SECTIONS[:-1] + shown + ("glossary",)
    anchors = set(re.findall(r'href="#([^"]+)"', page))
    assert anchors >= set(shown) and anchors <= ids(page), anchors - ids(page)   # contents, intro, cross-links


def test_the_house_sections_say_what_the_options_say(client):
    kneipe = house_page(client, "de", preset="kneipe")
    assert "Jedes Karo-Ass zählt dabei als Trumpf." in section_text(kneipe, "armut")
    assert "Wer mindestens fünf Neunen hat, darf schmeißen" in section_text(kneipe, "schmeissen")
    assert "erst, wenn ihr Besitzer das erste davon spielt" in section_text(kneipe, "schweine")
    assert "Superschweine" not in section_text(kneipe, "schweine")
    assert "in dem beide Parteien genau 120 Augen haben." in section_text(kneipe, "bock")
    assert "zählt vierfach" in section_text(kneipe, "bock")

    sonder = house_page(client, "de", preset="sonderregeln")
    assert "beide Neunen der Trumpffarbe" in section_text(sonder, "schweine")
    assert "zusammen mit den Schweinen gezeigt" in section_text(sonder, "schweine")

    custom = house_page(client, "en", preset="ohne_neunen", superschweine=True, armut_fox_counts=False,
                        schweine=False, bock_lost_re=True, bock_stack_max=3)
    assert "four trumps with one Fuchs, five with both" in section_text(custom, "armut")
    assert 'id="schweine"' not in custom and "#schweine" not in custom      # no Schweine, so no link there
    assert "A player with at least five kings may throw in" in section_text(custom, "schmeissen")
    assert ("both parties end with exactly 120 eyes, Re announced (an Absage alone counts too) and does not win "
            "or a trick of four fail hearts") in section_text(custom, "bock")
    assert "no deal counts more than 8 times" in section_text(custom, "bock")

    chained = house_page(client, "en", preset="kneipe", bock_stack_max=1, bock_120=False, schmeissen_nines=False)
    assert "no deal counts more than double" in section_text(chained, "bock")
    assert "no reason for a Bock round switched on" in section_text(chained, "bock")
    assert 'id="schmeissen"' not in chained
    # Schmeißen with nines needs nines: without them only the kings would let a hand throw.
    assert 'id="schmeissen"' not in house_page(client, "de", preset="ohne_neunen", schmeissen_kings=False,
                                                  schmeissen_nines=True)


# ----- the page describes the table's own rule set (issue 21.12) ------------------------------------

def examples_on(client, language: str, **rules) -> list[tuple[str, list[int], dict]]:
    """The page's scoring examples: text key, entries, and the facts they were computed from."""
    page = client.get("/rules", params={"lang": language, "rules": json.dumps(rules)}).text
    return [(key, [int(s) for s in scores.split(",")], json.loads(html.unescape(facts)))
            for key, scores, facts in re.findall(r'data-example="([^"]+)" data-scores="([^"]+)" data-facts="([^"]+)"',
                                                 page)]


def random_rule_sets(count: int, seed: int = 21) -> list[dict]:
    """Option sets drawn at random from every option's values (each a valid rule set)."""
    import random

    from engine.rules import OPTIONS
    rng = random.Random(seed)
    sets = []
    for _ in range(count):
        options = {"preset": rng.choice(("tsr", "kneipe", "ohne_neunen", "sonderregeln", "einsteiger"))}
        for name in rng.sample(sorted(OPTIONS), 8):
            kind = OPTIONS[name]
            options[name] = rng.choice(list(kind) if isinstance(kind, (tuple, list)) else
                                       [True, False] if kind is bool or kind == "bool" else [0, 1, 3])
        sets.append(options)
    return sets


def rule_sets():
    return [{"preset": preset} for preset in ("tsr", "kneipe", "ohne_neunen", "sonderregeln", "einsteiger")] + \
        random_rule_sets(6)


def real_deals(rules, count: int, seed: int):
    """Complete deals under ``rules``, played by random players (announcements included), as records."""
    import random

    from engine.bots import RandomBot
    from engine.driver import advance
    from engine.record import export
    from engine.round import Round
    deals = []
    rng = random.Random(seed)
    while len(deals) < count:
        deal = Round(rules=rules).new_deal(random.Random(rng.random()))
        advance(deal, {seat: RandomBot(rng.randrange(10**9)) for seat in range(4)})
        if deal.thrown is None:
            deals.append(export(deal))
    return deals


@pytest.mark.parametrize("options", rule_sets(), ids=lambda options: json.dumps(options, sort_keys=True))
def test_every_example_is_the_engines_score_under_the_tables_rules(client, options):
    """Each example's entries are what the engine's scoring gives for its facts under the table's rules;
    and for the facts of real deals that scoring gives exactly what ``doppelkopf score`` prints."""
    from app.rules_page import _calls, example_result
    from engine.record import replay, score_record
    from engine.rules import Rules
    from engine.scoring import line

    rules = Rules.from_dict(options)
    for language in ("de", "en"):
        shown = examples_on(client, language, **options)
        assert shown and all(sum(scores) == 0 for _, scores, _ in shown)
        for key, scores, facts in shown:
            special = [line(item, "re", 1, rules.tricks) for item in facts["special"]]
            result = example_result(rules, facts["contract"], facts["re"], facts["re_eyes"], facts["re_tricks"],
                                    _calls(facts["re_level"]), _calls(facts["kontra_level"]), special, facts["bock"])
            assert result.scores == scores, key
            # Nothing the table does not play: no Absage without Absagen, no solo without solos.
            if rules.announcements != "full":
                assert (facts["re_level"] or 0) == 0 and (facts["kontra_level"] or 0) == 0, key
            assert rules.solos or facts["contract"] == "normal", key
    for record in real_deals(rules, 12, seed=len(json.dumps(options))):
        printed = score_record(record)                       # what `doppelkopf score` prints for it
        deal = replay(record)
        calls = deal.party_calls
        special = [line(s["item"], s["party"], s["points"]) for s in printed["special"]
                   if s["item"] != "against-the-queens"]      # the scoring adds that one itself
        mine = example_result(rules, printed["contract"], set(printed["re"]), printed["eyes"]["re"],
                              printed["tricks"]["re"], calls["re"], calls["kontra"], special, printed.get("bock", 1))
        assert mine.scores == printed["scores"], record


def test_the_kneipe_page_says_what_the_kneipe_table_plays(client):
    for language in ("de", "en"):
        scores = {key: scores for key, scores, _ in examples_on(client, language, preset="kneipe")}
        # Re/Kontra double (house rules §10.3): Kontra wins 1, doubled by Re's call, +1 against the Alten.
        assert scores["example.re_lost"] == [-3, -3, 3, 3]
        assert scores["example.no90_fox"] == [7, 7, -7, -7]           # (1 + 1 + 1) * 2 + Fuchs
        assert scores["example.solo"] == [6, -2, -2, -2]              # 1 doubled by Kontra, soloist three times
        assert scores["example.bock"] == [2, 2, -2, -2] and "example.karlchen_caught" in scores
    english = house_page(client, "en", preset="kneipe")
    assert "2 points if Re was announced" not in english and "Re announced doubles" in section_text(english, "scoring")
    assert "Which suit was led does not matter" not in english
    assert "which trick decides" in section_text(english, "hochzeit")
    assert "which the soloist leads" in section_text(english, "tricks")
    assert "the same dealer deals again" in section_text(english, "solos")
    assert "everyone deals five normal games" not in english
    assert "a solo, throwing in (Schmeißen), an Armut or a Hochzeit" in section_text(english, "reservations")
    assert "Karlchen gefangen" in section_text(english, "special")
    assert "of two Dullen the second wins, but in the last trick the first; in a declared solo always the first" \
        in section_text(english, "tricks")
    german = house_page(client, "de", preset="kneipe")
    assert "2 Punkte, wenn Re angesagt wurde" not in german and "Re angesagt verdoppelt" in german
    assert "Ein Lustsolo spielt Vorhand aus" not in german and "So gibt jeder fünf Normalspiele" not in german
    assert "Karlchen gefangen" in section_text(german, "special")


def test_without_nines_the_page_counts_40_cards_and_the_later_deadlines(client):
    from engine.rules import Rules
    for language in ("de", "en"):
        page = house_page(client, language, preset="ohne_neunen")
        assert "40" in section_text(page, "overview") and "48" not in section_text(page, "overview")
        assert "48" not in section_text(page, "cards")
        row = re.search(r'<tr data-call="re">(.*?)</tr>', page, re.S).group(1)
        assert re.findall(r'<td class="num">(\d+)</td>', row) == ["9", "8", "7"]
        assert not re.search(r'data-card="[CSHD]9"', page)             # no nine in any card order
        assert "11" not in section_text(page, "announcements").replace("Re / Kontra", "")
    rules = Rules.preset_named("ohne_neunen")
    assert rules.tricks == 10


def test_the_beginner_page_has_no_silent_wedding_no_solo_and_no_absage(client):
    for language in ("de", "en"):
        page = house_page(client, language, preset="einsteiger")
        hochzeit = section_text(page, "hochzeit")
        assert ("keine stille Hochzeit" in hochzeit) if language == "de" else ("no silent wedding" in hochzeit)
        assert 'data-call="no90"' not in page and 'data-contract="solo-clubs"' not in page
        assert "90" not in section_text(page, "announcements").split("(")[-1]     # the note names Re/Kontra only
        assert ("Normalspiel, Hochzeit" if language == "de" else "Normal game, Hochzeit") in section_text(page, "order")
        assert not any(facts["contract"] != "normal" or facts["re_level"]
                       for _, _, facts in examples_on(client, language, preset="einsteiger"))
