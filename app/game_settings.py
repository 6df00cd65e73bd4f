"""The player's settings: the seats' names, hand sorting and eye counter (``PersonalSettings``), and the
game's settings on top of them (``GameSettings``: mode, computer strength, speed, language, rules).

A new game takes them (``POST /api/games``, the start form), the token keeps them, the table view shows
them; ``api_models.SettingsChange`` changes those that may change during a game.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.bots import LEVELS
from engine.errors import RulesError
from engine.rules import PRESET_NAMES, Rules

from .i18n import LANGUAGES, catalog

SPEEDS = {"off": 0, "fast": 150, "normal": 400, "slow": 800}   # animation delay per card, ms


def default_level() -> str:
    """Medium: a search player that answers in about 50 ms (docs/strength.md)."""
    return "medium" if "medium" in LEVELS else next(iter(LEVELS))


def known_level(level: str | None) -> str | None:
    if level is not None and level not in LEVELS:
        raise ValueError(f"unknown computer strength {level!r} (known: {', '.join(LEVELS)})")
    return level


# Requests are taken as the schema says: no true for 1 or "3" for 3 in JSON. (The pages' form fields
# are all text; they are read with strict=False.)
STRICT = ConfigDict(strict=True)


NAME_LENGTH = 16                  # fits a seat label on a phone
SUIT_ORDERS = ("CSHD", "CHSD", "DHSC", "HSDC")   # fail suits left to right: Kreuz-Pik-Herz-Karo, alternating colours, ...


def clean_name(name: str | None) -> str | None:
    """A seat's name, trimmed: not empty, at most NAME_LENGTH characters, no control characters."""
    if name is None:
        return None
    name = " ".join(name.split())
    if not name:
        raise ValueError("a name must not be empty")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    if not name.isprintable():
        raise ValueError("a name must be printable text")
    return name


def known_suit_order(order: str | None) -> str | None:
    if order is not None and sorted(order) != sorted("CSHD"):
        raise ValueError("the suit order names each of C, S, H, D once")
    return order


class PersonalSettings(BaseModel):
    """A table of one's own: the seats' names (None: the catalog's default), hand sorting, eye counter."""

    name_0: str | None = None      # the player's name on labels (sentences still say Du/You)
    name_1: str | None = None
    name_2: str | None = None
    name_3: str | None = None
    trumps: Literal["left", "right"] = "left"
    suit_order: str = "CSHD"
    eye_counter: bool = False

    _clean_names = field_validator("name_0", "name_1", "name_2", "name_3")(clean_name)
    _known_suit_order = field_validator("suit_order")(known_suit_order)

    @model_validator(mode="after")
    def default_names_follow_the_language(self) -> "PersonalSettings":
        """A seat's default name in any language (the form shows it) is kept as None, so that "Du"
        becomes "You" when the language changes."""
        for seat in range(4):
            name = getattr(self, f"name_{seat}")    # None mostly: then there is nothing to look up
            if name is not None and name in {catalog(language)[f"seat.{seat}"] for language in LANGUAGES}:
                setattr(self, f"name_{seat}", None)
        return self

    def names(self) -> list[str | None]:
        return [self.name_0, self.name_1, self.name_2, self.name_3]


class GameSettings(PersonalSettings):
    model_config = STRICT

    mode: Literal["casual", "tournament"] = "casual"
    level: str = Field(default_factory=default_level)
    animation_ms: int = Field(SPEEDS["normal"], ge=0, le=5000)
    language: Literal["auto", *LANGUAGES] = "auto"  # type: ignore[valid-type]
    # The rule set a new game starts with; the game keeps it in its round (``Round.rules``), so a
    # token from before house rules (no ``rules`` here) plays the TSR.
    rules: Literal[PRESET_NAMES] = "tsr"
    options: dict[str, bool | int | str] = Field({}, max_length=40, description="single rule options set "
                                                 "apart from the preset, as in a deal record's rules")
    claim_anyone: bool = Field(False, description="casual play: anyone who surely takes every remaining trick "
                               "may claim them (Abkürzung), not only a soloist; a tournament round "
                               "keeps TSR 5.4 (only a soloist)")

    _known_level = field_validator("level")(known_level)

    @model_validator(mode="after")
    def valid_rule_set(self) -> "GameSettings":
        rules = self.rule_set()           # an unknown option or a wrong value: refused here (4xx)
        if self.mode == "tournament" and not rules.solos:
            raise ValueError("a tournament round needs solos: choose casual play for these rules")
        return self

    def anyone_may_claim(self) -> bool:
        """Whether anyone may claim the rest, not only a soloist: the casual table's option."""
        return self.claim_anyone and self.mode == "casual"

    def rule_set(self) -> Rules:
        try:
            return Rules.from_dict({**self.options, "preset": self.rules})
        except RulesError as error:
            raise ValueError(str(error)) from None
