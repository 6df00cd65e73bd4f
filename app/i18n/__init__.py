"""User-visible text: one catalog per language (``de.json``, ``en.json``, ...), nothing hard-coded elsewhere.

A language is offered once its catalog file is here (``<code>.json`` and ``rules_<code>.json``).

A text with a ``count`` may have plural forms of its own beside the key every language has:
``<key>.one``, ``<key>.few``, ``<key>.many`` (the CLDR categories), chosen by the language's rule
(``PLURAL_RULES``) and falling back to ``<key>`` itself. Ukrainian says 1 карта, 2 карти, 5 карт, 21 карта:

>>> translator("uk")("seat.cards", count=3), translator("uk")("seat.cards", count=21)
('3 карти', '21 карта')

>>> translator("en")("call.no90")
'No 90'
>>> choose_language("auto", "pt-BR, de;q=0.8, en;q=0.5")
'de'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

CATALOG_DIR = Path(__file__).parent
NATIVE_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "fi": "Suomi", "uk": "Українська"}
LANGUAGES = tuple(code for code in NATIVE_NAMES if (CATALOG_DIR / f"{code}.json").exists())
FALLBACK = "en"
DECIMAL_POINT = {code: "." if code == "en" else "," for code in LANGUAGES}


@cache
def catalog(language: str) -> dict[str, str]:
    return json.loads((CATALOG_DIR / f"{language}.json").read_text(encoding="utf-8"))


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


def _french(n: int) -> str:
    return "one" if n in (0, 1) else "other"


def _east_slavic(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


# The CLDR cardinal rules for whole numbers (a count of cards, games, eyes is never a fraction).
PLURAL_RULES = {"de": _one_other, "en": _one_other, "fi": _one_other, "fr": _french, "uk": _east_slavic}
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


def plural_category(language: str, count: int) -> str:
    """The CLDR category of ``count`` in ``language``.

    >>> [plural_category("uk", n) for n in (0, 1, 2, 5, 11, 12, 21, 22, 25, 111, 112)]
    ['many', 'one', 'few', 'many', 'many', 'many', 'one', 'few', 'many', 'many', 'many']
    >>> plural_category("fr", 0), plural_category("en", 0)
    ('one', 'other')
    """
    return PLURAL_RULES.get(language, _one_other)(abs(count))


def is_plural_form(key: str) -> bool:
    """``seat.cards.few`` is a plural form of ``seat.cards``: a language's own addition, not a key of its own."""
    return key.rpartition(".")[2] in PLURAL_FORMS


def text_for(texts: dict, language: str, key: str, params: dict):
    """``texts[key]``, or its plural form for ``params["count"]`` where the catalog has one."""
    count = params.get("count")
    if isinstance(count, str) and count.isdigit():      # templates pass counts split from a value
        count = int(count)
    if isinstance(count, int) and not isinstance(count, bool):
        form = f"{key}.{plural_category(language, count)}"
        if form in texts:
            return texts[form]
    return texts.get(key, key)


@cache       # one function per language: templates key their stored pieces on it (app/fragments.py)
def translator(language: str):
    """``t(key, **params)``: the text for ``key`` with ``{param}`` filled in (the key itself if missing)."""
    texts = catalog(language)

    def t(key: str, **params) -> str:
        text = text_for(texts, language, key, params)
        return text.format(**params) if params else text

    t.has = texts.__contains__    # for names the engine may add later (computer strengths)
    return t


def decimal(value: float, language: str, places: int = 1) -> str:
    """``value`` as the language writes it: 1,5 in German, 1.5 in English.

    >>> decimal(2.26, "de")
    '2,3'
    >>> decimal(-0.04, "de")    # rounded to nothing: no sign (a player reads "-0,0" as a loss)
    '0,0'
    """
    text = f"{value:.{places}f}"
    if float(text) == 0:
        text = text.lstrip("-")
    return text.replace(".", DECIMAL_POINT[language])


def choose_language(setting: str | None, accept_language: str | None) -> str:
    """The setting if it names a language, else the browser's first supported preference."""
    if setting in LANGUAGES:
        return setting
    preferences = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        preferences.append((-quality, position, tag.strip().lower()[:2]))
    for _, _, language in sorted(preferences):
        if language in LANGUAGES:
            return language
    return FALLBACK
