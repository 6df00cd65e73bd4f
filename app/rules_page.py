"""The rules page (``GET /rules``): the rules as this table plays them, in German or English.

The prose lives in ``app/i18n/rules_<language>.json``; everything that is a fact of the engine —
card orders, eyes, announcement deadlines, who needs how many eyes, scored examples — is drawn from
the engine itself, so the page cannot disagree with the game.
"""

from __future__ import annotations

import json
import re
from functools import cache
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup, escape

from engine.calls import ABSAGEN, LEVEL, PartyCalls, window
from engine.cards import RANK_EYES, RANKS, SUITS, make
from engine.contracts import ORDERS
from engine.deal import KONTRA, RE
from engine.errors import DoppelkopfError
from engine.rules import OPTIONS, TSR, Rules
from engine.scoring import game_result, line

from .i18n import CATALOG_DIR, choose_language, text_for, translator
from .views import card_view

router = APIRouter(tags=["pages"], include_in_schema=False)

# Which contracts share a card order, and the heading for each row of the order section.
ORDER_GROUPS = (("normal", "orders.normal"), ("solo-clubs", None), ("solo-spades", None), ("solo-hearts", None),
                ("solo-queens", None), ("solo-jacks", None), ("solo-fleischlos", None))


@cache
def rules_text(language: str) -> dict:
    return json.loads((CATALOG_DIR / f"rules_{language}.json").read_text(encoding="utf-8"))


_INLINE = re.compile(r"\*\*(?P<bold>.+?)\*\*|\[(?P<text>[^\]]+)\]\((?P<href>#[a-z0-9-]+)\)")


def inline(text: str) -> Markup:
    """The catalog's two marks: ``**bold**`` and ``[text](#section)``; everything else is escaped."""
    parts, end = [], 0
    for match in _INLINE.finditer(text):
        parts.append(escape(text[end:match.start()]))
        if match["bold"]:
            parts.append(Markup("<strong>%s</strong>") % match["bold"])
        else:
            parts.append(Markup('<a href="%s">%s</a>') % (match["href"], match["text"]))
        end = match.end()
    parts.append(escape(text[end:]))
    return Markup("").join(parts)


def card_orders() -> list[dict]:
    """Each distinct card order: its trumps high to low, then each fail suit high to low."""
    groups = []
    for contract, heading in ORDER_GROUPS:
        order = ORDERS[contract]
        fails = []
        for suit in range(4):
            cards = sorted((make(suit, rank) for rank in range(6) if order.suit[make(suit, rank)] == suit),
                           key=lambda card: -order.strength[card])
            if cards:
                fails.append({"suit": SUITS[suit], "cards": [card_view(c) for c in cards]})
        groups.append({"contract": contract, "heading": heading,
                       "trumps": [card_view(c) for c in order.trumps], "fails": fails})
    return groups


def eye_rows() -> list[dict]:
    return [{"rank": rank, "eyes": eyes} for rank, eyes in zip(RANKS, RANK_EYES)]


def window_rows() -> list[dict]:
    """Smallest hand size for each announcement, in a normal game and in a late-clarified Hochzeit."""
    return [{"call": call, "cards": [window(LEVEL[call], shift) for shift in (0, 1, 2)]}
            for call in ("re",) + ABSAGEN]


def _calls(level: int | None) -> PartyCalls:
    """A party's calls: None = nothing, 0 = Re/Kontra, 1..4 = up to that Absage."""
    return PartyCalls() if level is None else PartyCalls(announced=True, timely=True, level=level)


def _least_to_win(party: str, re_level: int | None, kontra_level: int | None) -> int:
    """The fewest eyes with which ``party`` wins, found by asking the scoring itself."""
    for eyes in range(241):
        re_eyes = eyes if party == RE else 240 - eyes
        result = game_result("normal", {0, 1}, re_eyes, 6, _calls(re_level), _calls(kontra_level))
        if result.winner == party:
            return eyes
    raise AssertionError("a party that cannot win")     # every target is reachable with 240 eyes


