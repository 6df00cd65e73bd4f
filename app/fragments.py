"""Rendered pieces that many answers repeat (a card's face, a card on the table, the rule-set menu),
made once for their inputs and kept: the templates call ``memo`` around them.

    {% call memo("face", t, deck, card.code) %}...{% endcall %}

The body is rendered only the first time those inputs are seen; after that the stored HTML is
returned. The key must name everything the body reads (lists, dicts and models count by their
content) (the translator ``t`` stands for the
language: ``translator`` returns one function per language). The store is bounded: chosen seat
names make the keys open-ended, so it starts afresh when full.
"""

from __future__ import annotations

from jinja2 import Undefined
from markupsafe import Markup
from pydantic import BaseModel

PIECES_KEPT = 4096       # a few hundred in a day's play: 24 cards x 4 seats x decks x languages


class FragmentCache:
    def __init__(self, size: int = PIECES_KEPT):
        self.size = size
        self.pieces: dict[tuple, Markup] = {}

    def __call__(self, *key, caller) -> Markup:
        key = tuple(map(hashable, key))
        piece = self.pieces.get(key)
        if piece is None:
            if len(self.pieces) >= self.size:
                self.pieces.clear()
            piece = self.pieces[key] = Markup(caller())
        return piece


SCALARS = frozenset({str, int, float, bool, type(None)})


def hashable(value):
    """``value`` as a key: lists, dicts and models by their content. A name the template does not
    know is an error, not a key (a piece stored under it would be shown for every value)."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if isinstance(value, Undefined):
        raise TypeError(f"memo: {value._undefined_name!r} is not defined in this template")
    if isinstance(value, BaseModel):
        return kind, hashable(value.__dict__)
    if isinstance(value, dict):
        return tuple((name, hashable(item)) for name, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(map(hashable, value))
    return value
