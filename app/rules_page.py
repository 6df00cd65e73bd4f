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
from engine.contracts import build_order, solo_kinds
from engine.deal import KONTRA, RE
from engine.errors import DoppelkopfError
from engine.rules import OPTIONS, TSR, Rules
from engine.scoring import game_result, line

from .i18n import CATALOG_DIR, choose_language, text_for, translator
from .views import card_view

router = APIRouter(tags=["pages"], include_in_schema=False)

# Which contracts share a card order, and the heading for each row of the order section (the diamonds
# solo plays the normal game's order); a table shows the solos it plays.
ORDER_GROUPS = (("normal", "orders.normal"), ("solo-clubs", None), ("solo-spades", None), ("solo-hearts", None),
                ("solo-queens", None), ("solo-jacks", None), ("solo-fleischlos", None), ("solo-kings", None),
                ("solo-koehler", None))


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


def card_orders(rules: Rules = TSR) -> list[dict]:
    """Each distinct card order of the rule set (without Schweine, which the page explains): its trumps
    high to low, then each fail suit high to low; without nines, no nines."""
    played = solo_kinds(rules)
    groups = []
    for contract, heading in ORDER_GROUPS:
        if contract != "normal" and contract not in played:
            continue
        order = build_order(contract, rules)
        ranks = range(6) if rules.nines else range(5)         # rank 5 is the nine
        fails = []
        for suit in range(4):
            cards = sorted((make(suit, rank) for rank in ranks if order.suit[make(suit, rank)] == suit),
                           key=lambda card: -order.strength[card])
            if cards:
                fails.append({"suit": SUITS[suit], "cards": [card_view(c) for c in cards]})
        if heading and not rules.solos:
            heading = "orders.normal_no_solos"          # no diamonds solo, no silent wedding
        groups.append({"contract": contract, "heading": heading,
                       "trumps": [card_view(c) for c in order.trumps], "fails": fails})
    return groups


def eye_rows(rules: Rules = TSR) -> list[dict]:
    return [{"rank": rank, "eyes": eyes} for rank, eyes in zip(RANKS, RANK_EYES) if rules.nines or rank != "9"]


def window_shift(rules: Rules) -> int:
    """Without nines every deadline comes two cards earlier in the hand (house rules §9.1), as the
    engine's deal shifts its windows by the tricks fewer than 12."""
    return 12 - rules.tricks


def calls_played(rules: Rules) -> tuple[str, ...]:
    return ("re",) + (ABSAGEN if rules.announcements == "full" else ())


def window_rows(rules: Rules = TSR) -> list[dict]:
    """Smallest hand size for each announcement, in a normal game and in a late-clarified Hochzeit."""
    extra = window_shift(rules)
    return [{"call": call, "cards": [window(LEVEL[call], shift + extra) for shift in (0, 1, 2)]}
            for call in calls_played(rules)]


def window_facts(rules: Rules) -> dict:
    """The hand sizes the announcement texts name: Re's and no 60's deadline, the replies to Re and no 90."""
    extra = window_shift(rules)
    return {"re_window": window(0, extra), "no60_window": window(2, extra),
            "re_reply": window(0, extra) - 1, "no90_reply": window(1, extra) - 1}


def _calls(level: int | None) -> PartyCalls:
    """A party's calls: None = nothing, 0 = Re/Kontra, 1..4 = up to that Absage."""
    return PartyCalls() if level is None else PartyCalls(announced=True, timely=True, level=level)


def _least_to_win(party: str, re_level: int | None, kontra_level: int | None, rules: Rules = TSR) -> int:
    """The fewest eyes with which ``party`` wins, found by asking the scoring itself."""
    for eyes in range(241):
        re_eyes = eyes if party == RE else 240 - eyes
        result = game_result("normal", {0, 1}, re_eyes, rules.tricks // 2, _calls(re_level), _calls(kontra_level),
                             rules=rules, all_tricks=rules.tricks)
        if result.winner == party:
            return eyes
    raise AssertionError("a party that cannot win")     # every target is reachable with 240 eyes


def _needs(party: str, re_level, kontra_level, t, rules: Rules = TSR) -> str:
    opponents_schwarz = (kontra_level if party == RE else re_level) == 4
    own_schwarz = (re_level if party == RE else kontra_level) == 4
    if own_schwarz:
        return t("winning.all_tricks")
    if opponents_schwarz:
        return t("winning.one_trick")
    return t("winning.eyes", count=_least_to_win(party, re_level, kontra_level, rules))


WINNING_CASES = ((None, None), (0, None), (None, 0), (0, 0), (1, None), (2, None), (3, None), (4, None),
                 (None, 1), (1, 1))


