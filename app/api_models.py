"""What the JSON API takes and answers besides the views: every change of a game (``Step`` and its
kinds), the game's answer (``GameResponse``: the token and the table view) and the analysis' requests.

The settings a new game takes are in ``game_settings``; what the answers show is in ``view_models``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from engine.actions import CALLS, PARTNER_RULES
from engine.contracts import DECLARATIONS

from .game_settings import STRICT, clean_name, known_level, known_suit_order
from .i18n import LANGUAGES
from .view_models import TableView


class Step(BaseModel):
    """What every change of a game carries: the step the client saw and, optionally, the game it saw."""

    model_config = STRICT

    seq: int
    game_id: str | None = Field(None, max_length=64, description="the game the client saw; the token of "
                                "another game (say, started in another tab) is refused with 409")


class SettingsChange(Step):
    """Settings that may change during a game (the mode belongs to the round)."""

    level: str | None = None
    animation_ms: int | None = Field(None, ge=0, le=5000)
    language: Literal["auto", *LANGUAGES] | None = None  # type: ignore[valid-type]
    name_0: str | None = None
    name_1: str | None = None
    name_2: str | None = None
    name_3: str | None = None
    trumps: Literal["left", "right"] | None = None
    suit_order: str | None = None
    eye_counter: bool | None = None

    _known_level = field_validator("level")(known_level)
    _clean_names = field_validator("name_0", "name_1", "name_2", "name_3")(clean_name)
    _known_suit_order = field_validator("suit_order")(known_suit_order)


class SeqOnly(Step):
    pass


class PlayerAction(Step):
    """One action of the player at seat 0, with the sequence number the client last saw."""

    reservation: bool | None = None
    declare: Literal[DECLARATIONS] | None = None
    call: Literal[CALLS] | None = None
    play: str | None = Field(None, max_length=3)
    partner: Literal[PARTNER_RULES] | None = Field(None, description="with declare=wedding, when the rules "
                                                   "let the Hochzeiter choose the partner rule")
    accept: bool | None = Field(None, description="take (true) or decline (false) the Armut offered to you")
    give: str | None = Field(None, max_length=60, description="the cards you pass (Armut) or return "
                             "(having taken one), as codes separated by spaces: 'DQ D9 H9'")
    claim: bool | None = Field(None, description="show your cards and claim every remaining trick "
                                        "(Abkürzung, TSR 5.4): only a soloist whose claim is sure, when "
                                        "options.claim says so; the rest is played out")

    @model_validator(mode="after")
    def exactly_one(self) -> "PlayerAction":
        given = [name for name in ACTION_FIELDS if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of " + ", ".join(ACTION_FIELDS))
        if self.partner is not None and self.declare != "wedding":
            raise ValueError("only a Hochzeit (declare=wedding) names a partner rule")
        if self.claim is False:
            raise ValueError("claim is true or left out")
        return self


ACTION_FIELDS = ("reservation", "declare", "call", "play", "accept", "give", "claim")


class GameResponse(BaseModel):
    token: str
    view: TableView


# ----- the deal analysis ---------------------------------------------------------------------

class AnalysisRequest(BaseModel):
    record: dict = Field(description="a finished deal as a doppelkopf-deal/1 record")
    seat: int = Field(0, ge=0, le=3, description="whose decisions: the player is seat 0")


class JudgeRequest(AnalysisRequest):
    point: int = Field(ge=0, le=200, description="which decision point (from /api/analysis/points)")