def _needs(party: str, re_level, kontra_level, t) -> str:
    opponents_schwarz = (kontra_level if party == RE else re_level) == 4
    own_schwarz = (re_level if party == RE else kontra_level) == 4
    if own_schwarz:
        return t("winning.all_tricks")
    if opponents_schwarz:
        return t("winning.one_trick")
    return t("winning.eyes", count=_least_to_win(party, re_level, kontra_level))


WINNING_CASES = ((None, None), (0, None), (None, 0), (0, 0), (1, None), (2, None), (3, None), (4, None),
                 (None, 1), (1, 1))


def winning_rows(t, call_name) -> list[dict]:
    rows = []
    for re_level, kontra_level in WINNING_CASES:
        said = [call_name(RE, level) for level in (re_level,) if level is not None]
        said += [call_name(KONTRA, level) for level in (kontra_level,) if level is not None]
        rows.append({"announced": t("winning.and").join(said) or t("winning.nothing"),
                     "re": _needs(RE, re_level, kontra_level, t),
                     "kontra": _needs(KONTRA, re_level, kontra_level, t)})
    return rows


# Scoring examples: (text key, contract, Re seats, Re eyes, Re tricks, Re's calls, Kontra's calls, special lines)
EXAMPLES = (
    ("example.plain", "normal", {0, 1}, 131, 7, None, None, ()),
    ("example.re_lost", "normal", {0, 1}, 118, 6, 0, None, ()),
    ("example.no90_fox", "normal", {0, 1}, 155, 9, 1, None, (line("fox", RE, 1, 4),)),
    ("example.solo", "solo-clubs", {0}, 130, 7, None, 0, ()),
    ("example.nobody", "normal", {0, 1}, 140, 8, 1, 1, ()),
)


def scored_examples() -> list[dict]:
    examples = []
    for key, contract, re_seats, re_eyes, re_tricks, re_level, kontra_level, special in EXAMPLES:
        result = game_result(contract, re_seats, re_eyes, re_tricks, _calls(re_level), _calls(kontra_level),
                             list(special))
        examples.append({"key": key, "solo": len(re_seats) == 1, "result": result,
                         "re_entry": result.scores[min(re_seats)],
                         "kontra_entry": result.scores[min(set(range(4)) - re_seats)]})
    return examples


MAX_RULES_CHARS = 2_000      # every option changed is about 600 characters


def rules_href(language: str, rules=None, section: str = "") -> str:
    """The rules page's address for a table playing ``rules`` (the table's ``RulesView`` or a ``Rules``):
    the rules travel in the query (preset and changed options), so the page can say what this table plays."""
    query = {"lang": language}
    if rules is not None:
        options = (rules.to_dict() if isinstance(rules, Rules)
                   else {"preset": rules.preset} | {name: rules.options[name] for name in rules.changed})
        if options != {"preset": "tsr"}:
            query["rules"] = json.dumps(options, separators=(",", ":"))
    return "/rules?" + urlencode(query) + (f"#{section}" if section else "")


def table_rules(text: str | None) -> Rules | None:
    """The rules a table link names; None for none, the TSR, or anything that is not a valid rule set
    (the page then simply describes the TSR)."""
    if not text or len(text) > MAX_RULES_CHARS:
        return None
    try:
        rules = Rules.from_dict(json.loads(text))
    except (ValueError, RecursionError, DoppelkopfError):     # JSONDecodeError is a ValueError
        return None
    return None if rules == TSR else rules


def options_in_force(rules: Rules, t) -> list[dict]:
    """Every option whose value differs from the TSR, worded as the table's rule-set menu words it."""
    shown = []
    for name in OPTIONS:
        value = getattr(rules, name)
        if value != getattr(TSR, name):
            worded = str(value) if isinstance(value, int) and not isinstance(value, bool) \
                else t(f"option_value.{str(value).lower()}")
            shown.append({"name": name, "label": t(f"option.{name}"), "value": worded})
    return shown