def winning_rows(t, call_name, rules: Rules = TSR) -> list[dict]:
    rows = []
    top = 4 if rules.announcements == "full" else 0        # Re and Kontra only: no Absagen
    for re_level, kontra_level in WINNING_CASES:
        if max(level for level in (re_level, kontra_level, 0) if level is not None) > top:
            continue
        said = [call_name(RE, level) for level in (re_level,) if level is not None]
        said += [call_name(KONTRA, level) for level in (kontra_level,) if level is not None]
        rows.append({"announced": t("winning.and").join(said) or t("winning.nothing"),
                     "re": _needs(RE, re_level, kontra_level, t, rules),
                     "kontra": _needs(KONTRA, re_level, kontra_level, t, rules)})
    return rows


def example_result(rules: Rules, contract: str, re_seats, re_eyes: int, re_tricks: int, re_calls: PartyCalls,
                   kontra_calls: PartyCalls, special=(), bock: int = 1):
    """A deal's result from its facts under ``rules``: the very scoring ``doppelkopf score`` ends in
    (``engine.scoring.score`` counts the tricks, then calls this with the rule set)."""
    return game_result(contract, set(re_seats), re_eyes, re_tricks, re_calls, kontra_calls, list(special),
                       rules=rules, all_tricks=rules.tricks, bock=bock)


def examples_for(rules: Rules) -> list[tuple]:
    """The scoring examples this rule set plays: (text key, contract, Re seats, Re eyes, Re tricks, Re's
    calls, Kontra's calls, special lines, Bock multiplier). No example names what the table does not play."""
    full = rules.announcements == "full"
    examples = [("example.plain", "normal", {0, 1}, 131, 7, None, None, (), 1),
                ("example.re_lost" if rules.sp_gegen_die_alten else "example.re_lost_plain",
                 "normal", {0, 1}, 118, 6, 0, None, (), 1)]
    if full:
        fox = (line("fox", RE, 1, 4),) if rules.sp_fuchs else ()
        examples.append(("example.no90_fox" if fox else "example.no90", "normal", {0, 1}, 155, 9, 1, None, fox, 1))
    if rules.re_kontra_value == "double" or not full:
        examples.append(("example.both", "normal", {0, 1}, 140, 7, 0, 0, (), 1))
    if rules.solos:
        examples.append(("example.solo", "solo-clubs", {0}, 130, 7, None, 0, (), 1))
    if full:
        examples.append(("example.nobody", "normal", {0, 1}, 140, 8, 1, 1, (), 1))
    if rules.sp_karlchen and rules.sp_karlchen_gefangen:
        examples.append(("example.karlchen_caught", "normal", {0, 1}, 131, 7, None, None,
                         (line("karlchen-caught", RE, 1, rules.tricks),), 1))
    if rules.bock:
        examples.append(("example.bock", "normal", {0, 1}, 131, 7, None, None, (), 2))
    return examples


