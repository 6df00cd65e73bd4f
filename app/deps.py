"""Request dependencies shared by the pages and the API: the sealer, the game from the token.

Both are ``async def`` although they do not wait for anything: FastAPI runs a plain ``def``
dependency in its thread pool, and each such trip costs about 0.1 ms of CPU (measured: a trip with
nothing to do, ``run_in_threadpool``, 90-130 µs), more than reading an attribute or, for the game,
a good part of unsealing it. The pages' async routes load the game on the event loop the same way.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from .sealing import Sealer
from .service import Game

TOKEN_HEADER = "X-Game-Token"


async def get_sealer(request: Request) -> Sealer:
    return request.app.state.sealer


SealerDep = Annotated[Sealer, Depends(get_sealer)]


async def load_game(sealer: SealerDep,
                    x_game_token: Annotated[str | None, Header(description="the sealed game token")] = None) -> Game:
    """The game in the request's token; raises TokenError (answered as 400) when there is none to use."""
    return Game.from_state(sealer.unseal(x_game_token))


GameDep = Annotated[Game, Depends(load_game)]