BOCK_TRIGGERS = (("bock_120", "120"), ("bock_lost_re", "lost-re"), ("bock_lost_kontra", "lost-kontra"),
                 ("bock_herzstich", "herzstich"))


def house_facts(rules: Rules, r) -> dict:
    """What the house-rule sections say that depends on the options: conditions (``if``) and fill-ins."""
    criteria = [r("house.throw.nines")] if rules.schmeissen_nines and rules.nines else []
    criteria += [r("house.throw.kings")] if rules.schmeissen_kings else []
    triggers = [r(f"house.bock.{token}") for option, token in BOCK_TRIGGERS if getattr(rules, option)]
    stack = rules.bock_stack_max
    return {"throw_criteria": listing(criteria, r), "bock_triggers": listing(triggers, r),
            "bock_max": 2 ** stack, "bock_cap": stack if stack < 2 else "cap"}   # 0: no cap, 1: chained


def listing(items: list[str], r) -> str:
    """"a, b or c" in the page's language."""
    return r("house.or").join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def house_sections(text: dict, rules: Rules | None, r) -> list[dict]:
    """The sections for what the TSR do not have (Armut, Schweine, Schmeißen, Bock) that this table
    plays, each with only the blocks that hold for its options and their facts filled in."""
    if rules is None:
        return []
    facts = house_facts(rules, r)
    # A block's ``if`` names options of the rules, the Bock cap, or whether there are Bock triggers.
    known = {name: getattr(rules, name) for name in OPTIONS}
    known |= {"bock_cap": facts["bock_cap"], "bock_triggers": bool(facts["bock_triggers"])}
    played = {"armut": rules.armut, "schweine": rules.schweine, "schmeissen": bool(facts["throw_criteria"]),
              "bock": rules.bock}
    return [{"id": section["id"], "title": section["title"],
             "blocks": [{kind: fill(content, facts) for kind, content in block.items() if kind != "if"}
                        for block in section["blocks"]
                        if all(known[name] == wanted for name, wanted in block.get("if", {}).items())]}
            for section in text["house_sections"] if played[section["id"]]]


def fill(content, facts: dict):
    """A block's text (or list of texts) with the facts in braces filled in."""
    if isinstance(content, list):
        return [fill(item, facts) for item in content]
    return content.format(**facts) if "{" in content else content


def page_context(language: str, rules: Rules | None = None) -> dict:
    t = translator(language)
    text = rules_text(language)

    def r(key: str, **params) -> str:
        value = text_for(text, language, key, params)      # "121 очко", "120 очок": plural forms too
        return value.format(**params) if params else value

    def call_name(party: str, level: int) -> str:
        if level == 0:
            return t(f"call.{party}")
        return f"{t('party.' + party)}: {t('call.' + ABSAGEN[level - 1])}"

    house = house_sections(text, rules, r)
    glossary = next(i for i, section in enumerate(text["sections"]) if section["id"] == "glossary")
    sections = text["sections"][:glossary] + house + text["sections"][glossary:]
    return {"t": t, "r": r, "lang": language, "text": text, "inline": inline, "sections": sections, "house": house,
            "eye_rows": eye_rows(), "orders": card_orders(), "windows": window_rows(),
            "winning": winning_rows(r, call_name), "examples": scored_examples(),
            "table_rules": rules, "house_options": options_in_force(rules, t) if rules else []}


@router.get("/rules", response_class=HTMLResponse)
def rules_page(request: Request, lang: str | None = None, rules: str | None = None):
    """The rules in ``lang`` (de or en), else in the browser's language; ``rules`` (JSON: a preset and
    options, as the table's links pass them) says which house rules the table plays."""
    language = choose_language(lang, request.headers.get("accept-language"))
    context = page_context(language, table_rules(rules))
    response = request.app.state.templates.TemplateResponse(request, "rules.html", context)
    response.headers["Vary"] = "Accept-Language, Cookie"     # the cookie `deck` draws the cards
    return response