def scored_examples(rules: Rules = TSR) -> list[dict]:
    examples = []
    for key, contract, re_seats, re_eyes, re_tricks, re_level, kontra_level, special, bock in examples_for(rules):
        result = example_result(rules, contract, re_seats, re_eyes, re_tricks, _calls(re_level), _calls(kontra_level),
                                special, bock)
        facts = {"contract": contract, "re": sorted(re_seats), "re_eyes": re_eyes, "re_tricks": re_tricks,
                 "re_level": re_level, "kontra_level": kontra_level, "special": [s.item for s in special],
                 "bock": bock}
        examples.append({"key": key, "solo": len(re_seats) == 1, "result": result, "facts": facts,
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
    """What the sections say that depends on the options: conditions (``if``) and fill-ins."""
    criteria = [r("house.throw.nines")] if rules.schmeissen_nines and rules.nines else []
    criteria += [r("house.throw.kings")] if rules.schmeissen_kings else []
    triggers = [r(f"house.bock.{token}") for option, token in BOCK_TRIGGERS if getattr(rules, option)]
    stack = rules.bock_stack_max
    throws = bool(criteria)
    # The reservations this table has, highest first (house rules §5.1: Solo > Schmeißen > Armut > Hochzeit).
    kinds = [kind for kind, played in (("solo", rules.solos), ("throw", throws), ("armut", rules.armut),
                                       ("hochzeit", True)) if played]
    order = ["compulsory", "voluntary"] * rules.solos + [kind for kind in ("throw", "armut", "hochzeit") if kind in kinds]
    # The first item starts the sentence (its own capitalised text where a language needs one).
    precedence = [r("precedence.compulsory" if order[0] == "compulsory" else f"precedence.first_{order[0]}")]
    precedence += [r(f"precedence.{kind}") for kind in order[1:]]
    thrown = [r("thrown.throw")] * throws + [r("thrown.armut")] * rules.armut
    return {"throw_criteria": listing(criteria, r), "bock_triggers": listing(triggers, r),
            "bock_max": 2 ** stack, "bock_cap": stack if stack < 2 else "cap",    # 0: no cap, 1: chained
            "reservations": listing([r(f"reserve.{kind}") for kind in kinds], r),
            "precedence": r("precedence.before").join(precedence), "thrown": listing(thrown, r),
            "thrown_deals": bool(thrown), "only_hochzeit": kinds == ["hochzeit"],
            "special_points": rules.sp_doppelkopf or rules.sp_fuchs or rules.sp_karlchen or rules.sp_gegen_die_alten
            or rules.sp_fuchs_am_ende} | window_facts(rules)


def listing(items: list[str], r) -> str:
    """"a, b or c" in the page's language."""
    return r("house.or").join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def known_facts(rules: Rules, facts: dict) -> dict:
    """What a block's ``if`` may name: every option, the Bock cap, whether there are Bock triggers,
    thrown deals or special points."""
    return {name: getattr(rules, name) for name in OPTIONS} | {
        "bock_cap": facts["bock_cap"], "bock_triggers": bool(facts["bock_triggers"]),
        "thrown_deals": facts["thrown_deals"], "special_points": facts["special_points"],
        "only_hochzeit": facts["only_hochzeit"]}


def holds(item, known: dict) -> bool:
    """Whether a block or list item applies: each condition of its ``if`` is the value (or one of the list)."""
    condition = item.get("if", {}) if isinstance(item, dict) else {}
    return all(known[name] in wanted if isinstance(wanted, list) else known[name] == wanted
               for name, wanted in condition.items())


def table_blocks(blocks: list[dict], known: dict, facts: dict) -> list[dict]:
    """The blocks (and list items) that hold for this table, their facts filled in."""
    shown = []
    for block in blocks:
        if not holds(block, known):
            continue
        content = {kind: value for kind, value in block.items() if kind != "if"}
        if "ul" in content:
            content["ul"] = [item["li"] if isinstance(item, dict) else item
                             for item in content["ul"] if holds(item, known)]
        shown.append({kind: fill(value, facts) for kind, value in content.items()})
    return shown


def table_sections(text: dict, rules: Rules, r) -> tuple[list[dict], list[dict]]:
    """Every section as this table plays it, and the house-rule sections among them (Armut, Schweine,
    Schmeißen, Bock: what the TSR do not have) that it plays, placed before the glossary."""
    facts = house_facts(rules, r)
    known = known_facts(rules, facts)
    played = {"armut": rules.armut, "schweine": rules.schweine, "schmeissen": bool(facts["throw_criteria"]),
              "bock": rules.bock}
    house = [{"id": section["id"], "title": section["title"], "blocks": table_blocks(section["blocks"], known, facts)}
             for section in text["house_sections"] if played[section["id"]]]
    base = [section | {"blocks": table_blocks(section["blocks"], known, facts)} if "blocks" in section else section
            for section in text["sections"]]
    glossary = next(i for i, section in enumerate(base) if section["id"] == "glossary")
    return base[:glossary] + house + base[glossary:], house


def fill(content, facts: dict):
    """A block's text (or list of texts) with the facts in braces filled in."""
    if isinstance(content, list):
        return [fill(item, facts) for item in content]
    return content.format(**facts) if isinstance(content, str) and "{" in content else content


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

    played = rules or TSR          # the page describes the table's rule set, the TSR when it plays them
    sections, house = table_sections(text, played, r)
    return {"t": t, "r": r, "lang": language, "text": text, "inline": inline, "sections": sections, "house": house,
            "eye_rows": eye_rows(played), "orders": card_orders(played), "windows": window_rows(played),
            "winning": winning_rows(r, call_name, played), "examples": scored_examples(played),
            "table_rules": rules, "house_options": options_in_force(rules, t) if rules else [], "solos": played.solos}


@router.get("/rules", response_class=HTMLResponse)
def rules_page(request: Request, lang: str | None = None, rules: str | None = None):
    """The rules in ``lang`` (de or en), else in the browser's language; ``rules`` (JSON: a preset and
    options, as the table's links pass them) says which house rules the table plays."""
    language = choose_language(lang, request.headers.get("accept-language"))
    context = page_context(language, table_rules(rules))
    response = request.app.state.templates.TemplateResponse(request, "rules.html", context)
    response.headers["Vary"] = "Accept-Language, Cookie"     # the cookie `deck` draws the cards
    return response

