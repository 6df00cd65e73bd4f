"""The unsealed game state, checked strictly before anything reads it.

A token sealed with our own key may still hold anything (an older version's state, a bug, a key
that leaked): every value the service reads is checked here for type and range, so a malformed
state is refused as a token error (400) instead of failing somewhere deeper (500). The deal record
and the rules are only checked for shape: ``engine.record.replay`` and ``Rules.from_dict`` validate
their contents themselves. (NaN, Infinity and nesting deeper than the JSON parser's limit are
already refused by ``Sealer.unseal``.)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.round import MAX_COMING_BOCK_DEALS

from .sealing import TokenError

Seat = Annotated[int, Field(ge=0, le=3)]
Points = Annotated[int, Field(ge=-10**6, le=10**6)]       # a score sheet far beyond any real game
FourPoints = Annotated[list[Points], Field(min_length=4, max_length=4)]

STRICT = ConfigDict(strict=True, extra="forbid")


class ScoreRowState(BaseModel):
    model_config = STRICT

    number: Annotated[int, Field(ge=1, le=10**6)]
    dealer: Seat
    contract: Annotated[str, Field(max_length=40)]
    soloist: Seat | None
    compulsory: bool
    forced: bool
    scores: FourPoints
    totals: FourPoints
    bock: Annotated[int, Field(ge=1, le=2**10)] = 1


class BockRoundState(BaseModel):
    model_config = STRICT

    after: Annotated[int, Field(ge=1, le=10**9)]
    why: Annotated[list[Literal["120", "lost-re", "lost-kontra", "herzstich"]], Field(max_length=4)]
    deals: Annotated[list[Annotated[int, Field(ge=1, le=10**9)]], Field(max_length=4)]


class RoundState(BaseModel):
    model_config = STRICT

    mode: Literal["casual", "tournament"]
    rules: dict[str, Any] | None = None
    dealer: Seat
    rows: list[ScoreRowState] = []
    compulsory_done: Annotated[list[Seat], Field(max_length=4)] = []
    bock_levels: Annotated[list[Annotated[int, Field(ge=0, le=64)]], Field(max_length=MAX_COMING_BOCK_DEALS)] = []
    bock_rounds: Annotated[list[BockRoundState], Field(max_length=MAX_COMING_BOCK_DEALS // 4)] = []


class GameState(BaseModel):
    model_config = STRICT

    game_id: Annotated[str, Field(max_length=64)]
    seq: Annotated[int, Field(ge=0, le=10**9)]
    settings: dict[str, Any]          # GameSettings checks it (after an unknown level is replaced)
    round: RoundState
    deal: dict[str, Any]              # a deal record: replay checks it
    took_back: Annotated[list[Annotated[int, Field(ge=1, le=10**6)]], Field(max_length=24)] = []
    deal_key: Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")] | None = None   # older versions had none
    dealt: Annotated[int, Field(ge=0, le=10**7)] = 0


def check_state(state: dict) -> None:
    """Raise TokenError (outdated: the state is not one this version writes) unless ``state`` fits."""
    try:
        GameState.model_validate(state)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise TokenError("outdated", f"the saved game cannot be continued ({where}: {first['msg']})") from None
