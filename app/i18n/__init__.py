"""User-visible text: one catalog per language (``de.json``, ``en.json``, ...), nothing hard-coded elsewhere.

A language is offered once its catalog file is here (``<code>.json`` and ``rules_<code>.json``).

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


@cache       # one function per language: templates key their stored pieces on it (app/fragments.py)
def translator(language: str):
    """``t(key, **params)``: the text for ``key`` with ``{param}`` filled in (the key itself if missing)."""
    texts = catalog(language)

    def t(key: str, **params) -> str:
        text = texts.get(key, key)
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
